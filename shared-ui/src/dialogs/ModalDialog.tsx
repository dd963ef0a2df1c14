import { Dialog } from '@chakra-ui/react';
import { CloseButton, Portal } from '@fleet/shared-ui';
import type { FormEvent, ReactNode } from 'react';

export interface ModalDialogProps {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  children?: ReactNode;
  footer?: ReactNode;
  size?: 'xs' | 'sm' | 'md' | 'lg' | 'xl' | 'cover' | 'full';
  /** Escape and the close button do nothing while work is running. */
  busy?: boolean;
  /** Renders the body and footer inside a <form>, so Enter submits. */
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  role?: 'dialog' | 'alertdialog';
  closeOnInteractOutside?: boolean;
}

/**
 * The console's one modal (the spec's global modal): role dialog labelled by its title, focus trapped,
 * Escape and the close button close it. Confirm and edit dialogs are built on it.
 */
export function ModalDialog({
  open,
  title,
  onClose,
  children,
  footer,
  size = 'md',
  busy = false,
  onSubmit,
  role = 'dialog',
  closeOnInteractOutside = false,
}: ModalDialogProps) {
  const inner = (
    <>
      <Dialog.Body>{children}</Dialog.Body>
      {footer != null && <Dialog.Footer>{footer}</Dialog.Footer>}
    </>
  );
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open && !busy) onClose();
      }}
      role={role}
      size={size}
      lazyMount
      unmountOnExit
      closeOnEscape={!busy}
      closeOnInteractOutside={closeOnInteractOutside && !busy}
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            {onSubmit ? (
              <form
                noValidate
                onSubmit={(event) => {
                  event.preventDefault();
                  onSubmit(event);
                }}
              >
                {inner}
              </form>
            ) : (
              inner
            )}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" disabled={busy} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
