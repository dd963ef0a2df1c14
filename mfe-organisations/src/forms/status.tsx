import { Badge, FormField, statusTone } from '@fleet/shared-ui';
import { OptionSelect, type FilterFieldDef } from '@fleet/shared-ui/tables';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useOrganisationsTranslation } from '../i18n/translation';

/** The two states of an agency, an agent and an electrician (spec 4), in the spec's words. */
function useStatusOptions() {
  const { t } = useOrganisationsTranslation();
  return [
    { value: 'Active', label: t('status.active') },
    { value: 'In-Active', label: t('status.inActive') },
  ];
}

/** An agency's, agent's or electrician's status (Active green, In-Active red). */
export function StatusWord({ status }: { status: string }) {
  const { t } = useOrganisationsTranslation();
  const active = status === 'Active';
  return (
    <Badge colorPalette={statusTone(active ? 'Active' : 'In-Active').palette} variant="subtle">
      {active ? t('status.active') : t('status.inActive')}
    </Badge>
  );
}

/** The drawer's Status: any of Active and In-Active. */
export function useStatusFilter(): FilterFieldDef {
  const { t } = useOrganisationsTranslation();
  return { key: 'status', label: t('status.label'), kind: 'multi', options: useStatusOptions() };
}

/** A form's Status select (the agency, agent and electrician forms). */
export function StatusField<V extends FieldValues>({ control, name }: { control: Control<V>; name: Path<V> }) {
  const { t } = useOrganisationsTranslation();
  const options = useStatusOptions();
  return (
    <FormField label={t('status.label')}>
      <Controller control={control} name={name} render={({ field }) => <OptionSelect name={name} value={String(field.value)} options={options} onChange={field.onChange} />} />
    </FormField>
  );
}
