import { useNavigate, useFieldRefusal } from '@fleet/shared-api';
import { yupResolver } from '@hookform/resolvers/yup';
import { useForm } from 'react-hook-form';
import { useAgentRecord, useSaveAgent } from '../api/agents';
import { AGENCY_AGENT_PATHS} from '../description';
import { useOrganisationsTranslation } from '../i18n/translation';
import { RecordPage } from '../record-page/RecordPage';
import { recordLoad, recordPath, useRouteId } from '../record-page/route-record';
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
  if (!agent.data) {
    return (
      <RecordPage
        title={t('agencies.agent.edit')}
        backTo={AGENCY_AGENT_PATHS.list}
        load={recordLoad(id, agent)}
        notFoundText={t('agencies.agent.notFound')}
      />
    );
  }
  return <AgentForm values={agentValues(agent.data)} id={agent.data.id} />;
}

function AgentForm({ values, id }: { values: AgentValues; id: number | null }) {
  const { t } = useOrganisationsTranslation();
  const navigate = useNavigate();
  const save = useSaveAgent('agency');
  const mode = id === null ? 'add' : 'edit';
  const form = useForm<AgentValues>({ resolver: yupResolver(agentSchema(mode)), defaultValues: values });
  // a taken email is said beside the Email field, and only there
  const refusal = useFieldRefusal(save.error, form.setError, { email: 'email' });
  const submit = form.handleSubmit(async (typed) => {
    try {
      const answer = await save.mutateAsync({ id, body: agentBody(typed) });
      const saved = id ?? answer.info?.id;
      navigate(saved ? recordPath(AGENCY_AGENT_PATHS.view, saved) : AGENCY_AGENT_PATHS.list);
    } catch {
      // said on the page (and in the toast), or beside its field; what was typed stays
    }
  });
  return (
    <RecordPage
      title={mode === 'add' ? t('agencies.agent.add') : t('agencies.agent.edit')}
      backTo={id === null ? AGENCY_AGENT_PATHS.list : recordPath(AGENCY_AGENT_PATHS.view, id)}
      form={{ onSubmit: (event) => void submit(event), busy: save.isPending, error: refusal }}
    >
      <AgentFields form={form} mode={mode} />
    </RecordPage>
  );
}
