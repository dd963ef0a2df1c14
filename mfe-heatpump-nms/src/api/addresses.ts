// Address suggestions (docs/nms-calls.md): the maps service when one is configured, else the fleet's
// own addresses and postcodes.
import { apiGet } from '@fleet/shared-api';
import { useQuery } from '@fleet/shared-api/query';

export interface AddressSuggestion {
  label: string;
  /** Where it came from (the maps service, or the fleet's own addresses). */
  source: string;
}

/** Suggestions for what was typed; nothing is asked below two characters. */
export function useAddressSuggestions(typed: string) {
  return useQuery({
    queryKey: ['addresses', typed],
    enabled: typed.length >= 2,
    queryFn: async () => (await apiGet<AddressSuggestion[]>('/api/nms/addresses/suggest', { q: typed })).info ?? [],
    staleTime: 60_000,
  });
}
