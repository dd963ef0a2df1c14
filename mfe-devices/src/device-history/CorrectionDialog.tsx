import { FormField, Input, NativeSelect, SimpleGrid, Stack } from '@fleet/shared-ui';
import { EditDialog, useDialogForm } from '@fleet/shared-ui/overlays';
import { yupResolver } from '@hookform/resolvers/yup';
import { useForm } from 'react-hook-form';
import { useCorrectRate } from '../api/devices';
import { ImpulseRateFields } from '../device-detail/ImpulseRateFields';
import { sentRate } from '../device-detail/impulse-rate';
import { useDevicesTranslation } from '../i18n/translation';
import { correctionSchema, UPDATE_SECTIONS, type CorrectionValues } from './correction';

const EMPTY: CorrectionValues = { start_date: '', end_date: '', impulse_rate: '', impulse_rate_type: 'imp/kWh', update: 'impulseRate', unit_charge: '' };

/**
 * The update-rate history's Update (spec 5): a past period's impulse rate, tariff rate or both. The
 * rate is sent as imp/kWh (a Wh/imp rate converted, as in Edit Device); a tariff correction carries
 * its unit charge.
 */
export function CorrectionDialog({ open, deviceId, onClose }: { open: boolean; deviceId: number; onClose: () => void }) {
  const { t } = useDevicesTranslation();
  const correct = useCorrectRate(deviceId);
  const form = useForm<CorrectionValues>({ resolver: yupResolver(correctionSchema), defaultValues: EMPTY });
  const {
    register,
    watch,
    formState: { errors },
  } = form;
  const update = watch('update');

  // each opening starts empty; a refusal is said in the dialog (and the toast), what was typed stays
  const { err, dialog, submit } = useDialogForm({ form, open, record: null, valuesOf: () => EMPTY, save: correct, onClose, t });

  const store = (values: CorrectionValues) =>
    correct.mutateAsync({
      start_date: values.start_date,
      end_date: values.end_date,
      rate: sentRate(values),
      type: values.impulse_rate_type,
      update: values.update,
      ...(values.update === 'impulseRate' ? {} : { unit_charge: Number(values.unit_charge) }),
    });

  return (
    <EditDialog {...dialog} title={t('correction.title')} submitLabel={t('edit.save')} cancelLabel={t('edit.cancel')} onSubmit={submit(store)}>
      <Stack gap="4">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <FormField label={t('history.startDate')} required error={err(errors.start_date?.message)}>
            <Input size="sm" type="date" {...register('start_date')} />
          </FormField>
          <FormField label={t('history.endDate')} required error={err(errors.end_date?.message)}>
            <Input size="sm" type="date" {...register('end_date')} />
          </FormField>
        </SimpleGrid>
        <ImpulseRateFields register={register} error={errors.impulse_rate?.message} />
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <FormField label={t('correction.update')} required>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field {...register('update')}>
                {UPDATE_SECTIONS.map((section) => (
                  <option key={section} value={section}>
                    {t(`correction.${section}`)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </FormField>
          {update !== 'impulseRate' && (
            <FormField label={t('correction.unitCharge')} required error={err(errors.unit_charge?.message)}>
              <Input size="sm" inputMode="decimal" autoComplete="off" {...register('unit_charge')} />
            </FormField>
          )}
        </SimpleGrid>
      </Stack>
    </EditDialog>
  );
}
