import { useListState } from '@fleet/shared-api/lists';
import { useAgentDevices, useAgentPayload, useDeleteAgent } from '../api/agents';
import { useDeviceColumns } from '../devices/device-columns';
import { useProductLine } from '../agencies/product-line';
import { AGENCY_AGENT_PATHS} from '../description';
import { useOrganisationsTranslation } from '../i18n/translation';
import { RecordPage } from '../record-page/RecordPage';
import { recordLoad, recordPath, useRouteId } from '../record-page/route-record';
import { PagedSection } from '../record-page/PagedSection';
import { AgentFacts } from './AgentFacts';

/**
 * One of the agency's installation agents (spec 2.5: /agency/installation-agents/view/{id}): its
 * facts and installer-app sign-in, Edit, Delete (refused with the count while it has installs) and
 * its devices of the selected product. Another agency's agent is not found.
 */
export function AgencyAgentViewPage() {
  const { t } = useOrganisationsTranslation();
  const id = useRouteId();
  const { line, label } = useProductLine();
  const payload = useAgentPayload('agency', id, line);
  const remove = useDeleteAgent();
  const info = payload.data;
  const name = info ? `${info.agent.first_name} ${info.agent.last_name}` : '';
  return (
    <RecordPage title={name || t('agencies.agent.view')} backTo={AGENCY_AGENT_PATHS.list} load={recordLoad(id, payload)} notFoundText={t('agencies.agent.notFound')}
      editTo={recordPath(AGENCY_AGENT_PATHS.edit, id)}
      remove={{ title: t('agencies.agent.deleteTitle'), text: t('agencies.agent.deleteText', { name }), run: () => remove.mutateAsync(id), afterTo: AGENCY_AGENT_PATHS.list }}
    >
      {info && <AgentFacts payload={info} product={label} agency={info.agency.agency_name} devices={String(info.devices)} />}
      {info && <AgentDevices id={info.agent.id} line={line} product={label} />}
    </RecordPage>
  );
}

function AgentDevices({ id, line, product }: { id: number; line: string; product: string }) {
  const { t } = useOrganisationsTranslation();
  const list = useListState({ inPage: true });
  const devices = useAgentDevices('agency', id, line, list.toQuery());
  return <PagedSection title={t('agencies.agency.devicesOf', { product })} list={list} result={devices} columns={useDeviceColumns()} />;
}
