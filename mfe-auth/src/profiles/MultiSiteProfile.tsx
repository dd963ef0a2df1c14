import { TextField } from '@fleet/shared-ui';
import * as yup from 'yup';
import { useAuthTranslation } from '../forms/form-helpers';
import { name, passwordChange, personNames, phone, text } from '../forms/rules';
import { readMultiSiteProfile, saveMultiSiteProfile, type MultiSiteProfileInfo } from '../api/profiles';
import { BLANK_PASSWORDS, PASSWORD_BOXES, ProfileForm, ProfileFrame, ProfileNameFields, ProfilePasswordFields, textsOf, useProfileForm } from './ProfileFrame';

// Spec 3 "Multi-site profile" fields with the shared profile rules of spec 5.
const schema = yup.object({
  ...personNames(),
  contact_no: phone('validation.contactNoRequired', 'validation.contactNoLength'),
  company_name: name('validation.companyNameRequired', 'validation.companyNameLength'),
  company_address: text().required('validation.companyAddressRequired'),
  ...passwordChange(),
});

export function MultiSiteProfile() {
  return <ProfileFrame role="mscc" read={readMultiSiteProfile} title="profile.msccTitle" form={MultiSiteProfileForm} />;
}

function MultiSiteProfileForm({ info }: { info: MultiSiteProfileInfo }) {
  const { t } = useAuthTranslation();
  const texts = textsOf(info, ['first_name', 'last_name', 'contact_no', 'company_name', 'company_address']);
  const { field, formProps } = useProfileForm('mscc', schema, { ...texts, ...BLANK_PASSWORDS }, saveMultiSiteProfile, {
    toBody: (values) => values,
    clearOnSave: PASSWORD_BOXES,
    signedInDetails: (body) => ({ first_name: body.first_name, last_name: body.last_name, company_name: body.company_name }),
  });

  return (
    <ProfileForm email={info.email} {...formProps}>
      <ProfileNameFields first={field('first_name')} last={field('last_name')} />
      <TextField label={t('profile.contactNo')} type="tel" required autoComplete="tel" {...field('contact_no')} />
      <TextField label={t('profile.companyName')} required autoComplete="organization" {...field('company_name')} />
      <TextField label={t('profile.companyAddress')} required autoComplete="street-address" {...field('company_address')} />
      <ProfilePasswordFields password={field('password')} current={field('current_password')} />
    </ProfileForm>
  );
}
