import { AUDIT_ACTIONS, AUDIT_ENTITIES, AUDIT_FILTER_KEYS, type AuditEntryRow } from '@fleet/contract';
import { formatDateTime } from '@fleet/shared-api/dates';
import { useListState } from '@fleet/shared-api/lists';
import { Stack, Text } from '@fleet/shared-ui';
import type { DataColumn, FilterFieldDef } from '@fleet/shared-ui/tables';
import { useState } from 'react';
import { useAuditEntries } from '../api/audit';
import type { AuditLogArea } from '../description';
import { useOrganisationsTranslation } from '../i18n/translation';
import { ListPage } from '../lists/ListPage';
import { AuditEntryDrawer } from './AuditEntryDrawer';
import { AuditLogTabs } from './AuditLogTabs';
import { useAuditWords } from './audit-words';
import { useVerifyChainAction } from './VerifyChain';

/** How many changed fields a row of the list names before "+n more" (the drawer shows them all). */
const SUMMARY_CHANGES = 2;

const digitsOnly = (text: string) => text.replace(/\D/g, '');

/**
 * The Audit Log (issue 23): Admin's whole trail, or an organisation's own slice (the area decides the
 * call). Filters, sort and page in the URL; a row opens its entry in a drawer. Admin also verifies the
 * chain and reaches the security events.
 */
export function AuditLogPage({ area }: { area: AuditLogArea }) {
  const { t } = useOrganisationsTranslation();
  const words = useAuditWords();
  const list = useListState({ filterKeys: AUDIT_FILTER_KEYS });
  const entries = useAuditEntries(area, list.toQuery());
  const [openId, setOpenId] = useState<number | null>(null);
  const admin = area === 'admin';
  const verify = useVerifyChainAction();

  const columns: DataColumn<AuditEntryRow>[] = [
    { key: 'created_at', header: t('auditLog.when'), render: (row) => formatDateTime(row.created_at) },
    {
      key: 'actor',
      header: t('auditLog.who'),
      render: (row) => (
        <Stack gap="0">
          <Text>{words.actor(row.actor)}</Text>
          <Text fontSize="xs" color="fg.muted">
            {[row.actor.role, words.organisation(row.actor)].filter(Boolean).join(' · ')}
          </Text>
        </Stack>
      ),
    },
    { key: 'action', header: t('auditLog.action'), render: (row) => words.action(row.action) },
    {
      key: 'entity',
      header: t('auditLog.object'),
      render: (row) => (
        <Stack gap="0">
          <Text>{words.entity(row.entity)}</Text>
          <Text fontSize="xs" color="fg.muted">
            {[row.label, row.entity_id === null ? null : `#${row.entity_id}`].filter(Boolean).join(' · ')}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'changes',
      header: t('auditLog.changes'),
      sortable: false,
      render: (row) =>
        row.changes.length === 0 ? (
          '-'
        ) : (
          <Stack gap="0" fontSize="sm">
            {row.changes.slice(0, SUMMARY_CHANGES).map((change) => (
              <Text key={change.field} lineClamp={1}>
                {words.summary(change)}
              </Text>
            ))}
            {row.changes.length > SUMMARY_CHANGES && <Text color="fg.muted">{t('auditLog.moreChanges', { count: row.changes.length - SUMMARY_CHANGES })}</Text>}
          </Stack>
        ),
    },
  ];
  const filters: FilterFieldDef[] = [
    { key: 'actor', label: `${t('auditLog.who')} (${t('auditLog.email')})` },
    { key: 'action', label: t('auditLog.action'), kind: 'multi', options: AUDIT_ACTIONS.map((action) => ({ value: action, label: words.action(action) })) },
    { key: 'entity', label: t('auditLog.objectType'), kind: 'multi', options: AUDIT_ENTITIES.map((entity) => ({ value: entity, label: words.entity(entity) })) },
    { key: 'entity_id', label: t('auditLog.objectId'), sanitize: digitsOnly },
    { key: 'label', label: t('auditLog.label') },
    { key: 'request_id', label: t('auditLog.requestId') },
    { key: 'created_at', label: t('auditLog.date'), kind: 'dateRange' },
  ];
  return (
    <ListPage
      title={t('auditLog.title')}
      list={list}
      result={entries}
      columns={columns}
      filters={filters}
      actions={admin && verify.button}
      intro={
        admin && (
          <>
            <AuditLogTabs />
            {verify.answer}
          </>
        )
      }
      actionsOf={(row) => ({ name: `#${row.id}`, onView: () => setOpenId(row.id) })}
    >
      <AuditEntryDrawer id={openId} onClose={() => setOpenId(null)} />
    </ListPage>
  );
}
