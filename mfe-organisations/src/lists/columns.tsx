import { Link as RouterLink } from '@fleet/shared-api';
import { Link } from '@fleet/shared-ui';
import type { DataColumn } from '@fleet/shared-ui/tables';
import type { ReactNode } from 'react';

/** A link to another page of the console (a record's view), in the teal of the console's links. */
export function RecordLink({ to, small, children }: { to: string; small?: boolean | undefined; children: ReactNode }) {
  return (
    <Link asChild colorPalette="teal" {...(small ? { fontSize: 'sm' } : {})}>
      <RouterLink to={to}>{children}</RouterLink>
    </Link>
  );
}

/** A column whose cell links to a record's page: the partner's name, the agency of an integration, a field worker's electrician. */
export function linkColumn<Row>(key: string, header: string, to: (row: Row) => string, text: (row: Row) => ReactNode, options: { small?: boolean; sortable?: boolean } = {}): DataColumn<Row> {
  return {
    key,
    header,
    ...(options.sortable === false ? { sortable: false } : {}),
    render: (row) => (
      <RecordLink to={to(row)} small={options.small}>
        {text(row)}
      </RecordLink>
    ),
  };
}
