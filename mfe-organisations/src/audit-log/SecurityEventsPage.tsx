import { SECURITY_EVENT_FILTER_KEYS, SECURITY_EVENT_KINDS, type SecurityEventRow } from '@fleet/contract';
import { formatDateTime } from '@fleet/shared-api/dates';
import { listQuery, useListState } from '@fleet/shared-api/lists';
import { Button } from '@fleet/shared-ui';
import { ConfirmDialog } from '@fleet/shared-ui/overlays';
import type { DataColumn, FilterFieldDef } from '@fleet/shared-ui/tables';
import { useState } from 'react';
import { AUDIT_DATE_KEYS, useEndSessionsOf, useSecurityEvents } from '../api/audit';
import { useOrganisationsTranslation } from '../i18n/translation';
import { ListPage } from '../lists/ListPage';
import { AuditLogTabs } from './AuditLogTabs';
import { useAuditWords } from './audit-words';

/**
 * Admin's security events (issue 23): refused sign-ins, codes and tokens, kept out of the trail. An event
 * of a known account can end every session of it (issue 24: an Admin who sees someone else using an
 * account signs it out everywhere; a new sign-in then needs the password and the second step again).
 */
export function SecurityEventsPage() {
  const { t } = useOrganisationsTranslation();
  const words = useAuditWords();
  const list = useListState({ filterKeys: SECURITY_EVENT_FILTER_KEYS });
  const events = useSecurityEvents(listQuery(list.state, { rangeKeys: AUDIT_DATE_KEYS }));
  const dash = (text: string | null) => text ?? '-';
  const [ending, setEnding] = useState<SecurityEventRow | null>(null);
  const endSessions = useEndSessionsOf();

  const columns: DataColumn<SecurityEventRow>[] = [
    { key: 'created_at', header: t('auditLog.when'), render: (row) => formatDateTime(row.created_at) },
    { key: 'kind', header: t('auditLog.kind'), render: (row) => words.securityKind(row.kind) },
    { key: 'email', header: t('auditLog.email'), render: (row) => dash(row.email) },
    { key: 'ip', header: t('auditLog.ip'), sortable: false, render: (row) => dash(row.ip) },
    { key: 'status', header: t('auditLog.status'), sortable: false },
    { key: 'route', header: t('auditLog.route'), sortable: false, render: (row) => dash(row.route) },
    { key: 'user_agent', header: t('auditLog.userAgent'), sortable: false, hiddenByDefault: true, render: (row) => dash(row.user_agent) },
    { key: 'request_id', header: t('auditLog.requestId'), sortable: false, hiddenByDefault: true, render: (row) => dash(row.request_id) },
    {
      key: 'action',
      header: t('auditLog.account'),
      sortable: false,
      render: (row) =>
        row.user_id === null ? null : (
          <Button size="xs" variant="outline" colorPalette="red" aria-label={t('auditLog.endSessionsOf', { email: row.email ?? row.user_id })} onClick={() => setEnding(row)}>
            {t('auditLog.endSessions')}
          </Button>
        ),
    },
  ];
  const filters: FilterFieldDef[] = [
    { key: 'kind', label: t('auditLog.kind'), kind: 'multi', options: SECURITY_EVENT_KINDS.map((kind) => ({ value: kind, label: words.securityKind(kind) })) },
    { key: 'email', label: t('auditLog.email') },
    { key: 'ip', label: t('auditLog.ip') },
    { key: 'created_at', label: t('auditLog.date'), kind: 'dateRange' },
  ];
  return (
    <>
      <ListPage title={t('auditLog.securityEvents')} list={list} result={events} columns={columns} filters={filters} intro={<AuditLogTabs />} />
      <ConfirmDialog
        open={ending !== null}
        title={t('auditLog.endSessions')}
        text={t('auditLog.endSessionsAsk', { email: ending?.email ?? ending?.user_id ?? '' })}
        onConfirm={async () => {
          if (ending?.user_id != null) await endSessions.mutateAsync({ user_id: ending.user_id });
        }}
        onClose={() => setEnding(null)}
      />
    </>
  );
}
