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

export interface RecordDialogOptions<V, R extends { id: number }, B> extends Omit<SchemaDialogFormOptions<V, R | null>, 'save'> {
  /** The save call (the record's id is added to the body when editing). */
  save: DialogSave & { mutateAsync: (body: B) => Promise<unknown> };
  /** The heading's text keys: editing a record, adding one. */
  titles: readonly [update: string, add: string];
  /** The saved fields from the checked values. */
  toBody: (values: V) => Omit<B, 'id'>;
}

/**
 * An edit dialog of one record (null: a new one): useSchemaDialogForm's form, and the dialog's props
 * (`editDialog`: its heading for editing or adding, the submit that saves the body with the record's id).
 */
export function useRecordDialog<V extends FieldValues, R extends { id: number }, B>(options: RecordDialogOptions<V, R, B>) {
  const { record, save, titles, toBody } = options;
  const form = useSchemaDialogForm<V, R | null>(options);
  const onSubmit = form.submit((values) => save.mutateAsync({ ...(record ? { id: record.id } : {}), ...toBody(values) } as B));
  return { ...form, editDialog: { ...form.dialog, title: form.t(record ? titles[0] : titles[1]), onSubmit } };
}

/** A dialog's text fields as a record holds them: each of `keys`, blank for a new record or where it has none. */
export function textsOf<R extends object, K extends keyof R & string>(record: R | null, keys: readonly K[]): Record<K, string> {
  return Object.fromEntries(keys.map((key) => [key, record?.[key] ?? ''])) as Record<K, string>;
}
