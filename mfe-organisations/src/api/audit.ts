// The audit trail's calls (issue 23, docs/audit.md): Admin's list at /api/audit/list, each organisation's
// under its prefix of spec 6 (/api/{agency|electrician|mscc|sm}/audit/list), one entry for every role,
// and Admin's chain verification and security events. The server's slice decides what is found.
import type { AuditEntryInfo, AuditEntryRow, AuditVerification, SecurityEventRow } from '@fleet/contract';
import { apiGet, apiList } from '@fleet/shared-api';
import type { ListQuery } from '@fleet/shared-api/lists';
import { keepPreviousData, useMutation, useQuery } from '@fleet/shared-api/query';
import type { AuditLogArea } from '../description';

export type { AuditEntryInfo, AuditEntryRow, AuditVerification, SecurityEventRow };

/** The list call of an area: Admin's has no prefix, the others' prefix is the area (AUDIT_ROLE_PREFIXES). */
export const auditListPath = (area: AuditLogArea): string => (area === 'admin' ? '/api/audit/list' : `/api/${area}/audit/list`);

const auditKeys = {
  all: ['organisations', 'audit'] as const,
  securityEvents: ['organisations', 'audit', 'security-events'] as const,
};

export function useAuditEntries(area: AuditLogArea, query: ListQuery) {
  return useQuery({
    queryKey: [...auditKeys.all, area, 'list', query],
    queryFn: () => apiList<AuditEntryRow>(auditListPath(area), query),
    placeholderData: keepPreviousData,
  });
}

/** One entry with where it came from (null: no entry open). */
export function useAuditEntry(id: number | null) {
  return useQuery({
    queryKey: [...auditKeys.all, 'info', id],
    queryFn: async () => (await apiGet<AuditEntryInfo>('/api/audit/info', { id: id ?? 0 })).info,
    enabled: id !== null,
  });
}

/** Recomputes the chain when asked (a read, so no toast and nothing to invalidate). */
export function useVerifyChain() {
  return useMutation<AuditVerification, unknown, void>({
    mutationFn: async () => (await apiGet<AuditVerification>('/api/audit/verify')).info,
  });
}

export function useSecurityEvents(query: ListQuery) {
  return useQuery({
    queryKey: [...auditKeys.securityEvents, query],
    queryFn: () => apiList<SecurityEventRow>('/api/audit/security-events', query),
    placeholderData: keepPreviousData,
  });
}
