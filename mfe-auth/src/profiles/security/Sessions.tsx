import { useFleetMutation } from '@fleet/shared-api';
import { useQuery } from '@fleet/shared-api/query';
import { Badge, Box, Button, Text } from '@fleet/shared-ui';
import { ConfirmDialog } from '@fleet/shared-ui/overlays';
import { useState } from 'react';
import { endSessions, readSessions, type SessionRow } from '../../api/profiles';
import { useSecondFactorTranslation } from '../../i18n/second-factor';
import { useReadAgainOnRenewal } from '../useReadAgainOnRenewal';
import { dateTimeFormat, PlainTable, Td } from './plain-table';
import { SectionRead, SecuritySection } from './section';

// Issue 24's sessions on every role's profile (docs/second-factor.md): each sign-in still able to renew,
// this one marked; any other can be ended, or all others at once, each after a confirmation.

const SESSIONS_KEY = ['auth', 'profile', 'sessions'] as const;

type Ending = { row: SessionRow } | 'others';

export function Sessions() {
  const { t, i18n } = useSecondFactorTranslation();
  const when = dateTimeFormat(i18n.language);
  const sessions = useReadAgainOnRenewal(useQuery({ queryKey: SESSIONS_KEY, queryFn: readSessions }));
  const end = useFleetMutation(endSessions, { invalidate: [SESSIONS_KEY] });
  const [ending, setEnding] = useState<Ending | null>(null);
  const unknown = (value: string | null) => value ?? t('sessions.unknown');
  const nameOf = (row: SessionRow) => ({ browser: unknown(row.browser), system: unknown(row.system) });
  const others = sessions.data?.filter((row) => !row.current).length ?? 0;

  return (
    <SecuritySection
      id="sessions-title"
      title={t('sessions.title')}
      intro={t('sessions.intro')}
      action={
        <Button variant="outline" colorPalette="red" size="sm" disabled={others === 0} onClick={() => setEnding('others')}>
          {t('sessions.endOthers')}
        </Button>
      }
    >
      <SectionRead read={sessions}>
        {(rows) => (
          <Box>
            <PlainTable
              labelledBy="sessions-title"
              columns={[t('sessions.browser'), t('sessions.system'), t('sessions.address'), t('sessions.started'), t('sessions.lastUsed'), t('sessions.actions')]}
            >
              {rows.map((row) => (
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
            </PlainTable>
            {others === 0 && <Text mt="2" color="fg.muted">{t('sessions.none')}</Text>}
          </Box>
        )}
      </SectionRead>
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
    </SecuritySection>
  );
}
