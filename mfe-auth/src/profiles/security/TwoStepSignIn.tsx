import { RECOVERY_CODE_PATTERN, SIX_DIGIT_CODE_PATTERN } from '@fleet/contract';
import { errorMessage, saveFile, useFleetMutation } from '@fleet/shared-api';
import { useQuery } from '@fleet/shared-api/query';
import { Box, Button, FormField, Heading, HStack, Image, PasswordInput, SimpleGrid, Spinner, Stack, Text, TextField } from '@fleet/shared-ui';
import { EditDialog, ModalDialog } from '@fleet/shared-ui/overlays';
import { toString } from 'qrcode';
import { useEffect, useState } from 'react';
import * as yup from 'yup';
import { disableTotp, enableTotp, readSecondFactor, startTotpSetup } from '../../api/profiles';
import { useAuthForm } from '../../forms/form-helpers';
import { text } from '../../forms/rules';
import { useSecondFactorTranslation } from '../../i18n/second-factor';
import { useReadAgainOnRenewal } from '../useReadAgainOnRenewal';

// Issue 24 on every role's profile (docs/second-factor.md, "Screens"): the authenticator turned on with
// a QR code and a current code, ten recovery codes shown once, and turned off with the password and a code.

/** What `GET /api/profile/mfa` is cached under; the passkeys section renews it too (its `passkeys` count). */
export const MFA_KEY = ['auth', 'profile', 'mfa'] as const;
const sixDigits = new RegExp(SIX_DIGIT_CODE_PATTERN);
const recoveryCode = new RegExp(RECOVERY_CODE_PATTERN);

const enableSchema = yup.object({
  code: text().required('mfa.codeRequired').matches(sixDigits, { message: 'mfa.codeInvalid', excludeEmptyString: true }),
});

const disableSchema = yup.object({
  password: yup.string().required('mfa.passwordRequired'),
  code: text()
    .required('mfa.codeRequired')
    .test('code-shape', 'mfa.offCodeInvalid', (value) => !value || sixDigits.test(value) || recoveryCode.test(value)),
});

/** The section: whether the authenticator is on, the recovery codes left, and the dialog that changes it. */
export function TwoStepSignIn() {
  const { t } = useSecondFactorTranslation();
  const state = useReadAgainOnRenewal(useQuery({ queryKey: MFA_KEY, queryFn: readSecondFactor }));
  const [dialog, setDialog] = useState<'on' | 'off' | null>(null);
  const close = () => setDialog(null);
  return (
    <Stack as="section" aria-labelledby="two-step-title" gap="3">
      <Heading as="h2" size="md" id="two-step-title">
        {t('mfa.title')}
      </Heading>
      {state.isPending ? (
        <Spinner size="sm" aria-label={t('common.loading')} />
      ) : state.isError ? (
        // not an alert: the profile's own load failure is the page's one
        <Text color="fg.error">{errorMessage(state.error)}</Text>
      ) : (
        <HStack gap="4" wrap="wrap" justify="space-between">
          <Stack gap="1">
            <Text>{state.data.totp ? t('mfa.on') : t('mfa.off')}</Text>
            {state.data.totp && <Text color="fg.muted">{t('mfa.codesLeft', { count: state.data.recovery_codes_left })}</Text>}
          </Stack>
          <Button variant="outline" colorPalette="teal" onClick={() => setDialog(state.data.totp ? 'off' : 'on')}>
            {state.data.totp ? t('mfa.turnOff') : t('mfa.turnOn')}
          </Button>
        </HStack>
      )}
      {/* mounted per opening, so each one starts clean (a new secret, empty boxes) */}
      {dialog === 'on' && <TurnOnDialog onClose={close} />}
      {dialog === 'off' && <TurnOffDialog onClose={close} />}
    </Stack>
  );
}

