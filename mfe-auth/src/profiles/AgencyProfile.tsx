import { SimpleGrid, TextField } from '@fleet/shared-ui';
import * as yup from 'yup';
import { useAuthTranslation } from '../forms/form-helpers';
import { name, currentPasswordFor, optionalPassword, phone, postcode } from '../forms/rules';
import { readAgencyProfile, saveAgencyProfile, type AgencyProfileInfo } from './calls';
import { ProfileForm, ProfileFrame, ProfileCurrentPasswordField, ProfilePasswordField, useProfile, useProfileForm } from './ProfileFrame';

// Spec 3 field names; spec 5 "Agency profile": agency name, postcode (min 3), contact names, contact 8 to 13.
const schema = yup.object({
  agencyName: name('validation.agencyNameRequired', 'validation.agencyNameLength'),
  postcode: postcode(),
  contactFirstName: name('validation.contactFirstNameRequired', 'validation.firstNameLength'),
  contactLastName: name('validation.contactLastNameRequired', 'validation.lastNameLength'),
  contactNo: phone('validation.contactNoRequired', 'validation.contactNoLength'),
  password: optionalPassword(),
  current_password: currentPasswordFor(),
});

export function AgencyProfile() {
  const { t } = useAuthTranslation();
  const query = useProfile('Agency', readAgencyProfile);
  return <ProfileFrame title={t('profile.agencyTitle')} query={query}>{(info) => <AgencyProfileForm info={info} />}</ProfileFrame>;
}

function AgencyProfileForm({ info }: { info: AgencyProfileInfo }) {
  const { t } = useAuthTranslation();
  const { register, errors, errorText, formProps } = useProfileForm(
    'Agency',
    schema,
    {
      agencyName: info.agency_name ?? '',
      postcode: info.postcode ?? '',
      contactFirstName: info.contact_first_name ?? '',
      contactLastName: info.contact_last_name ?? '',
      contactNo: info.contact ?? '',
      password: '',
      current_password: '',
    },
    saveAgencyProfile,
    {
      toBody: (values) => ({
        agency_name: values.agencyName,
        postcode: values.postcode,
        contact_first_name: values.contactFirstName,
        contact_last_name: values.contactLastName,
        contact: values.contactNo,
        password: values.password,
        current_password: values.current_password,
      }),
      clearOnSave: ['password', 'current_password'],
      signedInDetails: (body) => ({ agency_name: body.agency_name }),
    },
  );

  return (
    <ProfileForm email={info.email} {...formProps}>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <TextField label={t('profile.agencyName')} required autoComplete="organization" error={errorText(errors.agencyName)} {...register('agencyName')} />
        <TextField label={t('profile.abn')} value={info.abn_no ?? ''} readOnly />
        <TextField label={t('profile.postcode')} required autoComplete="postal-code" error={errorText(errors.postcode)} {...register('postcode')} />
        <TextField label={t('profile.contactNo')} type="tel" required autoComplete="tel" error={errorText(errors.contactNo)} {...register('contactNo')} />
        <TextField label={t('profile.contactFirstName')} required error={errorText(errors.contactFirstName)} {...register('contactFirstName')} />
        <TextField label={t('profile.contactLastName')} required error={errorText(errors.contactLastName)} {...register('contactLastName')} />
        <ProfilePasswordField error={errorText(errors.password)} {...register('password')} />
        <ProfileCurrentPasswordField error={errorText(errors.current_password)} {...register('current_password')} />
      </SimpleGrid>
    </ProfileForm>
  );
}
