// The device dashboard and analysis calls (docs/dashboard-calls.md): Admin's under /api/dashboard, the
// agency's under /api/agency/dashboard (spec 6: the lower-cased role name), analysis under /api/analysis.
import { apiGet, apiList } from '@fleet/shared-api';
import { type ListQuery } from '@fleet/shared-api/lists';
import { keepPreviousData, useQuery } from '@fleet/shared-api/query';
import type { DeviceRow } from './devices';

/** Who a device dashboard is of: Admin (the whole fleet) or the signed-in agency (its slice). */
export type DashboardRole = 'Admin' | 'Agency';

const PREFIX: Record<DashboardRole, string> = { Admin: '/api/dashboard', Agency: '/api/agency/dashboard' };

export interface UserCounts {
  total: number;
  completed: number;
  pending: number;
  incomplete: number;
  deleted: number;
}
export interface UserCountAndVersion {
  users: UserCounts;
  versions: Array<{ product_line: string; version: string; devices: number }>;
}
export interface DeviceGraphMonth {
  month: number;
  installed: number;
  total: number;
}
interface StatusCounts {
  total: number;
  active: number;
  inactive: number;
  replaced: number;
  online: number;
  offline: number;
}
export interface DeviceOverview extends StatusCounts {
  lines: Array<StatusCounts & { product_line: string }>;
}
export interface ConsumptionMonth {
  month: number;
  kwh: number;
  devices: number;
}
export interface AverageConsumptionMonth {
  month: number;
  average_kwh: number;
  devices: number;
}
export interface ConsumptionOverview {
  this_month_kwh: number;
  last_month_kwh: number;
  same_month_last_year_kwh: number;
  change_percent: number | null;
  this_year_kwh: number;
  last_year_kwh: number;
  average_device_kwh: number;
  reporting_devices: number;
}

export const DEVICE_STATUS_CHOICES = ['All', 'Active', 'In-active', 'Replaced'] as const;
export type DeviceStatusChoice = (typeof DEVICE_STATUS_CHOICES)[number];

const dashboardKeys = {
  all: ['dashboards'] as const,
  figure: (role: DashboardRole, call: string, params: Record<string, string | number>) => ['dashboards', role, call, params] as const,
  analysis: (call: string, params: Record<string, string | number>) => ['dashboards', 'analysis', call, params] as const,
};

async function info<T>(path: string, params: Record<string, string | number>): Promise<T> {
  return (await apiGet<T>(path, params)).info as T;
}

/** One figure of a role's dashboard (`call` is the spec's path after the prefix). */
function useFigure<T>(role: DashboardRole, call: string, params: Record<string, string | number>) {
  return useQuery({
    queryKey: dashboardKeys.figure(role, call, params),
    queryFn: () => info<T>(`${PREFIX[role]}/${call}`, params),
    placeholderData: keepPreviousData,
  });
}

export const useUserCountAndVersion = (role: DashboardRole, line: string) => useFigure<UserCountAndVersion>(role, 'getusercountandversion', { deviceType: line });
export const useDeviceGraph = (role: DashboardRole, line: string, year: number) => useFigure<DeviceGraphMonth[]>(role, 'getdevicegraphdata', { year, deviceType: line });
export const useDeviceOverview = (role: DashboardRole, line: string) => useFigure<DeviceOverview>(role, 'getdeviceoverview', { deviceType: line });
export const useMonthlyConsumption = (role: DashboardRole, line: string, year: number) =>
  useFigure<ConsumptionMonth[]>(role, 'getdevicemonthlyconsumptionnew', { year, deviceType: line });
export const useMonthlyAverageConsumption = (role: DashboardRole, line: string, year: number) =>
  useFigure<AverageConsumptionMonth[]>(role, 'getdevicemonthlyAverageConsumtion', { year, deviceType: line });
export const useConsumptionOverview = (role: DashboardRole, line: string) => useFigure<ConsumptionOverview>(role, 'getdeviceconsumptionoverviewnew', { deviceType: line });

/** The month-device call of a line (spec 7: month-device, or month-device-{line}). */
function monthDeviceCall(line: string): { call: string; params: Record<string, string> } {
  return ['livelink', 'safelink', 'airlink', 'bulb', 'heat_pump'].includes(line)
    ? { call: `month-device-${line}`, params: {} }
    : { call: 'month-device', params: { deviceType: line } };
}

/** A page of the devices of the line installed in a month of a year, of one device status. */
export function useMonthDevices(role: DashboardRole, line: string, period: { year: number; month: number; deviceStatus: DeviceStatusChoice }, query: ListQuery) {
  const { call, params } = monthDeviceCall(line);
  const all = { ...params, ...period, ...query } as Record<string, string | number>;
  return useQuery({
    queryKey: dashboardKeys.figure(role, call, all),
    queryFn: () => apiList<DeviceRow>(`${PREFIX[role]}/${call}`, all),
    placeholderData: keepPreviousData,
  });
}

// Analysis (Admin)
export interface UsersAnalysis extends UserCounts {
  months: Array<{ month: number; new_users: number }>;
}
export interface DeviceUsersAnalysis {
  with_devices: number;
  without_devices: number;
  lines: Array<{ product_line: string; users: number }>;
}
export interface SwitchUsers {
  on: number;
  off: number;
  unset: number;
}
export interface UnsubscribedAnalysis {
  total: number;
  reasons: Array<{ reason: string; users: number }>;
  months: Array<{ month: number; added: number }>;
}
export interface BatteryAnalysis {
  alarms: number;
  average_level: number;
  average_years_left: number;
  low_battery: number;
  expired: number;
  bands: Array<{ band: string; alarms: number }>;
}
export interface SyncMonths {
  total_success: number;
  total_failed: number;
  months: Array<{ month: number; success: number; failed: number }>;
}
export interface LocationAnalysis {
  app_users: number;
  preferences: Array<{ preference: string; users: number }>;
}
export interface AppVersionRow {
  app_version: string;
  android: number;
  ios: number;
  users: number;
}

function useAnalysis<T>(call: string, params: Record<string, string | number> = {}) {
  return useQuery({
    queryKey: dashboardKeys.analysis(call, params),
    queryFn: () => info<T>(`/api/analysis/${call}`, params),
    placeholderData: keepPreviousData,
  });
}

export const useUsersAnalysis = (year: number) => useAnalysis<UsersAnalysis>('users', { year });
export const useDeviceUsers = () => useAnalysis<DeviceUsersAnalysis>('deviceusers');
export const useWeeklyReportUsers = () => useAnalysis<SwitchUsers>('weeklyreportusers');
export const useAutoSyncUsers = () => useAnalysis<SwitchUsers>('autosyncusers');
export const useUnsubscribedUsers = (year: number) => useAnalysis<UnsubscribedAnalysis>('unsubscribedusers', { year });
export const useBatteryLife = () => useAnalysis<BatteryAnalysis>('averagebatterylife');
export const useWeeklyReports = (year: number) => useAnalysis<SyncMonths>('weeklyreports', { year });
export const useLocationPreference = () => useAnalysis<LocationAnalysis>('locationprefernce');
export const useSynchedData = (year: number) => useAnalysis<SyncMonths>('synchedData', { year });
export const useAppVersions = () => useAnalysis<AppVersionRow[]>('appversionlist');
