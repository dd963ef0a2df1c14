import { Link as RouterLink } from '@fleet/shared-api';
import { formatDate } from '@fleet/shared-api/dates';
import { Link } from '@fleet/shared-ui';
import type { DataColumn } from '@fleet/shared-ui/tables';
import type { ReactNode } from 'react';
import type { AgentRow } from '../api/agents';
import { StatusWord } from '../forms/status';
import { useOrganisationsTranslation } from '../i18n/translation';

export interface AgentColumnOptions {
  /** Where an agent's name leads (its view of the signed-in role). */
  viewPath: (row: AgentRow) => string;
  /** Every agency's agents (Admin, a partner's): the Agency column. */
  showAgency?: boolean;
  /** The product's name in the Devices header. */
  product: string;
  /** The row's actions, when the list offers them. */
  actions?: (row: AgentRow) => ReactNode;
}

/** The columns of an installation agent list or section. */
export function useAgentColumns({ viewPath, showAgency, product, actions }: AgentColumnOptions): DataColumn<AgentRow>[] {
  const { t } = useOrganisationsTranslation();
  const name = (row: AgentRow) => `${row.first_name} ${row.last_name}`;
  return [
    {
      key: 'name',
      header: t('agencies.agent.name'),
      render: (row) => (
        <Link asChild colorPalette="teal">
          <RouterLink to={viewPath(row)}>{name(row)}</RouterLink>
        </Link>
      ),
    },
    { key: 'email', header: t('agencies.agent.email') },
    { key: 'phone', header: t('agencies.agent.phone'), render: (row) => row.phone ?? '-' },
    ...(showAgency ? [{ key: 'agency_name', header: t('agencies.agent.agency') }] : []),
    { key: 'status', header: t('status.label'), render: (row) => <StatusWord status={row.status} /> },
    { key: 'devices', header: t('agencies.agency.devicesOf', { product }), sortable: false },
    { key: 'created_at', header: t('agencies.common.created'), render: (row) => formatDate(row.created_at) },
    ...(actions ? [{ key: 'action', header: t('agencies.common.action'), sortable: false, render: actions }] : []),
  ];
}
