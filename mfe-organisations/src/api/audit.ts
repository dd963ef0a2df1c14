// The audit trail's calls (issue 23, docs/audit.md): Admin's list at /api/audit/list, each organisation's
// under its prefix of spec 6 (/api/{agency|electrician|mscc|sm}/audit/list) and its CSV export beside it,
// one entry for every role, and Admin's chain verification and security events. The server's slice
// decides what is found.
import { TIME_ZONE_FILTER_KEY, type AuditEntryInfo, type AuditEntryRow, type AuditVerification, type SecurityEventRow, type SessionsEnded } from '@fleet/contract';
import { apiDeleteJson, apiGet, apiList, apiPost, useFleetMutation } from '@fleet/shared-api';
import { decodeFilter, encodeFilter, type ExportJob, type ExportListQuery, type ListQuery } from '@fleet/shared-api/lists';
import { keepPreviousData, useMutation, useQuery } from '@fleet/shared-api/query';
import type { AuditLogArea } from '../description';

export type { AuditEntryInfo, AuditEntryRow, AuditVerification, SecurityEventRow };

/** The date-range filter of the audit lists (whole days, DD-MM-YYYY from and to). */
export const AUDIT_DATE_KEYS = ['created_at'] as const;

/** The call of an area: Admin's has no prefix, the others' prefix is the area (AUDIT_ROLE_PREFIXES). */
const auditPath = (area: AuditLogArea, call: 'list' | 'export'): string => (area === 'admin' ? `/api/audit/${call}` : `/api/${area}/audit/${call}`);
export const auditListPath = (area: AuditLogArea): string => auditPath(area, 'list');

/**
 * The query with the browser's time zone when it filters by date, so that its days are the days this
 * page shows (formatDateTime reads the same zone); read per call, not kept in the address.
 */
export function inLocalDays<Q extends { filter?: string }>(query: Q): Q {
  const items = decodeFilter(query.filter);
  if (!items.some((item) => (AUDIT_DATE_KEYS as readonly string[]).includes(item.key))) return query;
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const filter = encodeFilter([...items.filter((item) => item.key !== TIME_ZONE_FILTER_KEY), { key: TIME_ZONE_FILTER_KEY, value: zone, type: 'single' }]);
  return { ...query, ...(filter === undefined ? {} : { filter }) };
}

const auditKeys = {
  all: ['organisations', 'audit'] as const,
  securityEvents: ['organisations', 'audit', 'security-events'] as const,
};

export function useAuditEntries(area: AuditLogArea, query: ListQuery) {
  return useQuery({
    queryKey: [...auditKeys.all, area, 'list', query],
    queryFn: () => apiList<AuditEntryRow>(auditListPath(area), inLocalDays(query)),
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
    queryFn: () => apiList<SecurityEventRow>('/api/audit/security-events', inLocalDays(query)),
    placeholderData: keepPreviousData,
  });
}

/** Starts the area's CSV export of its list (filter and sort as on the screen, in local days): a job. */
export function useStartAuditExport(area: AuditLogArea) {
  return useFleetMutation((list: ExportListQuery) => apiPost<ExportJob>(auditPath(area, 'export'), inLocalDays(list)), { invalidate: [], toastSuccess: false });
}

/**
 * Admin ends every session of an account (issue 24, `DELETE /api/user/sessions`): its tokens answer 401
 * at once and its sockets close; the server's "n sessions ended" is the toast. The events list reads
 * again, since the account's next refused token is an event of its own.
 */
export function useEndSessionsOf() {
  return useFleetMutation((body: { user_id: number }) => apiDeleteJson<SessionsEnded>('/api/user/sessions', body), { invalidate: [auditKeys.securityEvents] });
}
