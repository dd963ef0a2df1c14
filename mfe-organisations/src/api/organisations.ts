// Organisation calls (docs/organisation-calls.md): Admin's aggregators and electricity retailers.
import { apiDelete, apiList, apiPost, apiPut, useFleetMutation } from '@fleet/shared-api';
import { type ListQuery } from '@fleet/shared-api/lists';
import { keepPreviousData, useQuery } from '@fleet/shared-api/query';
import type { AggregatorRow as Aggregator, RetailerRow } from '@fleet/contract';
import { useDeleteRecord, useSaveRecord } from './record-calls';

/** fleet-api's answers (@fleet/contract, generated from its OpenAPI document). */
export type { Aggregator };
/** A retailer as the list shows it: the answer's row with the list's row key. */
export type Retailer = RetailerRow & { id: number };

export const organisationKeys = {
  aggregators: ['organisations', 'aggregators'] as const,
  retailers: ['organisations', 'retailers'] as const,
};

export function useAggregators(query: ListQuery) {
  return useQuery({ queryKey: [...organisationKeys.aggregators, query], queryFn: () => apiList<Aggregator>('/api/aggregators/get/all', query), placeholderData: keepPreviousData });
}

export function useSaveAggregator() {
  return useSaveRecord<{ name: string }>('/api/aggregators/add', (id) => `/api/aggregators/edit/${id}`, [organisationKeys.aggregators]);
}

export function useDeleteAggregator() {
  return useDeleteRecord((id) => `/api/aggregators/delete/${id}`, [organisationKeys.aggregators]);
}

export function useRetailers(query: ListQuery) {
  return useQuery({
    queryKey: [...organisationKeys.retailers, query],
    queryFn: async () => {
      const page = await apiList<RetailerRow>('/api/electricity-retailer/get/all', query);
      return { ...page, data: page.data.map((r): Retailer => ({ ...r, id: r.electricity_retailer_id })) };
    },
    placeholderData: keepPreviousData,
  });
}

export function useSaveRetailer() {
  return useFleetMutation(
    ({ id, retailer_name, is_top_listed }: { id: number | null; retailer_name: string; is_top_listed: boolean }) => {
      // spec 5: is_top_listed is sent as 1 only when true
      const body = { retailer_name, ...(is_top_listed ? { is_top_listed: 1 } : {}) };
      return id === null ? apiPost<{ electricity_retailer_id: number }>('/api/electricity-retailer/add', body) : apiPut<null>('/api/electricity-retailer/edit/update', { electricity_retailer_id: id, ...body });
    },
    { invalidate: [organisationKeys.retailers] },
  );
}

export function useDeleteRetailer() {
  return useFleetMutation((id: number) => apiDelete<null>('/api/electricity-retailer/delete', { electricity_retailer_id: id }), { invalidate: [organisationKeys.retailers] });
}
