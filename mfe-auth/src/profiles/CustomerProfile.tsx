import { SimpleGrid, TextField } from '@fleet/shared-ui';
import * as yup from 'yup';
import { useAuthTranslation } from '../forms/form-helpers';
import { name, phone } from '../forms/rules';
import { readCustomerProfile, saveCustomerProfile, type CustomerProfileInfo } from './calls';
import { ProfileForm, ProfileFrame, useProfile, useProfileForm } from './ProfileFrame';

// Spec 5 "Customer": names and phone (8 to 13) required; the email is the sign-in address (read-only).
const schema = yup.object({
  first_name: name('validation.firstNameRequired', 'validation.firstNameLength'),
  last_name: name('validation.lastNameRequired', 'validation.lastNameLength'),
  phone_no: phone(),
});

export function CustomerProfile() {
  const { t } = useAuthTranslation();
  const query = useProfile('Customer', readCustomerProfile);
  return <ProfileFrame title={t('profile.customerTitle')} query={query}>{(info) => <CustomerProfileForm info={info} />}</ProfileFrame>;
}

function CustomerProfileForm({ info }: { info: CustomerProfileInfo }) {
  const { t } = useAuthTranslation();
  const { register, errors, errorText, formProps } = useProfileForm(
    'Customer',
    schema,
    { first_name: info.first_name ?? '', last_name: info.last_name ?? '', phone_no: info.phone_no ?? '' },
    saveCustomerProfile,
    { toBody: (values) => values, signedInDetails: (body) => ({ first_name: body.first_name, last_name: body.last_name }) },
  );

  return (
    <ProfileForm email={info.email} {...formProps}>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <TextField label={t('common.firstName')} required autoComplete="given-name" error={errorText(errors.first_name)} {...register('first_name')} />
        <TextField label={t('common.lastName')} required autoComplete="family-name" error={errorText(errors.last_name)} {...register('last_name')} />
        <TextField label={t('profile.phone')} type="tel" required autoComplete="tel" error={errorText(errors.phone_no)} {...register('phone_no')} />
      </SimpleGrid>
    </ProfileForm>
  );
}
