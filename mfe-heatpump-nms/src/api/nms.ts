// Network (NMS) dashboard calls (spec 7; docs/heat-pump-calls.md): Admin under /api/nms, the others
// under their NMS prefix; the server answers each caller its slice.
import { apiGet, apiList, type ListQuery, type UserType } from '@fleet/shared-api';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { HeatPumpRow } from './heat-pumps';

export type DashboardRole = Extract<UserType, 'Admin' | 'Agency' | 'mscc' | 'sm'>;

const NMS_PREFIX: Record<DashboardRole, string> = {
  Admin: '/api/nms',
  Agency: '/api/agency/nms',
  mscc: '/api/mscc/nms',
  sm: '/api/sm/nms',
};

export interface NmsCounts {
  offline: number;
  online: number;
  total: number;
  faulty: number;
}

/** Spec 4: the counts default to 0 until the server answers. */
export const NO_COUNTS: NmsCounts = { offline: 0, online: 0, total: 0, faulty: 0 };

export interface MonthOnlineOffline {
  month: number;
  online: number;
  offline: number;
}

export interface MonthFaulty {
  month: number;
  faulty: number;
}

export interface LiveDeviceRow extends HeatPumpRow {
  device_operation_status: number | null;
  fault_code: string | null;
}

export const nmsKeys = {
  all: ['nms'] as const,
  counts: (role: DashboardRole) => ['nms', role, 'counts'] as const,
  months: (role: DashboardRole, kind: string, year: number) => ['nms', role, kind, year] as const,
  devices: (role: DashboardRole, query: ListQuery) => ['nms', role, 'devices', query] as const,
};

export function useNmsCounts(role: DashboardRole) {
  return useQuery({
    queryKey: nmsKeys.counts(role),
    queryFn: async () => ((await apiGet<NmsCounts>(`${NMS_PREFIX[role]}/dashboard/counts`, { deviceType: 'heat_pump' })).info as NmsCounts | null) ?? NO_COUNTS,
  });
}

export function useMonthOnlineOffline(role: DashboardRole, year: number) {
  return useQuery({
    queryKey: nmsKeys.months(role, 'online-offline', year),
    queryFn: async () => ((await apiGet<MonthOnlineOffline[]>(`${NMS_PREFIX[role]}/dashboard/month-online-offline-device`, { year, deviceType: 'heat_pump' })).info as MonthOnlineOffline[]) ?? [],
    placeholderData: keepPreviousData,
  });
}

export function useMonthFaulty(role: DashboardRole, year: number) {
  return useQuery({
    queryKey: nmsKeys.months(role, 'faulty', year),
    queryFn: async () => ((await apiGet<MonthFaulty[]>(`${NMS_PREFIX[role]}/dashboard/month-faulty-device`, { year, deviceType: 'heat_pump' })).info as MonthFaulty[]) ?? [],
    placeholderData: keepPreviousData,
  });
}

export function useLiveDeviceList(role: DashboardRole, query: ListQuery) {
  return useQuery({
    queryKey: nmsKeys.devices(role, query),
    queryFn: () => apiList<LiveDeviceRow>(`${NMS_PREFIX[role]}/dashboard/ws/devices/all`, { ...query, deviceType: 'heat_pump' }),
    placeholderData: keepPreviousData,
  });
}
