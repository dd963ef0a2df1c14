// OTA device rows (the OTAs screen and the device search of the group dialog) and the push.
import { apiList, apiPut, useFleetMutation } from '@fleet/shared-api';
import { encodeFilter, type ListQuery } from '@fleet/shared-api/lists';
import { keepPreviousData, useQuery } from '@fleet/shared-api/query';
import { deviceIdKey, type OtaDeviceType } from './device-type';
import { historyKeys, usePolledList } from './history';
import type { OtaDeviceRow, PushAnswer } from './types';

export const deviceKeys = {
  all: ['devices'] as const,
  list: (deviceType: OtaDeviceType, query: ListQuery) => ['devices', 'list', deviceType, query] as const,
  search: (deviceType: OtaDeviceType, text: string) => ['devices', 'search', deviceType, text] as const,
};

export function useOtaDevices(deviceType: OtaDeviceType, query: ListQuery) {
  // While a device of the page is on its way (queued, downloading), its Update State changes: read
  // again (unless the live socket tells).
  return usePolledList<OtaDeviceRow>(deviceKeys.list(deviceType, query), '/api/ota/devices', { ...query, deviceType }, (row) => isUpdating(row.update_state));
}

function isUpdating(state: string | null | undefined): boolean {
  return state === 'queued' || state === 'downloading';
}

export interface DeviceOption {
  /** serial_number (or the MAC address on the MAC lines) */
  title: string;
  value: number;
}

/** The Add Group dialog's device search: 25 matches of the typed digits, as {title, value}. */
export function useDeviceSearch(deviceType: OtaDeviceType, text: string, enabled: boolean) {
  return useQuery({
    queryKey: deviceKeys.search(deviceType, text),
    enabled,
    queryFn: async (): Promise<DeviceOption[]> => {
      const key = deviceIdKey(deviceType);
      const filter = text ? encodeFilter([{ key, value: text }]) : undefined;
      const list = await apiList<OtaDeviceRow>('/api/ota/devices', {
        page: 1,
        limit: 25,
        orderBy: 'asc',
        sortBy: key,
        deviceType,
        ...(filter ? { filter } : {}),
      });
      return list.data.map((row) => ({ title: (key === 'mac_address' ? row.mac_address : row.serial_number) ?? String(row.id), value: row.id }));
    },
    placeholderData: keepPreviousData,
  });
}

export interface PushInput {
  devices: number[];
  all: boolean;
  filter?: string;
  deviceType: OtaDeviceType;
}

export function usePushFirmware() {
  return useFleetMutation((input: PushInput) => apiPut<PushAnswer>('/api/ota/update-firmware', input), {
    invalidate: [deviceKeys.all, historyKeys.all],
  });
}
