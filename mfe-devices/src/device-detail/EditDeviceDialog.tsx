import { FormField, Input, SimpleGrid, Stack } from '@fleet/shared-ui';
import { EditDialog, useDialogForm } from '@fleet/shared-ui/overlays';
import { yupResolver } from '@hookform/resolvers/yup';
import { useForm } from 'react-hook-form';
import { useEditDevice, type DeviceInfo, type EditorScope } from '../api/devices';
import { useDevicesTranslation } from '../i18n/translation';
import { ImpulseRateFields } from './ImpulseRateFields';
import { editSchema, sentRate, typedRate, type EditValues } from './impulse-rate';

export interface EditDeviceDialogProps {
  open: boolean;
  device: DeviceInfo;
  scope: EditorScope;
  onClose: () => void;
}

function valuesOf(device: DeviceInfo): EditValues {
  const type = device.impulse_rate_type === 'Wh/imp' ? 'Wh/imp' : 'imp/kWh';
  return {
    impulse_rate: typedRate(device.impulse_rate, device.impulse_rate_type),
    impulse_rate_type: type,
    force_sync_date: device.force_sync_date ?? '',
    nmi: device.nmi ?? '',
  };
}

/** Edit Device: impulse rate and its type (Wh/imp converted before sending), force sync date, NMI. */
export function EditDeviceDialog({ open, device, scope, onClose }: EditDeviceDialogProps) {
  const { t } = useDevicesTranslation();
  const save = useEditDevice(scope);
  const form = useForm<EditValues>({ resolver: yupResolver(editSchema), defaultValues: valuesOf(device) });
  const {
    register,
    formState: { errors },
  } = form;

  // each opening starts from the saved device; a refusal is said in the dialog (and the toast), the dialog and what was typed stay
  const { err, dialog, submit } = useDialogForm({ form, open, record: device, valuesOf, save, onClose, t });

  const store = (values: EditValues) =>
    save.mutateAsync({ id: device.id, impulse_rate: sentRate(values), impulse_rate_type: values.impulse_rate_type, force_sync_date: values.force_sync_date || null, nmi: values.nmi });

  return (
    <EditDialog {...dialog} title={t('edit.title')} submitLabel={t('edit.save')} cancelLabel={t('edit.cancel')} onSubmit={submit(store)}>
      <Stack gap="4">
        <ImpulseRateFields register={register} error={errors.impulse_rate?.message} />
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <FormField label={t('detail.forceSyncDate')} error={err(errors.force_sync_date?.message)}>
            <Input size="sm" type="date" {...register('force_sync_date')} />
          </FormField>
          <FormField label={t('detail.nmi')} error={err(errors.nmi?.message)}>
            <Input size="sm" maxLength={11} autoComplete="off" {...register('nmi')} />
          </FormField>
        </SimpleGrid>
      </Stack>
    </EditDialog>
  );
}
