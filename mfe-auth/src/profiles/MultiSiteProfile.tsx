import { SimpleGrid, TextField } from '@fleet/shared-ui';
import * as yup from 'yup';
import { useAuthTranslation } from '../forms/form-helpers';
import { name, currentPasswordFor, optionalPassword, phone, text } from '../forms/rules';
import { readMultiSiteProfile, saveMultiSiteProfile, type MultiSiteProfileInfo } from './calls';
import { ProfileForm, ProfileFrame, ProfileCurrentPasswordField, ProfilePasswordField, useProfile, useProfileForm } from './ProfileFrame';

// Spec 3 "Multi-site profile" fields with the shared profile rules of spec 5.
const schema = yup.object({
  first_name: name('validation.firstNameRequired', 'validation.firstNameLength'),
  last_name: name('validation.lastNameRequired', 'validation.lastNameLength'),
  contact_no: phone('validation.contactNoRequired', 'validation.contactNoLength'),
  company_name: name('validation.companyNameRequired', 'validation.companyNameLength'),
  company_address: text().required('validation.companyAddressRequired'),
  password: optionalPassword(),
  current_password: currentPasswordFor(),
});

export function MultiSiteProfile() {
  const { t } = useAuthTranslation();
  const query = useProfile('mscc', readMultiSiteProfile);
  return <ProfileFrame title={t('profile.msccTitle')} query={query}>{(info) => <MultiSiteProfileForm info={info} />}</ProfileFrame>;
}

function MultiSiteProfileForm({ info }: { info: MultiSiteProfileInfo }) {
  const { t } = useAuthTranslation();
  const { register, errors, errorText, formProps } = useProfileForm(
    'mscc',
    schema,
    {
      first_name: info.first_name ?? '',
      last_name: info.last_name ?? '',
      contact_no: info.contact_no ?? '',
      company_name: info.company_name ?? '',
      company_address: info.company_address ?? '',
      password: '',
      current_password: '',
    },
    saveMultiSiteProfile,
    {
      toBody: (values) => values,
      clearOnSave: ['password', 'current_password'],
      signedInDetails: (body) => ({ first_name: body.first_name, last_name: body.last_name, company_name: body.company_name }),
    },
  );

  return (
    <ProfileForm email={info.email} {...formProps}>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <TextField label={t('common.firstName')} required autoComplete="given-name" error={errorText(errors.first_name)} {...register('first_name')} />
        <TextField label={t('common.lastName')} required autoComplete="family-name" error={errorText(errors.last_name)} {...register('last_name')} />
        <TextField label={t('profile.contactNo')} type="tel" required autoComplete="tel" error={errorText(errors.contact_no)} {...register('contact_no')} />
        <TextField label={t('profile.companyName')} required autoComplete="organization" error={errorText(errors.company_name)} {...register('company_name')} />
        <TextField label={t('profile.companyAddress')} required autoComplete="street-address" error={errorText(errors.company_address)} {...register('company_address')} />
        <ProfilePasswordField error={errorText(errors.password)} {...register('password')} />
        <ProfileCurrentPasswordField error={errorText(errors.current_password)} {...register('current_password')} />
      </SimpleGrid>
    </ProfileForm>
  );
}
