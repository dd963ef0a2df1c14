import { formatDateTime, useListState } from '@fleet/shared-api';
import { ListHeader, PagedTable, RowActions } from '@fleet/shared-ui/tables';
import { Badge, Box } from '@fleet/shared-ui';
import type { DataColumn } from '@fleet/shared-ui/tables';
import { useState } from 'react';
import { useOtaDeviceType } from '../api/device-type';
import { usePushHistory } from '../api/history';
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
    {
      key: 'action',
      header: t('common.action'),
      sortable: false,
      render: (row) => <RowActions name={`#${row.id}`} onView={() => setOpened(row)} />,
    },
  ];

  return (
    <Box p="4">
      <ListHeader
        title={t('history.title')}
        list={list}
        filters={[
          { key: 'version', label: t('history.version') },
          { key: 'created_by', label: t('history.createdBy') },
        ]}
      />
      {/* The list refreshes itself while a push is on its way: no spinner over rows already shown. */}
      <PagedTable label={t('history.title')} list={list} result={history} page={history.data} columns={columns} loading={history.isFetching && (history.isPlaceholderData || !history.data)} />
      <PushDevicesDialog push={opened} deviceType={deviceType} onClose={() => setOpened(null)} />
    </Box>
  );
}
