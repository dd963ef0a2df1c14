import { AUDIT_ACTIONS, AUDIT_ENTITIES, AUDIT_EXPORT_FILE_NAME, AUDIT_FILTER_KEYS, type AuditEntryRow } from '@fleet/contract';
import { formatDateTime } from '@fleet/shared-api/dates';
import { exportListQuery, listQuery, useListState } from '@fleet/shared-api/lists';
import { Stack, Text } from '@fleet/shared-ui';
import { ExportJobButton, RowActions, type DataColumn, type FilterFieldDef } from '@fleet/shared-ui/tables';
import { useState } from 'react';
import { AUDIT_DATE_KEYS, useAuditEntries, useStartAuditExport } from '../api/audit';
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

/** A cell of a word and, under it, its details (who: role and organisation; object: name and id). */
function TwoLines({ main, details }: { main: string; details: Array<string | null> }) {
  return (
    <Stack gap="0">
      <Text>{main}</Text>
      <Text fontSize="xs" color="fg.muted">
        {details.filter(Boolean).join(' · ')}
      </Text>
    </Stack>
  );
}

/**
 * The Audit Log (issue 23): Admin's whole trail, or an organisation's own slice (the area decides the
 * call). Filters, sort and page in the URL, the date range in the page's local days; a row opens its
 * entry in a drawer; the CSV export is the whole filtered list, as a server job. Admin also verifies the
 * chain and reaches the security events.
 */
export function AuditLogPage({ area }: { area: AuditLogArea }) {
  const { t } = useOrganisationsTranslation();
  const words = useAuditWords();
  const list = useListState({ filterKeys: AUDIT_FILTER_KEYS });
  // the date range is a from and a to (value and end_value), not two values of one filter
  const query = listQuery(list.state, { rangeKeys: AUDIT_DATE_KEYS });
  const entries = useAuditEntries(area, query);
  const exportJob = useStartAuditExport(area);
  const [openId, setOpenId] = useState<number | null>(null);
  const admin = area === 'admin';
  const verify = useVerifyChainAction();

  const columns: DataColumn<AuditEntryRow>[] = [
    { key: 'created_at', header: t('auditLog.when'), render: (row) => formatDateTime(row.created_at) },
    {
      key: 'actor',
      header: t('auditLog.who'),
      render: (row) => <TwoLines main={words.actor(row.actor)} details={[row.actor.role, words.organisation(row.actor)]} />,
    },
    // keyed `action` as fleet-api sorts it: not the row actions (a list's View column is keyed so by default)
    { key: 'action', header: t('auditLog.action'), actions: false, render: (row) => words.action(row.action) },
    {
      key: 'entity',
      header: t('auditLog.object'),
      render: (row) => <TwoLines main={words.entity(row.entity)} details={[row.label, row.entity_id === null ? null : `#${row.entity_id}`]} />,
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
    { key: 'view', header: t('common.action'), sortable: false, actions: true, render: (row) => <RowActions name={`#${row.id}`} onView={() => setOpenId(row.id)} /> },
  ];
  const filters: FilterFieldDef[] = [
    { key: 'actor', label: `${t('auditLog.who')} (${t('auditLog.email')})` },
    { key: 'actor_id', label: t('auditLog.userId'), sanitize: digitsOnly },
    // one action and one object type from a list (fleet-api takes several too, from a shared address)
    { key: 'action', label: t('auditLog.action'), kind: 'select', options: AUDIT_ACTIONS.map((action) => ({ value: action, label: words.action(action) })) },
    { key: 'entity', label: t('auditLog.objectType'), kind: 'select', options: AUDIT_ENTITIES.map((entity) => ({ value: entity, label: words.entity(entity) })) },
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
      actions={
        <>
          <ExportJobButton fileName={AUDIT_EXPORT_FILE_NAME} start={async () => (await exportJob.mutateAsync(exportListQuery(query))).info} />
          {admin && verify.button}
        </>
      }
      intro={
        admin && (
          <>
            <AuditLogTabs />
            {verify.answer}
          </>
        )
      }
    >
      <AuditEntryDrawer
        id={openId}
        onClose={() => setOpenId(null)}
        onFilter={(values) => {
          setOpenId(null);
          list.applyFilters(values);
        }}
      />
    </ListPage>
  );
}
