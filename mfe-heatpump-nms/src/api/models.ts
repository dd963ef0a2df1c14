// Heat-pump model calls (spec 7: /api/heat-pump/model/list, /info/{id}, /save, /update, /delete/{id}; Admin).
import { apiDelete, apiList, apiPost, apiPut, useFleetMutation } from '@fleet/shared-api';
import { type ListQuery } from '@fleet/shared-api/lists';
import { keepPreviousData, useQuery } from '@fleet/shared-api/query';
import type { HeatPumpModelRow as HeatPumpModel } from '@fleet/contract';

/** fleet-api's answers (@fleet/contract, generated from its OpenAPI document). */
export type { HeatPumpModel };

export interface ModelInput {
  model_name: string;
  capacity_litres?: number;
  description?: string;
}

const modelKeys = { all: ['models'] as const, list: (query: ListQuery) => ['models', 'list', query] as const };

export function useModels(query: ListQuery) {
  return useQuery({ queryKey: modelKeys.list(query), queryFn: () => apiList<HeatPumpModel>('/api/heat-pump/model/list', query), placeholderData: keepPreviousData });
}

/** Save: a new model (no id) or an update. */
export function useSaveModel() {
  return useFleetMutation(
    ({ id, ...input }: ModelInput & { id?: number }) => (id ? apiPut<null>('/api/heat-pump/model/update', { id, ...input }) : apiPost<null>('/api/heat-pump/model/save', input)),
    { invalidate: [modelKeys.all] },
  );
}

export function useDeleteModel() {
  return useFleetMutation((id: number) => apiDelete<null>(`/api/heat-pump/model/delete/${id}`), { invalidate: [modelKeys.all] });
}
