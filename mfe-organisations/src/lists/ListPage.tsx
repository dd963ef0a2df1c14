import type { ListInfo } from '@fleet/shared-api';
import type { ListStateControls } from '@fleet/shared-api/lists';
import { Box, Button } from '@fleet/shared-ui';
import { ListHeader, PagedTable, rowActionsColumn, useDeleteConfirm, type DataColumn, type DeleteConfirmOptions, type FilterFieldDef, type ListResult, type RowActionsProps } from '@fleet/shared-ui/tables';
import type { ReactNode } from 'react';
import { useOrganisationsTranslation } from '../i18n/translation';

export interface ListPageProps<Row extends { id: number }> {
  title: string;
  /** The page's list state (`useListState`): filters, page and sort in the URL. */
  list: ListStateControls;
  /** The list call's query. */
  result: ListResult & { data?: ListInfo<Row> | undefined };
  columns: DataColumn<Row>[];
  filters: FilterFieldDef[];
  /** The row's View and Edit in the Action column; none: the list has no Action column. */
  actionsOf?: (row: Row) => Omit<RowActionsProps, 'onDelete'>;
  /** The delete question and call of a row (its Delete in the Action column); none: the rows have no Delete. */
  remove?: DeleteConfirmOptions<Row> | undefined;
  /** The title bar's button that adds a row (a page or a dialog); none when the list is read-only. */
  add?: { label: string; onClick: () => void } | false;
  /** More of the title bar, before Add (the CSV export). */
  actions?: ReactNode;
  /** Between the title bar and the table. */
  intro?: ReactNode;
  /** Under the table: the page's dialogs, another section. */
  children?: ReactNode;
}

const NO_DELETE: DeleteConfirmOptions<unknown> = { title: '', text: () => '', onDelete: async () => undefined };

/**
 * A list screen of this remote from its parts: the title bar with the filter drawer and Add, the paged
 * table with its Action column, and the delete question of a row. Each list page gives its columns,
 * filters and calls; the layout and the delete wiring are this one component's.
 */
export function ListPage<Row extends { id: number }>({ title, list, result, columns, filters, actionsOf, remove, add, actions, intro, children }: ListPageProps<Row>) {
  const { t } = useOrganisationsTranslation();
  const deletion = useDeleteConfirm<Row>(remove ?? NO_DELETE);
  const all = actionsOf ? [...columns, rowActionsColumn<Row>(t('common.action'), (row) => ({ ...actionsOf(row), ...(remove ? { onDelete: () => deletion.ask(row) } : {}) }))] : columns;
  return (
    <Box p="4">
      <ListHeader title={title} list={list} filters={filters}>
        {actions}
        {add && (
          <Button size="sm" onClick={add.onClick}>
            {add.label}
          </Button>
        )}
      </ListHeader>
      {intro}
      <PagedTable label={title} list={list} result={result} page={result.data} columns={all} />
      {children}
      {remove && deletion.dialog}
    </Box>
  );
}
