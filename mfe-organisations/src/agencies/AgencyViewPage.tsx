import { Link as RouterLink } from '@fleet/shared-api';
import { formatDate } from '@fleet/shared-api/dates';
import { useListState } from '@fleet/shared-api/lists';
import { FactList, Link, Wrap } from '@fleet/shared-ui';
import { useAgency, useAgencyAgents, useAgencyDevices, useDeleteAgency, type AgencyInfo } from '../api/agencies';
import type { AgentRow } from '../api/agents';
import { AGENCY_PATHS} from '../description';
import { useOrganisationsTranslation } from '../i18n/translation';
import { useAgentColumns } from '../installer-agents/agentColumns';
import { RecordPage } from '../record-page/RecordPage';
import { recordLoad, recordPath, useRouteId } from '../record-page/route-record';
import { PagedSection } from '../record-page/PagedSection';
import { useDeviceColumns } from '../devices/device-columns';
import { useProductLine } from './product-line';
import { StatusWord } from '../forms/status';

/**
 * An agency (spec 2.4: /admin/installer-agency/view/{id}): its facts, partners and counts, Edit and
 * Delete (refused with the server's reason while it still has anything), and its devices of the
 * selected product and its installation agents, each paged on its own.
 */
export function AgencyViewPage() {
  const { t } = useOrganisationsTranslation();
  const id = useRouteId();
  const { line, label } = useProductLine();
  const agency = useAgency(id, line);
  const remove = useDeleteAgency();
  const info = agency.data;
  return (
    <RecordPage title={info?.agency_name ?? t('agencies.agency.view')} backTo={AGENCY_PATHS.list} load={recordLoad(id, agency)} notFoundText={t('agencies.agency.notFound')}
      editTo={recordPath(AGENCY_PATHS.edit, id)}
      remove={{ title: t('agencies.agency.deleteTitle'), text: t('agencies.agency.deleteText', { name: info?.agency_name ?? '' }), run: () => remove.mutateAsync(id), afterTo: AGENCY_PATHS.list }}
    >
      {info && <AgencyFacts info={info} product={label} />}
      {info && <AgencyDevices id={info.id} line={line} product={label} />}
      {info && <AgencyAgents id={info.id} line={line} product={label} />}
    </RecordPage>
  );
}

function AgencyFacts({ info, product }: { info: AgencyInfo; product: string }) {
  const { t } = useOrganisationsTranslation();
  const a = (key: string, options?: Record<string, string>) => t(`agencies.agency.${key}`, options);
  const address = [info.street_address, info.plot_address, info.city, info.state, info.postcode, info.country].filter(Boolean).join(', ');
  return (
    <FactList
      facts={[
        [a('email'), info.email],
        [t('status.label'), <StatusWord key="status" status={info.status} />],
        [a('contactName'), [info.contact_first_name, info.contact_last_name].filter(Boolean).join(' ') || '-'],
        [a('contact'), info.contact ?? '-'],
        [a('abn'), info.abn_no ?? '-'],
        [a('streetAddress'), address || '-'],
        [a('flows'), info.flows.map((f) => t(`agencies.flows.${f}`)).join(', ') || t('agencies.common.none')],
        [a('deviceType'), info.device_type.map((d) => t(`devices.lines.${d}`, { defaultValue: d })).join(', ') || t('agencies.common.none')],
        [a('emailNotification'), info.email_notification ? t('agencies.common.yes') : t('agencies.common.no')],
        [a('devicesOf', { product }), String(info.devices)],
        [a('agents'), String(info.agents)],
        [a('customers'), String(info.customers)],
        [a('electricians'), String(info.electricians)],
        [
          a('partners'),
          info.partners.length === 0 ? (
            t('agencies.common.none')
          ) : (
            <Wrap key="partners" as="span" gap="3">
              {info.partners.map((p) => (
                <Link key={p.id} asChild colorPalette="teal">
                  <RouterLink to={recordPath(AGENCY_PATHS.partner, p.id)}>{p.name}</RouterLink>
                </Link>
              ))}
            </Wrap>
          ),
        ],
        [t('agencies.common.created'), formatDate(info.created_at)],
        [a('updated'), formatDate(info.updated_at)],
      ]}
    />
  );
}

function AgencyDevices({ id, line, product }: { id: number; line: string; product: string }) {
  const { t } = useOrganisationsTranslation();
  const list = useListState({ inPage: true });
  const devices = useAgencyDevices(id, line, list.toQuery());
  const columns = useDeviceColumns({ agent: true });
  return <PagedSection title={t('agencies.agency.devicesOf', { product })} list={list} result={devices} columns={columns} />;
}

function AgencyAgents({ id, line, product }: { id: number; line: string; product: string }) {
  const { t } = useOrganisationsTranslation();
  const list = useListState({ inPage: true });
  const agents = useAgencyAgents<AgentRow>(id, line, list.toQuery());
  const columns = useAgentColumns({ product, viewPath: (row) => recordPath(AGENCY_PATHS.agent, row.id) });
  return <PagedSection title={t('agencies.common.agents')} list={list} result={agents} columns={columns} />;
}
