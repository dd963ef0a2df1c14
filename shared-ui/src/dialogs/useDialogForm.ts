import { errorMessage } from '@fleet/shared-api';
import { useEffect, useEffectEvent, type BaseSyntheticEvent } from 'react';

/**
 * Runs `start` each time a dialog opens, and again when it is handed another `record` while open: each
 * opening starts clean. `start` may read the latest props and state (an effect event, so it is not a
 * dependency and needs no lint exception).
 */
export function useOnOpen(open: boolean, start: () => void, record?: unknown): void {
  const onOpen = useEffectEvent(start);
  useEffect(() => {
    if (open) onOpen();
  }, [open, record]);
}

/**
 * What the hook needs of the form: react-hook-form's `useForm()` result fits (shared-ui does not depend
 * on react-hook-form nor a schema library; the remote makes the form with its own resolver).
 */
export interface DialogForm<V> {
  reset: (values: V) => void;
  handleSubmit: (onValid: (values: V) => Promise<void>) => (event?: BaseSyntheticEvent) => Promise<void>;
}

/** What the hook needs of the save call: TanStack Query's mutation result fits. */
export interface DialogSave {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  /** Forgets the last refusal at each opening; left out when the page owns the call and resets it. */
  reset?: () => void;
}

export interface DialogFormOptions<V, R> {
  form: DialogForm<V>;
  open: boolean;
  /** The record being edited (null: a new one); each opening starts from its values. */
  record: R;
  valuesOf: (record: R) => V;
  /** The save call: its pending state and refusal are the dialog's. */
  save: DialogSave;
  onClose: () => void;
  /** The page's translation: field messages are text keys (a yup schema's messages). */
  t: (key: string) => string;
  /** More to forget at each opening (an upload's progress). */
  onOpen?: () => void;
  /**
   * The refusal to show at the top of the dialog; default: the save's error message. Pass
   * useFieldRefusal's result when a refusal about one field is said beside that field instead.
   */
  error?: string | null;
}

/**
 * A form in an EditDialog: reset from the record at each opening (the last refusal forgotten), the
 * save's refusal shown in the dialog over the kept input, closed once saved. Spread `dialog` on the
 * EditDialog and pass `submit(store)` as its onSubmit.
 */
export function useDialogForm<V, R>({ form, open, record, valuesOf, save, onClose, t, onOpen, error }: DialogFormOptions<V, R>) {
  useOnOpen(
    open,
    () => {
      form.reset(valuesOf(record));
      save.reset?.();
      onOpen?.();
    },
    record,
  );
  return {
    /** A field's message in the page's language. */
    err: (key: string | undefined) => (key ? t(key) : undefined),
    dialog: { open, busy: save.isPending, error: error !== undefined ? error : save.isError ? errorMessage(save.error) : null, onClose },
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
