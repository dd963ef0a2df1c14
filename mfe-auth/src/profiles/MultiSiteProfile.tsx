import { FormField, PasswordInput, SimpleGrid, TextField } from '@fleet/shared-ui';
import { yupResolver } from '@hookform/resolvers/yup';
import { useForm } from 'react-hook-form';
import * as yup from 'yup';
import { useAuthTranslation, useErrorText, useFirstErrorFocus } from '../forms/form-helpers';
import { name, optionalPassword, phone, text } from '../forms/rules';
import { readMultiSiteProfile, saveMultiSiteProfile, type MultiSiteProfileInfo } from './calls';
import { ProfileForm, ProfileFrame, useProfile, useSaveProfile } from './ProfileFrame';

// Spec 3 "Multi-site profile" fields with the shared profile rules of spec 5.
const schema = yup.object({
  first_name: name('validation.firstNameRequired', 'validation.firstNameLength'),
  last_name: name('validation.lastNameRequired', 'validation.lastNameLength'),
  contact_no: phone('validation.contactNoRequired', 'validation.contactNoLength'),
  company_name: name('validation.companyNameRequired', 'validation.companyNameLength'),
  company_address: text().required('validation.companyAddressRequired'),
  password: optionalPassword(),
});

export function MultiSiteProfile() {
  const { t } = useAuthTranslation();
  const query = useProfile('mscc', readMultiSiteProfile);
  return <ProfileFrame title={t('profile.msccTitle')} query={query}>{(info) => <MultiSiteProfileForm info={info} />}</ProfileFrame>;
}

function MultiSiteProfileForm({ info }: { info: MultiSiteProfileInfo }) {
  const { t } = useAuthTranslation();
  const errorText = useErrorText();
  const { formRef, onInvalid } = useFirstErrorFocus();
  const {
    register,
    handleSubmit,
    resetField,
    formState: { errors },
  } = useForm({
    resolver: yupResolver(schema),
    defaultValues: {
      first_name: info.first_name ?? '',
      last_name: info.last_name ?? '',
      contact_no: info.contact_no ?? '',
      company_name: info.company_name ?? '',
      company_address: info.company_address ?? '',
      password: '',
    },
    shouldFocusError: false,
  });
  const save = useSaveProfile('mscc', saveMultiSiteProfile, {
    onSaved: () => resetField('password', { defaultValue: '' }),
    signedInDetails: (values) => ({ first_name: values.first_name, last_name: values.last_name, company_name: values.company_name }),
  });

  return (
    <ProfileForm formRef={formRef} email={info.email} saving={save.isPending} onSubmit={handleSubmit((values) => save.mutate(values), onInvalid)}>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <TextField label={t('common.firstName')} required autoComplete="given-name" error={errorText(errors.first_name)} {...register('first_name')} />
        <TextField label={t('common.lastName')} required autoComplete="family-name" error={errorText(errors.last_name)} {...register('last_name')} />
        <TextField label={t('profile.contactNo')} type="tel" required autoComplete="tel" error={errorText(errors.contact_no)} {...register('contact_no')} />
        <TextField label={t('profile.companyName')} required autoComplete="organization" error={errorText(errors.company_name)} {...register('company_name')} />
        <TextField label={t('profile.companyAddress')} required autoComplete="street-address" error={errorText(errors.company_address)} {...register('company_address')} />
        <FormField label={t('common.password')} helperText={t('common.leaveBlank')} error={errorText(errors.password)}>
          <PasswordInput autoComplete="new-password" {...register('password')} />
        </FormField>
      </SimpleGrid>
    </ProfileForm>
  );
}
