import { DEFAULT_LIST_STATE, formatDateTime, type ListInfo, type ListQuery, useFailureToast, useLiveCache, useLiveUpdates } from '@fleet/shared-api';
import { Button } from '@fleet/shared-ui';
import { ModalDialog } from '@fleet/shared-ui/overlays';
import { DataTable, Pager, type DataColumn } from '@fleet/shared-ui/tables';
import { useState } from 'react';
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
  const [query, setQuery] = useState<ListQuery>({ page: 1, limit: DEFAULT_LIST_STATE.limit, orderBy: 'asc', sortBy: 'id' });
  const devices = usePushDevices(deviceType, push?.id ?? 0, query);
  useFailureToast(devices.error, devices.errorUpdatedAt);
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

  return (
    <ModalDialog
      open={push !== null}
      title={t('history.devicesTitle', { id: push?.id ?? '' })}
      onClose={onClose}
      size="xl"
      footer={
        <Button variant="outline" onClick={onClose}>
          {t('history.close')}
        </Button>
      }
    >
      <DataTable
        label={t('history.devicesTitle', { id: push?.id ?? '' })}
        columns={columns}
        rows={devices.data?.data ?? []}
        rowKey="id"
        loading={devices.isFetching && !devices.data}
        sortBy={query.sortBy}
        orderBy={query.orderBy}
        onSort={(key, order) => setQuery((q) => ({ ...q, sortBy: key, orderBy: order, page: 1 }))}
      />
      <Pager
        page={query.page}
        limit={query.limit}
        total={devices.data?.total ?? 0}
        onPageChange={(page) => setQuery((q) => ({ ...q, page }))}
        onLimitChange={(limit) => setQuery((q) => ({ ...q, limit, page: 1 }))}
        onRefresh={() => void devices.refetch()}
      />
    </ModalDialog>
  );
}
