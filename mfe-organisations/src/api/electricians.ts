// Electrician and field-worker calls (docs/organisation-calls.md, Electricians): Admin's under
// /api/electrician and /api/electrician-agent, the agency's under /api/agency/..., the electrician's
// own field workers under /api/electrician/agent(s). The server's slice decides what is found.
import { apiDelete, apiGet, apiList, apiPost, apiPut, useFleetMutation } from '@fleet/shared-api';
import { type ListQuery } from '@fleet/shared-api/lists';
import { keepPreviousData, useQuery } from '@fleet/shared-api/query';
import { organisationKeys } from './organisations';
import type { ElectricianRow as Electrician, ElectricianInfo, FieldWorkerRow as FieldWorker, FieldWorkerInfo, InstalledDeviceRow as InstalledDevice, AggregatorOption as Aggregator } from '@fleet/contract';

/** Who reads electricians: Admin (and changes them) or an agency (its slice, read-only). */
export type ElectricianArea = 'admin' | 'agency';
/** Who reads field workers: Admin, an agency, or the electrician (its own, and changes them). */
export type FieldWorkerArea = ElectricianArea | 'electrician';

const ELECTRICIAN_PREFIX: Record<ElectricianArea, string> = { admin: '/api/electrician', agency: '/api/agency/electrician' };
const FIELD_WORKER_READS: Record<FieldWorkerArea, { list: string; one: string }> = {
  admin: { list: '/api/electrician-agent/get/all', one: '/api/electrician-agent/get' },
  agency: { list: '/api/agency/electrician-agent/get/all', one: '/api/agency/electrician-agent/get' },
  electrician: { list: '/api/electrician/agents', one: '/api/electrician/agent/get' },
};

/** fleet-api's answers (@fleet/contract, generated from its OpenAPI document). */
export type { Electrician, ElectricianInfo, FieldWorker, FieldWorkerInfo, InstalledDevice, Aggregator };

/** What Admin's electrician form sends (POST add, PUT edit/{id}). */
export interface ElectricianBody {
  first_name: string;
  last_name: string;
  email: string;
  phone_no: string;
  company_name: string;
  abn_number: string;
  eid: string;
  address: string;
  city: string;
  state: string;
  postcode: string;
  aggregator_id: number | null;
  password?: string;
  /** Edit only: In-Active ends its sign-in. */
  status?: 'Active' | 'In-Active';
  /** Edit only: its sign-in needs the authenticator or a passkey (issue 24). */
  second_factor_required?: boolean;
}

/** What a field worker's form sends: the contact details, and (the electrician's form) a password. */
export interface FieldWorkerBody {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  password?: string;
}

const electricianKeys = {
  all: ['organisations', 'electricians'] as const,
  fieldWorkers: ['organisations', 'field-workers'] as const,
  aggregators: ['organisations', 'aggregator-choices'] as const,
};

export function useElectricians(area: ElectricianArea, query: ListQuery) {
  return useQuery({
    queryKey: [...electricianKeys.all, area, 'list', query],
    queryFn: () => apiList<Electrician>(`${ELECTRICIAN_PREFIX[area]}/get/all`, query),
    placeholderData: keepPreviousData,
  });
}

export function useElectrician(area: ElectricianArea, id: number) {
  return useQuery({
    queryKey: [...electricianKeys.all, area, 'one', id],
    queryFn: async () => (await apiGet<ElectricianInfo>(`${ELECTRICIAN_PREFIX[area]}/get/${id}`)).info,
    enabled: id > 0,
  });
}

/** One electrician's field workers or devices, a page at a time (the view's tables). */
export function useElectricianPage<T>(area: ElectricianArea, of: 'get-agents' | 'get-devices', electricianId: number, query: ListQuery) {
  return useQuery({
    queryKey: [...(of === 'get-agents' ? electricianKeys.fieldWorkers : electricianKeys.all), area, of, electricianId, query],
    queryFn: () => apiList<T>(`${ELECTRICIAN_PREFIX[area]}/${of}`, { ...query, electrician_id: electricianId }),
    placeholderData: keepPreviousData,
  });
}

/** The agency's devices that electricians installed, a page at a time (spec 7: /api/agency/electrician/devices). */
export function useAgencyElectricianDevices(query: ListQuery, enabled: boolean) {
  return useQuery({
    queryKey: [...electricianKeys.all, 'agency', 'devices', query],
    queryFn: () => apiList<InstalledDevice>('/api/agency/electrician/devices', query),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useAggregatorChoices() {
  return useQuery({ queryKey: electricianKeys.aggregators, queryFn: async () => (await apiGet<Aggregator[]>('/api/aggregators/get-list')).info });
}

export function useSaveElectrician() {
  return useFleetMutation(
    ({ id, body }: { id: number | null; body: ElectricianBody }) =>
      id === null ? apiPost<{ id: number }>('/api/electrician/add', body) : apiPut<null>(`/api/electrician/edit/${id}`, body),
    // an aggregator's count of electricians moves too
    { invalidate: [electricianKeys.all, organisationKeys.aggregators] },
  );
}

/**
 * Deleting reads the lists again, not the deleted record's own queries: its page is still on screen
 * until the delete resolves, and reading the record again would only answer 404.
 */
export function useDeleteElectrician() {
  return useFleetMutation((id: number) => apiDelete<null>(`/api/electrician/delete/${id}`), {
    invalidate: [[...electricianKeys.all, 'admin', 'list'], [...electricianKeys.fieldWorkers, 'admin', 'list'], organisationKeys.aggregators],
  });
}

export function useFieldWorkers(area: FieldWorkerArea, query: ListQuery) {
  return useQuery({
    queryKey: [...electricianKeys.fieldWorkers, area, 'list', query],
    queryFn: () => apiList<FieldWorker>(FIELD_WORKER_READS[area].list, query),
    placeholderData: keepPreviousData,
  });
}

export function useFieldWorker(area: FieldWorkerArea, id: number) {
  return useQuery({
    queryKey: [...electricianKeys.fieldWorkers, area, 'one', id],
    queryFn: async () => (await apiGet<FieldWorkerInfo>(`${FIELD_WORKER_READS[area].one}/${id}`)).info,
    enabled: id > 0,
  });
}

/** Admin: the devices a field worker installed. */
export function useFieldWorkerDevices(id: number, query: ListQuery) {
  return useQuery({
    queryKey: [...electricianKeys.fieldWorkers, 'admin', 'devices', id, query],
    queryFn: () => apiList<InstalledDevice>('/api/electrician-agent/devices', { ...query, elect_agent_id: id }),
    placeholderData: keepPreviousData,
    enabled: id > 0,
  });
}

/**
 * A field worker saved: by the electrician (its own: add, or edit with a password only when set), or
 * by Admin (contact details of any).
 */
export function useSaveFieldWorker(area: 'admin' | 'electrician') {
  return useFleetMutation(
    ({ id, body }: { id: number | null; body: FieldWorkerBody }) => {
      if (area === 'admin') return apiPut<null>(`/api/electrician-agent/edit/${id ?? 0}`, body);
      return id === null ? apiPost<{ id: number }>('/api/electrician/agent/add', body) : apiPut<null>(`/api/electrician/agent/edit/${id}`, body);
    },
    { invalidate: [electricianKeys.fieldWorkers, electricianKeys.all] },
  );
}

/** The electrician removes one of its own (its lists read again; see useDeleteElectrician). */
export function useDeleteFieldWorker() {
  return useFleetMutation((id: number) => apiDelete<null>(`/api/electrician/agent/${id}`), { invalidate: [[...electricianKeys.fieldWorkers, 'electrician', 'list']] });
}
