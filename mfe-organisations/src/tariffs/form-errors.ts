import { get, type FieldErrors, type FieldValues } from 'react-hook-form';

/**
 * The message at a path of the form's errors, also where a whole list's error lands (`.root`) and
 * at the paths the schema gives to a day's, a season list's or a type's own rule (`weekdaysHours`).
 */
export function errorAt<T extends FieldValues>(errors: FieldErrors<T>, path: string): string | undefined {
  const at = get(errors, path) as { message?: unknown; root?: { message?: unknown } } | undefined;
  const message = at?.message ?? at?.root?.message;
  return typeof message === 'string' && message !== '' ? message : undefined;
}
