import { NAME_MAX_LENGTH, productDeviceType, type UploadProgress } from '@fleet/shared-api';
import { Box, FormField, Image, Input, Stack, Text } from '@fleet/shared-ui';
import { FileDropzone } from '@fleet/shared-ui/fields';
import { EditDialog, useDialogForm } from '@fleet/shared-ui/overlays';
import { yupResolver } from '@hookform/resolvers/yup';
import { useState } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { useSaveSlider, type Slide } from '../api/sliders';
import type { SliderProduct } from '../description';
import { useOrganisationsTranslation } from '../i18n/translation';
import { IMAGE_ACCEPT, sliderSchema, type SliderFormValues } from './slider-form';

export interface SliderDialogProps {
  product: SliderProduct;
  /** The slide being edited, 'new' to add one, null when closed. */
  editing: Slide | 'new' | null;
  onClose: () => void;
}

const valuesOf = (editing: Slide | 'new' | null): SliderFormValues =>
  editing && editing !== 'new' ? { name: editing.name, link: editing.link, image: null } : { name: '', link: '', image: null };

/** Add Slider / Edit Slider: name, link and image (required on add; on edit only to replace it). */
export function SliderDialog({ product, editing, onClose }: SliderDialogProps) {
  const { t } = useOrganisationsTranslation();
  const save = useSaveSlider();
  const adding = editing === 'new';
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const form = useForm<SliderFormValues>({ resolver: yupResolver(sliderSchema(adding)) as unknown as Resolver<SliderFormValues>, defaultValues: valuesOf(editing) });
  const {
    register,
    control,
    formState: { errors },
  } = form;
  // each opening starts from the slide and forgets the last upload; a refusal is said in the dialog
  // (and the toast), what was typed and chosen stays
  const { err, dialog, submit } = useDialogForm({ form, open: editing !== null, record: editing, valuesOf, save, onClose, t, onOpen: () => setProgress(null) });
  const current = editing && editing !== 'new' ? editing : null;
  const percent = progress ? Math.round(progress.percent * 100) : 0;
  return (
    <EditDialog
      {...dialog}
      title={adding ? t('tariffs.sliders.add') : t('tariffs.sliders.edit')}
      submitLabel={t('common.save')}
      cancelLabel={t('common.cancel')}
      onSubmit={submit((values) => {
        setProgress(null);
        return save.mutateAsync({
          id: editing && editing !== 'new' ? editing.id : null,
          deviceType: productDeviceType(product),
          name: values.name,
          link: values.link,
          image: values.image,
          onProgress: setProgress,
        });
      })}
    >
      <Stack gap="4">
        <FormField label={t('tariffs.sliders.name')} required error={err(errors.name?.message)}>
          <Input size="sm" autoComplete="off" maxLength={NAME_MAX_LENGTH} {...register('name')} />
        </FormField>
        <FormField label={t('tariffs.sliders.link')} required error={err(errors.link?.message)}>
          <Input size="sm" type="url" inputMode="url" autoComplete="off" placeholder="https://" {...register('link')} />
        </FormField>
        <Controller
          control={control}
          name="image"
          render={({ field, fieldState }) => (
            <FileDropzone accept={IMAGE_ACCEPT} label={t('tariffs.sliders.image')} file={field.value} onFile={field.onChange} disabled={save.isPending} error={err(fieldState.error?.message)} />
          )}
        />
        <Text fontSize="xs" color="fg.muted">
          {current?.image_name ? t('tariffs.sliders.currentImage', { name: current.image_name }) : t('tariffs.sliders.imageHint')}
        </Text>
        {current?.image_url && <Image src={current.image_url} alt={t('tariffs.sliders.imageOf', { name: current.name })} maxH="32" objectFit="contain" rounded="md" />}
        {progress && save.isPending && (
          <Box role="progressbar" aria-label={t('tariffs.sliders.uploading', { percent })} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} h="2" bg="bg.muted" rounded="full" overflow="hidden">
            <Box h="full" bg="colorPalette.solid" width={`${percent}%`} />
          </Box>
        )}
      </Stack>
    </EditDialog>
  );
}
