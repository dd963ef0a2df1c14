// Customer calls (docs/customer-calls.md): the same calls under each role's prefix; the server's
// policy layer decides the slice. One list engine (useListState) feeds the list's query.
import { apiDelete, apiDownload, apiGet, apiList, apiPost, apiPut, useFleetMutation, type DownloadedFile } from '@fleet/shared-api';
import { type ExportJob, type ExportListQuery, type ListQuery } from '@fleet/shared-api/lists';
import { keepPreviousData, useQuery } from '@fleet/shared-api/query';
import type { AddressParts } from '@fleet/shared-ui/tables';
import type { CustomerArea } from '../description';

/** Spec 6: Admin `/api/customer`, the others their lower-cased user type before `customer`. */
const CALL_PREFIX: Record<CustomerArea, string> = {
  admin: '/api/customer',
  agency: '/api/agency/customer',
  multisite: '/api/mscc/customer',
  sitemanager: '/api/sm/customer',
};

export const callPrefix = (area: CustomerArea): string => CALL_PREFIX[area];

/** Customer deletion (and a property's) is shown only on agency and admin paths (spec 2). */
export const mayDelete = (area: CustomerArea): boolean => area === 'admin' || area === 'agency';

interface FirstProperty extends AddressParts {
  id: number;
  property_type: string | null;
  address_type: string | null;
}

export interface CustomerRow {
  id: number;
  email: string;
  full_name: string;
  first_name: string | null;
  last_name: string | null;
  phone_no: string | null;
  status: string;
  auto_sync: boolean | null;
  weekly_report: boolean | null;
  created_at: string;
  firstproperty: FirstProperty | null;
}

export interface CustomerInfo extends CustomerRow {
  agency_id: number | null;
  agency_name: string | null;
  updated_at: string;
  properties: number;
  devices: number;
}

export interface LoginData {
  has_account: boolean;
  email: string | null;
  account_status: string | null;
  email_verified_at: string | null;
  account_created_at: string | null;
  last_login_at: string | null;
  sessions: number;
}

export interface PropertyRow extends AddressParts {
  id: number;
  customer_id: number | null;
  property_name: string | null;
  property_type: string | null;
  address_type: string | null;
  unit_type: string | null;
  level_type: string | null;
  level_number: string | null;
  street_type: string | null;
  street_suffix: string | null;
  devices: number;
  members: number;
  created_at: string;
}

interface TariffPlanItem {
  key: string;
  load_type_key: string | null;
  unit_charge: number;
  discount_type?: 'percentage' | 'value' | null;
  discount_percentage?: number | null;
}

export interface TariffDetails {
  id: number;
  company_id: number | null;
  company_name: string | null;
  electricity_retailer_id: number | null;
  retailer_name: string | null;
  tariff_structure_id: number | null;
  tariff_structure_type: string | null;
  is_flat_rate: boolean;
  unit_charge: number;
  tariff_plan: TariffPlanItem[];
  discount_type: 'percentage' | 'value' | null;
  discount_percentage: number | null;
  supply_charge: number | null;
  supply_charge_discount: number;
  gst_include: number;
  impulse_rate: number | null;
  impulse_rate_type: string | null;
  rates_updated: boolean;
  created_at: string;
}

export interface PropertyInfo extends PropertyRow {
  nmi: string | null;
  survey_data: unknown;
  property_updated: boolean;
  updated_at: string;
  customer_name: string | null;
  customer_email: string | null;
  site_name: string | null;
  company_name: string | null;
  tariff: TariffDetails | null;
}

export interface Member {
  id: number;
  property_id: number;
  customer_id: number | null;
  email: string;
  first_name: string | null;
  last_name: string | null;
  phone_no: string | null;
  created_at: string;
}

export interface PropertyDevice {
  id: number;
  product_line: string;
  serial_number: string;
  mac_address: string | null;
  firmware_version: string | null;
  device_status: string;
  status: string | null;
  is_online: number;
  fault_code: string | null;
  installation_date: string | null;
}

export interface EmailHistoryRow {
  id: number;
  subject: string;
  to_email: string;
  status: string;
  created_at: string;
  sent_at: string | null;
}

