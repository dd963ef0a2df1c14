import { SimpleGrid, TextField } from '@fleet/shared-ui';
import * as yup from 'yup';
import { useAuthTranslation } from '../forms/form-helpers';
import { name, currentPasswordFor, optionalPassword } from '../forms/rules';
import { readSiteManagerProfile, saveSiteManagerProfile, type SiteManagerProfileInfo } from './calls';
import { ProfileForm, ProfileFrame, ProfileCurrentPasswordField, ProfilePasswordField, useProfile, useProfileForm } from './ProfileFrame';

const schema = yup.object({
  first_name: name('validation.firstNameRequired', 'validation.firstNameLength'),
  last_name: name('validation.lastNameRequired', 'validation.lastNameLength'),
  password: optionalPassword(),
  current_password: currentPasswordFor(),
});

export function SiteManagerProfile() {
  const { t } = useAuthTranslation();
  const query = useProfile('sm', readSiteManagerProfile);
  return <ProfileFrame title={t('profile.smTitle')} query={query}>{(info) => <SiteManagerProfileForm info={info} />}</ProfileFrame>;
}

function SiteManagerProfileForm({ info }: { info: SiteManagerProfileInfo }) {
  const { t } = useAuthTranslation();
  const { register, errors, errorText, formProps } = useProfileForm(
    'sm',
    schema,
    { first_name: info.first_name ?? '', last_name: info.last_name ?? '', password: '', current_password: '' },
    saveSiteManagerProfile,
    {
      toBody: (values) => values,
      clearOnSave: ['password', 'current_password'],
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
      </SimpleGrid>
    </ProfileForm>
  );
}
