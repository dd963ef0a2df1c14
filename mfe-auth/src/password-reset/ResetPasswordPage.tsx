import { Link as RouterLink, useSearchParams } from '@fleet/shared-api';
import { FormField, Link, PasswordInput, Stack, Text } from '@fleet/shared-ui';
import * as yup from 'yup';
import { useAuthForm, useAuthTranslation, useCallThenGo } from '../forms/form-helpers';
import { newPassword, passwordConfirmation } from '../forms/rules';
import { AuthCard, AuthForm } from '../layout/AuthCard';
import { FORGOT_PATHS, LOGIN_PATHS, type Portal } from '../portals';
import { resetPassword } from '../api/password-reset';

const schema = yup.object({
  password: newPassword(),
  confirmPassword: passwordConfirmation(true),
});

export interface ResetPasswordPageProps {
  portal: Portal;
}

/** Reset password from the mailed link `?token=..&email=..` (spec 5: both fields, must match). */
export function ResetPasswordPage({ portal }: ResetPasswordPageProps) {
  const { t } = useAuthTranslation();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const email = searchParams.get('email')?.trim() ?? '';
  const title = `${t('reset.title')} · ${t(`portal.${portal}`)}`;

  if (!token || !email) {
    return (
      <AuthCard title={title}>
        <Stack gap="4">
          <Text role="alert">{t('reset.missingLink')}</Text>
          <Link asChild colorPalette="teal">
            <RouterLink to={FORGOT_PATHS[portal]}>{t('reset.requestNew')}</RouterLink>
          </Link>
        </Stack>
      </AuthCard>
    );
  }
  return <ResetPasswordForm portal={portal} token={token} email={email} title={title} />;
}

function ResetPasswordForm({ portal, token, email, title }: { portal: Portal; token: string; email: string; title: string }) {
  const { t } = useAuthTranslation();
  const { formRef, form, errors, errorText, submit } = useAuthForm(schema, { password: '', confirmPassword: '' });
  const reset = useCallThenGo(
    (values: { password: string; confirmPassword: string }) =>
      resetPassword(portal, { password: values.password, confirm_password: values.confirmPassword, token, email }),
    LOGIN_PATHS[portal],
    { replace: true },
  );

  return (
    <AuthCard title={title} intro={email}>
      <AuthForm
        formRef={formRef}
        onSubmit={submit((values) => reset.mutate(values))}
        submit={t('reset.submit')}
        busy={reset.isPending}
        link={{ to: LOGIN_PATHS[portal], text: t('common.backToLogin') }}
      >
        <FormField label={t('reset.newPassword')} required helperText={t('common.passwordHint')} error={errorText(errors.password)}>
          <PasswordInput autoComplete="new-password" {...form.register('password')} />
        </FormField>
        <FormField label={t('common.confirmPassword')} required error={errorText(errors.confirmPassword)}>
          <PasswordInput autoComplete="new-password" {...form.register('confirmPassword')} />
        </FormField>
      </AuthForm>
    </AuthCard>
  );
}
