import { useFailureToast, useLocation, useParams } from '@fleet/shared-api';
import { type ListStateControls, type Selection } from '@fleet/shared-api/lists';
import type { ReactNode } from 'react';
import { DataTable, type DataColumn } from '../table/DataTable';
import { Pager } from '../table/Pager';
import { SelectionBar } from '../table/SelectionBar';
import { ListError } from './ListError';

/** What the table reads of a list's query (react-query's result). */
export interface ListResult {
  isError: boolean;
  isFetching: boolean;
  error: unknown;
  errorUpdatedAt: number;
  refetch: () => Promise<unknown>;
}

export interface PagedTableProps<Row extends { id: number }> {
  /** The table's accessible name. */
  label: string;
  list: ListStateControls;
  result: ListResult;
  /** The page the server answered; undefined until the first answer. */
  page: { data: Row[]; total: number } | undefined;
  columns: DataColumn<Row>[];
  /** Defaults to "while fetching" (History shows it only before the first answer, it refreshes itself). */
  loading?: boolean;
  /** Device lists: row checkboxes, with the Select All {total} bar above the table. */
  selection?: { state: Selection; rowLabel: (row: Row) => string };
  /** Expandable rows: what an open row shows under it (see DataTable). */
  expandedContent?: (row: Row) => ReactNode | null;
  /**
   * Where the column chooser keeps its choice: by default the route pattern of the page
   * (`/admin/installer-agent/view/device/:id`); a page with two lists names each. A list inside a page
   * (`list.inPage`) has no chooser unless it names itself: the pattern is its page's.
   */
  listId?: string;
  /** In place of No Data Found (the heat pump's activity log: no activity in the period). */
  emptyText?: string;
}

/** The page's route pattern: the route's parameters (and any other number) written as `:name`. */
export function useRoutePattern(): string {
  const { pathname } = useLocation();
  const params = useParams();
  const names = new Map<string, string>();
  for (const [name, value] of Object.entries(params)) if (name !== '*' && value) names.set(value, name);
  return pathname
    .split('/')
    .map((segment) => (names.has(segment) ? `:${names.get(segment)}` : /^\d+$/.test(segment) ? ':id' : segment))
    .join('/');
}

/**
 * A list's table: sort, page and size from its list state (`list`: the URL, or its own for a list
 * inside a page), the Pager under it, and in place of both the reason and a Retry when the list could
 * not be read (also said once in a toast). Its columns can be chosen (remembered per list: `listId`,
 * else the route pattern; a list inside a page only with a `listId`).
 */
export function PagedTable<Row extends { id: number }>({ label, list, result, page, columns, loading, selection, expandedContent, listId, emptyText }: PagedTableProps<Row>) {
  useFailureToast(result.error, result.errorUpdatedAt);
  const routePattern = useRoutePattern();
  const query = list.toQuery();
  const chooserId = listId ?? (list.inPage ? undefined : routePattern);
  if (result.isError && !page) return <ListError error={result.error} onRetry={() => void result.refetch()} />;

  const rows = page?.data ?? [];
  const total = page?.total ?? 0;
  const pageKeys = rows.map((row) => row.id);
  return (
    <>
      {selection && (
        <SelectionBar
          mode={selection.state.mode}
          selectedCount={selection.state.keys.length}
          total={total}
          wholePage={pageKeys.length > 0 && pageKeys.every((key) => selection.state.keys.includes(key))}
          onSelectAll={selection.state.selectAll}
          onClear={selection.state.clear}
        />
      )}
      <DataTable
        label={label}
        {...(chooserId !== undefined ? { listId: chooserId } : {})}
        columns={columns}
        rows={rows}
        rowKey="id"
        {...(expandedContent ? { expandedContent } : {})}
        {...(emptyText !== undefined ? { emptyText } : {})}
        loading={loading ?? result.isFetching}
        sortBy={query.sortBy}
        orderBy={query.orderBy}
        onSort={(key) => list.toggleSort(key)}
        selection={
          selection && {
            selectedKeys: selection.state.keys,
            allSelected: selection.state.all,
            onToggleRow: (key, _row, checked) => selection.state.toggleRow(Number(key), checked, pageKeys),
            onTogglePage: (checked) => selection.state.togglePage(checked, pageKeys),
            rowLabel: selection.rowLabel,
          }
        }
      />
      <Pager label={label} page={query.page} limit={query.limit} total={total} onPageChange={list.setPage} onLimitChange={list.setLimit} onRefresh={() => void result.refetch()} />
    </>
  );
}
