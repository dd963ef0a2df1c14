import { Badge, FormField, statusTone } from '@fleet/shared-ui';
import { OptionSelect, type FilterFieldDef } from '@fleet/shared-ui/tables';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useOrganisationsTranslation } from '../i18n/translation';

/** The two states of an agency and of an agent (spec 4), in the spec's words. */
function useStatusOptions() {
  const { t } = useOrganisationsTranslation();
  return [
    { value: 'Active', label: t('agencies.common.active') },
    { value: 'In-Active', label: t('agencies.common.inActive') },
  ];
}

/** An agency's or agent's status (Active green, In-Active red). */
export function StatusWord({ status }: { status: string }) {
  const { t } = useOrganisationsTranslation();
  const active = status === 'Active';
  return (
    <Badge colorPalette={statusTone(active ? 'Active' : 'In-Active').palette} variant="subtle">
      {active ? t('agencies.common.active') : t('agencies.common.inActive')}
    </Badge>
  );
}

/** The drawer's Status: any of Active and In-Active. */
export function useStatusFilter(): FilterFieldDef {
  const { t } = useOrganisationsTranslation();
  return { key: 'status', label: t('agencies.common.status'), kind: 'multi', options: useStatusOptions() };
}

/** A form's Status select (the agency and agent forms). */
export function StatusField<V extends FieldValues>({ control, name }: { control: Control<V>; name: Path<V> }) {
  const { t } = useOrganisationsTranslation();
  const options = useStatusOptions();
  return (
    <FormField label={t('agencies.common.status')}>
      <Controller control={control} name={name} render={({ field }) => <OptionSelect name={name} value={String(field.value)} options={options} onChange={field.onChange} />} />
    </FormField>
  );
}
