import { useAgentRecord, useSaveAgent } from '../api/agents';
import { AGENCY_AGENT_PATHS } from '../description';
import { useOrganisationsTranslation } from '../i18n/translation';
import { useRecordForm } from '../record-page/record-form';
import { RecordPage } from '../record-page/RecordPage';
import { RecordEdit } from '../record-page/RecordEdit';
import { useRouteId } from '../record-page/route-record';
import { agentBody, agentSchema, agentValues, EMPTY_AGENT, type AgentValues } from './agent-form';
import { AgentFields } from './AgentFields';

/** Add Installation Agent (spec 2.5: /agency/installation-agent): the password is required here only. */
export function AgencyAgentAddPage() {
  return <AgentForm values={EMPTY_AGENT} id={null} />;
}

/** Edit Installation Agent (spec 2.5: /agency/installation-agents/{id}): password only when set. */
export function AgencyAgentEditPage() {
  const { t } = useOrganisationsTranslation();
  const id = useRouteId();
  const agent = useAgentRecord(id);
  return (
    <RecordEdit id={id} query={agent} title={t('agencies.agent.edit')} backTo={AGENCY_AGENT_PATHS.list} notFoundText={t('agencies.agent.notFound')}>
      {(record) => <AgentForm values={agentValues(record)} id={record.id} />}
    </RecordEdit>
  );
}

function AgentForm({ values, id }: { values: AgentValues; id: number | null }) {
  const { t } = useOrganisationsTranslation();
  const save = useSaveAgent('agency');
  const mode = id === null ? 'add' : 'edit';
  const { form, page } = useRecordForm({ schema: agentSchema(mode), values, id, save, bodyOf: agentBody, paths: AGENCY_AGENT_PATHS });
  return (
    <RecordPage title={mode === 'add' ? t('agencies.agent.add') : t('agencies.agent.edit')} {...page}>
      <AgentFields form={form} mode={mode} />
    </RecordPage>
  );
}