export const customerKeys = {
  all: ['customers'] as const,
  list: (area: CustomerArea, line: string, query: ListQuery) => ['customers', 'list', area, line, query] as const,
  one: (area: CustomerArea, id: number) => ['customers', 'one', area, id] as const,
  property: (area: CustomerArea, id: number) => ['customers', 'property', area, id] as const,
};

/** A page of the area's customers of the selected product (`all`: every customer). */
export function useCustomerList(area: CustomerArea, line: string, query: ListQuery) {
  return useQuery({
    queryKey: customerKeys.list(area, line, query),
    queryFn: () => apiList<CustomerRow>(`${CALL_PREFIX[area]}/get/all`, { ...query, deviceType: line }),
    placeholderData: keepPreviousData,
  });
}

function useInfo<T>(area: CustomerArea, key: readonly unknown[], path: string, params: Record<string, number>, enabled: boolean) {
  return useQuery({
    queryKey: [...key, path],
    queryFn: async () => (await apiGet<T>(`${CALL_PREFIX[area]}/${path}`, params)).info as T,
    enabled,
  });
}

export const useCustomer = (area: CustomerArea, id: number) => useInfo<CustomerInfo>(area, customerKeys.one(area, id), 'get-info', { customer_id: id }, id > 0);
export const useLoginData = (area: CustomerArea, id: number) => useInfo<LoginData>(area, customerKeys.one(area, id), 'login-data', { customer_id: id }, id > 0);
export const useProperty = (area: CustomerArea, id: number) =>
  useInfo<PropertyInfo>(area, customerKeys.property(area, id), 'property/get-info', { property_id: id }, id > 0);
export const useMembers = (area: CustomerArea, id: number) => useInfo<Member[]>(area, customerKeys.property(area, id), 'property/member', { property_id: id }, id > 0);
export const usePropertyDevices = (area: CustomerArea, id: number) =>
  useInfo<PropertyDevice[]>(area, customerKeys.property(area, id), 'property/devices', { property_id: id }, id > 0);

/**
 * A paged history of one customer or property (properties, shared properties, mails, syncs,
 * feedback, timeline, tariffs); `extra` adds the call's own parameters (sync_type).
 */
export function usePagedOf<T>(
  area: CustomerArea,
  path: string,
  owner: { customer_id: number } | { property_id: number },
  query: ListQuery,
  extra: Record<string, string> = {},
) {
  const id = 'customer_id' in owner ? owner.customer_id : owner.property_id;
  return useQuery({
    queryKey: ['customers', 'paged', area, path, owner, extra, query],
    queryFn: () => apiList<T>(`${CALL_PREFIX[area]}/${path}`, { ...query, ...owner, ...extra }),
    enabled: id > 0,
    placeholderData: keepPreviousData,
  });
}

/** Starts the CSV export of the whole filtered list in its order (a server job; the slice is the caller's). */
export function useStartCustomerExport() {
  return useFleetMutation(
    ({ line, list }: { line: string; list: ExportListQuery }) => apiPost<ExportJob>('/api/export/customers', { deviceType: line, ...list }),
    // the job's own answer says it started; the console shows its progress instead of a toast
    { invalidate: [], toastSuccess: false },
  );
}

export type FeedbackExportType = 'survey' | 'auto_sync';

/** Starts a feedback export of the filtered customers: Survey Feedback or Auto-Sync feedback. */
export function useStartFeedbackExport() {
  return useFleetMutation(
    ({ syncType, line, list }: { syncType: FeedbackExportType; line: string; list: ExportListQuery }) =>
      apiPost<ExportJob>('/api/export/feedback', { sync_type: syncType, deviceType: line, ...list }),
    { invalidate: [], toastSuccess: false },
  );
}

export type SyncType = 'auto_sync' | 'weekly_report';

export interface SyncEvent {
  id: number;
  status: string;
  detail: string | null;
  created_at: string;
}

export interface Feedback {
  id: number;
  sync_type: string;
  rating: number;
  comment: string | null;
  created_at: string;
}

/** Spec: export-feedback-email (customer_id): the customer's feedback CSV mailed to the operator (the toast says where). */
export function useMailCustomerFeedback(area: CustomerArea) {
  return useFleetMutation((customerId: number) => apiGet<null>(`${CALL_PREFIX[area]}/export-feedback-email`, { customer_id: customerId }), { invalidate: [] });
}