/** Setup (a new secret, its QR code and text), then enable with a current code, then the recovery codes once. */
function TurnOnDialog({ onClose }: { onClose: () => void }) {
  const { t } = useSecondFactorTranslation();
  const setup = useFleetMutation(startTotpSetup, { invalidate: [], toastSuccess: false });
  const enable = useFleetMutation(enableTotp, { invalidate: [MFA_KEY] });
  const { field, submit } = useAuthForm(enableSchema, { code: '' });
  const { mutate: startSetup } = setup;
  useEffect(() => {
    startSetup(undefined);
  }, [startSetup]);

  const codes = enable.data?.info.recovery_codes;
  if (codes) return <RecoveryCodesDialog codes={codes} onClose={onClose} />;

  const secret = setup.data?.info;
  const refusal = setup.isError ? setup.error : enable.isError ? enable.error : null;
  return (
    <EditDialog
      open
      title={t('mfa.setupTitle')}
      onClose={onClose}
      busy={enable.isPending}
      submitLabel={t('mfa.confirm')}
      submitDisabled={!secret}
      error={refusal ? errorMessage(refusal) : null}
      onSubmit={submit(({ code }) => enable.mutate({ code }))}
    >
      {secret ? (
        <Stack gap="4">
          <Text>{t('mfa.scan')}</Text>
          <QrCode value={secret.otpauth_url} alt={t('mfa.qrAlt')} />
          <Stack gap="1">
            <Text fontSize="sm" color="fg.muted" id="totp-secret-label">
              {t('mfa.secret')}
            </Text>
            <HStack>
              <Text fontFamily="mono" wordBreak="break-all" aria-labelledby="totp-secret-label" data-testid="totp-secret">
                {secret.secret}
              </Text>
              <CopyButton value={secret.secret} />
            </HStack>
          </Stack>
          <TextField label={t('mfa.code')} required inputMode="numeric" autoComplete="one-time-code" maxLength={6} {...field('code')} />
        </Stack>
      ) : (
        !setup.isError && <Spinner size="sm" aria-label={t('common.loading')} />
      )}
    </EditDialog>
  );
}

/**
 * The otpauth:// address as a QR code. The library is in this lazily loaded chunk rather than one of its
 * own: every chunk adds its name and hash to remoteEntry.js, which /login downloads (about 24 bytes
 * gzipped, and /login had 27 left); this chunk loads after the profile's form shows.
 */
function QrCode({ value, alt }: { value: string; alt: string }) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void toString(value, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }).then((drawn) => {
      if (live) setSvg(drawn);
    });
    return () => {
      live = false;
    };
  }, [value]);
  if (!svg) return <Box boxSize="48" aria-busy="true" />;
  return <Image src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`} alt={alt} boxSize="48" bg="white" p="2" borderRadius="md" />;
}

function CopyButton({ value, label }: { value: string; label?: string }) {
  const { t } = useSecondFactorTranslation();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard.writeText(value);
    setCopied(true);
  };
  return (
    <Button size="xs" variant="outline" onClick={() => void copy()} aria-live="polite">
      {copied ? t('mfa.copied') : (label ?? t('mfa.copy'))}
    </Button>
  );
}

/** The ten codes, shown once: copy, download as text, and a plain close that says they are kept. */
function RecoveryCodesDialog({ codes, onClose }: { codes: string[]; onClose: () => void }) {
  const { t } = useSecondFactorTranslation();
  const asText = `${t('mfa.fileHeading')}\n\n${codes.join('\n')}\n`;
  return (
    <ModalDialog
      open
      title={t('mfa.codesTitle')}
      onClose={onClose}
      footer={
        <Button colorPalette="teal" onClick={onClose}>
          {t('mfa.saved')}
        </Button>
      }
    >
      <Stack gap="4">
        <Text>{t('mfa.codesIntro')}</Text>
        <SimpleGrid as="ul" columns={2} gap="2" listStyleType="none" aria-label={t('mfa.codesTitle')}>
          {codes.map((code) => (
            <Text as="li" key={code} fontFamily="mono">
              {code}
            </Text>
          ))}
        </SimpleGrid>
        <HStack>
          <CopyButton value={asText} />
          <Button size="xs" variant="outline" onClick={() => saveFile({ blob: new Blob([asText], { type: 'text/plain' }), fileName: 'fleet-recovery-codes.txt' })}>
            {t('mfa.download')}
          </Button>
        </HStack>
      </Stack>
    </ModalDialog>
  );
}

/** Turn off: the current password and a current code (the authenticator's or a recovery code). */
function TurnOffDialog({ onClose }: { onClose: () => void }) {
  const { t } = useSecondFactorTranslation();
  const disable = useFleetMutation(disableTotp, { invalidate: [MFA_KEY] });
  const { field, submit } = useAuthForm(disableSchema, { password: '', code: '' });
  const { error: passwordError, ...password } = field('password');
  return (
    <EditDialog
      open
      title={t('mfa.offTitle')}
      onClose={onClose}
      busy={disable.isPending}
      submitLabel={t('mfa.turnOff')}
      error={disable.isError ? errorMessage(disable.error) : null}
      onSubmit={submit(({ password: current, code }) => disable.mutate({ password: current, code }, { onSuccess: onClose }))}
    >
      <Stack gap="4">
        <Text>{t('mfa.offIntro')}</Text>
        <FormField label={t('common.currentPassword')} required error={passwordError}>
          <PasswordInput autoComplete="current-password" {...password} />
        </FormField>
        <TextField label={t('mfa.offCode')} required autoComplete="one-time-code" maxLength={11} {...field('code')} />
      </Stack>
    </EditDialog>
  );
}
