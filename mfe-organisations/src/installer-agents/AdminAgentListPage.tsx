import { exportListQuery, useListState } from '@fleet/shared-api/lists';
import { ExportJobButton, type FilterFieldDef } from '@fleet/shared-ui/tables';
import { useAgents, useStartAgentExport } from '../api/agents';
import { useProductLine } from '../agencies/product-line';
import { AGENCY_PATHS} from '../description';
import { useOrganisationsTranslation } from '../i18n/translation';
import { ListPage } from '../lists/ListPage';
import { recordPath } from '../record-page/route-record';
import { useStatusFilter } from '../forms/status';
import { useAgentColumns } from './agentColumns';

const FILTER_KEYS = ['name', 'email', 'phone', 'agency_name', 'status'] as const;

/** Installer Agents (spec 2.4: /admin/installer-agents): every agency's agents, filtered, as CSV too. */
export function AdminAgentListPage() {
  const { t } = useOrganisationsTranslation();
  const { line, label } = useProductLine();
  const list = useListState({ filterKeys: FILTER_KEYS });
  const agents = useAgents('admin', line, list.toQuery());
  const exportJob = useStartAgentExport();
  const columns = useAgentColumns({ product: label, showAgency: true, viewPath: (row) => recordPath(AGENCY_PATHS.agent, row.id) });
  return (
    <ListPage title={t('agencies.agent.title')} list={list} result={agents} columns={columns} filters={useAgentFilters()}
      actions={<ExportJobButton fileName="Installer Agents.csv" start={async () => (await exportJob.mutateAsync({ line, list: exportListQuery(list.toQuery()) })).info} />}
    />
  );
}

/** The drawer of an agent list: Name, Email, Phone Number, Agency (Admin's), Status. */
export function useAgentFilters(withAgency = true): FilterFieldDef[] {
  const { t } = useOrganisationsTranslation();
  const statusFilter = useStatusFilter();
  return [
    { key: 'name', label: t('agencies.agent.name') },
    { key: 'email', label: t('agencies.agent.email') },
    { key: 'phone', label: t('agencies.agent.phone') },
    ...(withAgency ? [{ key: 'agency_name', label: t('agencies.agent.agency') }] : []),
    statusFilter,
  ];
}
