import { FormField, PasswordInput, SimpleGrid, TextField } from '@fleet/shared-ui';
import { yupResolver } from '@hookform/resolvers/yup';
import { useForm } from 'react-hook-form';
import * as yup from 'yup';
import { useAuthTranslation, useErrorText, useFirstErrorFocus } from '../forms/form-helpers';
import { name, optionalPassword, passwordConfirmation } from '../forms/rules';
import { readAdminProfile, saveAdminProfile, type AdminProfileInfo } from './calls';
import { ProfileForm, ProfileFrame, useProfile, useSaveProfile } from './ProfileFrame';

// Spec 5 "Admin profile": names required, password and confirmation must match.
const schema = yup.object({
  first_name: name('validation.firstNameRequired', 'validation.firstNameLength'),
  last_name: name('validation.lastNameRequired', 'validation.lastNameLength'),
  password: optionalPassword(),
  confirmPassword: passwordConfirmation(false),
});

export function AdminProfile() {
  const { t } = useAuthTranslation();
  const query = useProfile('Admin', readAdminProfile);
  return <ProfileFrame title={t('profile.adminTitle')} query={query}>{(info) => <AdminProfileForm info={info} />}</ProfileFrame>;
}

function AdminProfileForm({ info }: { info: AdminProfileInfo }) {
  const { t } = useAuthTranslation();
  const errorText = useErrorText();
  const { formRef, onInvalid } = useFirstErrorFocus();
  const {
    register,
    handleSubmit,
    resetField,
    formState: { errors },
  } = useForm({
    resolver: yupResolver(schema),
    defaultValues: { first_name: info.first_name ?? '', last_name: info.last_name ?? '', password: '', confirmPassword: '' },
    shouldFocusError: false,
  });
  const save = useSaveProfile('Admin', saveAdminProfile, {
    onSaved: () => {
      resetField('password', { defaultValue: '' });
      resetField('confirmPassword', { defaultValue: '' });
    },
    signedInDetails: (values) => ({ first_name: values.first_name, last_name: values.last_name }),
  });

  return (
    <ProfileForm
      formRef={formRef}
      email={info.email}
      saving={save.isPending}
      onSubmit={handleSubmit(
        (values) =>
          save.mutate({
            first_name: values.first_name,
            last_name: values.last_name,
            password: values.password,
            confirm_password: values.confirmPassword,
          }),
        onInvalid,
      )}
    >
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <TextField label={t('common.firstName')} required autoComplete="given-name" error={errorText(errors.first_name)} {...register('first_name')} />
        <TextField label={t('common.lastName')} required autoComplete="family-name" error={errorText(errors.last_name)} {...register('last_name')} />
        <FormField label={t('common.password')} helperText={t('common.leaveBlank')} error={errorText(errors.password)}>
          <PasswordInput autoComplete="new-password" {...register('password')} />
        </FormField>
        <FormField label={t('common.confirmPassword')} error={errorText(errors.confirmPassword)}>
          <PasswordInput autoComplete="new-password" {...register('confirmPassword')} />
        </FormField>
      </SimpleGrid>
    </ProfileForm>
  );
}
