import { formatDateTime } from '@fleet/shared-api';
import { Badge, Box, Button, FilterIcon, IconButton, PageHeader } from '@fleet/shared-ui';
import { DataTable, Pager, type DataColumn } from '@fleet/shared-ui/tables';
import { useState } from 'react';
import { useOtaDeviceType } from '../api/device-type';
import { usePushHistory } from '../api/history';
import type { OtaPush } from '../api/types';
import { ViewIcon } from '../common/icons';
import { ListError } from '../common/ListError';
import { ListFilters } from '../common/ListFilters';
import { useFailureToast } from '../common/useFailureToast';
import { useFirmwareList } from '../common/useFirmwareList';
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
  const list = useFirmwareList({ filterKeys: FILTER_KEYS });
  const query = list.toQuery();
  const history = usePushHistory(deviceType, query);
  useFailureToast(history.error, history.errorUpdatedAt);
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
      render: (row) => (
        <IconButton size="xs" variant="ghost" aria-label={`${t('common.view')} #${row.id}`} onClick={() => setOpened(row)}>
          <ViewIcon />
        </IconButton>
      ),
    },
  ];

  return (
    <Box as="main" p="4">
      <PageHeader
        title={t('history.title')}
        actions={
          <Button size="sm" variant="outline" onClick={() => list.setOpen(true)}>
            <FilterIcon /> {t('common.filters')}
          </Button>
        }
      />
      {history.isError && !history.data ? (
        <ListError error={history.error} onRetry={() => void history.refetch()} />
      ) : (
        <>
          <DataTable
            label={t('history.title')}
            columns={columns}
            rows={history.data?.data ?? []}
            rowKey="id"
            loading={history.isFetching && !history.data}
            sortBy={query.sortBy}
            orderBy={query.orderBy}
            onSort={(key) => list.toggleSort(key)}
          />
          <Pager page={query.page} limit={query.limit} total={history.data?.total ?? 0} onPageChange={list.setPage} onLimitChange={list.setLimit} onRefresh={() => void history.refetch()} />
        </>
      )}
      <ListFilters
        list={list}
        title={t('common.filters')}
        fields={[
          { key: 'version', label: t('history.version') },
          { key: 'created_by', label: t('history.createdBy') },
        ]}
      />
      <PushDevicesDialog push={opened} deviceType={deviceType} onClose={() => setOpened(null)} />
    </Box>
  );
}
