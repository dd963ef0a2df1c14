import type { UploadProgress } from '@fleet/shared-api';
import { Box, FormField, Input, SimpleGrid, Stack, Text } from '@fleet/shared-ui';
import { FileDropzone, Textarea } from '@fleet/shared-ui/fields';
import { EditDialog, useDialogForm } from '@fleet/shared-ui/overlays';
import { yupResolver } from '@hookform/resolvers/yup';
import { useState } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import type { OtaDeviceType } from '../api/device-type';
import { useSaveFirmware } from '../api/firmwares';
import type { Firmware, OtaType } from '../api/types';
import { useFirmwareTranslation } from '../common/translation';
import { emptyValues, FIRMWARE_ACCEPT, firmwareFormData, firmwareSchema, PACK_SLOTS, type FirmwareFormValues } from './firmware-form';

export interface FirmwareDialogProps {
  open: boolean;
  /** The firmware being updated; null adds one. */
  firmware: Firmware | null;
  deviceType: OtaDeviceType;
  otaType: OtaType;
  onClose: () => void;
}

function slotFileName(firmware: Firmware | null, slot: string): string | null {
  if (!firmware) return null;
  if (slot === 'file') return firmware.file_name;
  return firmware.ota_files?.find((file) => file.key === slot)?.file_name ?? null;
}

/** Add or update a firmware (spec: titled Firmware or Firmware OTA Pack, button Add or Update). */
export function FirmwareDialog({ open, firmware, deviceType, otaType, onClose }: FirmwareDialogProps) {
  const { t } = useFirmwareTranslation();
  const editing = firmware !== null;
  const multiple = otaType === 'multiple';
  const save = useSaveFirmware();
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const form = useForm<FirmwareFormValues>({
    resolver: yupResolver(firmwareSchema(otaType, editing)) as unknown as Resolver<FirmwareFormValues>,
    defaultValues: emptyValues(firmware),
  });
  const {
    register,
    control,
    formState: { errors },
  } = form;

  // Each opening starts from the firmware being edited (or empty) and forgets the last upload; a
  // refusal is shown in the dialog and as a toast, the dialog stays open to try again.
  const { err, dialog, submit } = useDialogForm({ form, open, record: firmware, valuesOf: emptyValues, save, onClose, t, onOpen: () => setProgress(null) });
  const busy = save.isPending;

  const fileSlot = (name: 'file' | 'ota_file' | 'mcu56' | 'mcu62', md5: 'md_5_value' | 'md_5_value_mcu56' | 'md_5_value_mcu62', label: string) => {
    const current = slotFileName(firmware, name);
    return (
      <Stack key={name} gap="2" borderWidth={multiple ? '1px' : 0} rounded="md" p={multiple ? '3' : 0}>
        <Controller
            control={control}
            name={name}
            render={({ field, fieldState }) => (
              <FileDropzone
                accept={FIRMWARE_ACCEPT}
                label={label}
                file={field.value}
                onFile={field.onChange}
                disabled={busy}
                error={err(fieldState.error?.message)}
              />
            )}
          />
        {current && (
          <Text fontSize="xs" color="fg.muted">
            {t('firmwareDialog.currentFile', { name: current })}
          </Text>
        )}
        <FormField label={`${label} ${t('firmwareDialog.md5')}`} error={err(errors[md5]?.message)}>
          <Input size="sm" autoComplete="off" spellCheck={false} maxLength={32} {...register(md5)} />
        </FormField>
      </Stack>
    );
  };

  return (
    <EditDialog
      {...dialog}
      title={multiple ? t('firmwareDialog.packTitle') : t('firmwareDialog.title')}
      submitLabel={editing ? t('common.update') : t('common.add')}
      cancelLabel={t('common.cancel')}
      onSubmit={submit((values) => {
        setProgress(null);
        return save.mutateAsync({
          ...(firmware ? { id: firmware.id } : {}),
          form: firmwareFormData(values, deviceType, otaType),
          onProgress: setProgress,
        });
      })}
      size="lg"
    >
      <Stack gap="4">
        <SimpleGrid columns={{ base: 1, md: multiple ? 2 : 1 }} gap="4">
          <FormField label={t('firmwareDialog.version')} required error={err(errors.version?.message)}>
            <Input size="sm" autoComplete="off" placeholder="1.2.3" {...register('version')} />
          </FormField>
          {multiple && (
            <FormField label={t('firmwareDialog.mcuVersion')} required error={err(errors.mcu_version?.message)}>
              <Input size="sm" autoComplete="off" placeholder="1.0" {...register('mcu_version')} />
            </FormField>
          )}
        </SimpleGrid>
        <FormField label={t('firmwareDialog.forcedMessage')}>
          <Textarea size="sm" rows={2} {...register('auto_update_message')} />
        </FormField>
        <FormField label={t('firmwareDialog.optionalMessage')}>
          <Textarea size="sm" rows={2} {...register('manual_update_message')} />
        </FormField>
        {multiple
          ? PACK_SLOTS.map(({ slot, md5, label }) => fileSlot(slot, md5, t(label)))
          : fileSlot('file', 'md_5_value', t('firmwareDialog.file'))}
        {progress && busy && (
          <Box>
            <Text fontSize="sm">{t('firmwareDialog.uploading', { percent: Math.round(progress.percent * 100) })}</Text>
            <Box
              role="progressbar"
              aria-label={t('firmwareDialog.uploading', { percent: Math.round(progress.percent * 100) })}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={Math.round(progress.percent * 100)}
              h="2"
              bg="bg.muted"
              rounded="full"
              overflow="hidden"
            >
              <Box h="full" bg="colorPalette.solid" width={`${Math.round(progress.percent * 100)}%`} />
            </Box>
          </Box>
        )}
      </Stack>
    </EditDialog>
  );
}
