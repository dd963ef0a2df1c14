import { FormField, PasswordInput, TextField } from '@fleet/shared-ui';
import { Checkbox } from '@fleet/shared-ui/fields';
import { Controller } from 'react-hook-form';
import * as yup from 'yup';
import { useAuthForm, useAuthTranslation, useCallThenGo } from '../forms/form-helpers';
import { abn, email, newPassword, phone, text } from '../forms/rules';
import { AuthCard, AuthForm } from '../layout/AuthCard';
import { LOGIN_PATHS } from '../portals';
import { signUpAgency } from '../api/sign-up';

// Spec 3 "Agency signup" names the form fields; spec 5 "Signup" their rules and messages.
const schema = yup.object({
  companyName: text().required('validation.companyNameRequired'),
  companyEmail: email('validation.emailRequired', 'validation.signupEmailInvalid'),
  ABN: abn(),
  phone: phone('validation.phoneRequired', 'validation.phoneLength'),
  password: newPassword(),
  termCondition: yup.boolean().default(false).oneOf([true], 'validation.termsRequired'),
});

type SignupValues = yup.InferType<typeof schema>;

const EMPTY: SignupValues = { companyName: '', companyEmail: '', ABN: '', phone: '', password: '', termCondition: false };

/** Agency sign-up (spec 2.1 /signup); the new agency signs in once its email is verified. */
export function SignupPage() {
  const { t } = useAuthTranslation();
  const { formRef, form, errors, errorText, field, submit } = useAuthForm(schema, EMPTY);
  const signUp = useCallThenGo(
    (values: SignupValues) =>
      signUpAgency({
        agency_name: values.companyName,
        email: values.companyEmail,
        abn_no: values.ABN,
        contact: values.phone,
        password: values.password,
      }),
    LOGIN_PATHS.main,
  );

  return (
    <AuthCard title={t('signup.title')}>
      <AuthForm
        formRef={formRef}
        onSubmit={submit((values) => signUp.mutate(values))}
        submit={t('signup.submit')}
        busy={signUp.isPending}
        link={{ to: LOGIN_PATHS.main, text: t('signup.haveAccount') }}
      >
        <TextField label={t('signup.companyName')} required autoComplete="organization" {...field('companyName')} />
        <TextField label={t('signup.companyEmail')} type="email" required autoComplete="email" {...field('companyEmail')} />
        <TextField label={t('signup.abn')} required inputMode="numeric" {...field('ABN')} />
        <TextField label={t('signup.phone')} type="tel" required autoComplete="tel" {...field('phone')} />
        <FormField label={t('common.password')} required helperText={t('common.passwordHint')} error={errorText(errors.password)}>
          <PasswordInput autoComplete="new-password" {...form.register('password')} />
        </FormField>
        <Controller
          control={form.control}
          name="termCondition"
          render={({ field: terms }) => (
            <FormField error={errorText(errors.termCondition)}>
              <Checkbox.Root
                name={terms.name}
                checked={terms.value}
                onCheckedChange={({ checked }) => terms.onChange(checked === true)}
                colorPalette="teal"
              >
                <Checkbox.HiddenInput ref={terms.ref} onBlur={terms.onBlur} />
                <Checkbox.Control />
                <Checkbox.Label>{t('signup.terms')}</Checkbox.Label>
              </Checkbox.Root>
            </FormField>
          )}
        />
      </AuthForm>
    </AuthCard>
  );
}
