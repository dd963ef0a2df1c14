import { DEFAULT_LIST_STATE, useFailureToast, type ListQuery } from '@fleet/shared-api';
import { Box, Heading, HStack } from '@fleet/shared-ui';
import { DataTable, ListError, Pager, type DataColumn } from '@fleet/shared-ui/tables';
import { useId, useState, type ReactNode } from 'react';

/** The paging of a section of a record page: its own, the page's URL stays the record's. */
export interface SectionPaging {
  query: ListQuery;
  setPage: (page: number) => void;
  setLimit: (limit: number) => void;
  sort: (sortBy: string, orderBy: ListQuery['orderBy']) => void;
  /** A new filter (the section's own select) from page 1. */
  setFilter: (filter: string | undefined) => void;
}

/** Spec 7 defaults: page 1, limit 25, desc, created_at. */
export function useSectionPaging(initial: Partial<ListQuery> = {}): SectionPaging {
  const [query, setQuery] = useState<ListQuery>({ page: 1, limit: DEFAULT_LIST_STATE.limit, orderBy: 'desc', sortBy: 'created_at', ...initial });
  return {
    query,
    setPage: (page) => setQuery((q) => ({ ...q, page })),
    setLimit: (limit) => setQuery((q) => ({ ...q, limit, page: 1 })),
    sort: (sortBy, orderBy) => setQuery((q) => ({ ...q, sortBy, orderBy, page: 1 })),
    setFilter: (filter) =>
      setQuery((q) => {
        const { filter: _old, ...rest } = q;
        return filter ? { ...rest, filter, page: 1 } : { ...rest, page: 1 };
      }),
  };
}

/** What a section reads of its query (TanStack Query's result of a list call). */
export interface SectionResult<Row> {
  data: { data: Row[]; total: number } | undefined;
  isError: boolean;
  isFetching: boolean;
  error: unknown;
  errorUpdatedAt: number;
  refetch: () => Promise<unknown>;
}

export interface RecordSectionProps<Row extends { id: number }> {
  title: string;
  paging: SectionPaging;
  result: SectionResult<Row>;
  columns: DataColumn<Row>[];
  /** Buttons or a select beside the title (Add Agency, the channel). */
  actions?: ReactNode;
}

/**
 * A paged list inside a record page (an agency's devices and agents): a titled section with the
 * table, sort, pager and, when the list cannot be read, the reason and a Retry.
 */
export function RecordSection<Row extends { id: number }>({ title, paging, result, columns, actions }: RecordSectionProps<Row>) {
  useFailureToast(result.error, result.errorUpdatedAt);
  const headingId = useId();
  const { query } = paging;
  return (
    <Box as="section" mt="6" aria-labelledby={headingId}>
      <HStack justify="space-between" align="end" gap="3" wrap="wrap" mb="2">
        <Heading as="h2" size="sm" id={headingId}>
          {title}
        </Heading>
        {actions}
      </HStack>
      {result.isError && !result.data ? (
        <ListError error={result.error} onRetry={() => void result.refetch()} />
      ) : (
        <>
          <DataTable label={title} columns={columns} rows={result.data?.data ?? []} rowKey="id" loading={result.isFetching} sortBy={query.sortBy} orderBy={query.orderBy} onSort={paging.sort} />
          <Pager page={query.page} limit={query.limit} total={result.data?.total ?? 0} onPageChange={paging.setPage} onLimitChange={paging.setLimit} onRefresh={() => void result.refetch()} />
        </>
      )}
    </Box>
  );
}
