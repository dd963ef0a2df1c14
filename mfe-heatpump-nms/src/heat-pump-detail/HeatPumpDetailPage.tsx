import { ApiError, errorMessage, useBackTo, useOpenWithBack, useParams } from '@fleet/shared-api';
import { formatHeatPumpDate } from '@fleet/shared-api/dates';
import { Box, Button, ErrorPanel, FactList, HStack, LoadingArea, PageHeader, StatusBadge, useEnumText } from '@fleet/shared-ui';
import { addressLine, Timeline, TimelineTabs } from '@fleet/shared-ui/tables';
import { useDeviceTimeline, useListState } from '@fleet/shared-api/lists';
import { useHeatPump } from '../api/heat-pumps';
import { ActivityLog } from './ActivityLog';
import { FAULT_HISTORY_PATHS, FAULT_AREAS, SERIAL_PATHS, type FaultArea } from '../description';
import { useHeatPumpTranslation } from '../i18n/translation';
import { useFaultDescription } from '../faulty-systems/faultText';

const hasAttention = (area: string): area is FaultArea => (FAULT_AREAS as readonly string[]).includes(area);

/**
 * One heat pump (spec: the device page the fault table and the list link to): identity, live state,
 * place and people; the areas with an Attention list open its fault history from here.
 */
export function HeatPumpDetailPage({ area, listPath }: { area: FaultArea | 'user'; listPath: string }) {
  const id = Number(useParams().id);
  return <HeatPumpDetail id={id} area={area} listPath={listPath} />;
}

/** The page of the heat pump `id` (also shown by serial number: HeatPumpBySerialPage). */
export function HeatPumpDetail({ id, area, listPath }: { id: number; area: FaultArea | 'user'; listPath: string }) {
  const { t } = useHeatPumpTranslation();
  const faultDescription = useFaultDescription();
  const enumValue = useEnumText();
  const back = useBackTo(listPath);
  const openWithBack = useOpenWithBack();
  const heatPump = useHeatPump(Number.isSafeInteger(id) ? id : 0);

  if (heatPump.isPending) return <LoadingArea />;
  if (heatPump.isError) {
    const gone = heatPump.error instanceof ApiError && heatPump.error.status === 404;
    return (
      <Box p="4">
        <PageHeader title={t('detail.title', { name: id })} onBack={back} />
        <ErrorPanel message={gone ? t('detail.notFound') : errorMessage(heatPump.error)} onRetry={gone ? undefined : () => void heatPump.refetch()} />
      </Box>
    );
  }
  const d = heatPump.data;
  const address = addressLine(d);
  return (
    <Box p="4">
      <PageHeader
        title={t('detail.title', { name: d.serial_number })}
        onBack={back}
        actions={
          <HStack gap="2">
            {area === 'admin' && (
              <Button size="sm" variant="outline" onClick={() => openWithBack(SERIAL_PATHS.installHistory.replace(':serial_number', d.serial_number))}>
                {t('detail.installHistory')}
              </Button>
            )}
            {hasAttention(area) && (
              <Button size="sm" variant="outline" onClick={() => openWithBack(FAULT_HISTORY_PATHS[area].replace(':id', String(d.id)))}>
                {t('detail.faultHistory')}
              </Button>
            )}
          </HStack>
        }
      />
      <TimelineTabs
        of="device"
        timeline={() => <TimelineTab heatPumpId={d.id} />}
        details={
          <>
            <FactList
              facts={[
                [t('list.serialNumber'), d.serial_number],
                [t('list.macAddress'), d.mac_address?.toUpperCase() ?? '-'],
                [t('detail.modelNumber'), d.model_name ?? '-'],
                [t('list.firmwareVersion'), d.soft_version ?? '-'],
                [t('list.wifiName'), d.wifi_name ?? '-'],
                [t('detail.wifi'), <StatusBadge key="wifi" status={d.is_online} kind="connection" />],
                [t('detail.operationStatus'), <StatusBadge key="op" status={d.device_operation_status} kind="operation" />],
                [t('detail.openFaults'), String(d.open_faults)],
                [t('detail.faultCode'), d.fault_code ? `${d.fault_code} ${faultDescription(d.fault_code, null)}`.trim() : '-'],
                [t('list.address'), address || '-'],
                [t('list.connectionType'), enumValue('connection_type', d.connection_type)],
                [t('list.dateInstalled'), d.installation_date ? formatHeatPumpDate(d.installation_date) : '-'],
                [t('list.agencyName'), d.agency_name ?? '-'],
                [t('list.agentName'), d.agent_name ?? '-'],
                [t('detail.electrician'), d.electrician_name ?? '-'],
                [t('detail.customer'), d.customer_name ?? '-'],
                [t('detail.customerEmail'), d.customer_email ?? '-'],
                [t('detail.site'), d.site_name ?? '-'],
                [t('detail.company'), d.company_name ?? '-'],
                [t('list.customerState'), <StatusBadge key="state" status={d.status} />],
                [t('list.deviceStatus'), <StatusBadge key="status" status={d.device_status} />],
              ]}
            />
            <ActivityLog heatPumpId={d.id} />
          </>
        }
      />
    </Box>
  );
}

/** The heat pump's timeline (issue 23): a list of its own inside the page, read by the role's call. */
function TimelineTab({ heatPumpId }: { heatPumpId: number }) {
  const list = useListState({ inPage: true });
  const timeline = useDeviceTimeline(heatPumpId, list.toQuery());
  return <Timeline of="device" list={list} result={timeline} />;
}
