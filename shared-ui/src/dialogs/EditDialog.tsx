import { Button } from '@chakra-ui/react';
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
}

/** A form in a dialog (add/update screens): body fields, Cancel and a submit button. */
export function EditDialog({
  open,
  title,
  children,
  onSubmit,
  submitLabel = 'Save',
  cancelLabel = 'Cancel',
  onClose,
  busy = false,
  size = 'md',
}: EditDialogProps) {
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
          <Button type="submit" loading={busy} loadingText={submitLabel}>
            {submitLabel}
          </Button>
        </>
      }
    >
      {children}
    </ModalDialog>
  );
}
