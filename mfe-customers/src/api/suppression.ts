// The weekly-report suppression list (docs/customers-calls.md): who is not sent the report, and why.
import { apiDelete, apiList, apiPost, useFleetMutation } from '@fleet/shared-api';
import { type ListQuery } from '@fleet/shared-api/lists';
import { keepPreviousData, useQuery } from '@fleet/shared-api/query';

const CALL = '/api/customer/suspension-list';
const suppressionKey = ['customers', 'suppression'] as const;

export interface Suppressed {
  id: number;
  email: string;
  reason: string | null;
  customer_id: number | null;
  customer_name: string | null;
  created_at: string;
}

export function useSuppressionList(query: ListQuery) {
  return useQuery({ queryKey: [...suppressionKey, query], queryFn: () => apiList<Suppressed>(CALL, query), placeholderData: keepPreviousData });
}

export const useRemoveSuppression = () => useFleetMutation((id: number) => apiDelete<null>(CALL, { id }), { invalidate: [[...suppressionKey]] });

export const useAddSuppression = () =>
  useFleetMutation((values: { email: string; reason: string }) => apiPost<{ id: number }>(CALL, values), { invalidate: [[...suppressionKey]] });
