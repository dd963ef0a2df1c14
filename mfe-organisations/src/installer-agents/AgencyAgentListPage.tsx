import { useOpenWithBack } from '@fleet/shared-api';
import { useListState } from '@fleet/shared-api/lists';
import { Box, Button } from '@fleet/shared-ui';
import { useDeleteConfirm, ListHeader, PagedTable, RowActions } from '@fleet/shared-ui/tables';
import { useAgents, useDeleteAgent, type AgentRow } from '../api/agents';
import { useProductLine } from '../agencies/product-line';
import { AGENCY_AGENT_PATHS} from '../description';
import { useOrganisationsTranslation } from '../i18n/translation';
import { recordPath } from '../record-page/route-record';
import { useAgentFilters } from './AdminAgentListPage';
import { useAgentColumns } from './agentColumns';

const FILTER_KEYS = ['name', 'email', 'phone', 'status'] as const;

/** Installation Agents (spec 2.5: /agency/installation-agents): the agency's own, with add, view, edit and delete. */
export function AgencyAgentListPage() {
  const { t } = useOrganisationsTranslation();
  const openWithBack = useOpenWithBack();
  const { line, label } = useProductLine();
  const list = useListState({ filterKeys: FILTER_KEYS });
  const agents = useAgents('agency', line, list.toQuery());
  const remove = useDeleteAgent();
  const deletion = useDeleteConfirm<AgentRow>({
    title: t('agencies.agent.deleteTitle'),
    text: (row) => t('agencies.agent.deleteText', { name: `${row.first_name} ${row.last_name}` }),
    onDelete: (row) => remove.mutateAsync(row.id),
  });
  const columns = useAgentColumns({
    product: label,
    viewPath: (row) => recordPath(AGENCY_AGENT_PATHS.view, row.id),
    actions: (row) => (
      <RowActions
        name={`${row.first_name} ${row.last_name}`}
        onView={() => openWithBack(recordPath(AGENCY_AGENT_PATHS.view, row.id))}
        onEdit={() => openWithBack(recordPath(AGENCY_AGENT_PATHS.edit, row.id))}
        onDelete={() => deletion.ask(row)}
      />
    ),
  });
  return (
    <Box p="4">
      <ListHeader title={t('agencies.agent.agencyTitle')} list={list} filters={useAgentFilters(false)}>
        <Button size="sm" onClick={() => openWithBack(AGENCY_AGENT_PATHS.add)}>
          {t('agencies.agent.add')}
        </Button>
      </ListHeader>
      <PagedTable label={t('agencies.agent.agencyTitle')} list={list} result={agents} page={agents.data} columns={columns} />
      {deletion.dialog}
    </Box>
  );
}
