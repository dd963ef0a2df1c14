// Firmware files and OTA packs (docs/ota-calls.md, Firmwares).
import { apiDeleteJson, apiGet, apiList, apiPostForm, newestFirst, type UploadProgress, useFleetMutation } from '@fleet/shared-api';
import { type ListQuery } from '@fleet/shared-api/lists';
import { keepPreviousData, useQuery } from '@fleet/shared-api/query';
import type { OtaDeviceType } from './device-type';
import type { Firmware, OtaType } from './types';

export const firmwareKeys = {
  all: ['firmware'] as const,
  list: (deviceType: OtaDeviceType, otaType: OtaType | null, query: ListQuery) => ['firmware', 'list', deviceType, otaType, query] as const,
  versions: (deviceType: OtaDeviceType) => ['firmware', 'versions', deviceType] as const,
  running: (deviceType: OtaDeviceType) => ['firmware', 'running-versions', deviceType] as const,
};

/** A version in the field or uploaded (GET /api/ota/running-versions). */
export interface RunningVersion {
  version: string;
  /** Devices of the line on this version now. */
  devices: number;
  /** A firmware of this version is uploaded (a rule or push can target it). */
  uploaded: boolean;
}

/** What the devices of a line run, with counts, merged with uploaded firmware; newest first. */
export function useRunningVersions(deviceType: OtaDeviceType) {
  return useQuery({
    queryKey: firmwareKeys.running(deviceType),
    queryFn: async () => {
      const answer = await apiGet<RunningVersion[] | null>('/api/ota/running-versions', { deviceType });
      const rows = answer.info ?? [];
      const order = newestFirst(rows.map((r) => r.version));
      return order.map((v) => rows.find((r) => r.version === v)!);
    },
  });
}

function fetchFirmwares(deviceType: OtaDeviceType, otaType: OtaType | null, query: ListQuery) {
  return apiList<Firmware>('/api/ota/get', { ...query, deviceType, ...(otaType ? { ota_type: otaType } : {}) });
}

export function useFirmwares(deviceType: OtaDeviceType, otaType: OtaType | null, query: ListQuery) {
  return useQuery({
    queryKey: firmwareKeys.list(deviceType, otaType, query),
    queryFn: () => fetchFirmwares(deviceType, otaType, query),
    placeholderData: keepPreviousData,
  });
}

/** The versions of a device type's firmware: the selects of rules and groups. */
export function useFirmwareVersions(deviceType: OtaDeviceType) {
  return useQuery({
    queryKey: firmwareKeys.versions(deviceType),
    queryFn: async () => {
      const answer = await apiGet<Array<{ version: string }> | null>('/api/ota/firmware-versions', { deviceType });
      return newestFirst((answer.info ?? []).map((item) => item.version));
    },
  });
}

export interface SaveFirmwareVars {
  /** Present when updating. */
  id?: number;
  form: FormData;
  onProgress?: (progress: UploadProgress) => void;
}

export function useSaveFirmware() {
  return useFleetMutation(
    ({ id, form, onProgress }: SaveFirmwareVars) =>
      apiPostForm<Firmware>(id ? `/api/ota/update/${id}` : '/api/ota/store', form, onProgress ? { onUploadProgress: onProgress } : {}),
    { invalidate: [firmwareKeys.all] },
  );
}

export function useDeleteFirmware() {
  return useFleetMutation(
    ({ id, deviceType }: { id: number; deviceType: OtaDeviceType }) => apiDeleteJson<null>('/api/ota/delete', { ota_id: id, deviceType }),
    { invalidate: [firmwareKeys.all] },
  );
}
