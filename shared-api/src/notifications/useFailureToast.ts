// relative: this package is a federation share, importing itself by name would wait on itself forever
import { notify } from './notifications';
import { useEffect } from 'react';

/** Spec 8: a list that fails to load shows an error snackbar, once per failure. */
export function useFailureToast(error: unknown, errorUpdatedAt: number): void {
  useEffect(() => {
    if (error) notify.failure(error);
    // errorUpdatedAt changes with each new failure; the error object alone may be equal.
  }, [error, errorUpdatedAt]);
}
