// OTA groups and their devices (docs/ota-calls.md, Groups).
import { apiDeleteJson, apiGet, apiList, apiPost, apiPut, useFleetMutation } from '@fleet/shared-api';
import { type ListQuery } from '@fleet/shared-api/lists';
import { keepPreviousData, useQuery } from '@fleet/shared-api/query';
import type { OtaDeviceType } from './device-type';
import type { GroupInfo, OtaGroup } from './types';

const groupKeys = {
  all: ['groups'] as const,
  list: (deviceType: OtaDeviceType, query: ListQuery) => ['groups', 'list', deviceType, query] as const,
  info: (deviceType: OtaDeviceType, id: number, query: ListQuery) => ['groups', 'info', deviceType, id, query] as const,
};

export function useGroups(deviceType: OtaDeviceType, query: ListQuery) {
  return useQuery({
    queryKey: groupKeys.list(deviceType, query),
    queryFn: () => apiList<OtaGroup>('/api/ota/group/all', { ...query, deviceType }),
    placeholderData: keepPreviousData,
  });
}

export function useGroupInfo(deviceType: OtaDeviceType, id: number, query: ListQuery) {
  return useQuery({
    queryKey: groupKeys.info(deviceType, id, query),
    queryFn: async () => {
      const answer = await apiGet<GroupInfo>('/api/ota/group/info', { ...query, group_id: id, deviceType });
      const devices = answer.info.devices ?? { data: [], total: 0 };
      return { group: answer.info.group_info, devices: { data: devices.data ?? [], total: devices.total ?? 0 } };
    },
    placeholderData: keepPreviousData,
  });
}

export interface AddGroupInput {
  group_name: string;
  device_ids: number[];
  all: boolean;
  deviceType: OtaDeviceType;
}

export function useAddGroup() {
  return useFleetMutation((input: AddGroupInput) => apiPost<{ id: number }>('/api/ota/group/add', input), {
    invalidate: [groupKeys.all, ['devices']],
  });
}

export function useAddGroupDevices() {
  return useFleetMutation((input: AddGroupInput & { group_id: number }) => apiPut<null>('/api/ota/group/add-devices', input), {
    invalidate: [groupKeys.all, ['devices']],
  });
}

export interface GroupUpdate {
  group_id: number;
  group_name: string;
  current_version: string | null;
  target_version: string | null;
  upgradable: boolean;
  deviceType: OtaDeviceType;
}

export function useUpdateGroup() {
  return useFleetMutation((input: GroupUpdate) => apiPut<null>('/api/ota/group/update-data', input), {
    invalidate: [groupKeys.all, ['devices']],
  });
}

export interface RemoveDevicesInput {
  group_id: number;
  device_ids: number[];
  all: boolean;
  /** With `all`: the list's filter, so exactly the devices matching it leave the group. */
  filter?: string;
  deviceType: OtaDeviceType;
}

export function useRemoveGroupDevices() {
  return useFleetMutation((input: RemoveDevicesInput) => apiPut<null>('/api/ota/group/remove-devices', input), {
    invalidate: [groupKeys.all, ['devices']],
  });
}

export function useDeleteGroup() {
  return useFleetMutation(
    ({ id, deviceType }: { id: number; deviceType: OtaDeviceType }) => apiDeleteJson<null>('/api/ota/group/delete', { group_id: id, deviceType }),
    { invalidate: [groupKeys.all, ['devices']] },
  );
}
