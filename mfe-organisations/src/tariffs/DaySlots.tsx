import { Box, Button, CloseButton, FormField, HStack, Input, SimpleGrid, Stack, Text } from '@fleet/shared-ui';
import { Fieldset } from '@fleet/shared-ui/fields';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { useOrganisationsTranslation } from '../i18n/translation';
import { errorAt } from './form-errors';
import { newSlot, SLOT_NAME_MAX_LENGTH, type DayValues, type TariffFormValues } from './tariff-form';
import { dayMinutes, MINUTES_PER_DAY, SLOT_KINDS, type Day, type SlotKind } from '@fleet/contract';

type DayPath = `typeTarrif.${number}.season.${number}.${'weekdays' | 'weekends'}`;

/** Hours and minutes of a number of minutes (18:30). */
const hoursText = (minutes: number) => `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;

/** One kind's slots of a day (Peak: 14:00 to 20:00 "Peak", ...), added and removed in place. */
function KindSlots({ path, kind, label }: { path: DayPath; kind: SlotKind; label: string }) {
  const { t } = useOrganisationsTranslation();
  const {
    register,
    control,
    formState: { errors },
  } = useFormContext<TariffFormValues>();
  const slots = useFieldArray({ control, name: `${path}.${kind}` });
  const kindName = t(`tariffs.form.kinds.${kind}`);
  const err = (at: string) => {
    const message = errorAt(errors, at);
    return message ? t(message) : undefined;
  };
  return (
    <Stack gap="2" role="group" aria-label={`${label}: ${kindName}`}>
      <HStack justify="space-between">
        <Text fontSize="sm" fontWeight="medium">
          {kindName}
        </Text>
        <Button size="xs" variant="outline" onClick={() => slots.append(newSlot())}>
          {t('tariffs.form.addSlot', { kind: kindName })}
        </Button>
      </HStack>
      {slots.fields.map((row, index) => {
        const slotLabel = t('tariffs.form.slotN', { kind: kindName, n: index + 1 });
        return (
          <HStack key={row.id} align="flex-start" gap="2" role="group" aria-label={`${label}: ${slotLabel}`}>
            <SimpleGrid columns={{ base: 1, md: 3 }} gap="2" flex="1">
              <FormField label={t('tariffs.form.startTime')} required error={err(`${path}.${kind}.${index}.startTime`)}>
                <Input size="sm" type="time" step={60} {...register(`${path}.${kind}.${index}.startTime`)} />
              </FormField>
              <FormField label={t('tariffs.form.endTime')} required error={err(`${path}.${kind}.${index}.endTime`)}>
                <Input size="sm" type="time" step={60} {...register(`${path}.${kind}.${index}.endTime`)} />
              </FormField>
              <FormField label={t('tariffs.form.slotName')} required={index === 0} error={err(`${path}.${kind}.${index}.name`)}>
                <Input size="sm" autoComplete="off" maxLength={SLOT_NAME_MAX_LENGTH} {...register(`${path}.${kind}.${index}.name`)} />
              </FormField>
            </SimpleGrid>
            <CloseButton size="sm" mt="6" aria-label={t('tariffs.form.removeSlot', { kind: kindName, n: index + 1 })} onClick={() => slots.remove(index)} />
          </HStack>
        );
      })}
    </Stack>
  );
}

/**
 * A season's weekdays or weekends: the four kinds of slot, the hours they cover so far, and spec 5's
 * 'Weekday should be of 24 Hours' / 'Weekend should be of 24 Hours' under it.
 */
export function DaySlots({ path, label, error }: { path: DayPath; label: string; error: string | undefined }) {
  const { t } = useOrganisationsTranslation();
  const { control } = useFormContext<TariffFormValues>();
  const day = useWatch({ control, name: path }) as DayValues | undefined;
  const minutes = day ? dayMinutes(day as Day) : 0;
  return (
    <Fieldset.Root invalid={Boolean(error)} borderWidth="1px" rounded="md" p="3">
      <Fieldset.Legend fontSize="sm" fontWeight="semibold">
        {label}
      </Fieldset.Legend>
      <Text fontSize="xs" color={minutes === MINUTES_PER_DAY ? 'fg.muted' : 'fg.warning'}>
        {t('tariffs.form.covered', { hours: hoursText(minutes) })}
      </Text>
      <Stack gap="3" mt="2">
        {SLOT_KINDS.map((kind) => (
          <Box key={kind}>
            <KindSlots path={path} kind={kind} label={label} />
          </Box>
        ))}
      </Stack>
      {error && (
        <Fieldset.ErrorText color="fg.error" fontSize="sm">
          {error}
        </Fieldset.ErrorText>
      )}
    </Fieldset.Root>
  );
}
