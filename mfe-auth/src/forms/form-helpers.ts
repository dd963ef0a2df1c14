import { useCallback, useRef } from 'react';
import type { FieldErrors, FieldValues } from 'react-hook-form';
import { useTranslation } from '@fleet/shared-ui';
import { AUTH_NAMESPACE } from '../i18n/bundles';

export function useAuthTranslation() {
  return useTranslation(AUTH_NAMESPACE);
}

/** Turns a field error (whose message is an i18n key) into the text shown under the field. */
export function useErrorText(): (error: { message?: string | undefined } | undefined) => string | undefined {
  const { t } = useAuthTranslation();
  return useCallback((error) => (error?.message ? t(error.message) : undefined), [t]);
}

/**
 * Spec 5: the first field in error is scrolled to. "First" is the order on screen, so it is read
 * from the form's DOM rather than from the order fields were registered in.
 */
function focusFirstError(form: HTMLFormElement | null, errors: FieldErrors): void {
  if (!form) return;
  const names = new Set(Object.keys(errors));
  const first = Array.from(form.querySelectorAll<HTMLElement>('[name]')).find((element) =>
    names.has(element.getAttribute('name') ?? ''),
  );
  if (!first) return;
  first.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  first.focus({ preventScroll: true });
}

/** A ref for the <form> plus the invalid-submit handler that focuses its first field in error. */
export function useFirstErrorFocus<T extends FieldValues>() {
  const formRef = useRef<HTMLFormElement>(null);
  const onInvalid = useCallback((errors: FieldErrors<T>) => focusFirstError(formRef.current, errors), []);
  return { formRef, onInvalid };
}
