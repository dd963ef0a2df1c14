import { notify, Link as RouterLink, Navigate, useLocation, verifyLoginOtp } from '@fleet/shared-api';
import { Button, Link, Stack, TextField } from '@fleet/shared-ui';
import { useMutation } from '@fleet/shared-api/query';
import { RECOVERY_CODE_PATTERN, SIX_DIGIT_CODE_PATTERN } from '@fleet/contract';
import { useState } from 'react';
import * as yup from 'yup';
import { useAuthForm } from '../forms/form-helpers';
import { useCodeScreenTranslation } from '../i18n/code-screen';
import { text } from '../forms/rules';
import { AuthCard } from '../layout/AuthCard';
import { resendLoginOtp } from '../api/sign-in';
import { clearPendingLogin, savePendingLogin, type PendingLogin } from '../login/pendingLogin';
import { readPendingLogin } from './readPendingLogin';
import { LOGIN_PATHS } from '../portals';
import { useResendCooldown } from './useResendCooldown';
import { useSignedIn } from './useSignedIn';

const mailedCode = yup.object({
  otp: text().required('validation.otpRequired').matches(new RegExp(SIX_DIGIT_CODE_PATTERN), { message: 'validation.otpInvalid', excludeEmptyString: true }),
});

// With the authenticator on, the field also takes a recovery code (docs/second-factor.md).
const sixDigits = new RegExp(SIX_DIGIT_CODE_PATTERN);
const recoveryCode = new RegExp(RECOVERY_CODE_PATTERN);
const authenticatorCode = yup.object({
  otp: text()
    .required('validation.otpRequired')
    .test('code-shape', 'otp.totpInvalid', (value) => !value || sixDigits.test(value) || recoveryCode.test(value)),
});

/** The email comes with the navigation from the login form, or from sessionStorage after a reload. */
function usePendingLogin(): PendingLogin | null {
  const location = useLocation();
  const stored = readPendingLogin();
  const state = location.state as { email?: unknown } | null;
  const fromState = typeof state?.email === 'string' ? state.email : null;
  if (stored && (!fromState || stored.email === fromState)) return stored;
  return fromState ? { email: fromState, portal: 'main', otpSentAt: Date.now() } : null;
}

/** Step two of sign-in: the 6-digit code mailed by the login call, or the authenticator's (or a recovery code). */
export function VerifyOtpPage() {
  const pending = usePendingLogin();
  if (!pending) return <Navigate to={LOGIN_PATHS.main} replace />;
  return <VerifyOtpForm pending={pending} />;
}

function VerifyOtpForm({ pending }: { pending: PendingLogin }) {
  const { t } = useCodeScreenTranslation();
  const signedIn = useSignedIn();
  const [sentAt, setSentAt] = useState(pending.otpSentAt);
  const cooldown = useResendCooldown(sentAt);
  const byAuthenticator = pending.second_factor === 'totp';
  const { formRef, field, submit } = useAuthForm(byAuthenticator ? authenticatorCode : mailedCode, { otp: '' });

  const verify = useMutation({
    mutationFn: (otp: string) => verifyLoginOtp({ email: pending.email, otp }),
    onSuccess: signedIn,
    onError: (err) => notify.failure(err),
  });

  const resend = useMutation({
    mutationFn: () => resendLoginOtp({ email: pending.email }),
    onSuccess: (answer) => {
      const now = Date.now();
      savePendingLogin({ ...pending, otpSentAt: now });
      setSentAt(now);
      if (answer.message) notify.success(answer);
    },
    onError: (err) => notify.failure(err),
  });

  return (
    <AuthCard title={t('otp.title')} intro={byAuthenticator ? t('otp.totpIntro') : t('otp.intro', { email: pending.email })}>
      <form ref={formRef} noValidate onSubmit={submit(({ otp }) => verify.mutate(otp))}>
        <Stack gap="4">
          <TextField
            label={t('otp.code')}
            required
            inputMode={byAuthenticator ? 'text' : 'numeric'}
            autoComplete="one-time-code"
            maxLength={byAuthenticator ? 11 : 6}
            autoFocus
            {...field('otp')}
          />
          <Button type="submit" colorPalette="teal" loading={verify.isPending}>
            {t('otp.submit')}
          </Button>
          {/* nothing is mailed when the authenticator is asked */}
          {!byAuthenticator && (
            <Button
              type="button"
              variant="outline"
              colorPalette="teal"
              disabled={cooldown > 0}
              loading={resend.isPending}
              onClick={() => resend.mutate()}
            >
              {cooldown > 0 ? t('otp.resendIn', { seconds: cooldown }) : t('otp.resend')}
            </Button>
          )}
          <Link asChild colorPalette="teal" fontSize="sm">
            <RouterLink to={LOGIN_PATHS[pending.portal]} onClick={clearPendingLogin}>
              {t('otp.otherAccount')}
            </RouterLink>
          </Link>
        </Stack>
      </form>
    </AuthCard>
  );
}
