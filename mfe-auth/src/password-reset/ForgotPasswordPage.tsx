import { TextField } from '@fleet/shared-ui';
import * as yup from 'yup';
import { useAuthForm, useAuthTranslation, useCallThenGo } from '../forms/form-helpers';
import { email } from '../forms/rules';
import { AuthCard, AuthForm } from '../layout/AuthCard';
import { LOGIN_PATHS, type Portal } from '../portals';
import { requestPasswordReset } from '../api/password-reset';

const schema = yup.object({ email: email() });

export interface ForgotPasswordPageProps {
  portal: Portal;
}

/** Forgot password (spec 5): email required and valid; the server mails a reset link. */
export function ForgotPasswordPage({ portal }: ForgotPasswordPageProps) {
  const { t } = useAuthTranslation();
  const { formRef, field, submit } = useAuthForm(schema, { email: '' });
  const request = useCallThenGo((value: string) => requestPasswordReset(portal, value), LOGIN_PATHS[portal]);

  return (
    <AuthCard title={`${t('forgot.title')} · ${t(`portal.${portal}`)}`} intro={t('forgot.intro')}>
      <AuthForm
        formRef={formRef}
        onSubmit={submit((values) => request.mutate(values.email))}
        submit={t('forgot.submit')}
        busy={request.isPending}
        link={{ to: LOGIN_PATHS[portal], text: t('common.backToLogin') }}
      >
        <TextField label={t('common.email')} type="email" required autoComplete="email" {...field('email')} />
      </AuthForm>
    </AuthCard>
  );
}
