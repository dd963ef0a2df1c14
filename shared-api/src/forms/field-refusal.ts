// A form's refusal from the server, said once and where it belongs. fleet-api answers a write that
// clashes with one field of the body (a 409 for an email another account has) with `info: {field}`;
// the form puts the message beside that field, and neither a toast (useFleetMutation leaves it out)
// nor the dialog repeats it. Any other refusal is the dialog's or page's message, as before.
import { useEffect, useEffectEvent } from 'react';
import { ApiError, errorMessage } from '../client/errors';

/** The body field a refusal is about, with its message; null when it names none. */
export function refusedField(err: unknown): { field: string; message: string } | null {
  if (!(err instanceof ApiError) || typeof err.body !== 'object' || err.body === null) return null;
  const info = (err.body as { info?: unknown }).info;
  const field = typeof info === 'object' && info !== null ? (info as { field?: unknown }).field : undefined;
  // in the page's language, as every server sentence (server-text.ts)
  return typeof field === 'string' && field !== '' ? { field, message: errorMessage(err) } : null;
}

/** The form field a refusal is about, when `fields` maps its body field to one. */
function fieldOf<F extends string>(error: unknown, fields: Readonly<Record<string, F>>): F | undefined {
  const refused = refusedField(error);
  return refused && Object.hasOwn(fields, refused.field) ? fields[refused.field] : undefined;
}

/** react-hook-form's `setError`, as far as this needs it (no dependency on react-hook-form here). */
export type SetFieldError<F extends string> = (name: F, error: { type: string; message: string }, options: { shouldFocus: boolean }) => void;

/**
 * Says the last refusal of a form's save (`error`: the mutation's) once: a refusal about a body field
 * that `fields` maps to a form field (`{ email: 'email' }`) goes beside that field through `setError`
 * and focuses it; the answer is what the dialog or page shows otherwise (null then, and when there is
 * no refusal).
 */
export function useFieldRefusal<F extends string>(error: unknown, setError: SetFieldError<F>, fields: Readonly<Record<string, F>>): string | null {
  const target = fieldOf(error, fields);
  // an effect event: the latest setError and fields, not dependencies
  const sayBeside = useEffectEvent((refusal: unknown) => {
    const refused = refusedField(refusal);
    const field = fieldOf(refusal, fields);
    if (refused && field) setError(field, { type: 'server', message: refused.message }, { shouldFocus: true });
  });
  // once per refusal: `error` is a new object each time the server refuses
  useEffect(() => sayBeside(error), [error]);
  if (!error || target) return null;
  return errorMessage(error);
}
