// Network (NMS) dashboard calls (spec 7; docs/heat-pump-calls.md): Admin under /api/nms, the others
// under their NMS prefix; the server answers each caller its slice.
import { ApiError, apiGet, apiList, apiPost, apiPut, useFleetMutation, type UserType } from '@fleet/shared-api';
import { type ListQuery } from '@fleet/shared-api/lists';
import { keepPreviousData, useQuery } from '@fleet/shared-api/query';
import type { NmsCounts, NmsMonthOnlineOffline as MonthOnlineOffline, NmsMonthFaulty as MonthFaulty, NmsLiveDeviceRow as LiveDeviceRow, NmsCompany as CompanyInfo, NmsSiteRow as SiteRow, NmsSitePropertyRow as SitePropertyRow, NmsFaultMonth as FaultMonth, NmsCompanyRow as CompanyRow, NmsSiteManagerRow as SiteManagerRow, NmsContactRow as ContactRow } from '@fleet/contract';

export type DashboardRole = Extract<UserType, 'Admin' | 'Agency' | 'mscc' | 'sm'>;

const NMS_PREFIX: Record<DashboardRole, string> = {
  Admin: '/api/nms',
  Agency: '/api/agency/nms',
  mscc: '/api/mscc/nms',
  sm: '/api/sm/nms',
};

/** fleet-api's answers (@fleet/contract, generated from its OpenAPI document). */
export type { NmsCounts, MonthOnlineOffline, MonthFaulty, LiveDeviceRow, CompanyInfo, SiteRow, SitePropertyRow, FaultMonth, CompanyRow, SiteManagerRow, ContactRow };

/** Spec 4: the counts default to 0 until the server answers. */
export const NO_COUNTS: NmsCounts = { offline: 0, online: 0, total: 0, faulty: 0 };

/**
 * Where a dashboard's counts and live devices come from: a role's whole slice, or one company or site
 * of it (`base` + `/counts`, `/ws/devices/all`).
 */
export interface DashboardSource {
  key: readonly unknown[];
  base: string;
}

export const roleSource = (role: DashboardRole): DashboardSource => ({ key: ['nms', role], base: `${NMS_PREFIX[role]}/dashboard` });
export const placeSource = (kind: 'msc' | 'site', id: number): DashboardSource => ({ key: ['nms', kind, id], base: `/api/nms/dashboard/${kind}/${id}` });

export const nmsKeys = {
  all: ['nms'] as const,
  counts: (source: DashboardSource) => [...source.key, 'counts'] as const,
  months: (role: DashboardRole, kind: string, year: number) => ['nms', role, kind, year] as const,
  devices: (source: DashboardSource, query: ListQuery) => [...source.key, 'devices', query] as const,
};

