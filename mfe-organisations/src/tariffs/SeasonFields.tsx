import { Button, FormField, HStack, Input, SimpleGrid, Stack, Text } from '@fleet/shared-ui';
import { Checkbox, Fieldset } from '@fleet/shared-ui/fields';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useOrganisationsTranslation } from '../i18n/translation';
import { DaySlots } from './DaySlots';
import { errorAt } from './form-errors';
import type { DayValues, TariffFormValues } from './tariff-form';
import { seasonDays } from '@fleet/contract';

const copyDay = (day: DayValues): DayValues => ({
  peak: day.peak.map((s) => ({ ...s })),
  offPeak: day.offPeak.map((s) => ({ ...s })),
  shoulder: day.shoulder.map((s) => ({ ...s })),
  other: day.other.map((s) => ({ ...s })),
});
const isEmptyDay = (day: DayValues) => day.peak.length + day.offPeak.length + day.shoulder.length + day.other.length === 0;

/**
 * One season of a tariff type: its dates (YYYY-MM-DD, both days counted), whether its weekends are
 * its weekdays, and the slots of each day.
 */
export function SeasonFields({ typeIndex, index, onRemove }: { typeIndex: number; index: number; onRemove: (() => void) | null }) {
  const { t } = useOrganisationsTranslation();
  const {
    register,
    control,
    getValues,
    setValue,
    formState: { errors },
  } = useFormContext<TariffFormValues>();
  const path = `typeTarrif.${typeIndex}.season.${index}` as const;
  const [from, to, same] = useWatch({ control, name: [`${path}.from`, `${path}.to`, `${path}.sameAsWeekendsToggle`] });
  const days = from && to ? seasonDays({ from, to }) : null;
  const err = (at: string) => {
    const message = errorAt(errors, at);
    return message ? t(message) : undefined;
  };
  const label = t('tariffs.form.seasonN', { n: index + 1 });
  return (
    <Fieldset.Root borderWidth="1px" rounded="md" p="3" role="group" aria-label={label}>
      <HStack justify="space-between">
        <Fieldset.Legend fontWeight="semibold">{label}</Fieldset.Legend>
        {onRemove && (
          <Button size="xs" variant="outline" colorPalette="red" onClick={onRemove}>
            {t('tariffs.form.removeSeason', { n: index + 1 })}
          </Button>
        )}
      </HStack>
      <Stack gap="3">
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="3" alignItems="end">
          <FormField label={t('tariffs.form.from')} required error={err(`${path}.from`)}>
            <Input size="sm" type="date" {...register(`${path}.from`)} />
          </FormField>
          <FormField label={t('tariffs.form.to')} required error={err(`${path}.to`)}>
            <Input size="sm" type="date" {...register(`${path}.to`)} />
          </FormField>
          {days !== null && (
            <Text fontSize="sm" color="fg.muted" pb="2">
              {t('tariffs.form.days', { count: days })}
            </Text>
          )}
        </SimpleGrid>
        <Controller
          control={control}
          name={`${path}.sameAsWeekendsToggle`}
          render={({ field }) => (
            <Checkbox.Root
              size="sm"
              checked={field.value}
              onCheckedChange={(e) => {
                const checked = e.checked === true;
                // weekends of their own start as a copy of the weekdays
                if (!checked && isEmptyDay(getValues(`${path}.weekends`))) setValue(`${path}.weekends`, copyDay(getValues(`${path}.weekdays`)));
                field.onChange(checked);
              }}
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{t('tariffs.form.sameAsWeekdays')}</Checkbox.Label>
            </Checkbox.Root>
          )}
        />
        <DaySlots path={`${path}.weekdays`} label={`${label}: ${t('tariffs.form.weekdays')}`} error={err(`${path}.weekdaysHours`)} />
        {!same && <DaySlots path={`${path}.weekends`} label={`${label}: ${t('tariffs.form.weekends')}`} error={err(`${path}.weekendsHours`)} />}
      </Stack>
    </Fieldset.Root>
  );
}
