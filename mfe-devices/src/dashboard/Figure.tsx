import { useFailureToast } from '@fleet/shared-api';
import { Heading, LoadingArea, LoadingOverlay, SimpleGrid, useUiTranslation } from '@fleet/shared-ui';
import { ChartCard, StatCard, type ChartCardProps } from '@fleet/shared-ui/charts';
import { ListError } from '@fleet/shared-ui/tables';
import type { UseQueryResult } from '@fleet/shared-api/query';
import { useId, type ReactNode } from 'react';
import type { UserCounts } from '../api/dashboards';

/**
 * One figure of a dashboard as its call answers: a spinner until the first answer, the reason and a
 * Retry when it could not be read (and the spec's failure toast), the last answer under a spinner while
 * another year or product is read.
 */
function Figure<T>({ query, children }: { query: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  useFailureToast(query.error, query.errorUpdatedAt);
  if (query.data === undefined) {
    return query.isError ? <ListError error={query.error} onRetry={() => void query.refetch()} /> : <LoadingArea minHeight="24" />;
  }
  return <LoadingOverlay loading={query.isPlaceholderData && query.isFetching}>{children(query.data)}</LoadingOverlay>;
}

/** A dashboard card of one figure: its title, and the figure as its call answers. */
export function FigureCard<T>({ query, children, ...card }: Omit<ChartCardProps, 'children'> & { query: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  return (
    <ChartCard {...card}>
      <Figure query={query}>{children}</Figure>
    </ChartCard>
  );
}

/** A section of a dashboard: its heading, and its figure as its call answers. */
export function FigureSection<T>({ title, query, children }: { title: string; query: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <Heading as="h2" size="sm" id={id} mb="2">
        {title}
      </Heading>
      <Figure query={query}>{children}</Figure>
    </section>
  );
}

/** Users by status (spec: user counts): the cards, a region named `label`. */
export function UserStatusCards({ users, label, total }: { users: UserCounts; label: string; total: string }) {
  const ui = useUiTranslation().t;
  return (
    <SimpleGrid columns={{ base: 2, md: 3 }} gap="3" alignContent="start" aria-label={label} as="section">
      <StatCard label={total} value={users.total} />
      <StatCard label={ui('status.completed')} value={users.completed} palette="green" />
      <StatCard label={ui('status.pending')} value={users.pending} palette="orange" />
      <StatCard label={ui('status.incomplete')} value={users.incomplete} palette="purple" />
      <StatCard label={ui('status.deleted')} value={users.deleted} palette="red" />
    </SimpleGrid>
  );
}
