import { Box, chakra } from '@fleet/shared-ui';
import type { ReactNode } from 'react';

// The security sections' tables: plain cells and the language's own date format rather than
// @fleet/shared-ui/tables and @fleet/shared-api/dates. Each share key a remote uses is listed in its
// remoteEntry.js, which /login downloads (issue 21's budget, docs/second-factor.md "Screens").
const Th = chakra('th', { base: { textAlign: 'start', fontWeight: 'medium', fontSize: 'sm', color: 'fg.muted', px: '2', py: '1.5' } });
export const Td = chakra('td', { base: { px: '2', py: '1.5', borderTopWidth: '1px', verticalAlign: 'middle' } });

/** A section's table, named by its heading (`labelledBy`): the column titles, then the rows (`<tr>` of `Td`). */
export function PlainTable({ labelledBy, columns, children }: { labelledBy: string; columns: string[]; children: ReactNode }) {
  return (
    <Box overflowX="auto">
      <chakra.table width="full" fontSize="sm" aria-labelledby={labelledBy}>
        <thead>
          <tr>
            {columns.map((column) => (
              <Th key={column}>{column}</Th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </chakra.table>
    </Box>
  );
}

/** Dates and times as the page's language writes them ('27 Nov 2026, 09:00'). */
export const dateTimeFormat = (language: string) => new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
