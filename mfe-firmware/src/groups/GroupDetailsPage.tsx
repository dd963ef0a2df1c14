import { Box, Button, PageHeader, Stack } from '@fleet/shared-ui';
import { PagedTable } from '@fleet/shared-ui/tables';
import { ConfirmDialog } from '@fleet/shared-ui/overlays';
import type { DataColumn } from '@fleet/shared-ui/tables';
import { useCallback, useState } from 'react';
import { useBackTo, useParams, useSearchParams } from '@fleet/shared-api';
import { useListState, selectedDevices, selectionScope, useSelection } from '@fleet/shared-api/lists';
import { useOtaDeviceType } from '../api/device-type';
import { useGroupInfo, useRemoveGroupDevices } from '../api/groups';
import type { OtaDeviceRow } from '../api/types';
import { SerialFilter } from '../common/SerialFilter';
import { useDeviceId } from '../common/useDeviceId';
import { useFirmwareTranslation } from '../common/translation';
import { GroupDialog } from './GroupDialog';
import { BACK_PARAM } from './GroupsPage';

/** /admin/OTA-groups/:id: the devices of one group; Back returns to the list as it was. */
export function GroupDetailsPage() {
  const { t } = useFirmwareTranslation();
  const groupId = Number(useParams().id);
  const [params] = useSearchParams();
  const deviceType = useOtaDeviceType();
  const { idKey, idLabel } = useDeviceId(deviceType);
  const list = useListState({ filterKeys: [idKey] });
  const query = list.toQuery();
  const info = useGroupInfo(deviceType, groupId, query);
  const remove = useRemoveGroupDevices();
  // Any page, size, sort or filter change clears the selection (spec 4).
  const selection = useSelection(selectionScope(query));
  const [adding, setAdding] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const group = info.data?.group ?? null;
  const filterValue = list.state.filters[idKey];
  const { applyFilters } = list;
  const applySerial = useCallback((value: string) => applyFilters(value ? { [idKey]: value } : {}), [applyFilters, idKey]);

  const columns: DataColumn<OtaDeviceRow>[] = [
    { key: idKey, header: idLabel, render: (row) => row[idKey] ?? '-' },
    { key: 'firmware_version', header: t('common.firmwareVersion') },
    { key: 'available_firmware', header: t('common.targetVersion'), render: (row) => row.available_firmware ?? group?.target_version ?? '-' },
    { key: 'upgradable', header: t('common.updateFlag'), render: (row) => (row.upgradable ? t('common.yes') : t('common.no')) },
  ];

  // the list as it was (its query travels in `back`): back in history when opened from it, never a new entry
  const back = useBackTo(`/admin/OTA-groups${params.get(BACK_PARAM) ?? ''}`);
  const count = selection.count(info.data?.devices.total ?? 0);

  return (
    <Box p="4">
      <PageHeader
        title={t('groupDetails.title', { name: group?.name ?? '' })}
        onBack={back}
        actions={
          <>
            {selection.mode !== 'none' && (
              <Button size="sm" colorPalette="red" variant="outline" onClick={() => setConfirming(true)}>
                {t('groupDetails.deleteDevices')}
              </Button>
            )}
            <Button size="sm" disabled={!group} onClick={() => setAdding(true)}>
              {t('groupDetails.addDevices')}
            </Button>
          </>
        }
      />
      <Stack gap="3">
        <SerialFilter label={idLabel} value={Array.isArray(filterValue) ? filterValue.join('') : (filterValue ?? '')} onApply={applySerial} />
        <Box>
          <PagedTable
            label={idLabel}
            list={list}
            result={info}
            page={info.data?.devices}
            columns={columns}
            selection={{ state: selection, rowLabel: (row) => `${idLabel} ${row[idKey] ?? row.id}` }}
          />
        </Box>
      </Stack>
      <GroupDialog open={adding} group={group} deviceType={deviceType} onClose={() => setAdding(false)} />
      <ConfirmDialog
        open={confirming}
        title={t('groupDetails.deleteTitle')}
        text={selection.all ? t('groupDetails.deleteAllText', { total: count }) : t('groupDetails.deleteText')}
        confirmLabel={t('common.yes')}
        cancelLabel={t('common.no')}
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          // "All" is one request: the server removes every device of the group matching the filter.
          const { ids, ...allMatching } = selectedDevices(selection, query.filter);
          await remove.mutateAsync({ group_id: groupId, device_ids: ids, ...allMatching, deviceType });
          selection.clear();
        }}
      />
    </Box>
  );
}
