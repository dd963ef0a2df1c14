// Staged rollouts (issue 22, docs/rollouts.md): preview, start, list, info, devices and the actions.
// Progress is pushed on the live socket (`rollout_progress`), so nothing here polls.
import type { RolloutAddBody, RolloutDeviceRow, RolloutDevicesExportBody, RolloutInfo, RolloutPreview, RolloutPreviewBody, RolloutRetryInfo, RolloutRow } from '@fleet/contract';
import { apiGet, apiList, apiPost, apiPut, useFleetMutation, type ListInfo } from '@fleet/shared-api';
import { useLiveCache, useLiveUpdates, type LiveMessage } from '@fleet/shared-api/live';
import { type ExportJob, type ListQuery } from '@fleet/shared-api/lists';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@fleet/shared-api/query';
import type { OtaDeviceType } from './device-type';

export const rolloutKeys = {
  all: ['rollouts'] as const,
  lists: (deviceType: OtaDeviceType) => ['rollouts', 'list', deviceType] as const,
  list: (deviceType: OtaDeviceType, query: ListQuery) => ['rollouts', 'list', deviceType, query] as const,
  info: (deviceType: OtaDeviceType, id: number) => ['rollouts', 'info', deviceType, id] as const,
  devices: (deviceType: OtaDeviceType, id: number) => ['rollouts', 'devices', deviceType, id] as const,
};

export function useRollouts(deviceType: OtaDeviceType, query: ListQuery) {
  return useQuery({
    queryKey: rolloutKeys.list(deviceType, query),
    queryFn: () => apiList<RolloutRow>('/api/ota/rollout/list', { ...query, deviceType }),
    placeholderData: keepPreviousData,
  });
}

export function useRolloutInfo(deviceType: OtaDeviceType, id: number) {
  return useQuery({
    queryKey: rolloutKeys.info(deviceType, id),
    queryFn: async () => (await apiGet<RolloutInfo>('/api/ota/rollout/info', { rollout_id: id, deviceType })).info,
    enabled: id > 0,
  });
}

/** A device of a rollout, keyed for the table by its device id (a device is in a rollout once). */
export type RolloutDevice = RolloutDeviceRow & { id: number };

export function useRolloutDevices(deviceType: OtaDeviceType, id: number, query: ListQuery) {
  return useQuery({
    queryKey: [...rolloutKeys.devices(deviceType, id), query],
    queryFn: async (): Promise<ListInfo<RolloutDevice>> => {
      const page = await apiList<RolloutDeviceRow>('/api/ota/rollout/devices', { ...query, rollout_id: id, deviceType });
      return { ...page, data: page.data.map((row) => ({ ...row, id: row.device_id })) };
    },
    placeholderData: keepPreviousData,
    enabled: id > 0,
  });
}

/** Starts the CSV export of a rollout's devices, with the list's filter and sort (a server job). */
export function useStartRolloutDevicesExport() {
  return useFleetMutation((body: RolloutDevicesExportBody) => apiPost<ExportJob>('/api/ota/rollout/devices/export', body), { invalidate: [], toastSuccess: false });
}

/** How many devices a rollout would reach: a question, not a write (no toast; its refusal is the form's). */
export function usePreviewRollout() {
  return useMutation({ mutationFn: async (body: RolloutPreviewBody) => (await apiPost<RolloutPreview>('/api/ota/rollout/preview', body)).info });
}

export function useAddRollout() {
  return useFleetMutation((body: RolloutAddBody) => apiPost<{ id: number; devices: number }>('/api/ota/rollout/add', body), { invalidate: [rolloutKeys.all] });
}

export type RolloutAction = 'pause' | 'resume' | 'approve' | 'abort' | 'retry-failed';

export function useRolloutAction(deviceType: OtaDeviceType) {
  return useFleetMutation(
    ({ action, id }: { action: RolloutAction; id: number }) => apiPut<RolloutRetryInfo | null>(`/api/ota/rollout/${action}`, { rollout_id: id, deviceType }),
    // the devices' states change too; the info's halt reason is read again (the live event has none)
    { invalidate: [rolloutKeys.all] },
  );
}

type Progress = Extract<LiveMessage, { kind: 'rollout_progress' }>;

function withProgress<T extends RolloutRow>(row: T, p: Progress): T {
  return { ...row, ...p.total, state: p.state };
}

/**
 * A rollout's progress as fleet-api pushes it (not polled): counts and state are set in place in the
 * shown info and list rows at once; the info and the rollout's device list are then read again,
 * debounced, for what the message does not carry (halt reason, wave states, each device's row), and
 * the lists too when the state changed.
 */
export function useLiveRolloutProgress(deviceType: OtaDeviceType) {
  const live = useLiveCache();
  const client = useQueryClient();
  useLiveUpdates(
    (message) => {
      if (message.kind !== 'rollout_progress' || message.productLine !== deviceType) return;
      const id = message.rolloutId;
      const infoKey = rolloutKeys.info(deviceType, id);
      const rows = client.getQueriesData<ListInfo<RolloutRow>>({ queryKey: rolloutKeys.lists(deviceType) }).flatMap(([, page]) => page?.data ?? []);
      const stateChanged = rows.some((r) => r.id === id && r.state !== message.state);
      live.patch<RolloutInfo>(infoKey, (info) => ({
        ...withProgress(info, message),
        waves: info.waves.map((w) => {
          const counts = message.waves.find((m) => m.wave === w.wave);
          return counts ? { ...w, ...counts } : w;
        }),
        total: message.total,
      }));
      live.patch<ListInfo<RolloutRow>>(rolloutKeys.lists(deviceType), (page) =>
        page.data.some((r) => r.id === id) ? { ...page, data: page.data.map((r) => (r.id === id ? withProgress(r, message) : r)) } : undefined,
      );
      live.reread(infoKey);
      live.reread(rolloutKeys.devices(deviceType, id));
      if (stateChanged) live.reread(rolloutKeys.lists(deviceType));
    },
    () => live.reread(rolloutKeys.all),
  );
}
