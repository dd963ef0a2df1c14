import { Link as RouterLink, useBackState, useBackTo, useParams } from '@fleet/shared-api';
import { formatDate, formatDateTime } from '@fleet/shared-api/dates';
import { Badge, Box, Button, FactList, HStack, Link, LoadingArea, PageHeader, StatusBadge, Text, useEnumText } from '@fleet/shared-ui';
import { useState, type ReactNode } from 'react';
import { METERING_LINES, useDevice, type DeviceInfo, type DeviceScope, type EditorScope } from '../api/devices';
import { INSTALL_HISTORY_PATHS } from '../description';
import { HubSmokeAlarms } from '../smoke-alarms/HubSmokeAlarms';
import { addressLine, Timeline, TimelineTabs } from '@fleet/shared-ui/tables';
import { useDeviceTimeline, useListState } from '@fleet/shared-api/lists';
import { FlashesCsvDialog } from './FlashesCsvDialog';
import { useDevicesTranslation } from '../i18n/translation';
import { historyPath, productOfLine } from '../paths';
import { DetailFailed } from './DetailFailed';
import { EditDeviceDialog } from './EditDeviceDialog';
import { typedRate } from './impulse-rate';

const HISTORIES = ['firmware', 'device', 'impulseRate', 'updateRate'] as const;

/** One device: its identity, state, place, people and rate; Edit for the roles that may; histories for Admin. */
export function DeviceDetailPage({ scope, listPath }: { scope: DeviceScope['kind']; listPath: string }) {
  const { t } = useDevicesTranslation();
  const id = Number(useParams().id);
  const device = useDevice(scope, Number.isSafeInteger(id) ? id : 0);
  const [editing, setEditing] = useState(false);
  const [flashes, setFlashes] = useState(false);
  // Back returns to the list as it was (filters, page, sort), else to the role's list.
  const back = useBackTo(listPath);
  // a history's Back goes back to this entry
  const backState = useBackState();
  const editor: EditorScope | null = scope === 'customer' ? null : scope === 'veu' ? 'agency' : scope;

  if (device.isPending) return <LoadingArea />;
  if (device.isError) return <DetailFailed title={t('detail.title')} notFound={t('detail.notFound')} error={device.error} back={back} retry={() => void device.refetch()} />;
  const d = device.data;
  return (
    <Box p="4">
      <PageHeader
        title={`${t('detail.title')} [${d.mac_address ?? d.serial_number}]`}
        onBack={back}
        actions={
          <HStack gap="2">
            {scope === 'admin' && METERING_LINES.includes(d.product_line) && (
              <Button size="sm" variant="outline" onClick={() => setFlashes(true)}>
                {t('flashes.open')}
              </Button>
            )}
            {editor && (
              <Button size="sm" onClick={() => setEditing(true)}>
                {t('detail.edit')}
              </Button>
            )}
          </HStack>
        }
      />
      <TimelineTabs
        of="device"
        timeline={() => <TimelineTab deviceId={d.id} />}
        details={
          <>
            <DeviceFacts device={d} />
            {d.product_line === 'safelink' && <HubSmokeAlarms hubId={d.id} openAlarms={scope === 'admin'} />}
            {scope === 'admin' && (
              <Box mt="6">
                <Text fontWeight="semibold" mb="2">
                  {t('detail.histories')}
                </Text>
                <HStack gap="4" wrap="wrap">
                  {HISTORIES.map((kind) => (
                    <Link key={kind} asChild colorPalette="teal">
                      <RouterLink to={`${historyPath(kind, d.id)}?line=${encodeURIComponent(d.product_line)}`} state={backState}>{t(`history.${kind}`)}</RouterLink>
                    </Link>
                  ))}
                  {installHistoryPath(d) && (
                    <Link asChild colorPalette="teal">
                      <RouterLink to={installHistoryPath(d) ?? ''} state={backState}>{t('history.install')}</RouterLink>
                    </Link>
                  )}
                </HStack>
              </Box>
            )}
          </>
        }
      />
      {scope === 'admin' && <FlashesCsvDialog open={flashes} deviceId={d.id} onClose={() => setFlashes(false)} />}
      {editor && <EditDeviceDialog open={editing} device={d} scope={editor} onClose={() => setEditing(false)} />}
    </Box>
  );
}

