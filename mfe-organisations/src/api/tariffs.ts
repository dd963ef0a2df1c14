// Tariff calls (docs/organisation-calls.md, Tariffs): Admin's distributors' tariffs.
import { apiGet, apiList } from '@fleet/shared-api';
import { type ListQuery } from '@fleet/shared-api/lists';
import { keepPreviousData, useQuery } from '@fleet/shared-api/query';
import type { TariffRow, TariffInfo } from '@fleet/contract';
import { useDeleteRecord, useSaveRecord } from './record-calls';

/** fleet-api's answers (@fleet/contract, generated from its OpenAPI document). */
export type { TariffRow, TariffInfo };

interface TariffSlot {
  startTime: string;
  endTime: string;
  name: string;
  weekDestributionId?: number;
}
export interface TariffDay {
  peak: TariffSlot[];
  offPeak: TariffSlot[];
  shoulder: TariffSlot[];
  other: TariffSlot[];
}
interface TariffSeason {
  season_id?: number;
  from: string;
  to: string;
  same_as_weekdays: number;
  weekdays: TariffDay;
  weekends?: TariffDay;
}

/** What create and edit send. */
export interface TariffBody {
  company: string;
  postCode: string;
  typeTarrif: Array<{ type: string; flatRate: boolean; structureId?: number; season: TariffSeason[] }>;
}

const tariffKeys = {
  all: ['organisations', 'tariffs'] as const,
  one: (id: number) => ['organisations', 'tariffs', 'one', id] as const,
};

export function useTariffs(query: ListQuery) {
  return useQuery({ queryKey: [...tariffKeys.all, 'list', query], queryFn: () => apiList<TariffRow>('/api/tarrif/getCompanies', query), placeholderData: keepPreviousData });
}

export function useTariff(id: number | null) {
  return useQuery({
    queryKey: tariffKeys.one(id ?? 0),
    queryFn: async () => {
      const info = (await apiGet<TariffInfo>(`/api/tarrif/get/${id ?? 0}`)).info;
      if (!info) throw new Error('The tariff was not answered');
      return info;
    },
    enabled: id !== null,
    // a form being edited is not replaced under the user's hands
    refetchOnWindowFocus: false,
  });
}

export function useSaveTariff() {
  return useSaveRecord<TariffBody>('/api/tarrif/create', (id) => `/api/tarrif/edit/${id}`, [tariffKeys.all]);
}

export function useDeleteTariff() {
  return useDeleteRecord((id) => `/api/tarrif/delete/${id}`, [tariffKeys.all]);
}
