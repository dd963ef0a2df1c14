import { FormField, Stack, TextField } from '@fleet/shared-ui';
import { Textarea } from '@fleet/shared-ui/fields';
import { EditDialog } from '@fleet/shared-ui/overlays';
import * as yup from 'yup';
import { useSaveModel, type HeatPumpModel } from '../api/models';
import { useRecordDialog } from '../forms/useSchemaDialogForm';

/** Names of things are at most 60 characters (spec 9); the input stops accepting more. */
const MODEL_NAME_MAX = 60;

const schema = yup.object({
  model_name: yup.string().trim().default('').required('models.nameRequired').max(MODEL_NAME_MAX, 'models.nameLength'),
  capacity_litres: yup
    .string()
    .default('')
    .test('litres', 'models.capacityInvalid', (v) => !v || (/^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= 10_000)),
  description: yup.string().default('').max(500, 'models.descriptionLength'),
});
type ModelValues = yup.InferType<typeof schema>;

const valuesOf = (model: HeatPumpModel | null): ModelValues => ({
  model_name: model?.model_name ?? '',
  capacity_litres: model?.capacity_litres ? String(model.capacity_litres) : '',
  description: model?.description ?? '',
});

/** Add or update a heat-pump model: Model Name*, Capacity (litres), Description. */
export function ModelDialog({ open, model, onClose }: { open: boolean; model: HeatPumpModel | null; onClose: () => void }) {
  const save = useSaveModel();
  const toBody = (values: ModelValues) => ({
    model_name: values.model_name.trim(),
    ...(values.capacity_litres ? { capacity_litres: Number(values.capacity_litres) } : {}),
    ...(values.description.trim() ? { description: values.description.trim() } : {}),
  });
  const { t, err, editDialog, register, errors } = useRecordDialog({ schema, open, record: model, valuesOf, save, onClose, titles: ['models.edit', 'models.add'], toBody });

  return (
    <EditDialog {...editDialog}>
      <Stack gap="4">
        <TextField label={t('models.name')} required maxLength={MODEL_NAME_MAX} error={err(errors.model_name?.message)} {...register('model_name')} />
        <TextField label={t('models.capacity')} inputMode="numeric" error={err(errors.capacity_litres?.message)} {...register('capacity_litres')} />
        <FormField label={t('models.description')} error={err(errors.description?.message)}>
          <Textarea rows={3} maxLength={500} {...register('description')} />
        </FormField>
      </Stack>
    </EditDialog>
  );
}
