import { errorMessage } from '@fleet/shared-api';
import { yupResolver } from '@hookform/resolvers/yup';
import type { UseMutationResult } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Resolver } from 'react-hook-form';
import type { ObjectSchema } from 'yup';
import { useHeatPumpTranslation } from '../i18n/translation';

export interface EditFormOptions<V extends FieldValues, R> {
  open: boolean;
  /** The record being edited (null: a new one); each opening starts from its values. */
  record: R | null;
  valuesOf: (record: R | null) => V;
  schema: ObjectSchema<V>;
  /** The save call: its pending state and refusal are the dialog's. */
  save: Pick<UseMutationResult<unknown, unknown, never>, 'isPending' | 'isError' | 'error' | 'reset'>;
  onClose: () => void;
}

/**
 * A form in this remote's EditDialog: react-hook-form with a yup schema whose messages are text keys,
 * reset from the record at each opening, the save's refusal shown in the dialog (the input stays),
 * closed once saved.
 */
export function useEditForm<V extends FieldValues, R>({ open, record, valuesOf, schema, save, onClose }: EditFormOptions<V, R>) {
  const { t } = useHeatPumpTranslation();
  const form = useForm<V>({ resolver: yupResolver(schema) as unknown as Resolver<V>, defaultValues: valuesOf(record) as DefaultValues<V> });
  const { reset } = form;
  useEffect(() => {
    if (open) {
      reset(valuesOf(record));
      save.reset();
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- each opening starts clean; valuesOf and the mutation's reset are stable
  }, [open, record, reset]);
  return {
    form,
    /** A field's message in the page's language. */
    err: (key: string | undefined) => (key ? t(key) : undefined),
    dialog: { open, busy: save.isPending, error: save.isError ? errorMessage(save.error) : null, onClose },
    /** The dialog's onSubmit: validates, runs `store`, closes when it is done (a refusal stays shown). */
    submit: (store: (values: V) => Promise<unknown>) =>
      form.handleSubmit(async (values) => {
        try {
          await store(values);
          onClose();
        } catch {
          // the server's refusal shows in the dialog; the input stays
        }
      }),
  };
}
