import { notify, useNavigate, type ApiAnswer } from '@fleet/shared-api';
import { useTranslation } from '@fleet/shared-ui';
import { yupResolver } from '@hookform/resolvers/yup';
import { useMutation } from '@fleet/shared-api/query';
import { useCallback, useRef } from 'react';
import { get, useForm, type DefaultValues, type FieldError, type FieldErrors, type FieldValues, type Path } from 'react-hook-form';
import type { AnyObject, InferType, ObjectSchema } from 'yup';
import { AUTH_NAMESPACE } from '../i18n/bundles';

export function useAuthTranslation() {
  return useTranslation(AUTH_NAMESPACE);
}

/** Turns a field error (whose message is an i18n key) into the text shown under the field. */
function useErrorText(): (error: { message?: string | undefined } | undefined) => string | undefined {
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
function useFirstErrorFocus<T extends FieldValues>() {
  const formRef = useRef<HTMLFormElement>(null);
  const onInvalid = useCallback((errors: FieldErrors<T>) => focusFirstError(formRef.current, errors), []);
  return { formRef, onInvalid };
}

/**
 * The form plumbing of every auth screen: yup-checked values, the first field in error focused (spec 5,
 * in screen order, so react-hook-form's own focus is off), `field(name)` (a field's registration with
 * its message, to spread on the field) and `submit(onValid)` for the form's onSubmit.
 * Generic over the schema so `field('agencyName')` is checked against that screen's fields.
 */
export function useAuthForm<Schema extends ObjectSchema<AnyObject>>(schema: Schema, defaultValues: DefaultValues<InferType<Schema>>) {
  const errorText = useErrorText();
  const { formRef, onInvalid } = useFirstErrorFocus<InferType<Schema>>();
  const form = useForm<InferType<Schema>>({ resolver: yupResolver(schema), defaultValues, shouldFocusError: false });
  const { errors } = form.formState;
  const field = <N extends Path<InferType<Schema>>>(name: N) => ({ ...form.register(name), error: errorText(get(errors, name) as FieldError | undefined) });
  const submit = (onValid: (values: InferType<Schema>) => void) => form.handleSubmit(onValid, onInvalid);
  return { form, formRef, errors, errorText, field, submit };
}

/**
 * A public screen's call that leaves the screen when done: the server's message as a toast, then on to
 * `to` (the sign-in page); a refusal as a toast, the input kept.
 */
export function useCallThenGo<V>(call: (values: V) => Promise<ApiAnswer<unknown>>, to: string, { replace = false } = {}) {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: call,
    onSuccess: (answer) => {
      if (answer.message) notify.success(answer);
      navigate(to, { replace });
    },
    onError: (err) => notify.failure(err),
  });
}
