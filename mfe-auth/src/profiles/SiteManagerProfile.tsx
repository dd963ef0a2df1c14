import * as yup from 'yup';
import { passwordChange, personNames } from '../forms/rules';
import { readSiteManagerProfile, saveSiteManagerProfile, type SiteManagerProfileInfo } from '../api/profiles';
import { ProfileForm, ProfileFrame, ProfileNameFields, ProfilePasswordFields, signedInNames, useProfileForm } from './ProfileFrame';

const schema = yup.object({
  ...personNames(),
  ...passwordChange(),
});

export function SiteManagerProfile() {
  return <ProfileFrame role="sm" read={readSiteManagerProfile} title="profile.smTitle" form={SiteManagerProfileForm} />;
}

function SiteManagerProfileForm({ info }: { info: SiteManagerProfileInfo }) {
  const { field, formProps } = useProfileForm(
    'sm',
    schema,
    { first_name: info.first_name ?? '', last_name: info.last_name ?? '', password: '', current_password: '' },
    saveSiteManagerProfile,
    {
      toBody: (values) => values,
      clearOnSave: ['password', 'current_password'],
      signedInDetails: signedInNames,
    },
  );

  return (
    <ProfileForm email={info.email} {...formProps}>
      <ProfileNameFields first={field('first_name')} last={field('last_name')} />
      <ProfilePasswordFields password={field('password')} current={field('current_password')} />
    </ProfileForm>
  );
}
