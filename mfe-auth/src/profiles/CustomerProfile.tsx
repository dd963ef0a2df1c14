import { TextField } from '@fleet/shared-ui';
import * as yup from 'yup';
import { useAuthTranslation } from '../forms/form-helpers';
import { personNames, phone } from '../forms/rules';
import { readCustomerProfile, saveCustomerProfile, type CustomerProfileInfo } from '../api/profiles';
import { ProfileForm, ProfileFrame, ProfileNameFields, signedInNames, textsOf, useProfileForm } from './ProfileFrame';

// Spec 5 "Customer": names and phone (8 to 13) required; the email is the sign-in address (read-only).
const schema = yup.object({
  ...personNames(),
  phone_no: phone(),
});

export function CustomerProfile() {
  return <ProfileFrame role="Customer" read={readCustomerProfile} title="profile.customerTitle" form={CustomerProfileForm} />;
}

function CustomerProfileForm({ info }: { info: CustomerProfileInfo }) {
  const { t } = useAuthTranslation();
  const texts = textsOf(info, ['first_name', 'last_name', 'phone_no']);
  const { field, formProps } = useProfileForm('Customer', schema, texts, saveCustomerProfile, { toBody: (values) => values, signedInDetails: signedInNames });

  return (
    <ProfileForm email={info.email} {...formProps}>
      <ProfileNameFields first={field('first_name')} last={field('last_name')} />
      <TextField label={t('profile.phone')} type="tel" required autoComplete="tel" {...field('phone_no')} />
    </ProfileForm>
  );
}
