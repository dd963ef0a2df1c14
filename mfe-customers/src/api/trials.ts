// A customer's Airlink trials (spec 2.4, docs/customers-calls.md): read them, extend or end one.
import { apiGet, apiPut, useFleetMutation } from '@fleet/shared-api';
import { useQuery } from '@fleet/shared-api/query';

export interface Trial {
  id: number;
  device_id: number | null;
  serial_number: string | null;
  started_on: string;
  ends_on: string;
  status: 'active' | 'purchased' | 'returned';
  ended_on: string | null;
  days_left: number | null;
}

/** The customer's trials; `customerId` 0 (not a valid id in the address) asks nothing. */
export function useTrials(customerId: number) {
  return useQuery({
    queryKey: ['customers', 'trials', customerId],
    queryFn: async () => (await apiGet<Trial[]>('/api/customer/trial', { customer_id: customerId })).info ?? [],
    enabled: customerId > 0,
  });
}

/** Extends a running trial (`ends_on`) or ends it (`status`). */
export const useChangeTrial = () =>
  useFleetMutation((body: { trial_id: number; ends_on?: string; status?: string }) => apiPut<null>('/api/customer/trial/update', body), {
    invalidate: [['customers', 'trials']],
  });