export function useNmsCounts(source: DashboardSource) {
  return useQuery({
    queryKey: nmsKeys.counts(source),
    queryFn: async () => ((await apiGet<NmsCounts>(`${source.base}/counts`, { deviceType: 'heat_pump' })).info as NmsCounts | null) ?? NO_COUNTS,
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

export function useLiveDeviceList(source: DashboardSource, query: ListQuery) {
  return useQuery({
    queryKey: nmsKeys.devices(source, query),
    queryFn: () => apiList<LiveDeviceRow>(`${source.base}/ws/devices/all`, { ...query, deviceType: 'heat_pump' }),
    placeholderData: keepPreviousData,
  });
}

const info = async <T,>(path: string) => (await apiGet<T>(path)).info as T;

export function useCompany(id: number) {
  return useQuery({ queryKey: ['nms', 'msc', id, 'get'], queryFn: () => info<CompanyInfo>(`/api/nms/dashboard/msc/${id}/get`) });
}
export function useSite(id: number) {
  return useQuery({ queryKey: ['nms', 'site', id, 'get'], queryFn: () => info<SiteRow>(`/api/nms/dashboard/site/${id}/get`) });
}
export function useCompanySites(id: number, query: ListQuery) {
  return useQuery({ queryKey: ['nms', 'msc', id, 'sites', query], queryFn: () => apiList<SiteRow>(`/api/nms/dashboard/msc/${id}/sites`, query), placeholderData: keepPreviousData });
}
export function useSiteProperties(id: number, query: ListQuery) {
  return useQuery({
    queryKey: ['nms', 'site', id, 'properties', query],
    queryFn: () => apiList<SitePropertyRow>(`/api/nms/dashboard/site/${id}/properties`, query),
    placeholderData: keepPreviousData,
  });
}
export function useFaultTrend(kind: 'msc' | 'site', id: number) {
  return useQuery({ queryKey: ['nms', kind, id, 'fault-trend'], queryFn: () => info<FaultMonth[]>(`/api/nms/dashboard/${kind}/${id}/fault-trend`) });
}

export function useCompanies(query: ListQuery) {
  return useQuery({ queryKey: ['nms', 'companies', query], queryFn: () => apiList<CompanyRow>('/api/nms/multi-site-company/list', query), placeholderData: keepPreviousData });
}
export function useSites(query: ListQuery) {
  return useQuery({ queryKey: ['nms', 'sites', query], queryFn: () => apiList<SiteRow>('/api/nms/sites/list', query), placeholderData: keepPreviousData });
}

export interface CompanyInput {
  agency_ids?: number[];
  company_name: string;
  company_address: string;
  contact_person_email?: string;
  /** Admin's update only: its account admins and site managers need a second factor (issue 24). */
  second_factor_required?: boolean;
}

export interface SiteInput {
  company_id?: number;
  site_name: string;
  site_address: string;
  site_manager_name: string;
  site_manager_email: string;
}

/** Spec modal 2: a new company, or an update (its account admin email stays). */
export function useSaveCompany() {
  return useFleetMutation(
    ({ id, ...input }: CompanyInput & { id?: number }) => {
      if (!id) return apiPost<null>('/api/nms/multi-site-company/save', input);
      const { contact_person_email: _email, ...update } = input;
      return apiPut<null>('/api/nms/multi-site-company/update', { id, ...update });
    },
    { invalidate: [nmsKeys.all] },
  );
}

/** Spec modal 4: a new site, or an update. */
export function useSaveSite() {
  return useFleetMutation(
    ({ id, ...input }: SiteInput & { id?: number }) => (id ? apiPut<null>('/api/nms/sites/update', { id, ...input }) : apiPost<null>('/api/nms/sites/save', input)),
    { invalidate: [nmsKeys.all] },
  );
}

export function useSiteManagers(query: ListQuery) {
  return useQuery({ queryKey: ['nms', 'site-managers', query], queryFn: () => apiList<SiteManagerRow>('/api/nms/site-managers/list', query), placeholderData: keepPreviousData });
}
export function useContacts(query: ListQuery) {
  return useQuery({ queryKey: ['nms', 'contacts', query], queryFn: () => apiList<ContactRow>('/api/nms/contacts/list', query), placeholderData: keepPreviousData });
}

/** Spec modal 5: a new site manager (its sites, names, email) or an update (the email stays). */
export function useSaveSiteManager() {
  return useFleetMutation(
    ({ id, email, ...input }: { id?: number; site_ids: number[]; first_name: string; last_name: string; email: string }) =>
      id ? apiPut<null>('/api/nms/site-managers/update', { id, ...input }) : apiPost<null>('/api/nms/site-managers/save', { ...input, email }),
    { invalidate: [nmsKeys.all] },
  );
}

/** Spec modal 6: a new contact or an update (the email stays). */
export function useSaveContact() {
  return useFleetMutation(
    ({ id, email, ...input }: { id?: number; company_id?: number; first_name: string; last_name: string; contact_no: string; email: string }) =>
      id ? apiPut<null>('/api/nms/contacts/update', { id, ...input }) : apiPost<null>('/api/nms/contacts/save', { ...input, email }),
    { invalidate: [nmsKeys.all] },
  );
}

export interface DeviceAssignment {
  device_ids?: number[];
  all?: boolean;
  filter?: string;
  /** A company of the slice, or (Agency) the exact contact email of one it did not create. */
  company_id?: number;
  contact_person_email?: string;
  site_id?: number;
}

export interface CompanyByContact {
  id: number;
  company_name: string;
}

/** Something shaped like an email address (the server checks it again). */
const LOOKS_LIKE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The agency's hint (spec 6): the company whose contact email is exactly the one typed, even one the
 * agency did not create. Asked only for something shaped like an email; no company is a quiet null.
 */
export function useCompanyByContact(email: string) {
  const asked = LOOKS_LIKE_EMAIL.test(email);
  return useQuery({
    queryKey: ['nms', 'by-contact', email],
    enabled: asked,
    retry: false,
    queryFn: async () => {
      try {
        return (await apiGet<CompanyByContact>('/api/nms/multi-site-company/by-contact', { email })).info;
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) return null;
        throw err;
      }
    },
  });
}

/** Choose Multi-Site, then Choose Site or skip (spec modals 1 and 3). */
export function useAssignDevices() {
  return useFleetMutation((a: DeviceAssignment) => apiPut<{ devices: number }>('/api/nms/devices/assign', a), { invalidate: [nmsKeys.all, ['heat-pumps']] });
}

