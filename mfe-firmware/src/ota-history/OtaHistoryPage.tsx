import { type ListInfo } from '@fleet/shared-api';
import { useLiveCache, useLiveUpdates } from '@fleet/shared-api/live';
import { formatDateTime } from '@fleet/shared-api/dates';
import { useListState } from '@fleet/shared-api/lists';
import { ListHeader, PagedTable, rowActionsColumn } from '@fleet/shared-ui/tables';
import { Badge, Box } from '@fleet/shared-ui';
import type { DataColumn, FilterFieldDef } from '@fleet/shared-ui/tables';
import { useQueryClient } from '@fleet/shared-api/query';
import { useState } from 'react';
import { useOtaDeviceType, type OtaDeviceType } from '../api/device-type';
import { historyKeys, usePushHistory } from '../api/history';
import type { OtaPush } from '../api/types';
import { useFirmwareTranslation } from '../common/translation';
import { PushDevicesDialog } from './PushDevicesDialog';

const FILTER_KEYS = ['version', 'created_by'] as const;

function count(value: number, palette: 'yellow' | 'blue' | 'green' | 'red') {
  return value > 0 ? (
    <Badge colorPalette={palette} variant="subtle">
      {value}
    </Badge>
  ) : (
    value
  );
}

/** /admin/OTA_History: every push (when, who, target, how many devices in each state). */
export function OtaHistoryPage() {
  const { t } = useFirmwareTranslation();
  const deviceType = useOtaDeviceType();
  const list = useListState({ filterKeys: FILTER_KEYS });
  const history = usePushHistory(deviceType, list.toQuery());
  const [opened, setOpened] = useState<OtaPush | null>(null);
  useLiveRollouts(deviceType);

  const columns: DataColumn<OtaPush>[] = [
    { key: 'created_at', header: t('history.when'), render: (row) => formatDateTime(row.created_at) || '-' },
    {
      key: 'created_by',
      header: t('history.who'),
      sortable: false,
      render: (row) => row.created_by_name || row.created_by_email || '-',
    },
    { key: 'target_version', header: t('history.targetVersion') },
    { key: 'device_count', header: t('history.devices') },
    { key: 'queued', header: t('history.queued'), sortable: false, render: (row) => count(row.queued, 'yellow') },
    { key: 'downloading', header: t('history.downloading'), sortable: false, render: (row) => count(row.downloading, 'blue') },
    { key: 'installed', header: t('history.installed'), sortable: false, render: (row) => count(row.installed, 'green') },
    { key: 'failed', header: t('history.failed'), sortable: false, render: (row) => count(row.failed, 'red') },
    rowActionsColumn(t('common.action'), (row) => ({ name: `#${row.id}`, onView: () => setOpened(row) })),
  ];

  const filters: FilterFieldDef[] = [
    { key: 'version', label: t('history.version') },
    { key: 'created_by', label: t('history.createdBy') },
  ];

  return (
    <Box p="4">
      <ListHeader title={t('history.title')} list={list} filters={filters} />
      {/* The list refreshes itself while a push is on its way: no spinner over rows already shown. */}
      <PagedTable label={t('history.title')} list={list} result={history} page={history.data} columns={columns} loading={history.isFetching && (history.isPlaceholderData || !history.data)} />
      <PushDevicesDialog push={opened} deviceType={deviceType} onClose={() => setOpened(null)} />
    </Box>
  );
}

/**
 * Another console's pushes and the fleet's progress, live (issue 20, item 13): a `rollout` message
 * sets a shown push's counts in place; one newer than every push shown (a push just made elsewhere)
 * reads the list again, debounced; an older one off the pages held changes nothing shown.
 */
function useLiveRollouts(deviceType: OtaDeviceType) {
  const live = useLiveCache();
  const client = useQueryClient();
  const lists = [...historyKeys.all, 'list', deviceType];
  useLiveUpdates(
    (message) => {
      if (message.kind !== 'rollout' || message.productLine !== deviceType) return;
      const { pushId, queued, downloading, installed, failed } = message;
      const held = client.getQueriesData<ListInfo<OtaPush>>({ queryKey: lists }).flatMap(([, page]) => page?.data ?? []);
      if (held.some((p) => p.id === pushId)) {
        live.patch<ListInfo<OtaPush>>(lists, (page) =>
          page.data.some((p) => p.id === pushId)
            ? { ...page, data: page.data.map((p) => (p.id === pushId ? { ...p, queued, downloading, installed, failed } : p)) }
            : undefined,
        );
      } else if (held.every((p) => p.id < pushId)) {
        live.reread(lists);
      }
    },
    () => live.reread(historyKeys.all),
  );
}
