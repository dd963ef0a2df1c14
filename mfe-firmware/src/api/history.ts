// Pushes and the state of each device in one (docs/ota-calls.md, Availability, push and history).
import { apiList } from '@fleet/shared-api';
import { useLiveStatus } from '@fleet/shared-api/live';
import { type ListQuery } from '@fleet/shared-api/lists';
import type { SearchParams } from '@fleet/shared-api';
import { keepPreviousData, useQuery } from '@fleet/shared-api/query';
import type { OtaDeviceType } from './device-type';
import type { OtaPush, PushDevice } from './types';

export const historyKeys = {
  all: ['history'] as const,
  list: (deviceType: OtaDeviceType, query: ListQuery) => ['history', 'list', deviceType, query] as const,
  devices: (deviceType: OtaDeviceType, pushId: number, query: ListQuery) => ['history', 'devices', deviceType, pushId, query] as const,
};

/** While a push still has devices on their way, its numbers change: read them again every few seconds. */
export const ACTIVE_PUSH_REFRESH_MS = 3000;

/**
 * Whether these screens poll: while the live socket is open its `ota` and `rollout` messages move
 * them (issue 20, item 13), so polling is the fallback for a socket that is down (or never opened).
 */
export function usePolling(): boolean {
  return useLiveStatus((s) => s.status !== 'open');
}

/**
 * A list of the OTA screens, read again every ACTIVE_PUSH_REFRESH_MS while a row of its page is `busy`
 * (a device or a push on its way) and no live socket is open.
 */
export function usePolledList<Row>(queryKey: readonly unknown[], path: string, params: SearchParams, busy: (row: Row) => boolean, enabled = true) {
  const polling = usePolling();
  return useQuery({
    queryKey,
    enabled,
    queryFn: () => apiList<Row>(path, params),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (polling && q.state.data?.data.some(busy) ? ACTIVE_PUSH_REFRESH_MS : false),
  });
}

function isActive(push: Pick<OtaPush, 'queued' | 'downloading'>): boolean {
  return push.queued > 0 || push.downloading > 0;
}

export function usePushHistory(deviceType: OtaDeviceType, query: ListQuery) {
  return usePolledList<OtaPush>(historyKeys.list(deviceType, query), '/api/ota/history', { ...query, deviceType }, isActive);
}

export function usePushDevices(deviceType: OtaDeviceType, pushId: number, query: ListQuery) {
  const onItsWay = (d: PushDevice) => d.state === 'queued' || d.state === 'downloading';
  // No push opened: nothing to read (push_id 0 is refused).
  return usePolledList<PushDevice>(historyKeys.devices(deviceType, pushId, query), '/api/ota/history/devices', { ...query, push_id: pushId, deviceType }, onItsWay, pushId > 0);
}
