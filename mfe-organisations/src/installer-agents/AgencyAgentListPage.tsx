import { useOpenWithBack } from '@fleet/shared-api';
import { useListState } from '@fleet/shared-api/lists';
import { useAgents, useDeleteAgent, type AgentRow } from '../api/agents';
import { useProductLine } from '../agencies/product-line';
import { AGENCY_AGENT_PATHS } from '../description';
import { useOrganisationsTranslation } from '../i18n/translation';
import { ListPage } from '../lists/ListPage';
import { recordPath } from '../record-page/route-record';
import { useAgentFilters } from './AdminAgentListPage';
import { useAgentColumns } from './agentColumns';

const FILTER_KEYS = ['name', 'email', 'phone', 'status'] as const;

const nameOf = (row: AgentRow) => `${row.first_name} ${row.last_name}`;

/** Installation Agents (spec 2.5: /agency/installation-agents): the agency's own, with add, view, edit and delete. */
export function AgencyAgentListPage() {
  const { t } = useOrganisationsTranslation();
  const openWithBack = useOpenWithBack();
  const { line, label } = useProductLine();
  const list = useListState({ filterKeys: FILTER_KEYS });
  const agents = useAgents('agency', line, list.toQuery());
  const remove = useDeleteAgent();
  const columns = useAgentColumns({ product: label, viewPath: (row) => recordPath(AGENCY_AGENT_PATHS.view, row.id) });
  return (
    <ListPage title={t('agencies.agent.agencyTitle')} list={list} result={agents} columns={columns} filters={useAgentFilters(false)}
      add={{ label: t('agencies.agent.add'), onClick: () => openWithBack(AGENCY_AGENT_PATHS.add) }}
      actionsOf={(row) => ({ name: nameOf(row), onView: () => openWithBack(recordPath(AGENCY_AGENT_PATHS.view, row.id)), onEdit: () => openWithBack(recordPath(AGENCY_AGENT_PATHS.edit, row.id)) })}
      remove={{ title: t('agencies.agent.deleteTitle'), text: (row) => t('agencies.agent.deleteText', { name: nameOf(row) }), onDelete: (row) => remove.mutateAsync(row.id) }}
    />
  );
}
