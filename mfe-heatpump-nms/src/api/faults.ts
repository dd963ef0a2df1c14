// Faulty systems calls (docs/heat-pump-calls.md): the Attention list, Resolve Fault, resolve many, history.
import { apiGet, apiList, apiPost, apiPut, useFleetMutation, type ListInfo, type ListQuery } from '@fleet/shared-api';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

export interface RelatedFault {
  fault_code: string;
  fault_description: string | null;
  last_record: string;
  count: number;
}

/** A row of Attention [Heat Pump]: a heat pump's newest fault of the tab's status (spec 3: Fault record). */
export interface FaultRecord {
  id: number;
  device_id: number;
  device_history_id: number | null;
  fault_code: string;
  fault_description: string | null;
  history_datetime: string;
  fault_status: number;
  agent: string | null;
  job_comments: string | null;
  resolved_at: string | null;
  related_history: RelatedFault[];
  heatpump: {
    serial_number: string;
    mac_address: string | null;
    is_online: number;
    device_operation_status: number | null;
    heat_pump_model: { model_name: string | null };
    customer: { email: string | null };
  };
}

export interface FaultEvent {
  id: number;
  device_id: number;
  fault_code: string;
  fault_description: string | null;
  email: string | null;
  fault_status: number;
  history_datetime: string;
  agent: string | null;
  job_comments: string | null;
  resolved_at: string | null;
  resolved_by_name: string | null;
  resolve_seconds: number | null;
}

export interface FaultHistory extends ListInfo<FaultEvent> {
  device: { id: number; serial_number: string; mac_address: string | null; model_name: string | null; email: string | null };
}

export interface ResolveForm {
  agent: string;
  job_comments: string;
}

export interface Resolved {
  faults: number;
  devices: number;
  resolution_id: number;
}

export const faultKeys = {
  all: ['faults'] as const,
  list: (query: ListQuery) => ['faults', 'list', query] as const,
  history: (id: number, query: ListQuery) => ['faults', 'history', id, query] as const,
};

export function useFaultList(query: ListQuery) {
  return useQuery({
    queryKey: faultKeys.list(query),
    queryFn: () => apiList<FaultRecord>('/api/heat-pump/faults', query),
    placeholderData: keepPreviousData,
  });
}

/** Resolve Fault of one row: its fault and the heat pump's older open ones. */
export function useResolveFault() {
  return useFleetMutation(
    ({ id, form }: { id: number; form: ResolveForm }) => apiPut<Resolved>(`/api/heat-pump/faults/${id}/resolve`, form),
    { invalidate: [faultKeys.all] },
  );
}

/** Resolve many as one job: the chosen rows, or every UnResolved row matching the list's filter. */
export function useResolveFaults() {
  return useFleetMutation(
    ({ selection, form }: { selection: { fault_ids: number[] } | { all: true; filter: string | undefined }; form: ResolveForm }) =>
      apiPost<Resolved>('/api/heat-pump/faults/resolve', { ...form, ...selection }),
    { invalidate: [faultKeys.all] },
  );
}

export function useFaultHistory(id: number, query: ListQuery) {
  return useQuery({
    queryKey: faultKeys.history(id, query),
    queryFn: async () => (await apiGet<FaultHistory>(`/api/heat-pump/faults/history/${id}`, query)).info as FaultHistory,
    placeholderData: keepPreviousData,
  });
}

/** Every event of a heat pump's history, for the export (pages of the largest size the server gives). */
export async function allFaultEvents(id: number): Promise<FaultEvent[]> {
  const events: FaultEvent[] = [];
  for (let page = 1; ; page += 1) {
    const info = (await apiGet<FaultHistory>(`/api/heat-pump/faults/history/${id}`, { page, limit: 500 })).info as FaultHistory;
    events.push(...info.data);
    if (info.data.length === 0 || page >= (info.last_page ?? 1)) return events;
  }
}
