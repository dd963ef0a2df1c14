import { notify, useBackState, useLocation, useNavigate } from '@fleet/shared-api';
import { formatDate } from '@fleet/shared-api/dates';
import { useListState } from '@fleet/shared-api/lists';
import { useDeleteConfirm, ListHeader, PagedTable, rowActionsColumn } from '@fleet/shared-ui/tables';
import { Box, Button } from '@fleet/shared-ui';
import { Checkbox } from '@fleet/shared-ui/fields';
import type { DataColumn } from '@fleet/shared-ui/tables';
import { useState } from 'react';
import { useOtaDeviceType } from '../api/device-type';
import { useFirmwareVersions } from '../api/firmwares';
import { groupFlagReach } from '../api/reach';
import { useDeleteGroup, useGroups, useUpdateGroup } from '../api/groups';
import type { OtaGroup } from '../api/types';
import { useFirmwareTranslation } from '../common/translation';
import { useFleetChangeConfirm } from '../common/useFleetChangeConfirm';
import { VersionSelect } from '../common/VersionSelect';
import { GroupDialog } from './GroupDialog';

const FILTER_KEYS = ['name'] as const;

/** The query parameter Group Details keeps the list's query string in, for its Back button. */
export const BACK_PARAM = 'back';

/** /admin/OTA-groups: groups of devices with a target version and an Update Flag. */
export function GroupsPage() {
  const { t } = useFirmwareTranslation();
  const deviceType = useOtaDeviceType();
  const navigate = useNavigate();
  const location = useLocation();
  const backState = useBackState();
  const list = useListState({ filterKeys: FILTER_KEYS });
  const groups = useGroups(deviceType, list.toQuery());
  const versions = useFirmwareVersions(deviceType).data ?? [];
  const update = useUpdateGroup();
  const remove = useDeleteGroup();
  const [adding, setAdding] = useState(false);
  const deletion = useDeleteConfirm<OtaGroup>({
    title: t('groups.deleteTitle'),
    text: () => t('groups.deleteText'),
    onDelete: (group) => remove.mutateAsync({ id: group.id, deviceType }),
  });
  // A refused tick remounts that checkbox: its hidden input would otherwise stay ticked for assistive tech.
  const [refusals, setRefusals] = useState(0);
  const confirm = useFleetChangeConfirm();

  const save = (row: OtaGroup, change: Partial<Pick<OtaGroup, 'target_version' | 'upgradable'>>) =>
    update.mutateAsync({
      group_id: row.id,
      group_name: row.name,
      current_version: row.current_version,
      target_version: row.target_version,
      upgradable: row.upgradable,
      ...change,
      deviceType,
    });

  const columns: DataColumn<OtaGroup>[] = [
    { key: 'created_at', header: t('groups.addedAt'), render: (row) => formatDate(row.created_at) || '-' },
    { key: 'name', header: t('groups.name') },
    {
      key: 'target_version',
      header: t('common.targetVersion'),
      render: (row) => (
        <Box minW="28">
          <VersionSelect
            size="xs"
            aria-label={t('groups.targetFor', { name: row.name })}
            versions={versions}
            value={row.target_version ?? ''}
            disabled={update.isPending}
            // Without a target the Update Flag cannot stay on (spec 4).
            key={`${row.id}-${confirm.round}`}
            onChange={(event) => {
              const target = event.currentTarget.value || null;
              confirm.ask({
                title: t('groups.confirmTargetTitle'),
                text: target ? t('groups.confirmTarget', { name: row.name, version: target }) : t('groups.confirmNoTarget', { name: row.name }),
                apply: () => save(row, { target_version: target, upgradable: target ? row.upgradable : false }),
              });
            }}
          />
        </Box>
      ),
    },
    {
      key: 'upgradable',
      header: t('common.updateFlag'),
      render: (row) => (
        <Checkbox.Root
          key={`${row.id}-${refusals}-${confirm.round}`}
          size="sm"
          checked={row.upgradable}
          disabled={update.isPending}
          onCheckedChange={(details) => {
            const on = details.checked === true;
            if (on && !row.target_version) {
              // Spec 4/5: the flag goes on only once a target version is set; nothing is sent.
              notify.error(t('validation.targetRequired'));
              setRefusals((n) => n + 1);
              return;
            }
            const target = row.target_version;
            confirm.ask({
              title: t('groups.confirmFlagTitle'),
              text: on ? t('groups.confirmFlagOn', { name: row.name, version: target }) : t('groups.confirmFlagOff', { name: row.name }),
              apply: () => save(row, { upgradable: on }),
              // the flag changes its devices not on the target (without a target it changes none)
              ...(target ? { reach: { key: ['group', deviceType, row.id, target], count: () => groupFlagReach(deviceType, row.id, target) } } : {}),
            });
          }}
        >
          <Checkbox.HiddenInput aria-label={t('groups.flagFor', { name: row.name })} />
          <Checkbox.Control />
        </Checkbox.Root>
      ),
    },
    rowActionsColumn(t('common.action'), (row) => ({
      name: row.name,
      onView: () => void navigate(`/admin/OTA-groups/${row.id}?${new URLSearchParams({ [BACK_PARAM]: location.search }).toString()}`, { state: backState }),
      onDelete: () => deletion.ask(row),
    })),
  ];

  return (
    <Box p="4">
      <ListHeader title={t('groups.title')} list={list} filters={[{ key: 'name', label: t('groups.groupName') }]}>
        <Button size="sm" onClick={() => setAdding(true)}>
          {t('groups.add')}
        </Button>
      </ListHeader>
      <PagedTable label={t('groups.title')} list={list} result={groups} page={groups.data} columns={columns} />
      <GroupDialog open={adding} group={null} deviceType={deviceType} onClose={() => setAdding(false)} />
      {deletion.dialog}
      {confirm.dialog}
    </Box>
  );
}
