import { TextField } from '@fleet/shared-ui';
import * as yup from 'yup';
import { useAuthTranslation } from '../forms/form-helpers';
import { name, passwordChange, phone, postcode } from '../forms/rules';
import { readAgencyProfile, saveAgencyProfile, type AgencyProfileInfo } from '../api/profiles';
import { ProfileForm, ProfileFrame, ProfilePasswordFields, useProfileForm } from './ProfileFrame';

// Spec 3 field names; spec 5 "Agency profile": agency name, postcode (min 3), contact names, contact 8 to 13.
const schema = yup.object({
  agencyName: name('validation.agencyNameRequired', 'validation.agencyNameLength'),
  postcode: postcode(),
  contactFirstName: name('validation.contactFirstNameRequired', 'validation.firstNameLength'),
  contactLastName: name('validation.contactLastNameRequired', 'validation.lastNameLength'),
  contactNo: phone('validation.contactNoRequired', 'validation.contactNoLength'),
  ...passwordChange(),
});

export function AgencyProfile() {
  return <ProfileFrame role="Agency" read={readAgencyProfile} title="profile.agencyTitle" form={AgencyProfileForm} />;
}

function AgencyProfileForm({ info }: { info: AgencyProfileInfo }) {
  const { t } = useAuthTranslation();
  const { field, formProps } = useProfileForm(
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
      <TextField label={t('profile.agencyName')} required autoComplete="organization" {...field('agencyName')} />
      <TextField label={t('profile.abn')} value={info.abn_no ?? ''} readOnly />
      <TextField label={t('profile.postcode')} required autoComplete="postal-code" {...field('postcode')} />
      <TextField label={t('profile.contactNo')} type="tel" required autoComplete="tel" {...field('contactNo')} />
      <TextField label={t('profile.contactFirstName')} required {...field('contactFirstName')} />
      <TextField label={t('profile.contactLastName')} required {...field('contactLastName')} />
      <ProfilePasswordFields password={field('password')} current={field('current_password')} />
    </ProfileForm>
  );
}
