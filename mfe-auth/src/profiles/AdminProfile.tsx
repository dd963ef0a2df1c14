import { FormField, PasswordInput, SimpleGrid, TextField } from '@fleet/shared-ui';
import * as yup from 'yup';
import { useAuthTranslation } from '../forms/form-helpers';
import { name, currentPasswordFor, optionalPassword, passwordConfirmation } from '../forms/rules';
import { readAdminProfile, saveAdminProfile, type AdminProfileInfo } from './calls';
import { ProfileForm, ProfileFrame, ProfileCurrentPasswordField, ProfilePasswordField, useProfile, useProfileForm } from './ProfileFrame';

// Spec 5 "Admin profile": names required, password and confirmation must match.
const schema = yup.object({
  first_name: name('validation.firstNameRequired', 'validation.firstNameLength'),
  last_name: name('validation.lastNameRequired', 'validation.lastNameLength'),
  password: optionalPassword(),
  current_password: currentPasswordFor(),
  confirmPassword: passwordConfirmation(false),
});

export function AdminProfile() {
  const { t } = useAuthTranslation();
  const query = useProfile('Admin', readAdminProfile);
  return <ProfileFrame title={t('profile.adminTitle')} query={query}>{(info) => <AdminProfileForm info={info} />}</ProfileFrame>;
}

function AdminProfileForm({ info }: { info: AdminProfileInfo }) {
  const { t } = useAuthTranslation();
  const { register, errors, errorText, formProps } = useProfileForm(
    'Admin',
    schema,
    { first_name: info.first_name ?? '', last_name: info.last_name ?? '', password: '', current_password: '', confirmPassword: '' },
    saveAdminProfile,
    {
      toBody: (values) => ({
        first_name: values.first_name,
        last_name: values.last_name,
        password: values.password,
        current_password: values.current_password,
        confirm_password: values.confirmPassword,
      }),
      clearOnSave: ['password', 'current_password', 'confirmPassword'],
      signedInDetails: (body) => ({ first_name: body.first_name, last_name: body.last_name }),
    },
  );

  return (
    <ProfileForm email={info.email} {...formProps}>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <TextField label={t('common.firstName')} required autoComplete="given-name" error={errorText(errors.first_name)} {...register('first_name')} />
        <TextField label={t('common.lastName')} required autoComplete="family-name" error={errorText(errors.last_name)} {...register('last_name')} />
        <ProfilePasswordField error={errorText(errors.password)} {...register('password')} />
        <ProfileCurrentPasswordField error={errorText(errors.current_password)} {...register('current_password')} />
        <FormField label={t('common.confirmPassword')} error={errorText(errors.confirmPassword)}>
          <PasswordInput autoComplete="new-password" {...register('confirmPassword')} />
        </FormField>
      </SimpleGrid>
    </ProfileForm>
  );
}
