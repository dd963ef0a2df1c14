// Console notifications (spec 3 Toast, 9): bottom right, 4000 ms, success or error, closed only by the
// close button or the timer (Chakra's toasts do not close on a click elsewhere).
import { CloseButton, createToaster, Portal, Stack, Toast, Toaster } from '@chakra-ui/react';

export const toaster = createToaster({ placement: 'bottom-end', duration: 4000, pauseOnPageIdle: true });

export type ToastKind = 'success' | 'error';

/** Shows a success (default) or error notification; `duration` defaults to the spec's 4000 ms. */
export function showToast(message: string, kind: ToastKind = 'success', duration?: number): string {
  return toaster.create({ description: message, type: kind, closable: true, ...(duration ? { duration } : {}) });
}

/** Renders the toasts; mount one per page (the shell does), or one per standalone remote. */
export function FleetToaster() {
  return (
    <Portal>
      <Toaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }} role={toast.type === 'error' ? 'alert' : 'status'}>
            <Toast.Indicator />
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
            </Stack>
            <Toast.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close notification" />
            </Toast.CloseTrigger>
          </Toast.Root>
        )}
      </Toaster>
    </Portal>
  );
}
