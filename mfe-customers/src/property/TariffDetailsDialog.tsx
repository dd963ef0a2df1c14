import { FormField, Input, NativeSelect, SimpleGrid, Stack, Text } from '@fleet/shared-ui';
import { Checkbox } from '@fleet/shared-ui/fields';
import { EditDialog, useDialogForm } from '@fleet/shared-ui/overlays';
import { yupResolver } from '@hookform/resolvers/yup';
import { useEffect, type ReactNode } from 'react';
import { Controller, useFieldArray, useForm, useWatch, type UseFormRegisterReturn } from 'react-hook-form';
import { useDistributors, useRetailers, useSaveTariffDetails, useTariffStructures, type PropertyInfo } from '../api/customers';
import type { CustomerArea } from '../description';
import { useCustomersTranslation } from '../i18n/translation';
import { editOf, formValuesOf, planRowsFor, tariffSchema, type TariffFormValues } from './tariff-form';
import { planLabel } from './tariff-text';

/** A select of a form field, with an empty first choice ("Select"). */
function Choice({ field, options, placeholder, label }: { field: UseFormRegisterReturn; options: Array<{ value: string; label: string }>; placeholder: string; label?: string }) {
  return (
    <NativeSelect.Root size="sm">
      <NativeSelect.Field {...field} {...(label ? { 'aria-label': label } : {})}>
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

/**
 * Edit Details of a property (spec 5): name and postal code, then the cascade: the distributors
 * serving the postal code, the retailer, the distributor's tariff structures, and the cost per kWh
 * (flat, or one per plan of the structure) with discounts. A refusal keeps everything typed.
 */
export function TariffDetailsDialog({ area, open, property, onClose }: { area: CustomerArea; open: boolean; property: PropertyInfo; onClose: () => void }) {
  const { t } = useCustomersTranslation();
  const save = useSaveTariffDetails(area);
  const form = useForm<TariffFormValues>({ resolver: yupResolver(tariffSchema), defaultValues: formValuesOf(property) });
  const {
    register,
    control,
    setValue,
    getValues,
    formState: { errors },
  } = form;
  const plan = useFieldArray({ control, name: 'plan' });
  const { replace: replacePlan } = plan;
  const [postalCode, companyId, structureId, isFlat, discountType] = useWatch({ control, name: ['postal_code', 'company_id', 'tariff_structure_id', 'is_flat', 'discount_type'] });
  const chosenCompany = companyId ? Number(companyId) : null;
  const distributors = useDistributors(postalCode.trim());
  const retailers = useRetailers();
  const structures = useTariffStructures(chosenCompany);

  // each opening starts from the saved property; a refusal is said in the dialog (and the toast), what was typed stays
  const { err, dialog, submit } = useDialogForm({ form, open, record: property, valuesOf: formValuesOf, save, onClose, t });

  // A distributor that does not serve the new postal code is no longer a choice.
  useEffect(() => {
    const served = distributors.data;
    if (served && companyId && !served.some((d) => String(d.id) === companyId)) setValue('company_id', '');
  }, [distributors.data, companyId, setValue]);

  // The chosen structure decides flat or per plan, and its plans' rows.
  useEffect(() => {
    const structure = structures.data?.find((s) => String(s.tariff_structure_id) === structureId);
    if (!structure) {
      if (structures.data && structureId) setValue('tariff_structure_id', '');
      return;
    }
    setValue('is_flat', structure.is_flat_rate);
    replacePlan(structure.is_flat_rate ? [] : planRowsFor(structure, getValues('plan')));
  }, [structures.data, structureId, setValue, getValues, replacePlan]);


  const discountTypes = [
    { value: 'percentage', label: t('tariff.percentage') },
    { value: 'value', label: t('tariff.value') },
  ];
  // the cascade's three choices: the distributors serving the postal code, the retailer, the distributor's structures
  const selects: Array<{ name: 'company_id' | 'electricity_retailer_id' | 'tariff_structure_id'; label: string; options: Array<{ value: string; label: string }> }> = [
    { name: 'company_id', label: t('tariff.distributor'), options: (distributors.data ?? []).map((d) => ({ value: String(d.id), label: d.company_name })) },
    { name: 'electricity_retailer_id', label: t('tariff.retailer'), options: (retailers.data ?? []).map((r) => ({ value: String(r.electricity_retailer_id), label: r.retailer_name })) },
    { name: 'tariff_structure_id', label: t('tariff.structure'), options: (structures.data ?? []).map((s) => ({ value: String(s.tariff_structure_id), label: s.type })) },
  ];
  const noDistributor = distributors.data?.length === 0 && /^\d{3,4}$/.test(postalCode.trim());

  return (
    <EditDialog
      {...dialog}
      size="lg"
      title={t('tariff.title')}
      submitLabel={t('tariff.save')}
      cancelLabel={t('tariff.cancel')}
      onSubmit={submit((values) => save.mutateAsync(editOf(property.id, values)))}
    >
      <Stack gap="4">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <FormField label={t('tariff.propertyName')} required error={err(errors.property_name?.message)}>
            <Input size="sm" maxLength={199} autoComplete="off" {...register('property_name')} />
          </FormField>
          <FormField label={t('tariff.postalCode')} required error={err(errors.postal_code?.message)} helperText={noDistributor ? t('tariff.noDistributor') : undefined}>
            <Input size="sm" inputMode="numeric" maxLength={4} autoComplete="off" {...register('postal_code')} />
          </FormField>
          {selects.map(({ name, label, options }) => (
            <FormField key={name} label={label} required error={err(errors[name]?.message)}>
              <Choice field={register(name)} placeholder={t('tariff.choose')} options={options} />
            </FormField>
          ))}
          <FormField label={t('tariff.supplyCharge')} error={err(errors.supply_charge?.message)}>
            <Input size="sm" inputMode="decimal" autoComplete="off" {...register('supply_charge')} />
          </FormField>
        </SimpleGrid>

        {structureId && isFlat && (
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
            <FormField label={t('tariff.costPerKwh')} required error={err(errors.unit_charge?.message)}>
              <Input size="sm" inputMode="decimal" autoComplete="off" {...register('unit_charge')} />
            </FormField>
            <FormField label={t('tariff.discountType')}>
              <Choice field={register('discount_type')} placeholder={t('tariff.noDiscount')} options={discountTypes} />
            </FormField>
            <FormField label={t('tariff.discount')} error={err(errors.discount?.message)} disabled={!discountType}>
              <Input size="sm" inputMode="decimal" autoComplete="off" {...register('discount')} />
            </FormField>
          </SimpleGrid>
        )}

        {structureId && !isFlat &&
          plan.fields.map((row, index): ReactNode => {
            const name = planLabel(t, row.key);
            const rowErrors = errors.plan?.[index];
            return (
              <SimpleGrid key={row.id} columns={{ base: 1, md: 3 }} gap="4" role="group" aria-label={name}>
                <FormField label={`${name}: ${t('tariff.costPerKwh')}`} required error={err(rowErrors?.unit_charge?.message)}>
                  <Input size="sm" inputMode="decimal" autoComplete="off" {...register(`plan.${index}.unit_charge`)} />
                </FormField>
                <FormField label={`${name}: ${t('tariff.discountType')}`}>
                  <Choice field={register(`plan.${index}.discount_type`)} placeholder={t('tariff.noDiscount')} options={discountTypes} />
                </FormField>
                <FormField label={`${name}: ${t('tariff.discount')}`} error={err(rowErrors?.discount?.message)}>
                  <Input size="sm" inputMode="decimal" autoComplete="off" {...register(`plan.${index}.discount`)} />
                </FormField>
              </SimpleGrid>
            );
          })}

        <Controller
          control={control}
          name="gst_include"
          render={({ field }) => (
            <Checkbox.Root checked={field.value} onCheckedChange={(e) => field.onChange(e.checked === true)} size="sm">
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{t('tariff.gstIncluded')}</Checkbox.Label>
            </Checkbox.Root>
          )}
        />
        {!structureId && chosenCompany !== null && structures.data?.length === 0 && <Text fontSize="sm">{t('property.noTariff')}</Text>}
      </Stack>
    </EditDialog>
  );
}
