import { FormField, NativeSelect, SimpleGrid, TextField } from '@fleet/shared-ui';
import { useQuery } from '@tanstack/react-query';
import * as yup from 'yup';
import { useAuthTranslation } from '../forms/form-helpers';
import { name, currentPasswordFor, optionalPassword, phone, postcode, text } from '../forms/rules';
import { readAggregators, readElectricianProfile, saveElectricianProfile, type ElectricianProfileInfo } from './calls';
import { ProfileForm, ProfileFrame, ProfileCurrentPasswordField, ProfilePasswordField, useProfile, useProfileForm } from './ProfileFrame';

// Spec 5 "Electrician": the usual required fields plus address and ABN number, phone 8 to 13,
// aggregator when editing.
const schema = yup.object({
  first_name: name('validation.firstNameRequired', 'validation.firstNameLength'),
  last_name: name('validation.lastNameRequired', 'validation.lastNameLength'),
  company_name: name('validation.companyNameRequired', 'validation.companyNameLength'),
  phone_no: phone(),
  postcode: postcode(),
  address: text().required('validation.addressRequired'),
  abn_number: text().required('validation.abnNumberRequired'),
  aggregator_id: text().required('validation.aggregatorRequired'),
  password: optionalPassword(),
  current_password: currentPasswordFor(),
});

export function ElectricianProfile() {
  const { t } = useAuthTranslation();
  const query = useProfile('Electrician', readElectricianProfile);
  return (
    <ProfileFrame title={t('profile.electricianTitle')} query={query}>
      {(info) => <ElectricianProfileForm info={info} />}
    </ProfileFrame>
  );
}

function ElectricianProfileForm({ info }: { info: ElectricianProfileInfo }) {
  const { t } = useAuthTranslation();
  const aggregators = useQuery({ queryKey: ['auth', 'aggregators'], queryFn: readAggregators });
  const { register, errors, errorText, formProps } = useProfileForm(
    'Electrician',
    schema,
    {
      first_name: info.first_name ?? '',
      last_name: info.last_name ?? '',
      company_name: info.company_name ?? '',
      phone_no: info.phone_no ?? '',
      postcode: info.postcode ?? '',
      address: info.address ?? '',
      abn_number: info.abn_number ?? '',
      aggregator_id: info.aggregator_id != null ? String(info.aggregator_id) : '',
      password: '',
      current_password: '',
    },
    saveElectricianProfile,
    {
      toBody: ({ aggregator_id, ...values }) => ({ ...values, aggregator_id: Number(aggregator_id) }),
      clearOnSave: ['password', 'current_password'],
      signedInDetails: (body) => ({ first_name: body.first_name, last_name: body.last_name }),
    },
  );

  // Until the list arrives, keep the current aggregator selectable so the value is not lost.
  const options =
    aggregators.data ?? (info.aggregator_id != null ? [{ id: info.aggregator_id, name: info.aggregator_name ?? String(info.aggregator_id) }] : []);

  return (
    <ProfileForm email={info.email} {...formProps}>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <TextField label={t('common.firstName')} required autoComplete="given-name" error={errorText(errors.first_name)} {...register('first_name')} />
        <TextField label={t('common.lastName')} required autoComplete="family-name" error={errorText(errors.last_name)} {...register('last_name')} />
        <TextField label={t('profile.companyName')} required autoComplete="organization" error={errorText(errors.company_name)} {...register('company_name')} />
        <TextField label={t('profile.phone')} type="tel" required autoComplete="tel" error={errorText(errors.phone_no)} {...register('phone_no')} />
        <TextField label={t('profile.address')} required autoComplete="street-address" error={errorText(errors.address)} {...register('address')} />
        <TextField label={t('profile.postcode')} required autoComplete="postal-code" error={errorText(errors.postcode)} {...register('postcode')} />
        <TextField label={t('profile.abnNumber')} required error={errorText(errors.abn_number)} {...register('abn_number')} />
        <FormField label={t('profile.aggregator')} required error={errorText(errors.aggregator_id)}>
          <NativeSelect.Root disabled={aggregators.isPending && options.length === 0}>
            <NativeSelect.Field placeholder={t('profile.selectAggregator')} {...register('aggregator_id')}>
              {options.map((aggregator) => (
                <option key={aggregator.id} value={String(aggregator.id)}>
                  {aggregator.name}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
        <ProfilePasswordField error={errorText(errors.password)} {...register('password')} />
        <ProfileCurrentPasswordField error={errorText(errors.current_password)} {...register('current_password')} />
      </SimpleGrid>
    </ProfileForm>
  );
}
