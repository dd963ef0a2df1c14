import { type ListInfo } from '@fleet/shared-api';
import { useLiveCache, useLiveUpdates } from '@fleet/shared-api/live';
import { formatDateTime } from '@fleet/shared-api/dates';
import { useListState } from '@fleet/shared-api/lists';
import { Button } from '@fleet/shared-ui';
import { ModalDialog } from '@fleet/shared-ui/overlays';
import { PagedTable, type DataColumn } from '@fleet/shared-ui/tables';
import type { OtaDeviceType } from '../api/device-type';
import { historyKeys, usePushDevices } from '../api/history';
import type { OtaPush, PushDevice } from '../api/types';
import { useDeviceId } from '../common/useDeviceId';
import { useFirmwareTranslation } from '../common/translation';
import { PushState } from './PushState';

export interface PushDevicesDialogProps {
  push: OtaPush | null;
  deviceType: OtaDeviceType;
  onClose: () => void;
}

/** One push's devices and where each one is (GET /api/ota/history/devices); refreshed while any is on its way. */
export function PushDevicesDialog({ push, deviceType, onClose }: PushDevicesDialogProps) {
  const { t } = useFirmwareTranslation();
  // The dialog's paging is its own: the page's URL stays the history list's.
  const list = useListState({ inPage: true, defaults: { sortBy: 'id', orderBy: 'asc' } });
  const devices = usePushDevices(deviceType, push?.id ?? 0, list.toQuery());
  const { idKey, idLabel } = useDeviceId(deviceType);
  // live (issue 20, item 13): a job of this push changes state in place; its Updated At follows with
  // one debounced read (the message carries no time)
  const live = useLiveCache();
  const pushDevices = [...historyKeys.all, 'devices', deviceType, push?.id ?? 0];
  useLiveUpdates(
    (message) => {
      if (message.kind !== 'ota' || message.pushId !== push?.id) return;
      const { jobId, state } = message;
      live.patch<ListInfo<PushDevice>>(pushDevices, (page) =>
        page.data.some((d) => d.id === jobId) ? { ...page, data: page.data.map((d) => (d.id === jobId ? { ...d, state } : d)) } : undefined,
      );
      live.reread(pushDevices);
    },
    () => live.reread(pushDevices),
  );

  const columns: DataColumn<PushDevice>[] = [
    { key: idKey, header: idLabel, render: (row) => row[idKey] ?? '-' },
    { key: 'from_version', header: t('history.fromVersion'), sortable: false },
    { key: 'to_version', header: t('history.toVersion'), sortable: false },
    { key: 'state', header: t('history.state'), render: (row) => <PushState state={row.state} /> },
    { key: 'updated_at', header: t('history.updatedAt'), render: (row) => formatDateTime(row.updated_at) || '-' },
  ];
  const title = t('history.devicesTitle', { id: push?.id ?? '' });

  return (
    <ModalDialog
      open={push !== null}
      title={title}
      onClose={onClose}
      size="xl"
      footer={
        <Button variant="outline" onClick={onClose}>
          {t('history.close')}
        </Button>
      }
    >
      {/* the spinner only before the first answer: the list refreshes itself while a push is on its way */}
      <PagedTable label={title} list={list} result={devices} page={devices.data} columns={columns} loading={devices.isFetching && !devices.data} />
    </ModalDialog>
  );
}
