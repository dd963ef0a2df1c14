import { ROLLOUT_STATES } from '@fleet/contract';
import type { RolloutRow } from '@fleet/contract';
import { useOpenWithBack } from '@fleet/shared-api';
import { formatDateTime } from '@fleet/shared-api/dates';
import { useListState } from '@fleet/shared-api/lists';
import { Box, Button } from '@fleet/shared-ui';
import { ListHeader, PagedTable, rowActionsColumn, type DataColumn, type FilterFieldDef } from '@fleet/shared-ui/tables';
import { useOtaDeviceType } from '../api/device-type';
import { useFirmwareVersions } from '../api/firmwares';
import { useLiveRolloutProgress, useRollouts } from '../api/rollouts';
import { useFirmwareTranslation } from '../common/translation';
import { ROLLOUT_PATHS } from './paths';
import { RolloutStateBadge } from './RolloutState';

const FILTER_KEYS = ['name', 'state', 'firmware_version'] as const;

/** /admin/rollouts: the line's rollouts, newest first, their state and progress moving live. */
export function RolloutsPage() {
  const { t } = useFirmwareTranslation();
  const deviceType = useOtaDeviceType();
  const list = useListState({ filterKeys: FILTER_KEYS });
  const rollouts = useRollouts(deviceType, list.toQuery());
  const versions = useFirmwareVersions(deviceType).data ?? [];
  const open = useOpenWithBack();
  useLiveRolloutProgress(deviceType);

  const columns: DataColumn<RolloutRow>[] = [
    { key: 'name', header: t('rollouts.name') },
    { key: 'firmware_version', header: t('rollouts.targetVersion') },
    { key: 'state', header: t('rollouts.state'), render: (row) => <RolloutStateBadge state={row.state} /> },
    { key: 'progress', header: t('rollouts.progress'), sortable: false, render: (row) => t('rollouts.progressOf', { installed: row.installed, total: row.devices }) },
    { key: 'created_by', header: t('rollouts.createdBy'), sortable: false, render: (row) => row.created_by_email ?? '-' },
    { key: 'created_at', header: t('rollouts.createdAt'), render: (row) => formatDateTime(row.created_at) || '-' },
    rowActionsColumn(t('common.action'), (row) => ({ name: row.name, onView: () => open(ROLLOUT_PATHS.detail(row.id)) })),
  ];

  const filters: FilterFieldDef[] = [
    { key: 'name', label: t('rollouts.name') },
    { key: 'state', label: t('rollouts.state'), kind: 'multi', options: ROLLOUT_STATES.map((s) => ({ value: s, label: t(`rollouts.states.${s}`) })) },
    { key: 'firmware_version', label: t('rollouts.targetVersion'), kind: 'select', options: versions.map((v) => ({ value: v, label: v })) },
  ];

  return (
    <Box p="4">
      <ListHeader title={t('rollouts.title')} list={list} filters={filters}>
        <Button size="sm" onClick={() => open(ROLLOUT_PATHS.new)}>
          {t('rollouts.new')}
        </Button>
      </ListHeader>
      <PagedTable label={t('rollouts.title')} list={list} result={rollouts} page={rollouts.data} columns={columns} loading={rollouts.isFetching && (rollouts.isPlaceholderData || !rollouts.data)} />
    </Box>
  );
}
