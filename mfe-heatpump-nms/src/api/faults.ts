// Faulty systems calls (docs/heat-pump-calls.md): the Attention list, Resolve Fault, resolve many, history.
import { apiGet, apiList, apiPost, apiPut, useFleetMutation } from '@fleet/shared-api';
import { type ListQuery } from '@fleet/shared-api/lists';
import { keepPreviousData, useQuery } from '@fleet/shared-api/query';
import type { RelatedFault, FaultListRow as FaultRecord, FaultEvent, FaultHistory } from '@fleet/contract';

/** fleet-api's answers (@fleet/contract, generated from its OpenAPI document). */
export type { RelatedFault, FaultRecord, FaultEvent, FaultHistory };

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
