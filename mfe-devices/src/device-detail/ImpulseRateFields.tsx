import { FormField, Input, NativeSelect, SimpleGrid } from '@fleet/shared-ui';
import type { UseFormRegister } from 'react-hook-form';
import { useDevicesTranslation } from '../i18n/translation';
import { IMPULSE_RATE_TYPES } from './impulse-rate';

interface RateValues {
  impulse_rate: string;
  impulse_rate_type?: string;
}

/** The impulse rate and its type (spec 5), as Edit Device and the rate correction both ask them. */
export function ImpulseRateFields<T extends RateValues>({ register, error }: { register: UseFormRegister<T>; error: string | undefined }) {
  const { t } = useDevicesTranslation();
  // both forms name the fields alike; the cast only narrows react-hook-form's path type
  const reg = register as unknown as UseFormRegister<RateValues>;
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
      <FormField label={t('detail.impulseRate')} required error={error ? t(error) : undefined}>
        <Input size="sm" inputMode="decimal" autoComplete="off" {...reg('impulse_rate')} />
      </FormField>
      <FormField label={t('detail.impulseRateType')}>
        <NativeSelect.Root size="sm">
          <NativeSelect.Field {...reg('impulse_rate_type')}>
            {IMPULSE_RATE_TYPES.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </FormField>
    </SimpleGrid>
  );
}
