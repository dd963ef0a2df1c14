import { NAME_MAX_LENGTH } from '@fleet/shared-api';
import { Button, FormField, HStack, Input, Stack, Text } from '@fleet/shared-ui';
import { Checkbox, Fieldset } from '@fleet/shared-ui/fields';
import { Controller, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { useOrganisationsTranslation } from '../i18n/translation';
import { errorAt } from './form-errors';
import { SeasonFields } from './SeasonFields';
import { newSeason, type TariffFormValues } from './tariff-form';
import { dayAfter } from '@fleet/contract';

/**
 * One tariff type: its name (unique in the tariff), flat rate or not, and the seasons of a type that
 * is not flat (together one year, spec 5). A type a property's current tariff is cannot be removed.
 */
export function TariffTypeFields({ index, onRemove }: { index: number; onRemove: (() => void) | null }) {
  const { t } = useOrganisationsTranslation();
  const {
    register,
    control,
    getValues,
    formState: { errors },
  } = useFormContext<TariffFormValues>();
  const path = `typeTarrif.${index}` as const;
  const seasons = useFieldArray({ control, name: `${path}.season` });
  const [flatRate, properties] = useWatch({ control, name: [`${path}.flatRate`, `${path}.properties`] });
  const err = (at: string) => {
    const message = errorAt(errors, at);
    return message ? t(message) : undefined;
  };
  const label = t('tariffs.form.typeN', { n: index + 1 });
  const yearError = err(`${path}.seasonYear`);
  const addSeason = () => {
    // the next season starts the day after the last one ends
    const last = getValues(`${path}.season`).at(-1);
    seasons.append(newSeason(last ? dayAfter(last.to) : ''));
  };
  return (
    <Fieldset.Root borderWidth="1px" rounded="md" p="4" role="group" aria-label={label}>
      <HStack justify="space-between" wrap="wrap">
        <Fieldset.Legend fontWeight="semibold" fontSize="md">
          {label}
        </Fieldset.Legend>
        {onRemove && (
          <Button size="xs" variant="outline" colorPalette="red" onClick={onRemove} disabled={properties > 0}>
            {t('tariffs.form.removeType', { n: index + 1 })}
          </Button>
        )}
      </HStack>
      {properties > 0 && (
        <Text fontSize="sm" color="fg.muted">
          {t('tariffs.form.inUse', { count: properties })}
        </Text>
      )}
      <Stack gap="4">
        <HStack gap="4" align="flex-end" wrap="wrap">
          <FormField label={t('tariffs.form.type')} required error={err(`${path}.type`)}>
            <Input size="sm" autoComplete="off" maxLength={NAME_MAX_LENGTH} {...register(`${path}.type`)} />
          </FormField>
          <Controller
            control={control}
            name={`${path}.flatRate`}
            render={({ field }) => (
              <Checkbox.Root size="sm" checked={field.value} onCheckedChange={(e) => field.onChange(e.checked === true)} mb="2">
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{t('tariffs.form.flatRate')}</Checkbox.Label>
              </Checkbox.Root>
            )}
          />
        </HStack>
        {flatRate ? (
          <Text fontSize="sm" color="fg.muted">
            {t('tariffs.form.flatHint')}
          </Text>
        ) : (
          <Stack gap="3">
            <Text fontSize="sm" fontWeight="medium">
              {t('tariffs.form.seasons')}
            </Text>
            <Text fontSize="xs" color="fg.muted">
              {t('tariffs.form.seasonsHint')}
            </Text>
            {seasons.fields.map((row, seasonIndex) => (
              <SeasonFields key={row.id} typeIndex={index} index={seasonIndex} onRemove={seasons.fields.length > 1 ? () => seasons.remove(seasonIndex) : null} />
            ))}
            {yearError && (
              <Text role="alert" color="fg.error" fontSize="sm">
                {yearError}
              </Text>
            )}
            <HStack>
              <Button size="sm" variant="outline" onClick={addSeason}>
                {t('tariffs.form.addSeason')}
              </Button>
            </HStack>
          </Stack>
        )}
      </Stack>
    </Fieldset.Root>
  );
}
