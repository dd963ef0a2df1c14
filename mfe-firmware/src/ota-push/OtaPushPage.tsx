import { alphanumericOnly, type ListInfo } from '@fleet/shared-api';
import { useLiveCache, useLiveUpdates } from '@fleet/shared-api/live';
import { useListState, selectedDevices, selectionScope, useSelection } from '@fleet/shared-api/lists';
import { ListHeader, PagedTable } from '@fleet/shared-ui/tables';
import { Badge, Box, Button } from '@fleet/shared-ui';
import { ConfirmDialog } from '@fleet/shared-ui/overlays';
import type { DataColumn } from '@fleet/shared-ui/tables';
import { useState } from 'react';
import { useOtaDeviceType, type OtaDeviceType } from '../api/device-type';
import { deviceKeys, usePushFirmware, useOtaDevices } from '../api/devices';
import { firmwareKeys, useFirmwareVersions, useRunningVersions } from '../api/firmwares';
import { useVersionLabels } from '../common/VersionSelect';
import type { OtaDeviceRow } from '../api/types';
import { useDeviceId } from '../common/useDeviceId';
import { PushState } from '../ota-history/PushState';
import { useFirmwareTranslation } from '../common/translation';

const FILTER_KEYS = ['serial_number', 'mac_address', 'firmware_version', 'available_firmware', 'upgradable'] as const;

/** /admin/OTAs: the devices of the selected product, what firmware each may get, and the push. */
export function OtaPushPage() {
  const { t } = useFirmwareTranslation();
  const deviceType = useOtaDeviceType();
  const { idKey, idLabel } = useDeviceId(deviceType);
  const list = useListState({ filterKeys: FILTER_KEYS });
  const query = list.toQuery();
  const devices = useOtaDevices(deviceType, query);
  const versions = useFirmwareVersions(deviceType).data ?? [];
  const running = useRunningVersions(deviceType).data ?? [];
  const runningLabels = useVersionLabels(running);
  const push = usePushFirmware();
  const selection = useSelection(selectionScope(query));
  const [confirming, setConfirming] = useState(false);
  useLiveJobs(deviceType);

  const count = selection.count(devices.data?.total ?? 0);
  const versionOptions = versions.map((version) => ({ value: version, label: version }));
  const fieldOptions = running.map((r) => ({ value: r.version, label: runningLabels[r.version] ?? r.version }));

  const columns: DataColumn<OtaDeviceRow>[] = [
    { key: idKey, header: idLabel, render: (row) => row[idKey] ?? '-' },
    { key: 'firmware_version', header: t('common.firmwareVersion') },
    { key: 'available_firmware', header: t('otas.availableFirmware') },
    {
      key: 'upgradable',
      header: t('otas.upgradable'),
      render: (row) => (
        <Badge colorPalette={row.upgradable ? 'green' : 'gray'} variant="subtle">
          {row.upgradable ? t('common.yes') : t('common.no')}
        </Badge>
      ),
    },
    { key: 'group_name', header: t('otas.group') },
    { key: 'update_state', header: t('otas.updateState'), sortable: false, render: (row) => <PushState state={row.update_state} /> },
  ];

  return (
    <Box p="4">
      <ListHeader
        title={t('otas.title')}
        list={list}
        filters={[
          { key: idKey, label: idLabel, sanitize: alphanumericOnly },
          { key: 'firmware_version', label: t('common.firmwareVersion'), kind: 'select', options: fieldOptions },
          { key: 'available_firmware', label: t('otas.availableFirmware'), kind: 'select', options: versionOptions },
          {
            key: 'upgradable',
            label: t('otas.upgradable'),
            kind: 'select',
            options: [
              { value: '1', label: t('common.yes') },
              { value: '0', label: t('common.no') },
            ],
          },
        ]}
      >
        <Button size="sm" disabled={count === 0} onClick={() => setConfirming(true)}>
          {t('otas.push')}
        </Button>
      </ListHeader>
      <PagedTable
        label={t('otas.title')}
        list={list}
        result={devices}
        page={devices.data}
        // it refreshes itself while updates run: no spinner over the rows already shown
        loading={devices.isFetching && (devices.isPlaceholderData || !devices.data)}
        columns={columns}
        selection={{ state: selection, rowLabel: (row) => `${idLabel} ${row[idKey] ?? row.id}` }}
      />
      <ConfirmDialog
        open={confirming}
        title={t('otas.pushTitle')}
        text={selection.all ? t('otas.pushAllText', { total: count }) : t('otas.pushText', { count })}
        // no count from the rollout preview here: it cannot leave out devices with an update on its way (docs/ota-calls.md)
        description={`${t('otas.pushDescription')} ${t('otas.pushReach')}`}
        confirmLabel={t('common.yes')}
        cancelLabel={t('common.no')}
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          // "All" is one request carrying the list's filter; the server answers how many it sent.
          const { ids, ...allMatching } = selectedDevices(selection, query.filter);
          await push.mutateAsync({ devices: ids, ...allMatching, deviceType });
          selection.clear();
        }}
      />
    </Box>
  );
}

/**
 * Firmware jobs, live (issue 20, item 13): an `ota` message sets a shown device's Update State and
 * firmware version in place; an installed one also reads the page and the running versions again,
 * debounced (its Available Firmware, Upgradable and the filters it matches follow its new version).
 * A device on no page held changes nothing here (Admin's socket carries every line's jobs, and a
 * message does not say which line): a filtered list it now matches shows it on its next read.
 */
function useLiveJobs(deviceType: OtaDeviceType) {
  const live = useLiveCache();
  const lists = [...deviceKeys.all, 'list', deviceType];
  useLiveUpdates(
    (message) => {
      if (message.kind !== 'ota') return;
      const { deviceId, state, firmwareVersion } = message;
      let shown = false;
      live.patch<ListInfo<OtaDeviceRow>>(lists, (page) => {
        if (!page.data.some((row) => row.id === deviceId)) return undefined;
        shown = true;
        return { ...page, data: page.data.map((row) => (row.id === deviceId ? { ...row, update_state: state, firmware_version: firmwareVersion ?? row.firmware_version } : row)) };
      });
      if (shown && state === 'installed') {
        live.reread(lists);
        live.reread(firmwareKeys.running(deviceType));
      }
    },
    () => {
      live.reread(lists);
      live.reread(firmwareKeys.running(deviceType));
    },
  );
}
