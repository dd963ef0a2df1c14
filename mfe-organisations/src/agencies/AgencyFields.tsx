import { Stack } from '@fleet/shared-ui';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { FieldGrid, type FieldDef } from '../forms/FieldGrid';
import { STATES } from '../forms/rules';
import { useOrganisationsTranslation } from '../i18n/translation';
import { AGENCY_DEVICE_TYPES, FLOWS, type AgencyValues } from './agency-form';
import { CheckboxGroup } from './CheckboxGroup';

/** The agency form's fields (spec 3), each with its label and the spec's message under it. */
export function AgencyFields({ form, mode }: { form: UseFormReturn<AgencyValues>; mode: 'add' | 'edit' }) {
  const { t } = useOrganisationsTranslation();
  const a = (key: string) => t(`agencies.agency.${key}`);
  const fields: FieldDef<AgencyValues>[] = [
    { name: 'agency_name', label: a('agencyName'), required: true, autoComplete: 'organization', maxLength: 199 },
    { name: 'email', label: a('email'), required: true, type: 'email', maxLength: 254 },
    { kind: 'password', name: 'password', label: a('password'), required: mode === 'add', helperText: mode === 'edit' ? a('passwordKeep') : undefined, maxLength: 128 },
    { name: 'contact', label: a('contact'), required: true, type: 'tel', maxLength: 13 },
    { name: 'contact_first_name', label: a('contactFirstName'), required: true, maxLength: 199 },
    { name: 'contact_last_name', label: a('contactLastName'), required: true, maxLength: 199 },
    { name: 'postcode', label: a('postcode'), required: true, maxLength: 10 },
    { name: 'abn_no', label: a('abn'), inputMode: 'numeric', maxLength: 11 },
    { name: 'street_address', label: a('streetAddress'), maxLength: 200 },
    { name: 'plot_address', label: a('plotAddress'), maxLength: 200 },
    { name: 'city', label: a('city'), maxLength: 100 },
    { kind: 'select', name: 'state', label: a('state'), emptyLabel: '-', options: STATES.map((s) => ({ value: s, label: s })) },
    { name: 'country', label: a('country'), maxLength: 100 },
    { kind: 'status', name: 'status' },
  ];
  return (
    <Stack gap="5">
      <FieldGrid form={form} fields={fields} />
      <Controller
        control={form.control}
        name="flows"
        render={({ field }) => <CheckboxGroup legend={a('flows')} name="flows" value={field.value} onChange={field.onChange} options={FLOWS.map((f) => ({ value: f, label: t(`agencies.flows.${f}`) }))} />}
      />
      <Controller
        control={form.control}
        name="deviceType"
        render={({ field }) => (
          <CheckboxGroup legend={a('deviceType')} name="deviceType" value={field.value} onChange={field.onChange} options={AGENCY_DEVICE_TYPES.map((d) => ({ value: d, label: t(`devices.lines.${d}`) }))} />
        )}
      />
      <YesNoBox form={form} name="email_notification" legend={a('emailNotification')} label={a('emailNotificationLabel')} />
      {mode === 'edit' && <YesNoBox form={form} name="second_factor_required" legend={t('secondFactor.legend')} label={t('secondFactor.require')} />}
    </Stack>
  );
}

/** One yes-or-no of the agency as a labelled box under its legend (email notifications, two-step sign-in). */
function YesNoBox({ form, name, legend, label }: { form: UseFormReturn<AgencyValues>; name: 'email_notification' | 'second_factor_required'; legend: string; label: string }) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => <CheckboxGroup legend={legend} name={name} value={field.value ? ['on'] : []} onChange={(next) => field.onChange(next.includes('on'))} options={[{ value: 'on', label }]} />}
    />
  );
}
