import { notify, Link as RouterLink, useNavigate } from '@fleet/shared-api';
import { Button, Checkbox, FormField, Link, PasswordInput, Stack, TextField } from '@fleet/shared-ui';
import { yupResolver } from '@hookform/resolvers/yup';
import { useMutation } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import * as yup from 'yup';
import { useAuthTranslation, useErrorText, useFirstErrorFocus } from '../forms/form-helpers';
import { abn, email, newPassword, phone, text } from '../forms/rules';
import { AuthCard } from '../layout/AuthCard';
import { LOGIN_PATHS } from '../portals';
import { signUpAgency } from './calls';

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
  const errorText = useErrorText();
  const navigate = useNavigate();
  const { formRef, onInvalid } = useFirstErrorFocus();
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: yupResolver(schema), defaultValues: EMPTY, shouldFocusError: false });

  const signUp = useMutation({
    mutationFn: (values: SignupValues) =>
      signUpAgency({
        agency_name: values.companyName,
        email: values.companyEmail,
        abn_no: values.ABN,
        contact: values.phone,
        password: values.password,
      }),
    onSuccess: (answer) => {
      if (answer.message) notify.success(answer);
      navigate(LOGIN_PATHS.main);
    },
    onError: (err) => notify.failure(err),
  });

  return (
    <AuthCard title={t('signup.title')}>
      <form ref={formRef} noValidate onSubmit={handleSubmit((values) => signUp.mutate(values), onInvalid)}>
        <Stack gap="4">
          <TextField label={t('signup.companyName')} required autoComplete="organization" error={errorText(errors.companyName)} {...register('companyName')} />
          <TextField label={t('signup.companyEmail')} type="email" required autoComplete="email" error={errorText(errors.companyEmail)} {...register('companyEmail')} />
          <TextField label={t('signup.abn')} required inputMode="numeric" error={errorText(errors.ABN)} {...register('ABN')} />
          <TextField label={t('signup.phone')} type="tel" required autoComplete="tel" error={errorText(errors.phone)} {...register('phone')} />
          <FormField label={t('common.password')} required helperText={t('common.passwordHint')} error={errorText(errors.password)}>
            <PasswordInput autoComplete="new-password" {...register('password')} />
          </FormField>
          <Controller
            control={control}
            name="termCondition"
            render={({ field }) => (
              <FormField error={errorText(errors.termCondition)}>
                <Checkbox.Root
                  name={field.name}
                  checked={field.value}
                  onCheckedChange={({ checked }) => field.onChange(checked === true)}
                  colorPalette="teal"
                >
                  <Checkbox.HiddenInput ref={field.ref} onBlur={field.onBlur} />
                  <Checkbox.Control />
                  <Checkbox.Label>{t('signup.terms')}</Checkbox.Label>
                </Checkbox.Root>
              </FormField>
            )}
          />
          <Button type="submit" colorPalette="teal" loading={signUp.isPending}>
            {t('signup.submit')}
          </Button>
          <Link asChild colorPalette="teal" fontSize="sm">
            <RouterLink to={LOGIN_PATHS.main}>{t('signup.haveAccount')}</RouterLink>
          </Link>
        </Stack>
      </form>
    </AuthCard>
  );
}
