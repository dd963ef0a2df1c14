import { notify, Link as RouterLink, useNavigate } from '@fleet/shared-api';
import { Button, Link, Stack, TextField } from '@fleet/shared-ui';
import { yupResolver } from '@hookform/resolvers/yup';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import * as yup from 'yup';
import { useAuthTranslation, useErrorText, useFirstErrorFocus } from '../forms/form-helpers';
import { email } from '../forms/rules';
import { AuthCard } from '../layout/AuthCard';
import { LOGIN_PATHS, type Portal } from '../portals';
import { requestPasswordReset } from './calls';

const schema = yup.object({ email: email() });

export interface ForgotPasswordPageProps {
  portal: Portal;
}

/** Forgot password (spec 5): email required and valid; the server mails a reset link. */
export function ForgotPasswordPage({ portal }: ForgotPasswordPageProps) {
  const { t } = useAuthTranslation();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const { formRef, onInvalid } = useFirstErrorFocus();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: yupResolver(schema), defaultValues: { email: '' }, shouldFocusError: false });

  const request = useMutation({
    mutationFn: (value: string) => requestPasswordReset(portal, value),
    onSuccess: (answer) => {
      if (answer.message) notify.success(answer);
      navigate(LOGIN_PATHS[portal]);
    },
    onError: (err) => notify.failure(err),
  });

  return (
    <AuthCard title={`${t('forgot.title')} · ${t(`portal.${portal}`)}`} intro={t('forgot.intro')}>
      <form ref={formRef} noValidate onSubmit={handleSubmit((values) => request.mutate(values.email), onInvalid)}>
        <Stack gap="4">
          <TextField label={t('common.email')} type="email" required autoComplete="email" error={errorText(errors.email)} {...register('email')} />
          <Button type="submit" colorPalette="teal" loading={request.isPending}>
            {t('forgot.submit')}
          </Button>
          <Link asChild colorPalette="teal" fontSize="sm">
            <RouterLink to={LOGIN_PATHS[portal]}>{t('common.backToLogin')}</RouterLink>
          </Link>
        </Stack>
      </form>
    </AuthCard>
  );
}
