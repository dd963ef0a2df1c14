import { useFailureToast } from '@fleet/shared-api';
import { LoadingArea, LoadingOverlay } from '@fleet/shared-ui';
import { ListError } from '@fleet/shared-ui/tables';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';

/**
 * One figure of a dashboard as its call answers: a spinner until the first answer, the reason and a
 * Retry when it could not be read (and the spec's failure toast), the last answer under a spinner while
 * another year or product is read.
 */
export function Figure<T>({ query, children }: { query: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  useFailureToast(query.error, query.errorUpdatedAt);
  if (query.data === undefined) {
    return query.isError ? <ListError error={query.error} onRetry={() => void query.refetch()} /> : <LoadingArea minHeight="24" />;
  }
  return <LoadingOverlay loading={query.isPlaceholderData && query.isFetching}>{children(query.data)}</LoadingOverlay>;
}
