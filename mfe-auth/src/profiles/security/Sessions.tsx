import { errorMessage, useFleetMutation } from '@fleet/shared-api';
import { formatDateTime } from '@fleet/shared-api/dates';
import { useQuery } from '@fleet/shared-api/query';
import { Badge, Box, Button, Heading, HStack, Spinner, Stack, Text } from '@fleet/shared-ui';
import { ConfirmDialog } from '@fleet/shared-ui/overlays';
import { Table } from '@fleet/shared-ui/tables';
import { useState } from 'react';
import { endSessions, readSessions, type SessionRow } from '../../api/profiles';
import { useSecondFactorTranslation } from '../../i18n/second-factor';
import { useReadAgainOnRenewal } from '../ProfileFrame';

// Issue 24's sessions on every role's profile (docs/second-factor.md): each sign-in still able to renew,
// this one marked; any other can be ended, or all others at once, each after a confirmation.

const SESSIONS_KEY = ['auth', 'profile', 'sessions'] as const;

type Ending = { row: SessionRow } | 'others';

export function Sessions() {
  const { t } = useSecondFactorTranslation();
  const sessions = useReadAgainOnRenewal(useQuery({ queryKey: SESSIONS_KEY, queryFn: readSessions }));
  const end = useFleetMutation(endSessions, { invalidate: [SESSIONS_KEY] });
  const [ending, setEnding] = useState<Ending | null>(null);
  const unknown = (value: string | null) => value ?? t('sessions.unknown');
  const others = sessions.data?.filter((row) => !row.current).length ?? 0;

  return (
    <Stack as="section" aria-labelledby="sessions-title" gap="3">
      <HStack justify="space-between" wrap="wrap">
        <Heading as="h2" size="md" id="sessions-title">
          {t('sessions.title')}
        </Heading>
        <Button variant="outline" colorPalette="red" size="sm" disabled={others === 0} onClick={() => setEnding('others')}>
          {t('sessions.endOthers')}
        </Button>
      </HStack>
      <Text color="fg.muted">{t('sessions.intro')}</Text>
      {sessions.isPending ? (
        <Spinner size="sm" aria-label={t('common.loading')} />
      ) : sessions.isError ? (
        // not an alert: the profile's own load failure is the page's one
        <Text color="fg.error">{errorMessage(sessions.error)}</Text>
      ) : (
        <Box overflowX="auto">
          <Table.Root size="sm" aria-labelledby="sessions-title">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('sessions.browser')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('sessions.system')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('sessions.address')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('sessions.started')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('sessions.lastUsed')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('sessions.actions')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {sessions.data.map((row) => (
                <Table.Row key={row.id}>
                  <Table.Cell>{unknown(row.browser)}</Table.Cell>
                  <Table.Cell>{unknown(row.system)}</Table.Cell>
                  <Table.Cell>{unknown(row.address)}</Table.Cell>
                  <Table.Cell>{formatDateTime(row.started_at)}</Table.Cell>
                  <Table.Cell>{formatDateTime(row.last_used_at)}</Table.Cell>
                  <Table.Cell>
                    {row.current ? (
                      <Badge colorPalette="teal">{t('sessions.current')}</Badge>
                    ) : (
                      <Button
                        size="xs"
                        variant="outline"
                        colorPalette="red"
                        aria-label={t('sessions.endLabel', { browser: unknown(row.browser), system: unknown(row.system) })}
                        onClick={() => setEnding({ row })}
                      >
                        {t('sessions.end')}
                      </Button>
                    )}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
          {others === 0 && <Text mt="2" color="fg.muted">{t('sessions.none')}</Text>}
        </Box>
      )}
      <ConfirmDialog
        open={ending !== null}
        title={ending === 'others' ? t('sessions.confirmOthersTitle') : t('sessions.confirmOneTitle')}
        text={ending === 'others' ? t('sessions.confirmOthers') : t('sessions.confirmOne')}
        confirmLabel={ending === 'others' ? t('sessions.endOthers') : t('sessions.end')}
        onClose={() => setEnding(null)}
        onConfirm={async () => {
          if (ending) await end.mutateAsync(ending === 'others' ? { all_others: true } : { id: ending.row.id });
        }}
      />
    </Stack>
  );
}
