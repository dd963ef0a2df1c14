import { ApiError, errorMessage } from '@fleet/shared-api';
import { Dialog } from '@chakra-ui/react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button, Text, useUiTranslation } from '@fleet/shared-ui';
import { ModalDialog } from './ModalDialog';
import { DialogError } from './EditDialog';

export interface ConfirmDialogProps {
  open: boolean;
  /** e.g. DELETE FIRMWARE */
  title: ReactNode;
  /** e.g. Are you sure you want to delete this Firmware? */
  text?: ReactNode;
  description?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** The confirm button shows a spinner until this settles; the dialog closes when it resolves. */
  onConfirm: () => Promise<void> | void;
  onClose: () => void;
  /** e.g. Resolve Fault's Yes once the fault is resolved. */
  confirmDisabled?: boolean;
  /** Extra content such as a small form (Resolve Fault). */
  children?: ReactNode;
  /** Keep the dialog open after a successful confirm (the caller closes it). */
  keepOpen?: boolean;
}

/** Yes/No confirmation: title, dialog text, optional description; spinner on Yes while the work runs. */
export function ConfirmDialog({
  open,
  title,
  text,
  description,
  confirmLabel: confirmText,
  cancelLabel: cancelText,
  onConfirm,
  onClose,
  confirmDisabled = false,
  children,
  keepOpen = false,
}: ConfirmDialogProps) {
  const { t } = useUiTranslation();
  const confirmLabel = confirmText ?? t('common.yes');
  const cancelLabel = cancelText ?? t('common.no');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  // A new opening starts without the last refusal.
  useEffect(() => {
    if (open) setFailure(null);
  }, [open]);

  const confirm = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await onConfirm();
      if (mounted.current && !keepOpen) onClose();
    } catch (error) {
      // Said where the operator looks (the server's sentence, in the page's language by its code);
      // the dialog stays open for another try.
      if (mounted.current) setFailure(error instanceof ApiError ? errorMessage(error) : error instanceof Error && error.message ? error.message : t('common.somethingWrong'));
    } finally {
      if (mounted.current) setBusy(false);
    }
  };

  return (
    <ModalDialog
      open={open}
      title={title}
      onClose={onClose}
      busy={busy}
      size="sm"
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button onClick={confirm} loading={busy} loadingText={confirmLabel} disabled={confirmDisabled}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {failure && <DialogError message={failure} />}
      {text != null && <Dialog.Description asChild><Text>{text}</Text></Dialog.Description>}
      {description != null && (
        <Text mt="2" fontSize="sm" color="fg.muted">
          {description}
        </Text>
      )}
      {children}
    </ModalDialog>
  );
}
