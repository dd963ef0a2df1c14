import type { ListStateControls } from '@fleet/shared-api/lists';
import { Box, Button } from '@fleet/shared-ui';
import { ListHeader, PagedTable, type DataColumn, type FilterFieldDef, type ListResult } from '@fleet/shared-ui/tables';
import { useState, type ReactNode } from 'react';

/** Which record an edit dialog shows (null: a new one) and whether it is open. */
export function useEditing<R>() {
  const [state, setState] = useState<{ open: boolean; record: R | null }>({ open: false, record: null });
  return {
    ...state,
    add: () => setState({ open: true, record: null }),
    edit: (record: R) => setState({ open: true, record }),
    close: () => setState((e) => ({ ...e, open: false })),
  };
}

export interface EditableListProps<Row extends { id: number }> {
  title: string;
  list: ListStateControls;
  filters: FilterFieldDef[];
  result: ListResult & { data?: { data: Row[]; total: number } | undefined };
  columns: DataColumn<Row>[];
  /** The add button's label and what it does (none: nothing to add here). */
  add?: { label: string; onClick: () => void } | false;
  /** The edit dialog. */
  children?: ReactNode;
}

/** A multi-site list page: its header with the filters and the add button, the paged table, its edit dialog. */
export function EditableList<Row extends { id: number }>({ title, list, filters, result, columns, add, children }: EditableListProps<Row>) {
  return (
    <Box p="4">
      <ListHeader title={title} list={list} filters={filters}>
        {add && (
          <Button size="sm" onClick={add.onClick}>
            {add.label}
          </Button>
        )}
      </ListHeader>
      <PagedTable label={title} list={list} result={result} page={result.data} columns={columns} />
      {children}
    </Box>
  );
}
