import { useOpenWithBack, type ListInfo } from '@fleet/shared-api';
import { useLiveCache, useLiveUpdates } from '@fleet/shared-api/live';
import { formatHeatPumpDate } from '@fleet/shared-api/dates';
import { useListState } from '@fleet/shared-api/lists';
import { Heading, StatusBadge } from '@fleet/shared-ui';
import { PagedTable, rowActionsColumn, type DataColumn } from '@fleet/shared-ui/tables';
import { useQueryClient } from '@fleet/shared-api/query';
import { NO_COUNTS, nmsKeys, useLiveDeviceList, useNmsCounts, type DashboardSource, type LiveDeviceRow, type NmsCounts } from '../api/nms';
import { useHeatPumpTranslation } from '../i18n/translation';

/**
 * A dashboard's live side: its counts and its device list, moved by the socket's messages as they
 * come (the socket carries the slice's heat pumps only; a message for a heat pump outside a company's
 * or site's page moves nothing there but the faulty count the server sends), re-read after a reconnect.
 * Other consoles' writes (issue 20, item 13): a resolve sets the row's fault code (a role's faulty
 * count comes with the slice's recount; a place's counts and fault trend are read again); a heat pump
 * joining or leaving the slice reads the dashboard again, and a place's also when one moves within
 * the slice (it may have joined or left that company or site). Re-reads are debounced.
 */
export function useLiveDashboard(source: DashboardSource, { countsFollowDevices }: { countsFollowDevices: boolean }) {
  const client = useQueryClient();
  const live = useLiveCache();
  const counts = useNmsCounts(source);
  const patchCounts = (patch: (c: NmsCounts) => NmsCounts) => client.setQueryData<NmsCounts>(nmsKeys.counts(source), (c) => patch(c ?? NO_COUNTS));
  const patchRows = (deviceId: number, patch: (row: LiveDeviceRow) => LiveDeviceRow) =>
    live.patch<ListInfo<LiveDeviceRow>>([...source.key, 'devices'], (page) =>
      page.data.some((r) => r.id === deviceId) ? { ...page, data: page.data.map((r) => (r.id === deviceId ? patch(r) : r)) } : undefined,
    );
  useLiveUpdates(
    (message) => {
      if (message.kind === 'online') {
        if (countsFollowDevices) {
          patchCounts((c) =>
            message.isOnline === 1 ? { ...c, online: c.online + 1, offline: Math.max(0, c.offline - 1) } : { ...c, offline: c.offline + 1, online: Math.max(0, c.online - 1) },
          );
        }
        patchRows(message.deviceId, (row) => ({ ...row, is_online: message.isOnline }));
      } else if (message.kind === 'work_state') {
        patchRows(message.deviceId, (row) => ({ ...row, device_operation_status: message.workState }));
      } else if (message.kind === 'fault') {
        patchRows(message.deviceId, (row) => ({ ...row, fault_code: message.faultCode }));
      } else if (message.kind === 'dashboard' && countsFollowDevices) {
        patchCounts((c) => ({ ...c, faulty: message.faultyCount }));
      } else if (message.kind === 'resolved') {
        patchRows(message.deviceId, (row) => ({ ...row, fault_code: message.faultCode }));
        if (!countsFollowDevices) {
          live.reread(nmsKeys.counts(source));
          live.reread([...source.key, 'fault-trend']);
        }
      } else if (message.kind === 'moved' && (message.slice !== 'stayed' || !countsFollowDevices)) {
        live.reread(source.key);
      }
    },
    () => void client.invalidateQueries({ queryKey: source.key }),
  );
  return counts.data ?? NO_COUNTS;
}

/** The live device list of a dashboard (spec 2.14), a row opening its device page. */
export function LiveDevices({ source, detailPath }: { source: DashboardSource; detailPath: string }) {
  const { t } = useHeatPumpTranslation();
  const openWithBack = useOpenWithBack();
  const list = useListState({ filterKeys: [] });
  const devices = useLiveDeviceList(source, list.toQuery());
  const columns: DataColumn<LiveDeviceRow>[] = [
    { key: 'serial_number', header: t('list.serialNumber') },
    { key: 'mac_address', header: t('list.macAddress'), render: (row) => row.mac_address?.toUpperCase() ?? '-' },
    { key: 'is_online', header: t('faults.wifiStatus'), sortable: false, render: (row) => <StatusBadge status={row.is_online} kind="connection" /> },
    { key: 'device_operation_status', header: t('faults.operationStatus'), sortable: false, render: (row) => <StatusBadge status={row.device_operation_status} kind="operation" /> },
    { key: 'fault_code', header: t('faults.faultCode'), sortable: false, render: (row) => row.fault_code ?? '-' },
    { key: 'installation_date', header: t('list.dateInstalled'), render: (row) => (row.installation_date ? formatHeatPumpDate(row.installation_date) : '-') },
    rowActionsColumn(t('list.action'), (row) => ({
      name: row.serial_number,
      onView: () => openWithBack(detailPath.replace(':id', String(row.id))),
    })),
  ];
  return (
    <>
      <Heading as="h2" size="sm" mb="2">
        {t('dashboard.liveDevices')}
      </Heading>
      <PagedTable label={t('dashboard.liveDevices')} list={list} result={devices} page={devices.data} columns={columns} />
    </>
  );
}