/** Spec: export-feedback (customer_id): the customer's feedback as a CSV file. */
export function downloadCustomerFeedback(area: CustomerArea, customerId: number): Promise<DownloadedFile> {
  return apiDownload(`${CALL_PREFIX[area]}/export-feedback`, { customer_id: customerId }, `Feedback-${customerId}.csv`);
}

export interface CustomerEdit {
  customer_id: number;
  first_name: string;
  last_name: string;
  phone_no: string;
  email: string;
}

export function useUpdateCustomer(area: CustomerArea) {
  return useFleetMutation((edit: CustomerEdit) => apiPut<null>(`${CALL_PREFIX[area]}/update`, edit), { invalidate: [customerKeys.all] });
}

export function useDeleteCustomer(area: CustomerArea) {
  return useFleetMutation((id: number) => apiDelete<null>(`${CALL_PREFIX[area]}/delete`, { customer_id: id }), { invalidate: [customerKeys.all] });
}

export interface NewMember {
  property_id: number;
  email: string;
  first_name: string;
  last_name: string;
  phone_no: string;
}

export function useAddMember(area: CustomerArea) {
  return useFleetMutation((member: NewMember) => apiPost<{ id: number }>(`${CALL_PREFIX[area]}/property/add-member`, member), { invalidate: [customerKeys.all] });
}

export function useRemoveMember(area: CustomerArea) {
  return useFleetMutation(
    ({ property_id, member_id }: { property_id: number; member_id: number }) => apiDelete<null>(`${CALL_PREFIX[area]}/property/remove-member`, { property_id, member_id }),
    { invalidate: [customerKeys.all] },
  );
}

export function useDeleteProperty(area: CustomerArea) {
  return useFleetMutation((id: number) => apiDelete<null>(`${CALL_PREFIX[area]}/property/delete`, { property_id: id }), { invalidate: [customerKeys.all] });
}

export interface TariffDetailsEdit {
  property_id: number;
  property_name: string;
  postal_code: string;
  company_id: number;
  electricity_retailer_id: number;
  tariff_structure_id: number;
  unit_charge?: number | null;
  discount_type?: 'percentage' | 'value' | null;
  discount_percentage?: number | null;
  supply_charge?: number | null;
  gst_include?: number;
  tariff_plan?: Array<{ key: string; unit_charge: number | null; discount_type?: 'percentage' | 'value' | null; discount_percentage?: number | null }>;
}

export function useSaveTariffDetails(area: CustomerArea) {
  return useFleetMutation((edit: TariffDetailsEdit) => apiPut<null>(`${CALL_PREFIX[area]}/property/update-details`, edit), { invalidate: [customerKeys.all] });
}

// The cascade's reference lists (the tariff module's calls).
export interface Distributor {
  id: number;
  company_name: string;
}
export interface Retailer {
  electricity_retailer_id: number;
  retailer_name: string;
  is_top_listed: number;
}
export interface TariffStructure {
  tariff_structure_id: number;
  type: string;
  is_flat_rate: boolean;
  flat_rate: number | null;
  tariff_plan: Array<{ key: string; load_type_key: string | null; unit_charge: number | null }>;
}

/** Distributors serving a postal code of 3 or 4 digits (the server refuses a save with any other). */
export function useDistributors(postalCode: string) {
  const valid = /^\d{3,4}$/.test(postalCode);
  return useQuery({
    queryKey: ['tariffs', 'distributors', postalCode],
    queryFn: async () => (await apiGet<Distributor[]>('/api/tariff/get-companies', { post_code: postalCode })).info ?? [],
    enabled: valid,
  });
}

export function useRetailers() {
  return useQuery({
    queryKey: ['tariffs', 'retailers'],
    queryFn: async () => (await apiGet<{ electricity_retailers: Retailer[] }>('/api/electricity-retailer/list')).info?.electricity_retailers ?? [],
  });
}

export function useTariffStructures(companyId: number | null) {
  return useQuery({
    queryKey: ['tariffs', 'structures', companyId],
    queryFn: async () => (await apiGet<{ tariff_structure: TariffStructure[] }>('/api/tarrif/company/get-structure', { company_id: companyId ?? 0 })).info?.tariff_structure ?? [],
    enabled: companyId !== null,
  });
}
