// Device calls (docs/device-calls.md): one list engine for every role, one device, the edit, histories.
import { apiDownload, apiGet, apiList, apiPost, apiPut, useFleetMutation, type DownloadedFile } from '@fleet/shared-api';
import { type ExportJob, type ExportListQuery, type ListQuery } from '@fleet/shared-api/lists';
import { keepPreviousData, useQuery } from '@fleet/shared-api/query';
import type { DeviceInfo, DeviceListRow as DeviceRow, SmokeAlarmRow as SmokeAlarm } from '@fleet/contract';
import type { DeviceProduct } from '../description';

/** Whose devices a screen shows: an Admin line, or the signed-in role's own slice. */
export type DeviceScope = { kind: 'admin'; product: DeviceProduct } | { kind: 'agency' | 'veu' | 'electrician' | 'customer' };

/** The server's `deviceType` of a product key (electricity-advisor is ihd, spec 1). */
export function deviceLine(product: string): string {
  return product === 'electricity-advisor' ? 'ihd' : product;
}

const ADMIN_LIST_CALLS: Record<DeviceProduct, string> = {
  all: '/api/device/all/devices',
  'electricity-advisor': '/api/device/get/all',
  livelink: '/api/livelink/list',
  safelink: '/api/safelink',
  airlink: '/api/airlink/list',
  bulb: '/api/bulb/list',
};

const ROLE_CALLS = {
  agency: { list: '/api/agency/devices/all', info: '/api/agency/device/get-info' },
  // Devices - VEU: the agency's devices at Victorian properties
  veu: { list: '/api/agency/dataforce-devices', info: '/api/agency/device/get-info' },
  electrician: { list: '/api/electrician/devices/all', info: '/api/electrician/device/get-info' },
  customer: { list: '/api/customer/devices', info: '/api/customer/device/get-info' },
} as const;

/** A row of every device list, and one device with its people and place (fleet-api's answers). */
export type { DeviceRow, DeviceInfo, SmokeAlarm };

const deviceKeys = {
  all: ['devices'] as const,
  list: (scope: DeviceScope, line: string, query: ListQuery) => ['devices', 'list', scope, line, query] as const,
  one: (scope: DeviceScope['kind'], id: number) => ['devices', 'one', scope, id] as const,
  history: (kind: string, id: number, query: ListQuery) => ['devices', 'history', kind, id, query] as const,
};

/** A page of the scope's devices; `line` narrows a role's slice to the selected product. */
export function useDeviceList(scope: DeviceScope, line: string, query: ListQuery) {
  const path = scope.kind === 'admin' ? ADMIN_LIST_CALLS[scope.product] : ROLE_CALLS[scope.kind].list;
  const perLine = scope.kind === 'admin' && scope.product !== 'all';
  return useQuery({
    queryKey: deviceKeys.list(scope, line, query),
    queryFn: () => apiList<DeviceRow>(path, { ...query, ...(perLine ? {} : { deviceType: line }) }),
    placeholderData: keepPreviousData,
  });
}

export function useDevice(scope: DeviceScope['kind'], id: number) {
  const path = scope === 'admin' ? '/api/device/get-info' : ROLE_CALLS[scope].info;
  return useQuery({
    queryKey: deviceKeys.one(scope, id),
    queryFn: async () => (await apiGet<DeviceInfo>(path, { device_id: id })).info as DeviceInfo,
    enabled: id > 0,
  });
}

export interface DeviceEdit {
  impulse_rate: number;
  impulse_rate_type: string;
  force_sync_date?: string | null;
  nmi?: string | null;
}

export type EditorScope = 'admin' | 'agency' | 'electrician';

/** The edit of each role that may edit (the customer may not). */
export function useEditDevice(scope: EditorScope) {
  return useFleetMutation(
    ({ id, ...edit }: DeviceEdit & { id: number }) =>
      scope === 'admin'
        ? apiPut<null>(`/api/device/edit/${id}`, edit)
        : scope === 'agency'
          ? apiPost<null>('/api/agency/device/update', { id, ...edit })
          : apiPut<null>('/api/electrician/device/update', { id, ...edit }),
    { invalidate: [deviceKeys.all] },
  );
}

export type HistoryKind = 'firmware' | 'device' | 'impulseRate' | 'updateRate';

