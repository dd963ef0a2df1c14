import { DEFAULT_LIST_STATE, useFailureToast, type ListInfo, type ListQuery } from '@fleet/shared-api';
import { Box, Heading, HStack } from '@fleet/shared-ui';
import { DataTable, ListError, Pager, type DataColumn } from '@fleet/shared-ui/tables';
import { useState, type ReactNode } from 'react';

/** The page, size and sort of one section of a record page (its own: the page's URL is the record's). */
export function useSectionPaging(): { query: ListQuery; setQuery: (change: (query: ListQuery) => ListQuery) => void } {
  const [query, setQuery] = useState<ListQuery>({ page: 1, limit: DEFAULT_LIST_STATE.limit, orderBy: 'desc', sortBy: 'created_at' });
  return { query, setQuery };
}

export interface PagedSectionProps<Row extends { id: number }> {
  title: string;
  paging: ReturnType<typeof useSectionPaging>;
  /** The section's query (TanStack Query's result of a list call). */
  result: { data?: ListInfo<Row> | undefined; isError: boolean; isFetching: boolean; error: unknown; errorUpdatedAt: number; refetch: () => unknown };
  columns: DataColumn<Row>[];
  /** Beside the title: the section's own controls (an integration's channel, a partner's Add Agency). */
  actions?: ReactNode;
}

/**
 * A titled table of a record page with its own pager (an electrician's field workers, its devices):
 * sort by a header, page, page size and refresh, the reason and Retry when it could not be read.
 */
export function PagedSection<Row extends { id: number }>({ title, paging, result, columns, actions }: PagedSectionProps<Row>) {
  useFailureToast(result.error, result.errorUpdatedAt);
  const { query, setQuery } = paging;
  return (
    <Box as="section" mt="6" aria-label={title}>
      <HStack justify="space-between" align="end" gap="3" wrap="wrap" mb="2">
        <Heading as="h2" size="sm">
          {title}
        </Heading>
        {actions}
      </HStack>
      {result.isError && !result.data ? (
        <ListError error={result.error} onRetry={() => void result.refetch()} />
      ) : (
        <>
          <DataTable
            label={title}
            columns={columns}
            rows={result.data?.data ?? []}
            rowKey="id"
            loading={result.isFetching}
            sortBy={query.sortBy}
            orderBy={query.orderBy}
            onSort={(key, order) => setQuery((q) => ({ ...q, sortBy: key, orderBy: order, page: 1 }))}
          />
          <Pager
            label={title}
            page={query.page}
            limit={query.limit}
            total={result.data?.total ?? 0}
            onPageChange={(page) => setQuery((q) => ({ ...q, page }))}
            onLimitChange={(limit) => setQuery((q) => ({ ...q, limit, page: 1 }))}
            onRefresh={() => void result.refetch()}
          />
        </>
      )}
    </Box>
  );
}
