import { notify, Link as RouterLink, useNavigate, useSearchParams } from '@fleet/shared-api';
import { Button, FormField, Link, PasswordInput, Stack, Text } from '@fleet/shared-ui';
import { yupResolver } from '@hookform/resolvers/yup';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import * as yup from 'yup';
import { useAuthTranslation, useErrorText, useFirstErrorFocus } from '../forms/form-helpers';
import { newPassword, passwordConfirmation } from '../forms/rules';
import { AuthCard } from '../layout/AuthCard';
import { FORGOT_PATHS, LOGIN_PATHS, type Portal } from '../portals';
import { resetPassword } from './calls';

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
  const errorText = useErrorText();
  const navigate = useNavigate();
  const { formRef, onInvalid } = useFirstErrorFocus();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: yupResolver(schema), defaultValues: { password: '', confirmPassword: '' }, shouldFocusError: false });

  const reset = useMutation({
    mutationFn: (values: { password: string; confirmPassword: string }) =>
      resetPassword(portal, { password: values.password, confirm_password: values.confirmPassword, token, email }),
    onSuccess: (answer) => {
      if (answer.message) notify.success(answer);
      navigate(LOGIN_PATHS[portal], { replace: true });
    },
    onError: (err) => notify.failure(err),
  });

  return (
    <AuthCard title={title} intro={email}>
      <form ref={formRef} noValidate onSubmit={handleSubmit((values) => reset.mutate(values), onInvalid)}>
        <Stack gap="4">
          <FormField label={t('reset.newPassword')} required helperText={t('common.passwordHint')} error={errorText(errors.password)}>
            <PasswordInput autoComplete="new-password" {...register('password')} />
          </FormField>
          <FormField label={t('common.confirmPassword')} required error={errorText(errors.confirmPassword)}>
            <PasswordInput autoComplete="new-password" {...register('confirmPassword')} />
          </FormField>
          <Button type="submit" colorPalette="teal" loading={reset.isPending}>
            {t('reset.submit')}
          </Button>
          <Link asChild colorPalette="teal" fontSize="sm">
            <RouterLink to={LOGIN_PATHS[portal]}>{t('common.backToLogin')}</RouterLink>
          </Link>
        </Stack>
      </form>
    </AuthCard>
  );
}
