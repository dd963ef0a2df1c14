import { FormField, NativeSelect, TextField } from '@fleet/shared-ui';
import { useQuery } from '@fleet/shared-api/query';
import * as yup from 'yup';
import { useAuthTranslation } from '../forms/form-helpers';
import { name, passwordChange, personNames, phone, postcode, text } from '../forms/rules';
import { readAggregators, readElectricianProfile, saveElectricianProfile, type ElectricianProfileInfo } from '../api/profiles';
import { BLANK_PASSWORDS, PASSWORD_BOXES, ProfileForm, ProfileFrame, ProfileNameFields, ProfilePasswordFields, signedInNames, textsOf, useProfileForm } from './ProfileFrame';

// Spec 5 "Electrician": the usual required fields plus address and ABN number, phone 8 to 13,
// aggregator when editing.
const schema = yup.object({
  ...personNames(),
  company_name: name('validation.companyNameRequired', 'validation.companyNameLength'),
  phone_no: phone(),
  postcode: postcode(),
  address: text().required('validation.addressRequired'),
  abn_number: text().required('validation.abnNumberRequired'),
  aggregator_id: text().required('validation.aggregatorRequired'),
  ...passwordChange(),
});

function ElectricianProfileForm({ info }: { info: ElectricianProfileInfo }) {
  const { t } = useAuthTranslation();
  const aggregators = useQuery({ queryKey: ['auth', 'aggregators'], queryFn: readAggregators });
  const texts = textsOf(info, ['first_name', 'last_name', 'company_name', 'phone_no', 'postcode', 'address', 'abn_number']);
  const aggregator = info.aggregator_id != null ? String(info.aggregator_id) : '';
  const { register, errors, errorText, field, formProps } = useProfileForm('Electrician', schema, { ...texts, aggregator_id: aggregator, ...BLANK_PASSWORDS }, saveElectricianProfile, {
    toBody: ({ aggregator_id, ...values }) => ({ ...values, aggregator_id: Number(aggregator_id) }),
    clearOnSave: PASSWORD_BOXES,
    signedInDetails: signedInNames,
  });

  // Until the list arrives, keep the current aggregator selectable so the value is not lost.
  const options =
    aggregators.data ?? (info.aggregator_id != null ? [{ id: info.aggregator_id, name: info.aggregator_name ?? String(info.aggregator_id) }] : []);

  return (
    <ProfileForm email={info.email} {...formProps}>
      <ProfileNameFields first={field('first_name')} last={field('last_name')} />
      <TextField label={t('profile.companyName')} required autoComplete="organization" {...field('company_name')} />
      <TextField label={t('profile.phone')} type="tel" required autoComplete="tel" {...field('phone_no')} />
      <TextField label={t('profile.address')} required autoComplete="street-address" {...field('address')} />
      <TextField label={t('profile.postcode')} required autoComplete="postal-code" {...field('postcode')} />
      <TextField label={t('profile.abnNumber')} required {...field('abn_number')} />
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
      <ProfilePasswordFields password={field('password')} current={field('current_password')} />
    </ProfileForm>
  );
}

export function ElectricianProfile() {
  return <ProfileFrame role="Electrician" read={readElectricianProfile} title="profile.electricianTitle" form={ElectricianProfileForm} />;
}
