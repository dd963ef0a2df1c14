import type { ListInfo } from '@fleet/shared-api';
import type { ListStateControls } from '@fleet/shared-api/lists';
import { Box, Heading, HStack } from '@fleet/shared-ui';
import { PagedTable, type DataColumn, type ListResult } from '@fleet/shared-ui/tables';
import type { ReactNode } from 'react';

export interface PagedSectionProps<Row extends { id: number }> {
  title: string;
  /** The section's own list state, `useListState({ inPage: true })`: the page's URL is the record's. */
  list: ListStateControls;
  /** The section's query (TanStack Query's result of a list call). */
  result: ListResult & { data?: ListInfo<Row> | undefined };
  columns: DataColumn<Row>[];
  /** Beside the title: the section's own controls (an integration's channel, a partner's Add Agency). */
  actions?: ReactNode;
}

/**
 * A titled table of a record page with its own pager (an electrician's field workers, its devices):
 * the one PagedTable under the section's heading and controls.
 */
export function PagedSection<Row extends { id: number }>({ title, list, result, columns, actions }: PagedSectionProps<Row>) {
  return (
    <Box as="section" mt="6" aria-label={title}>
      <HStack justify="space-between" align="end" gap="3" wrap="wrap" mb="2">
        <Heading as="h2" size="sm">
          {title}
        </Heading>
        {actions}
      </HStack>
      <PagedTable label={title} list={list} result={result} page={result.data} columns={columns} />
    </Box>
  );
}
