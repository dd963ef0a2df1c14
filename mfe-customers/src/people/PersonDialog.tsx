import { useFieldRefusal } from '@fleet/shared-api';
import { EditDialog, useDialogForm, type DialogSave } from '@fleet/shared-ui/overlays';
import { yupResolver } from '@hookform/resolvers/yup';
import { useForm } from 'react-hook-form';
import { useCustomersTranslation } from '../i18n/translation';
import { personSchema, type PersonValues } from './person-fields';
import { PersonFields } from './PersonFields';

export interface PersonDialogProps<R> {
  open: boolean;
  onClose: () => void;
  title: string;
  submitLabel: string;
  cancelLabel: string;
  /** The record each opening starts from (the customer; null for a new member) and its values. */
  record: R;
  valuesOf: (record: R) => PersonValues;
  /** The save call: pending, and its refusal (a taken email is said beside Email). */
  save: DialogSave;
  store: (values: PersonValues) => Promise<unknown>;
}

/**
 * Edit Customer and Add Member (spec 5): email, names and phone with the spec's messages; a taken email
 * is said beside the Email field only, another refusal in the dialog (and the toast), what was typed stays.
 */
export function PersonDialog<R>({ open, onClose, title, submitLabel, cancelLabel, record, valuesOf, save, store }: PersonDialogProps<R>) {
  const { t } = useCustomersTranslation();
  const form = useForm<PersonValues>({ resolver: yupResolver(personSchema), defaultValues: valuesOf(record) });
  const refusal = useFieldRefusal(save.error, form.setError, { email: 'email' });
  const { dialog, submit } = useDialogForm({ form, open, record, valuesOf, save, onClose, t, error: refusal });
  return (
    <EditDialog {...dialog} title={title} submitLabel={submitLabel} cancelLabel={cancelLabel} onSubmit={submit(store)}>
      <PersonFields register={form.register} errors={form.formState.errors} />
    </EditDialog>
  );
}
