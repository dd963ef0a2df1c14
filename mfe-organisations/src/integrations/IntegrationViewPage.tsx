import { useListState } from '@fleet/shared-api/lists';
import { FactList, Heading } from '@fleet/shared-ui';
import { DataTable, OptionSelect, type DataColumn } from '@fleet/shared-ui/tables';
import { useAgencyDevices, useIntegration, type IntegrationInfo } from '../api/agencies';
import { useDeviceColumns } from '../devices/device-columns';
import { useProductLine } from '../agencies/product-line';
import { StatusWord } from '../forms/status';
import { AGENCY_PATHS} from '../description';
import { useOrganisationsTranslation } from '../i18n/translation';
import { RecordPage } from '../record-page/RecordPage';
import { recordLoad, recordPath, useRouteId } from '../record-page/route-record';
import { PagedSection } from '../record-page/PagedSection';

const CHANNELS = ['Installer App', 'Customer App', 'Console'] as const;
type LineRow = IntegrationInfo['lines'][number] & { id: number };

/**
 * One agency's integration (spec 2.4: /admin/integration/view/{id}): its installer-app set-up
 * (Edit opens the agency's form, where flows and product lines are kept), its devices per channel
 * and product line, and its devices of the selected product by channel.
 */
export function IntegrationViewPage() {
  const { t } = useOrganisationsTranslation();
  const id = useRouteId();
  const integration = useIntegration(id);
  const info = integration.data;
  return (
    <RecordPage title={info?.agency_name ?? t('agencies.integration.view')} backTo={AGENCY_PATHS.integrations} load={recordLoad(id, integration)} notFoundText={t('agencies.agency.notFound')}
      editTo={recordPath(AGENCY_PATHS.edit, id)}
    >
      {info && <IntegrationFacts info={info} />}
      {info && <ChannelDevices id={info.id} />}
    </RecordPage>
  );
}

function channelName(t: (key: string) => string, channel: string | null): string {
  switch (channel) {
    case 'Installer App':
      return t('agencies.integration.installerApp');
    case 'Customer App':
      return t('agencies.integration.customerApp');
    case 'Console':
      return t('agencies.integration.console');
    default:
      return t('agencies.integration.other');
  }
}

function IntegrationFacts({ info }: { info: IntegrationInfo }) {
  const { t } = useOrganisationsTranslation();
  const i = (key: string, options?: Record<string, string | number>) => t(`agencies.integration.${key}`, options);
  const lines: LineRow[] = info.lines.map((l, index) => ({ ...l, id: index + 1 }));
  const columns: DataColumn<LineRow>[] = [
    { key: 'installed_via', header: i('channel'), sortable: false, render: (row) => channelName(t, row.installed_via) },
    { key: 'product_line', header: i('product'), sortable: false, render: (row) => t(`devices.lines.${row.product_line}`, { defaultValue: row.product_line }) },
    { key: 'devices', header: i('devices'), sortable: false },
  ];
  return (
    <>
      <FactList
        facts={[
          [t('status.label'), <StatusWord key="status" status={info.status} />],
          [i('flows'), info.flows.map((f) => t(`agencies.flows.${f}`)).join(', ') || t('agencies.common.none')],
          [t('agencies.agency.deviceType'), info.device_type.map((d) => t(`devices.lines.${d}`, { defaultValue: d })).join(', ') || t('agencies.common.none')],
          [i('agentsReady'), i('agentsReadyOf', { ready: info.agents_ready, total: info.agents })],
          [i('agentsInActive'), String(info.agents_in_active)],
          [i('agentsWithoutPassword'), String(info.agents_without_password)],
          [i('installerApp'), String(info.channels.installer_app)],
          [i('customerApp'), String(info.channels.customer_app)],
          [i('console'), String(info.channels.console)],
          [i('other'), String(info.channels.other)],
        ]}
      />
      <Heading as="h2" size="sm" mt="6" mb="2">
        {i('perChannel')}
      </Heading>
      <DataTable label={i('perChannel')} columns={columns} rows={lines} rowKey="id" />
    </>
  );
}

function ChannelDevices({ id }: { id: number }) {
  const { t } = useOrganisationsTranslation();
  const { line, label } = useProductLine();
  const list = useListState({ inPage: true, filterKeys: ['installed_via'] });
  const channel = list.state.filters.installed_via;
  const devices = useAgencyDevices(id, line, list.toQuery());
  return (
    <PagedSection title={t('agencies.agency.devicesOf', { product: label })} list={list} result={devices} columns={useDeviceColumns({ agent: true })}
      actions={
        <OptionSelect
          aria-label={t('agencies.integration.channelFilter')}
          width="auto"
          value={typeof channel === 'string' ? channel : ''}
          emptyLabel={t('agencies.integration.allChannels')}
          options={CHANNELS.map((c) => ({ value: c, label: channelName(t, c) }))}
          onChange={(next) => list.applyFilters({ installed_via: next })}
        />
      }
    />
  );
}
