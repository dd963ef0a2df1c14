import { errorMessage } from '@fleet/shared-api';
import { Box, ErrorPanel, Heading, HStack } from '@fleet/shared-ui';
import { DataTable, type DataColumn } from '@fleet/shared-ui/tables';
import { useId, type ReactNode } from 'react';

/** A titled part of a record page (its heading names the region), with an optional button beside the title. */
export function Section({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  const id = useId();
  const heading = (
    <Heading id={id} as="h2" size="sm" mb={action ? undefined : '2'}>
      {title}
    </Heading>
  );
  return (
    <Box as="section" mt="6" aria-labelledby={id}>
      {action ? (
        <HStack justify="space-between" mb="2">
          {heading}
          {action}
        </HStack>
      ) : (
        heading
      )}
      {children}
    </Box>
  );
}

/** What a section's table needs of its query (TanStack Query's result fits). */
export interface TableQuery {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/** A section's table of its query's rows, or the query's failure with Retry. */
export function QueryTable<Row extends { id: number }>({ label, query, rows, columns, emptyText }: { label: string; query: TableQuery; rows: Row[]; columns: DataColumn<Row>[]; emptyText?: string }) {
  if (query.isError) return <ErrorPanel message={errorMessage(query.error)} onRetry={() => void query.refetch()} />;
  return <DataTable label={label} columns={columns} rows={rows} rowKey="id" loading={query.isPending} {...(emptyText ? { emptyText } : {})} />;
}
