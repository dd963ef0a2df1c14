// Pushes and the state of each device in one (docs/ota-calls.md, Availability, push and history).
import { apiList, type ListQuery } from '@fleet/shared-api';
import { useLiveStatus } from '@fleet/shared-api/live';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
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

function isActive(push: Pick<OtaPush, 'queued' | 'downloading'>): boolean {
  return push.queued > 0 || push.downloading > 0;
}

export function usePushHistory(deviceType: OtaDeviceType, query: ListQuery) {
  const polling = usePolling();
  return useQuery({
    queryKey: historyKeys.list(deviceType, query),
    queryFn: () => apiList<OtaPush>('/api/ota/history', { ...query, deviceType }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (polling && q.state.data?.data.some(isActive) ? ACTIVE_PUSH_REFRESH_MS : false),
  });
}

export function usePushDevices(deviceType: OtaDeviceType, pushId: number, query: ListQuery) {
  const polling = usePolling();
  return useQuery({
    queryKey: historyKeys.devices(deviceType, pushId, query),
    // No push opened: nothing to read (push_id 0 is refused).
    enabled: pushId > 0,
    queryFn: () => apiList<PushDevice>('/api/ota/history/devices', { ...query, push_id: pushId, deviceType }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) =>
      polling && q.state.data?.data.some((d) => d.state === 'queued' || d.state === 'downloading') ? ACTIVE_PUSH_REFRESH_MS : false,
  });
}
