import { PASSKEY_NAME_MAX_LENGTH } from '@fleet/contract';
import { errorMessage, notify, useFleetMutation } from '@fleet/shared-api';
import { useMutation, useQuery, useQueryClient } from '@fleet/shared-api/query';
import { Button, Stack, Text, TextField } from '@fleet/shared-ui';
import { ConfirmDialog, EditDialog } from '@fleet/shared-ui/overlays';
import { useState } from 'react';
import * as yup from 'yup';
import { addPasskey, browserHasPasskeys, PasskeyPromptError, readPasskeys, removePasskey, type PasskeyPromptFailure, type PasskeyRow } from '../../api/passkeys';
import { useAuthForm } from '../../forms/form-helpers';
import { text } from '../../forms/rules';
import { useSecondFactorTranslation } from '../../i18n/second-factor';
import { useReadAgainOnRenewal } from '../useReadAgainOnRenewal';
import { dateTimeFormat, PlainTable, Td } from './plain-table';
import { SectionRead, SecuritySection } from './section';
import { MFA_KEY } from './TwoStepSignIn';

// Issue 24's passkeys on every role's profile (docs/second-factor.md, "Screens"): the list, one added
// under a name through the browser's own prompt, one removed after a confirmation.

const PASSKEYS_KEY = ['auth', 'profile', 'passkeys'] as const;

const nameSchema = yup.object({
  name: text().required('passkeys.nameRequired').max(PASSKEY_NAME_MAX_LENGTH, 'passkeys.nameTooLong'),
});

/** What the dialog says when the browser's prompt gave no passkey (the server was not asked to keep one). */
const PROMPT_FAILURE_TEXT: Record<PasskeyPromptFailure, string> = {
  cancelled: 'passkeys.notAdded',
  'already-added': 'passkeys.alreadyOnDevice',
  failed: 'passkeys.browserFailed',
};

// iOS before macOS and Android before Linux: their user agents name the other too.
const SYSTEMS: ReadonlyArray<readonly [RegExp, string]> = [
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/CrOS/, 'ChromeOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];

/** The system this browser runs on, for the name offered to a new passkey, when its user agent says. */
function thisSystem(): string | undefined {
  return SYSTEMS.find(([pattern]) => pattern.test(navigator.userAgent))?.[1];
}

export function Passkeys() {
  const { t, i18n } = useSecondFactorTranslation();
  const when = dateTimeFormat(i18n.language);
  const passkeys = useReadAgainOnRenewal(useQuery({ queryKey: PASSKEYS_KEY, queryFn: readPasskeys }));
  const remove = useFleetMutation(removePasskey, { invalidate: [PASSKEYS_KEY, MFA_KEY] });
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<PasskeyRow | null>(null);
  const supported = browserHasPasskeys();

  return (
    <SecuritySection
      id="passkeys-title"
      title={t('passkeys.title')}
      intro={t('passkeys.intro')}
      action={
        supported && (
          <Button variant="outline" colorPalette="teal" size="sm" onClick={() => setAdding(true)}>
            {t('passkeys.add')}
          </Button>
        )
      }
    >
      {!supported && <Text>{t('passkeys.unsupported')}</Text>}
      <SectionRead read={passkeys}>
        {(rows) =>
          rows.length === 0 ? (
            <Text color="fg.muted">{t('passkeys.none')}</Text>
          ) : (
            <PlainTable labelledBy="passkeys-title" columns={[t('passkeys.name'), t('passkeys.added'), t('passkeys.lastUsed'), t('passkeys.actions')]}>
              {rows.map((row) => (
                <tr key={row.id}>
                  <Td>{row.name}</Td>
                  <Td>{when.format(new Date(row.created_at))}</Td>
                  <Td>{row.last_used_at ? when.format(new Date(row.last_used_at)) : t('passkeys.never')}</Td>
                  <Td>
                    <Button size="xs" variant="outline" colorPalette="red" aria-label={t('passkeys.removeLabel', { name: row.name })} onClick={() => setRemoving(row)}>
                      {t('passkeys.remove')}
                    </Button>
                  </Td>
                </tr>
              ))}
            </PlainTable>
          )
        }
      </SectionRead>
      {/* mounted per opening, so each one starts with the suggested name and no refusal */}
      {adding && <AddPasskeyDialog onClose={() => setAdding(false)} />}
      <ConfirmDialog
        open={removing !== null}
        title={t('passkeys.confirmRemoveTitle')}
        text={removing && t('passkeys.confirmRemove', { name: removing.name })}
        confirmLabel={t('passkeys.remove')}
        onClose={() => setRemoving(null)}
        onConfirm={async () => {
          if (removing) await remove.mutateAsync({ id: removing.id });
        }}
      />
    </SecuritySection>
  );
}

/** A name, then the browser's prompt; a prompt that gave nothing is said in the dialog, not as a failure toast. */
function AddPasskeyDialog({ onClose }: { onClose: () => void }) {
  const { t } = useSecondFactorTranslation();
  const client = useQueryClient();
  const add = useMutation({
    mutationFn: addPasskey,
    onSuccess: async (answer) => {
      if (answer.message) notify.success(answer);
      onClose();
      await Promise.all([PASSKEYS_KEY, MFA_KEY].map((queryKey) => client.invalidateQueries({ queryKey })));
    },
    // the server's refusal is toasted as every refusal is; the browser's is the person's own doing
    onError: (err) => {
      if (!(err instanceof PasskeyPromptError)) notify.failure(err);
    },
  });
  const system = thisSystem();
  const { field, submit } = useAuthForm(nameSchema, { name: system ? t('passkeys.defaultName', { system }) : t('passkeys.defaultNameAny') });
  const refusal = add.error instanceof PasskeyPromptError ? t(PROMPT_FAILURE_TEXT[add.error.failure]) : add.isError ? errorMessage(add.error) : null;
  return (
    <EditDialog
      open
      title={t('passkeys.addTitle')}
      onClose={onClose}
      busy={add.isPending}
      submitLabel={t('passkeys.create')}
      error={refusal}
      onSubmit={submit(({ name }) => add.mutate({ name }))}
    >
      <Stack gap="4">
        <Text>{t('passkeys.addIntro')}</Text>
        <TextField label={t('passkeys.name')} required maxLength={PASSKEY_NAME_MAX_LENGTH} {...field('name')} />
      </Stack>
    </EditDialog>
  );
}
