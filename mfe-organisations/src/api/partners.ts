// Partner calls (docs/organisation-calls.md, Partners; Admin): the spec's reads and ours to keep them.
import { apiDelete, apiGet, apiList, apiPost, useFleetMutation } from '@fleet/shared-api';
import { type ListQuery } from '@fleet/shared-api/lists';
import { keepPreviousData, useQuery } from '@fleet/shared-api/query';
import type { AgencyRow, DeviceRow } from './agencies';
import type { AgentRow } from './agents';
import type { PartnerRow } from '@fleet/contract';
import { useDeleteRecord, useSaveRecord } from './record-calls';

/** fleet-api's answers (@fleet/contract, generated from its OpenAPI document). */
export type { PartnerRow };

export interface PartnerFormBody {
  name: string;
  email: string;
  phone: string;
  website: string;
}

const partnerKeys = {
  all: ['partners'] as const,
  list: (line: string, query: ListQuery) => ['partners', 'list', line, query] as const,
  one: (id: number, line: string) => ['partners', 'one', id, line] as const,
  of: (what: PartnerPart, id: number, line: string, query: ListQuery) => ['partners', what, id, line, query] as const,
};

export function usePartners(line: string, query: ListQuery) {
  return useQuery({ queryKey: partnerKeys.list(line, query), queryFn: () => apiList<PartnerRow>('/api/partner/all', { ...query, deviceType: line }), placeholderData: keepPreviousData });
}

export function usePartner(id: number, line: string) {
  return useQuery({ queryKey: partnerKeys.one(id, line), queryFn: async () => (await apiGet<PartnerRow>(`/api/partner/get/${id}`, { deviceType: line })).info, enabled: id > 0 });
}

export type PartnerPart = 'agencies' | 'devices' | 'agents';
interface PartRows {
  agencies: AgencyRow;
  devices: DeviceRow;
  agents: AgentRow;
}

/** A page of a partner's agencies, devices or agents (spec 7: partner_id and paging). */
export function usePartnerPart<P extends PartnerPart>(what: P, id: number, line: string, query: ListQuery) {
  return useQuery({
    queryKey: partnerKeys.of(what, id, line, query),
    queryFn: () => apiList<PartRows[P]>(`/api/partner/${what}`, { ...query, partner_id: id, deviceType: line }),
    enabled: id > 0,
    placeholderData: keepPreviousData,
  });
}

export function useSavePartner() {
  return useSaveRecord<PartnerFormBody>('/api/partner/add', (id) => `/api/partner/edit/${id}`, [partnerKeys.all]);
}

export function useDeletePartner() {
  return useDeleteRecord((id) => `/api/partner/delete/${id}`, [['partners', 'list']]);
}

/** A partner starts or stops working with an agency (the agency's own page shows its partners too). */
export function useLinkAgency() {
  return useFleetMutation(
    ({ partnerId, agencyId, link }: { partnerId: number; agencyId: number; link: boolean }) =>
      link ? apiPost<null>('/api/partner/agency', { partner_id: partnerId, agency_id: agencyId }) : apiDelete<null>('/api/partner/agency', { partner_id: partnerId, agency_id: agencyId }),
    { invalidate: [partnerKeys.all, ['agencies']] },
  );
}
