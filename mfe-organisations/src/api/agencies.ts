// Agency and integration calls (docs/organisation-calls.md, Agencies and Integrations; Admin).
import { apiGet, apiList, apiPost, apiPostForm, useFleetMutation } from '@fleet/shared-api';
import { type ExportJob, type ExportListQuery, type ListQuery } from '@fleet/shared-api/lists';
import { keepPreviousData, useQuery } from '@fleet/shared-api/query';
import type { AgencyRow, AgencyInfo, AgencyDeviceRow as DeviceRow, IntegrationRow, IntegrationInfo } from '@fleet/contract';
import { useDeleteRecord } from './record-calls';

export type AgencyStatus = 'Active' | 'In-Active';

/** fleet-api's answers (@fleet/contract, generated from its OpenAPI document). */
export type { AgencyRow, AgencyInfo, DeviceRow, IntegrationRow, IntegrationInfo };

/** The agency form as the server takes it (spec 3 names; sent as form data). */
export interface AgencyFormBody {
  agency_name: string;
  email: string;
  postcode: string;
  contact_first_name: string;
  contact_last_name: string;
  contact: string;
  abn_no: string;
  country: string;
  state: string;
  city: string;
  street_address: string;
  plot_address: string;
  status: AgencyStatus;
  flows: string;
  deviceType: string;
  email_notification: boolean;
  /** Edit only: its users need the authenticator or a passkey (issue 24). */
  second_factor_required?: boolean;
  /** Sent only when set. */
  password: string;
}

const agencyKeys = {
  all: ['agencies'] as const,
  list: (line: string, query: ListQuery) => ['agencies', 'list', line, query] as const,
  one: (id: number, line: string) => ['agencies', 'one', id, line] as const,
  devices: (id: number, line: string, query: ListQuery) => ['agencies', 'devices', id, line, query] as const,
  agents: (id: number, line: string, query: ListQuery) => ['agencies', 'agents', id, line, query] as const,
  integrations: (query: ListQuery) => ['agencies', 'integrations', query] as const,
  integration: (id: number) => ['agencies', 'integration', id] as const,
  /** What a deleted agency leaves stale: every list (its own page is left, not read again into a 404). */
  lists: [['agencies', 'list'], ['agencies', 'integrations'], ['agents', 'list'], ['partners']] as const,
};

export function useAgencies(line: string, query: ListQuery) {
  return useQuery({ queryKey: agencyKeys.list(line, query), queryFn: () => apiList<AgencyRow>('/api/agency/get/all', { ...query, deviceType: line }), placeholderData: keepPreviousData });
}

export function useAgency(id: number, line: string) {
  return useQuery({ queryKey: agencyKeys.one(id, line), queryFn: async () => (await apiGet<AgencyInfo>(`/api/agency/get/${id}`, { deviceType: line })).info, enabled: id > 0 });
}

/** spec 7: page 1, limit 25, desc, created_at unless the section says otherwise */
export function useAgencyDevices(id: number, line: string, query: ListQuery) {
  return useQuery({
    queryKey: agencyKeys.devices(id, line, query),
    queryFn: () => apiList<DeviceRow>('/api/agency/get-devices', { ...query, agency_id: id, deviceType: line }),
    enabled: id > 0,
    placeholderData: keepPreviousData,
  });
}

export function useAgencyAgents<T>(id: number, line: string, query: ListQuery) {
  return useQuery({
    queryKey: agencyKeys.agents(id, line, query),
    queryFn: () => apiList<T>('/api/agency/get-agents', { ...query, agency_id: id, deviceType: line }),
    enabled: id > 0,
    placeholderData: keepPreviousData,
  });
}

/** Form data of the agency form: the password only when set (spec 7). */
function agencyFormData(body: AgencyFormBody): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(body)) {
    if (key === 'password' && value === '') continue;
    form.append(key, String(value));
  }
  return form;
}

export function useSaveAgency() {
  return useFleetMutation(
    ({ id, body }: { id: number | null; body: AgencyFormBody }) =>
      id === null ? apiPostForm<{ id: number } | null>('/api/agency/add', agencyFormData(body)) : apiPostForm<{ id: number } | null>(`/api/agency/edit/${id}`, agencyFormData(body), { method: 'PUT' }),
    { invalidate: [agencyKeys.all] },
  );
}

export function useDeleteAgency() {
  return useDeleteRecord((id) => `/api/agency/delete/${id}`, [...agencyKeys.lists]);
}

/** Starts the CSV export of the whole filtered agency list in its order (a server job). */
export function useStartAgencyExport() {
  return useFleetMutation((list: ExportListQuery) => apiPost<ExportJob>('/api/export/agencies', list), { invalidate: [], toastSuccess: false });
}

export function useIntegrations(query: ListQuery) {
  return useQuery({ queryKey: agencyKeys.integrations(query), queryFn: () => apiList<IntegrationRow>('/api/integration/get/all', query), placeholderData: keepPreviousData });
}

export function useIntegration(id: number) {
  return useQuery({ queryKey: agencyKeys.integration(id), queryFn: async () => (await apiGet<IntegrationInfo>(`/api/integration/get/${id}`)).info, enabled: id > 0 });
}
