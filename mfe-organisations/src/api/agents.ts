// Installation agent calls (docs/organisation-calls.md, Installation agents): the agency's own under
// /api/agency/agent..., Admin's under /api/agent/....
import { apiDelete, apiGet, apiList, apiPost, apiPut, useFleetMutation } from '@fleet/shared-api';
import { type ExportJob, type ExportListQuery, type ListQuery } from '@fleet/shared-api/lists';
import { keepPreviousData, useQuery } from '@fleet/shared-api/query';
import type { AgencyStatus, DeviceRow } from './agencies';
import type { AgentRecord, AgentRow, AgentLoginPayload as LoginPayload } from '@fleet/contract';

/** fleet-api's answers (@fleet/contract, generated from its OpenAPI document). */
export type { AgentRecord, AgentRow, LoginPayload };

export interface AgentFormBody {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  status: AgencyStatus;
  /** The agency's form only; sent only when set. */
  password?: string;
}

/** Whose agents a screen shows: the signed-in agency's, or every agency's (Admin). */
export type AgentArea = 'agency' | 'admin';

const agentKeys = {
  all: ['agents'] as const,
  list: (area: AgentArea, line: string, query: ListQuery) => ['agents', 'list', area, line, query] as const,
  record: (id: number) => ['agents', 'record', id] as const,
  payload: (area: AgentArea, id: number, line: string) => ['agents', 'payload', area, id, line] as const,
  devices: (area: AgentArea, id: number, line: string, query: ListQuery) => ['agents', 'devices', area, id, line, query] as const,
};

const LIST_PATH: Record<AgentArea, string> = { agency: '/api/agency/agents', admin: '/api/agent/get/all' };
const DEVICES_PATH: Record<AgentArea, string> = { agency: '/api/agency/agent-devices', admin: '/api/agent/get-devices' };

export function useAgents(area: AgentArea, line: string, query: ListQuery) {
  return useQuery({ queryKey: agentKeys.list(area, line, query), queryFn: () => apiList<AgentRow>(LIST_PATH[area], { ...query, deviceType: line }), placeholderData: keepPreviousData });
}

/** The agency's agent for its edit form. */
export function useAgentRecord(id: number) {
  return useQuery({ queryKey: agentKeys.record(id), queryFn: async () => (await apiGet<AgentRecord>(`/api/agency/agent/get/${id}`)).info, enabled: id > 0 });
}

/** An agent as its installer app sees it, with its devices of the product. */
export function useAgentPayload(area: AgentArea, id: number, line: string) {
  return useQuery({
    queryKey: agentKeys.payload(area, id, line),
    queryFn: async () =>
      (area === 'admin' ? await apiGet<LoginPayload>('/api/agent/login-payload', { agent_id: id, deviceType: line }) : await apiGet<LoginPayload>(`/api/agency/agent/${id}`, { deviceType: line })).info,
    enabled: id > 0,
  });
}

export function useAgentDevices(area: AgentArea, id: number, line: string, query: ListQuery) {
  return useQuery({
    queryKey: agentKeys.devices(area, id, line, query),
    queryFn: () => apiList<DeviceRow>(DEVICES_PATH[area], { ...query, agent_id: id, deviceType: line }),
    enabled: id > 0,
    placeholderData: keepPreviousData,
  });
}

/** The agency adds (id null) or edits one of its agents; Admin edits any (no password: spec 7). */
export function useSaveAgent(area: AgentArea) {
  return useFleetMutation(
    ({ id, body }: { id: number | null; body: AgentFormBody }) => {
      const { password, ...fields } = body;
      const sent = password ? { ...fields, password } : fields;
      if (area === 'admin') return apiPut<{ id: number } | null>(`/api/agent/edit/${id ?? 0}`, fields);
      return id === null ? apiPost<{ id: number } | null>('/api/agency/agent/add', sent) : apiPut<{ id: number } | null>(`/api/agency/agent/edit/${id}`, sent);
    },
    { invalidate: [agentKeys.all] },
  );
}

export function useDeleteAgent() {
  // the lists only: the deleted agent's own page is left, not read again into a 404
  return useFleetMutation((id: number) => apiDelete<null>(`/api/agency/agent/${id}`), { invalidate: [['agents', 'list']] });
}

/** Starts the CSV export of the whole filtered agent list in its order (Admin; a server job). */
export function useStartAgentExport() {
  return useFleetMutation(
    ({ line, list }: { line: string; list: ExportListQuery }) => apiPost<ExportJob>('/api/export/agents', { deviceType: line, ...list }),
    { invalidate: [], toastSuccess: false },
  );
}