/** The device's timeline (issue 23): a list of its own inside the page, read by the role's call. */
function TimelineTab({ deviceId }: { deviceId: number }) {
  const list = useListState({ inPage: true });
  const timeline = useDeviceTimeline(deviceId, list.toQuery());
  return <Timeline of="device" list={list} result={timeline} />;
}

/** Spec 2.4's install history route of a device's line (by id, MAC or serial), if its line has one. */
function installHistoryPath(d: Pick<DeviceInfo, 'id' | 'product_line' | 'serial_number' | 'mac_address'>): string | null {
  const product = productOfLine(d.product_line);
  if (product === 'livelink') return INSTALL_HISTORY_PATHS.livelink.replace(':id', String(d.id));
  if (product === 'safelink') return d.mac_address ? INSTALL_HISTORY_PATHS.safelink.replace(':mac_address', encodeURIComponent(d.mac_address)) : null;
  if (product === 'airlink' || product === 'bulb') return INSTALL_HISTORY_PATHS[product].replace(':serial_number', encodeURIComponent(d.serial_number));
  return null;
}

function DeviceFacts({ device: d }: { device: DeviceInfo }) {
  const { t } = useDevicesTranslation();
  const enumValue = useEnumText();
  const address = addressLine(d);
  const rows: Array<[string, ReactNode]> = [
    [t('list.serialNumber'), d.serial_number],
    [t('list.macAddress'), d.mac_address?.toUpperCase() ?? '-'],
    [t('detail.product'), t(`lines.${productOfLine(d.product_line)}`)],
    [t('detail.deviceUid'), d.device_uid ?? '-'],
    [t('list.firmwareVersion'), d.firmware_version ?? '-'],
    [t('list.deviceStatus'), <StatusBadge key="ds" status={d.device_status} />],
    [t('list.customerState'), <StatusBadge key="cs" status={d.status} />],
    [t('detail.online'), <StatusBadge key="on" status={d.is_online} kind="connection" />],
    [t('list.connectionType'), enumValue('connection_type', d.connection_type)],
    [t('list.wifiName'), d.wifi_name ?? '-'],
    [t('detail.signalStrength'), d.signal_strength === null ? '-' : `${d.signal_strength} dB`],
    [t('detail.faultCode'), d.fault_code ? <Badge key="fc" colorPalette="red">{d.fault_code}</Badge> : '-'],
    [t('list.address'), address || t('list.noProperty')],
    [t('detail.nmi'), d.nmi ?? '-'],
    [t('detail.impulseRate'), d.impulse_rate === null ? '-' : typedRate(d.impulse_rate, d.impulse_rate_type)],
    [t('detail.impulseRateType'), d.impulse_rate_type ?? '-'],
    [t('detail.forceSyncDate'), d.force_sync_date ? formatDate(d.force_sync_date) : '-'],
    [t('list.dateInstalled'), d.installation_date ? formatDate(d.installation_date) : '-'],
    [t('list.installedVia'), enumValue('installed_via', d.installed_via)],
    [t('detail.agency'), d.agency_name ?? '-'],
    [t('detail.agent'), [d.first_name, d.last_name].filter(Boolean).join(' ') || '-'],
    [t('list.agentId'), d.installer_uuid ?? '-'],
    [t('detail.electrician'), d.electrician_name ?? '-'],
    [t('detail.customer'), d.customer_name ?? '-'],
    [t('detail.customerEmail'), d.customer_email ?? '-'],
    [t('list.recordId'), String(d.id)],
    [t('history.date'), formatDateTime(d.updated_at)],
  ];
  return <FactList facts={rows} />;
}
