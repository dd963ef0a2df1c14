import { errorMessage } from '@fleet/shared-api';
import { formatDateTime } from '@fleet/shared-api/dates';
import type { FilterValues } from '@fleet/shared-api/lists';
import { Box, Button, CloseButton, FactList, Heading, HStack, Portal, Spinner, Stack, Text } from '@fleet/shared-ui';
import { Drawer } from '@fleet/shared-ui/overlays';
import { Table } from '@fleet/shared-ui/tables';
import { useAuditEntry, type AuditEntryInfo } from '../api/audit';
import { useOrganisationsTranslation } from '../i18n/translation';
import { useAuditWords } from './audit-words';

export interface AuditEntryDrawerProps {
  /** The entry to show; null: the drawer is closed. */
  id: number | null;
  onClose: () => void;
  /** Shows the list with these filters instead (the entry's user, or its object). */
  onFilter: (filters: FilterValues) => void;
}

/** One entry of the Audit Log from the side: who, from where, and each field's before and after (issue 23). */
export function AuditEntryDrawer({ id, onClose, onFilter }: AuditEntryDrawerProps) {
  const { t } = useOrganisationsTranslation();
  const entry = useAuditEntry(id);
  const title = t('auditLog.entryTitle', { id: id ?? '' });
  return (
    <Drawer.Root open={id !== null} onOpenChange={(details) => !details.open && onClose()} placement="end" size="md" lazyMount unmountOnExit>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content>
            <Drawer.Header>
              <Drawer.Title>{title}</Drawer.Title>
            </Drawer.Header>
            {/* a long entry scrolls: the body is a named region in the tab order so arrow keys reach it (axe scrollable-region-focusable) */}
            <Drawer.Body tabIndex={0} role="region" aria-label={title}>
              {entry.data ? (
                <EntryFacts entry={entry.data} onFilter={onFilter} />
              ) : entry.isError ? (
                <Text role="alert" color="fg.error">
                  {t('auditLog.loadFailed')}: {errorMessage(entry.error)}
                </Text>
              ) : (
                <Spinner size="sm" />
              )}
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}

function EntryFacts({ entry, onFilter }: { entry: AuditEntryInfo; onFilter: AuditEntryDrawerProps['onFilter'] }) {
  const { t } = useOrganisationsTranslation();
  const words = useAuditWords();
  const dash = (text: string | number | null) => (text === null || text === '' ? '-' : text);
  return (
    <Stack gap="5">
      <FactList
        facts={[
          [t('auditLog.when'), formatDateTime(entry.created_at)],
          [t('auditLog.who'), words.actor(entry.actor)],
          [t('auditLog.role'), dash(entry.actor.role)],
          [t('auditLog.organisation'), dash(words.organisation(entry.actor))],
          [t('auditLog.action'), words.action(entry.action)],
          [t('auditLog.objectType'), words.entity(entry.entity)],
          [t('auditLog.label'), dash(entry.label)],
          [t('auditLog.objectId'), dash(entry.entity_id)],
          [t('auditLog.route'), dash(entry.route)],
          [t('auditLog.requestId'), dash(entry.request_id)],
          [t('auditLog.ip'), dash(entry.ip)],
          [t('auditLog.userAgent'), dash(entry.user_agent)],
          [t('auditLog.sequence'), entry.seq],
        ]}
      />
      <HStack gap="2" wrap="wrap">
        {entry.actor.id !== null && (
          <Button size="xs" variant="outline" onClick={() => onFilter({ actor_id: String(entry.actor.id) })}>
            {t('auditLog.byUser')}
          </Button>
        )}
        {entry.entity_id !== null && (
          <Button size="xs" variant="outline" onClick={() => onFilter({ entity: entry.entity, entity_id: String(entry.entity_id) })}>
            {t('auditLog.aboutObject')}
          </Button>
        )}
      </HStack>
      <Box>
        <Heading as="h3" size="sm" mb="2">
          {t('auditLog.changes')}
        </Heading>
        {entry.changes.length === 0 ? (
          <Text fontSize="sm">{t('auditLog.noChanges')}</Text>
        ) : (
          <Table.Root size="sm" aria-label={t('auditLog.changes')}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('auditLog.field')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('auditLog.before')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('auditLog.after')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {entry.changes.map((change) => (
                <Table.Row key={change.field}>
                  <Table.Cell>{change.field}</Table.Cell>
                  <Table.Cell wordBreak="break-word">{words.before(change)}</Table.Cell>
                  <Table.Cell wordBreak="break-word">{words.after(change)}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        )}
      </Box>
      {entry.bulk && (
        <Box>
          <Heading as="h3" size="sm" mb="2">
            {t('auditLog.bulk')}
          </Heading>
          <FactList
            facts={[
              [t('auditLog.bulkCount'), entry.bulk.count],
              [t('auditLog.bulkFilter'), entry.bulk.filter === undefined ? '-' : words.value(entry.bulk.filter)],
              [t('auditLog.touchedIds'), entry.touched_ids.length > 0 ? entry.touched_ids.join(', ') : '-'],
            ]}
          />
        </Box>
      )}
    </Stack>
  );
}