const HISTORY_CALLS: Record<HistoryKind, string> = {
  firmware: '/api/device/ota-history',
  device: '/api/device/history',
  impulseRate: '/api/device/impulse-rate',
  updateRate: '/api/device/update-rate',
};

export function useDeviceHistory(kind: HistoryKind, id: number, productLine: string | undefined, query: ListQuery) {
  return useQuery({
    queryKey: deviceKeys.history(kind, id, query),
    // the firmware history is the OTA module's: it needs the device's line
    enabled: id > 0 && (kind !== 'firmware' || productLine !== undefined),
    queryFn: () =>
      apiList<Record<string, unknown>>(HISTORY_CALLS[kind], { ...query, device_id: id, ...(kind === 'firmware' && productLine ? { deviceType: productLine } : {}) }),
    placeholderData: keepPreviousData,
  });
}


const EXPORT_CALLS: Record<EditorScope, string> = {
  admin: '/api/device/export',
  agency: '/api/agency/devices/download-csv',
  electrician: '/api/electrician/devices/download-csv',
};

/**
 * Starts a CSV export of the whole filtered list in its order (a server job): Admin's, the agency's (or
 * its Devices - VEU, `group: 'veu'`), the electrician's.
 */
export function useStartExport(scope: EditorScope | 'veu') {
  const caller: EditorScope = scope === 'veu' ? 'agency' : scope;
  return useFleetMutation(
    ({ line, list }: { line: string; list: ExportListQuery }) =>
      apiPost<ExportJob>(EXPORT_CALLS[caller], {
        deviceType: line,
        ...list,
        ...(scope === 'admin' ? {} : { csvtype: 'devices', all: true, group: scope }),
      }),
    // the job's own answer says it started; the console shows its progress instead of a toast
    { invalidate: [], toastSuccess: false },
  );
}

/** Install history of a serial number or MAC address (spec: GET /api/{line}/install-history). */
export function useInstallHistory(line: 'livelink' | 'safelink' | 'airlink' | 'bulb', key: { serial_number: string } | { mac_address: string } | null, query: ListQuery) {
  return useQuery({
    queryKey: ['devices', 'install-history', line, key, query],
    enabled: key !== null,
    queryFn: () => apiList<Record<string, unknown>>(`/api/${line}/install-history`, { ...query, ...key }),
    placeholderData: keepPreviousData,
  });
}

/** Correction of a past period (the update-rate history's Update): spec 5 and PUT /api/device/correction/{id}. */
export interface RateCorrection {
  start_date: string;
  end_date: string;
  rate: number;
  type: string;
  update: 'impulseRate' | 'tariffRate' | 'both';
  unit_charge?: number;
}

export function useCorrectRate(id: number) {
  return useFleetMutation(
    ({ update, unit_charge, ...device_data }: RateCorrection) =>
      apiPut<null>(`/api/device/correction/${id}`, { device_data, update, ...(unit_charge === undefined ? {} : { tariff_data: { unit_charge } }) }),
    { invalidate: [deviceKeys.all] },
  );
}

/** The flashes CSV of one metering device over a period; a refusal throws the server's message. */
export function downloadFlashes(deviceId: number, startDate: string, endDate: string): Promise<DownloadedFile> {
  return apiDownload('/api/device/flashes-csv', { device_id: deviceId, start_date: startDate, end_date: endDate }, 'Flashes.csv');
}

/** The metering lines: their devices count meter flashes. */
export const METERING_LINES = ['ihd', 'ihd_livelink', 'livelink'];


/** Smoke alarms: every hub's (Admin, `hubId` null) or one safelink hub's. */
export function useSmokeAlarms(hubId: number | null, query: ListQuery) {
  return useQuery({
    queryKey: ['devices', 'smoke-alarms', hubId, query],
    queryFn: () => apiList<SmokeAlarm>(hubId === null ? '/api/safelink/smokealarm/list' : `/api/safelink/smokealarm/${hubId}`, query),
    placeholderData: keepPreviousData,
  });
}

export function useSmokeAlarm(id: number) {
  return useQuery({
    queryKey: ['devices', 'smoke-alarm', id],
    queryFn: async () => (await apiGet<SmokeAlarm>(`/api/safelink/smokealarm/info/${id}`)).info as SmokeAlarm,
    enabled: id > 0,
  });
}
