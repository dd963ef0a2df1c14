// Heat-pump device calls (docs/heat-pump-calls.md): the list of the caller's slice, one heat pump, the export.
import { apiGet, apiList, apiPost, useFleetMutation, useSession, type UserType } from '@fleet/shared-api';
import { type ExportJob, type ExportListQuery, type ListQuery } from '@fleet/shared-api/lists';
import type { InstallEventRow } from '@fleet/shared-ui/tables';
import { keepPreviousData, useQuery } from '@fleet/shared-api/query';
import type { HeatPumpListRow as HeatPumpRow, HeatPumpInfo, HeatPumpActivityEvent as ActivityEvent } from '@fleet/contract';

/** fleet-api's answers (@fleet/contract, generated from its OpenAPI document). */
export type { HeatPumpRow, HeatPumpInfo, ActivityEvent };

export const heatPumpKeys = {
  all: ['heat-pumps'] as const,
  list: (query: ListQuery) => ['heat-pumps', 'list', query] as const,
  one: (id: number) => ['heat-pumps', 'one', id] as const,
};

/** A page of the caller's heat pumps (spec: GET /api/heat-pump/list; the server answers each role its slice). */
export function useHeatPumpList(query: ListQuery) {
  return useQuery({
    queryKey: heatPumpKeys.list(query),
    queryFn: () => apiList<HeatPumpRow>('/api/heat-pump/list', query),
    placeholderData: keepPreviousData,
  });
}

export function useHeatPump(id: number) {
  return useQuery({
    queryKey: heatPumpKeys.one(id),
    queryFn: async () => (await apiGet<HeatPumpInfo>(`/api/heat-pump/info/${id}`)).info as HeatPumpInfo,
  });
}

/** Starts the CSV export of the whole filtered list in its order (a server job; spec: answer info.download_link). */
export function useStartHeatPumpExport() {
  return useFleetMutation((list: ExportListQuery) => apiPost<ExportJob>('/api/heat-pump/export', list), {
    invalidate: [],
    toastSuccess: false,
  });
}

/** The lower-cased role name the activity-log call is under (spec: /api/{usertype}/heat-pump/activity-logs). */
const ACTIVITY_USERTYPE: Record<UserType, string> = {
  Admin: 'admin',
  Agency: 'agency',
  Electrician: 'electrician',
  mscc: 'mscc',
  sm: 'sm',
  User: 'user',
  Customer: 'customer',
};

/** A page of a heat pump's activity over a period (`from`/`to` YYYY-MM-DD; sent DD-MM-YYYY). */
export function useActivityLog(id: number, period: { from: string; to: string }, page: number, limit: number) {
  const userType = useSession((state) => state.userType());
  const dmy = (iso: string) => iso.split('-').reverse().join('-');
  return useQuery({
    queryKey: [...heatPumpKeys.one(id), 'activity', period, page, limit],
    enabled: userType !== null,
    queryFn: () =>
      apiList<ActivityEvent>(`/api/${ACTIVITY_USERTYPE[userType ?? 'User']}/heat-pump/activity-logs`, {
        device_id: id,
        start_date: dmy(period.from),
        end_date: dmy(period.to),
        source: 'nms',
        page,
        limit,
      }),
    placeholderData: keepPreviousData,
  });
}

/** Install history of a heat pump's serial number or MAC address: every heat pump that carried it. */
export function useHeatPumpInstallHistory(key: { serial_number: string } | { mac_address: string }, query: ListQuery) {
  return useQuery({
    queryKey: [...heatPumpKeys.all, 'install-history', key, query],
    queryFn: () => apiList<InstallEventRow>('/api/heat-pump/install-history', { ...query, ...key }),
    placeholderData: keepPreviousData,
  });
}

/** The heat pump with exactly this serial number (the list's serial filter is "contains"). */
export function useHeatPumpBySerial(serialNumber: string) {
  return useQuery({
    queryKey: [...heatPumpKeys.all, 'by-serial', serialNumber],
    queryFn: async () => {
      const filter = JSON.stringify([{ key: 'serial_number', value: serialNumber, type: 'single' }]);
      const page = await apiList<HeatPumpRow>('/api/heat-pump/list', { filter, limit: 100 });
      return page.data.find((row) => row.serial_number === serialNumber) ?? null;
    },
  });
}

