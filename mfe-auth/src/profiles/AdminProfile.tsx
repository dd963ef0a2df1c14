import { FormField, PasswordInput } from '@fleet/shared-ui';
import * as yup from 'yup';
import { useAuthTranslation } from '../forms/form-helpers';
import { passwordChange, passwordConfirmation, personNames } from '../forms/rules';
import { readAdminProfile, saveAdminProfile, type AdminProfileInfo } from '../api/profiles';
import { ProfileForm, ProfileFrame, ProfileNameFields, ProfilePasswordFields, signedInNames, useProfileForm } from './ProfileFrame';

// Spec 5 "Admin profile": names required, password and confirmation must match.
const schema = yup.object({
  ...personNames(),
  ...passwordChange(),
  confirmPassword: passwordConfirmation(false),
});

export function AdminProfile() {
  return <ProfileFrame role="Admin" read={readAdminProfile} title="profile.adminTitle" form={AdminProfileForm} />;
}

function AdminProfileForm({ info }: { info: AdminProfileInfo }) {
  const { t } = useAuthTranslation();
  const { register, errors, errorText, field, formProps } = useProfileForm(
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
      signedInDetails: signedInNames,
    },
  );

  return (
    <ProfileForm email={info.email} {...formProps}>
      <ProfileNameFields first={field('first_name')} last={field('last_name')} />
      <ProfilePasswordFields password={field('password')} current={field('current_password')} />
      <FormField label={t('common.confirmPassword')} error={errorText(errors.confirmPassword)}>
        <PasswordInput autoComplete="new-password" {...register('confirmPassword')} />
      </FormField>
    </ProfileForm>
  );
}
