import { Alert, Button, useUiTranslation } from '@fleet/shared-ui';
import type { FormEvent, ReactNode } from 'react';
import { ModalDialog } from './ModalDialog';

export interface EditDialogProps {
  open: boolean;
  title: ReactNode;
  children: ReactNode;
  /** Receives the form's submit event: pass react-hook-form's `handleSubmit(save)`. */
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  submitLabel?: string;
  cancelLabel?: string;
  onClose: () => void;
  /** Spinner on the submit button; Escape and Cancel wait. */
  busy?: boolean;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  /** Why the last save was refused (the server's message): shown in the dialog, over the kept input. */
  error?: string | null;
  /** The submit button is off (Resolve Fault once the fault is resolved). */
  submitDisabled?: boolean;
}

/** A form in a dialog (add/update screens): body fields, Cancel and a submit button. */
export function EditDialog({
  open,
  title,
  children,
  onSubmit,
  submitLabel: submitText,
  cancelLabel: cancelText,
  onClose,
  busy = false,
  size = 'md',
  error,
  submitDisabled = false,
}: EditDialogProps) {
  const { t } = useUiTranslation();
  const submitLabel = submitText ?? t('common.save');
  const cancelLabel = cancelText ?? t('common.cancel');
  return (
    <ModalDialog
      open={open}
      title={title}
      onClose={onClose}
      busy={busy}
      size={size}
      onSubmit={onSubmit}
      footer={
        <>
          <Button type="button" variant="outline" onClick={onClose} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button type="submit" loading={busy} loadingText={submitLabel} disabled={submitDisabled}>
            {submitLabel}
          </Button>
        </>
      }
    >
      {error && <DialogError message={error} />}
      {children}
    </ModalDialog>
  );
}

/** A refused save or confirm, inside its dialog (announced; the dialog and its input stay). */
export function DialogError({ message }: { message: string }) {
  return (
    <Alert.Root status="error" role="alert" mb="4">
      <Alert.Indicator />
      <Alert.Title>{message}</Alert.Title>
    </Alert.Root>
  );
}
