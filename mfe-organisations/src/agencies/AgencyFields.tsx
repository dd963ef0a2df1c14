import { FormField, Input, PasswordInput, SimpleGrid, Stack } from '@fleet/shared-ui';
import { OptionSelect } from '@fleet/shared-ui/tables';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useFormFields } from '../forms/fields';
import { STATES } from '../forms/rules';
import { AGENCY_DEVICE_TYPES, FLOWS, type AgencyValues } from './agency-form';
import { CheckboxGroup } from './CheckboxGroup';
import { StatusField } from '../forms/status';

/** The agency form's fields (spec 3), each with its label and the spec's message under it. */
export function AgencyFields({ form, mode }: { form: UseFormReturn<AgencyValues>; mode: 'add' | 'edit' }) {
  const { t, err, register, control, errors } = useFormFields(form);
  const a = (key: string) => t(`agencies.agency.${key}`);
  return (
    <Stack gap="5">
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <FormField label={a('agencyName')} required error={err(errors.agency_name?.message)}>
          <Input size="sm" autoComplete="organization" maxLength={199} {...register('agency_name')} />
        </FormField>
        <FormField label={a('email')} required error={err(errors.email?.message)}>
          <Input size="sm" type="email" autoComplete="off" maxLength={254} {...register('email')} />
        </FormField>
        <FormField label={a('password')} required={mode === 'add'} error={err(errors.password?.message)} helperText={mode === 'edit' ? a('passwordKeep') : undefined}>
          <PasswordInput size="sm" autoComplete="new-password" maxLength={128} {...register('password')} />
        </FormField>
        <FormField label={a('contact')} required error={err(errors.contact?.message)}>
          <Input size="sm" type="tel" autoComplete="off" maxLength={13} {...register('contact')} />
        </FormField>
        <FormField label={a('contactFirstName')} required error={err(errors.contact_first_name?.message)}>
          <Input size="sm" autoComplete="off" maxLength={199} {...register('contact_first_name')} />
        </FormField>
        <FormField label={a('contactLastName')} required error={err(errors.contact_last_name?.message)}>
          <Input size="sm" autoComplete="off" maxLength={199} {...register('contact_last_name')} />
        </FormField>
        <FormField label={a('postcode')} required error={err(errors.postcode?.message)}>
          <Input size="sm" autoComplete="off" maxLength={10} {...register('postcode')} />
        </FormField>
        <FormField label={a('abn')} error={err(errors.abn_no?.message)}>
          <Input size="sm" inputMode="numeric" autoComplete="off" maxLength={11} {...register('abn_no')} />
        </FormField>
        <FormField label={a('streetAddress')}>
          <Input size="sm" autoComplete="off" maxLength={200} {...register('street_address')} />
        </FormField>
        <FormField label={a('plotAddress')}>
          <Input size="sm" autoComplete="off" maxLength={200} {...register('plot_address')} />
        </FormField>
        <FormField label={a('city')}>
          <Input size="sm" autoComplete="off" maxLength={100} {...register('city')} />
        </FormField>
        <FormField label={a('state')}>
          <Controller
            control={control}
            name="state"
            render={({ field }) => <OptionSelect name="state" value={field.value} emptyLabel="-" options={STATES.map((s) => ({ value: s, label: s }))} onChange={field.onChange} />}
          />
        </FormField>
        <FormField label={a('country')}>
          <Input size="sm" autoComplete="off" maxLength={100} {...register('country')} />
        </FormField>
        <StatusField control={control} name="status" />
      </SimpleGrid>
      <Controller
        control={control}
        name="flows"
        render={({ field }) => <CheckboxGroup legend={a('flows')} name="flows" value={field.value} onChange={field.onChange} options={FLOWS.map((f) => ({ value: f, label: t(`agencies.flows.${f}`) }))} />}
      />
      <Controller
        control={control}
        name="deviceType"
        render={({ field }) => (
          <CheckboxGroup legend={a('deviceType')} name="deviceType" value={field.value} onChange={field.onChange} options={AGENCY_DEVICE_TYPES.map((d) => ({ value: d, label: t(`devices.lines.${d}`) }))} />
        )}
      />
      <Controller
        control={control}
        name="email_notification"
        render={({ field }) => (
          <CheckboxGroup
            legend={a('emailNotification')}
            name="email_notification"
            value={field.value ? ['on'] : []}
            onChange={(next) => field.onChange(next.includes('on'))}
            options={[{ value: 'on', label: a('emailNotificationLabel') }]}
          />
        )}
      />
    </Stack>
  );
}
