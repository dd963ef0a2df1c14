// OTA rules (docs/ota-calls.md, Rules).
import { apiDeleteJson, apiList, apiPost, apiPut, useFleetMutation } from '@fleet/shared-api';
import { type ListQuery } from '@fleet/shared-api/lists';
import { keepPreviousData, useQuery } from '@fleet/shared-api/query';
import type { OtaDeviceType } from './device-type';
import type { OtaRule } from './types';

const ruleKeys = {
  all: ['rules'] as const,
  list: (deviceType: OtaDeviceType, query: ListQuery) => ['rules', 'list', deviceType, query] as const,
};

export function useRules(deviceType: OtaDeviceType, query: ListQuery) {
  return useQuery({
    queryKey: ruleKeys.list(deviceType, query),
    queryFn: () => apiList<OtaRule>('/api/ota/rule/list', { ...query, deviceType }),
    placeholderData: keepPreviousData,
  });
}

export interface RuleInput {
  id?: number;
  name: string;
  from_version: string;
  to_version: string;
  immediate_update: boolean;
  deviceType: OtaDeviceType;
}

export function useSaveRule() {
  return useFleetMutation(
    (rule: RuleInput) => (rule.id ? apiPut<null>('/api/ota/rule/update', rule) : apiPost<{ id: number }>('/api/ota/rule/add', rule)),
    { invalidate: [ruleKeys.all, ['devices']] },
  );
}

export function useDeleteRule() {
  return useFleetMutation(
    ({ id, deviceType }: { id: number; deviceType: OtaDeviceType }) => apiDeleteJson<null>('/api/ota/rule/delete', { id, deviceType }),
    { invalidate: [ruleKeys.all, ['devices']] },
  );
}
