import { formatDate } from '@fleet/shared-api/dates';
import type { DataColumn } from '@fleet/shared-ui/tables';
import type { AgentRow } from '../api/agents';
import { StatusWord } from '../forms/status';
import { useOrganisationsTranslation } from '../i18n/translation';
import { linkColumn } from '../lists/columns';

export interface AgentColumnOptions {
  /** Where an agent's name leads (its view of the signed-in role). */
  viewPath: (row: AgentRow) => string;
  /** Every agency's agents (Admin, a partner's): the Agency column. */
  showAgency?: boolean;
  /** The product's name in the Devices header. */
  product: string;
}

/** The columns of an installation agent list or section. */
export function useAgentColumns({ viewPath, showAgency, product }: AgentColumnOptions): DataColumn<AgentRow>[] {
  const { t } = useOrganisationsTranslation();
  return [
    linkColumn('name', t('agencies.agent.name'), viewPath, (row) => `${row.first_name} ${row.last_name}`),
    { key: 'email', header: t('agencies.agent.email') },
    { key: 'phone', header: t('agencies.agent.phone'), render: (row) => row.phone ?? '-' },
    ...(showAgency ? [{ key: 'agency_name', header: t('agencies.agent.agency') }] : []),
    { key: 'status', header: t('status.label'), render: (row) => <StatusWord status={row.status} /> },
    { key: 'devices', header: t('agencies.agency.devicesOf', { product }), sortable: false },
    { key: 'created_at', header: t('agencies.common.created'), render: (row) => formatDate(row.created_at) },
  ];
}
