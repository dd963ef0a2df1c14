import { Link as RouterLink, useSearchParams, useFieldRefusal } from '@fleet/shared-api';
import { Box, Link } from '@fleet/shared-ui';
import { yupResolver } from '@hookform/resolvers/yup';
import { useForm } from 'react-hook-form';
import { useAgentPayload, useSaveAgent, type LoginPayload } from '../api/agents';
import { useProductLine } from '../agencies/product-line';
import { AGENCY_PATHS} from '../description';
import { useOrganisationsTranslation } from '../i18n/translation';
import { RecordPage } from '../record-page/RecordPage';
import { recordLoad, recordPath, useRouteId } from '../record-page/route-record';
import { agentBody, agentSchema, agentValues, type AgentValues } from './agent-form';
import { AgentFacts } from './AgentFacts';
import { AgentFields } from './AgentFields';

/** The page's edit mode: the spec gives Admin one route to view and edit an agent. */
const EDIT_PARAM = 'edit';

/**
 * An installation agent for Admin (spec 2.4: /admin/installer-agent/view/{id}): what its installer
 * app receives (the login payload), its agency and devices; Edit turns the same page into the form
 * of spec 7's edit (email, names, phone, status).
 */
export function AdminAgentViewPage() {
  const { t } = useOrganisationsTranslation();
  const id = useRouteId();
  const { line, label } = useProductLine();
  const payload = useAgentPayload('admin', id, line);
  const [params] = useSearchParams();
  const info = payload.data;
  const viewPath = recordPath(AGENCY_PATHS.agent, id);
  if (info && params.get(EDIT_PARAM) === '1') return <AdminAgentEdit payload={info} viewPath={viewPath} />;
  return (
    <RecordPage title={info ? `${info.agent.first_name} ${info.agent.last_name}` : t('agencies.agent.view')} backTo={AGENCY_PATHS.agents} load={recordLoad(id, payload)} notFoundText={t('agencies.agent.notFound')}
      editTo={`${viewPath}?${EDIT_PARAM}=1`}
    >
      {info && (
        <AgentFacts
          payload={info}
          product={label}
          agency={
            <Link asChild colorPalette="teal">
              <RouterLink to={recordPath(AGENCY_PATHS.view, info.agency.id)}>{info.agency.agency_name}</RouterLink>
            </Link>
          }
          devices={
            <Link asChild colorPalette="teal">
              {/* named by the count it shows, then what it opens (a label of its own hid the count: WCAG 2.5.3) */}
              <RouterLink to={recordPath(AGENCY_PATHS.agentDevices, info.agent.id)}>
                {String(info.devices)}
                <Box as="span" srOnly>
                  {` (${t('agencies.agent.allDevices')})`}
                </Box>
              </RouterLink>
            </Link>
          }
        />
      )}
    </RecordPage>
  );
}

function AdminAgentEdit({ payload, viewPath }: { payload: LoginPayload; viewPath: string }) {
  const { t } = useOrganisationsTranslation();
  const [, setParams] = useSearchParams();
  const save = useSaveAgent('admin');
  const form = useForm<AgentValues>({ resolver: yupResolver(agentSchema('admin')), defaultValues: agentValues(payload.agent) });
  // a taken email is said beside the Email field, and only there
  const refusal = useFieldRefusal(save.error, form.setError, { email: 'email' });
  const submit = form.handleSubmit(async (typed) => {
    try {
      await save.mutateAsync({ id: payload.agent.id, body: agentBody({ ...typed, password: '' }) });
      setParams(
        (current) => {
          current.delete(EDIT_PARAM);
          return current;
        },
        { replace: true },
      );
    } catch {
      // said on the page (and in the toast), or beside its field; what was typed stays
    }
  });
  return (
    <RecordPage title={t('agencies.agent.edit')} backTo={viewPath} form={{ onSubmit: (event) => void submit(event), busy: save.isPending, error: refusal }}>
      <AgentFields form={form} mode="admin" />
    </RecordPage>
  );
}
