import { notify, requestLogin, Link as RouterLink, useNavigate } from '@fleet/shared-api';
import { Button, FormField, Link, PasswordInput, Stack, Text, TextField } from '@fleet/shared-ui';
import { useMutation } from '@fleet/shared-api/query';
import * as yup from 'yup';
import { useAuthForm, useAuthTranslation } from '../forms/form-helpers';
import { email } from '../forms/rules';
import { AuthCard } from '../layout/AuthCard';
import { FORGOT_PATHS, type Portal } from '../portals';
import { browserHasPasskeys, PasskeyPromptError } from '../api/passkey-prompt';
import { useSignedIn } from '../verify-otp/useSignedIn';
import { savePendingLogin } from './pendingLogin';
import { useEmailVerificationLink } from './useEmailVerificationLink';

const schema = yup.object({
  email: email(),
  // an existing password is checked by the server, not against today's strength rule
  password: yup.string().default('').required('validation.passwordRequired'),
});

export interface LoginPageProps {
  portal: Portal;
}

/** Step one of sign-in (spec 2.1, 5 Login): email and password; the server then mails an OTP. */
export function LoginPage({ portal }: LoginPageProps) {
  const { t } = useAuthTranslation();
  const navigate = useNavigate();
  const { verifying } = useEmailVerificationLink();
  const { form, formRef, errors, errorText, field, submit } = useAuthForm(schema, { email: '', password: '' });

  const login = useMutation({
    mutationFn: requestLogin,
    onSuccess: (answer, body) => {
      savePendingLogin({ email: body.email, portal, otpSentAt: Date.now(), second_factor: answer.info?.second_factor });
      if (answer.message) notify.success(answer);
      navigate('/verify-otp', { state: { email: body.email } });
    },
    onError: (err) => notify.failure(err),
  });

  // A passkey replaces both the password and the code (issue 24): signed in at once, as the code screen does.
  // Its calls and the browser's WebAuthn code come with the click, not with /login.
  const signedIn = useSignedIn();
  const passkey = useMutation({
    mutationFn: async () => (await import('../api/passkeys')).signInWithPasskey(),
    onSuccess: signedIn,
    onError: (err) => {
      // a closed prompt is the person's own choice: nothing to report
      if (!(err instanceof PasskeyPromptError)) notify.failure(err);
      else if (err.failure !== 'cancelled') notify.error(t('login.passkeyFailed'));
    },
  });

  return (
    <AuthCard title={t('login.title', { portal: t(`portal.${portal}`) })}>
      <form ref={formRef} noValidate onSubmit={submit((values) => login.mutate(values))}>
        <Stack gap="4">
          {verifying && <Text role="status">{t('login.verifying')}</Text>}
          <TextField
            label={t('common.email')}
            type="email"
            autoComplete="username"
            required
            {...field('email')}
          />
          <FormField label={t('common.password')} required error={errorText(errors.password)}>
            <PasswordInput autoComplete="current-password" {...form.register('password')} />
          </FormField>
          <Button type="submit" colorPalette="teal" loading={login.isPending}>
            {t('login.submit')}
          </Button>
          {browserHasPasskeys() && (
            <Button type="button" variant="outline" colorPalette="teal" loading={passkey.isPending} onClick={() => passkey.mutate()}>
              {t('login.passkey')}
            </Button>
          )}
          <Stack gap="1" fontSize="sm">
            <Link asChild colorPalette="teal">
              <RouterLink to={FORGOT_PATHS[portal]}>{t('login.forgot')}</RouterLink>
            </Link>
            {portal === 'main' && (
              <Link asChild colorPalette="teal">
                <RouterLink to="/signup">{t('login.signup')}</RouterLink>
              </Link>
            )}
          </Stack>
        </Stack>
      </form>
    </AuthCard>
  );
}
