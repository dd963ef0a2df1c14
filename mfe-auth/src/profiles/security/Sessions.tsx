import { errorMessage, useFleetMutation } from '@fleet/shared-api';
import { useQuery } from '@fleet/shared-api/query';
import { Badge, Box, Button, chakra, Heading, HStack, Spinner, Stack, Text } from '@fleet/shared-ui';
import { ConfirmDialog } from '@fleet/shared-ui/overlays';
import { useState } from 'react';
import { endSessions, readSessions, type SessionRow } from '../../api/profiles';
import { useSecondFactorTranslation } from '../../i18n/second-factor';
import { useReadAgainOnRenewal } from '../useReadAgainOnRenewal';

// Issue 24's sessions on every role's profile (docs/second-factor.md): each sign-in still able to renew,
// this one marked; any other can be ended, or all others at once, each after a confirmation.

const SESSIONS_KEY = ['auth', 'profile', 'sessions'] as const;

// A plain table and the language's own date format rather than @fleet/shared-ui/tables and
// @fleet/shared-api/dates: each share key a remote uses is listed in its remoteEntry.js, which /login
// downloads (issue 21's budget had 27 bytes left).
const Th = chakra('th', { base: { textAlign: 'start', fontWeight: 'medium', fontSize: 'sm', color: 'fg.muted', px: '2', py: '1.5' } });
const Td = chakra('td', { base: { px: '2', py: '1.5', borderTopWidth: '1px', verticalAlign: 'middle' } });

type Ending = { row: SessionRow } | 'others';

export function Sessions() {
  const { t, i18n } = useSecondFactorTranslation();
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const sessions = useReadAgainOnRenewal(useQuery({ queryKey: SESSIONS_KEY, queryFn: readSessions }));
  const end = useFleetMutation(endSessions, { invalidate: [SESSIONS_KEY] });
  const [ending, setEnding] = useState<Ending | null>(null);
  const unknown = (value: string | null) => value ?? t('sessions.unknown');
  const nameOf = (row: SessionRow) => ({ browser: unknown(row.browser), system: unknown(row.system) });
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
          <chakra.table width="full" fontSize="sm" aria-labelledby="sessions-title">
            <thead>
              <tr>
                <Th>{t('sessions.browser')}</Th>
                <Th>{t('sessions.system')}</Th>
                <Th>{t('sessions.address')}</Th>
                <Th>{t('sessions.started')}</Th>
                <Th>{t('sessions.lastUsed')}</Th>
                <Th>{t('sessions.actions')}</Th>
              </tr>
            </thead>
            <tbody>
              {sessions.data.map((row) => (
                <tr key={row.id}>
                  <Td>{unknown(row.browser)}</Td>
                  <Td>{unknown(row.system)}</Td>
                  <Td>{unknown(row.address)}</Td>
                  <Td>{when.format(new Date(row.started_at))}</Td>
                  <Td>{when.format(new Date(row.last_used_at))}</Td>
                  <Td>
                    {row.current ? (
                      <Badge colorPalette="teal">{t('sessions.current')}</Badge>
                    ) : (
                      <Button
                        size="xs"
                        variant="outline"
                        colorPalette="red"
                        aria-label={t('sessions.endLabel', nameOf(row))}
                        onClick={() => setEnding({ row })}
                      >
                        {t('sessions.end')}
                      </Button>
                    )}
                  </Td>
                </tr>
              ))}
            </tbody>
          </chakra.table>
          {others === 0 && <Text mt="2" color="fg.muted">{t('sessions.none')}</Text>}
        </Box>
      )}
      <ConfirmDialog
        open={ending !== null}
        title={ending === 'others' ? t('sessions.confirmOthersTitle') : t('sessions.confirmOneTitle')}
        text={ending === 'others' ? t('sessions.confirmOthers') : ending && t('sessions.confirmOne', nameOf(ending.row))}
        confirmLabel={ending === 'others' ? t('sessions.endOthers') : t('sessions.end')}
        onClose={() => setEnding(null)}
        onConfirm={async () => {
          if (ending) await end.mutateAsync(ending === 'others' ? { all_others: true } : { id: ending.row.id });
        }}
      />
    </Stack>
  );
}
