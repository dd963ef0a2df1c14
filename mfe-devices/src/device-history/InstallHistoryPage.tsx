import { useBackTo, useParams } from '@fleet/shared-api';
import { useListState } from '@fleet/shared-api/lists';
import { Box, PageHeader } from '@fleet/shared-ui';
import { PagedTable, useInstallEventColumns } from '@fleet/shared-ui/tables';
import { useDevice, useInstallHistory } from '../api/devices';
import { ADMIN_LIST_PATHS, type InstallHistoryLine } from '../description';
import { useDevicesTranslation } from '../i18n/translation';
import type { HistoryRow } from './DeviceHistoryPage';

/**
 * Install history of one serial number or MAC address (spec 2.4 "device-history" of livelink,
 * safelink, airlink and bulb): every device of the fleet that carried it, so a replaced unit's past
 * shows too. Livelink's route carries a device id: its serial number is read first.
 */
export function InstallHistoryPage({ line }: { line: InstallHistoryLine }) {
  const { t } = useDevicesTranslation();
  const params = useParams();
  const back = useBackTo(ADMIN_LIST_PATHS[line]);
  const list = useListState({ filterKeys: [] });
  const deviceId = line === 'livelink' ? Number(params.id) : 0;
  const device = useDevice('admin', Number.isSafeInteger(deviceId) ? deviceId : 0);
  const key =
    line === 'safelink'
      ? { mac_address: params.mac_address ?? '' }
      : line === 'livelink'
        ? device.data
          ? { serial_number: device.data.serial_number }
          : null
        : { serial_number: params.serial_number ?? '' };
  const history = useInstallHistory(line, key, list.toQuery());
  const columns = useInstallEventColumns<HistoryRow>();
  const shown = key ? ('mac_address' in key ? key.mac_address : key.serial_number) : '';
  const title = shown ? `${t('history.install')} [${shown}]` : t('history.install');

  return (
    <Box p="4">
      <PageHeader title={title} onBack={back} />
      <PagedTable label={t('history.install')} list={list} result={device.isError ? device : history} page={history.data as { data: HistoryRow[]; total: number } | undefined} columns={columns} />
    </Box>
  );
}
