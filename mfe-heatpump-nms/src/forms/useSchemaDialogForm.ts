import { useDialogForm, type DialogSave } from '@fleet/shared-ui/overlays';
import { yupResolver } from '@hookform/resolvers/yup';
import { useForm, type DefaultValues, type FieldValues, type Resolver } from 'react-hook-form';
import type * as yup from 'yup';
import { useHeatPumpTranslation } from '../i18n/translation';

export interface SchemaDialogFormOptions<V, R> {
  /** The yup schema; its messages are text keys of the heat-pump namespace. */
  schema: yup.AnyObjectSchema;
  open: boolean;
  /** The record being edited (null: a new one); each opening starts from its values. */
  record: R;
  valuesOf: (record: R) => V;
  save: DialogSave;
  onClose: () => void;
}

/**
 * The form of one of this remote's edit dialogs: a react-hook-form validated by `schema`, started from
 * the record's values, run by shared-ui's useDialogForm (reset at each opening, the refusal shown in the
 * dialog, closed once saved). Answers what the dialog's fields need besides `dialog` and `submit`.
 */
export function useSchemaDialogForm<V extends FieldValues, R>({ schema, open, record, valuesOf, save, onClose }: SchemaDialogFormOptions<V, R>) {
  const { t } = useHeatPumpTranslation();
  const form = useForm<V>({ resolver: yupResolver(schema) as unknown as Resolver<V>, defaultValues: valuesOf(record) as DefaultValues<V> });
  const { err, dialog, submit } = useDialogForm({ form, open, record, valuesOf, save, onClose, t });
  return { t, err, dialog, submit, register: form.register, control: form.control, errors: form.formState.errors };
}
