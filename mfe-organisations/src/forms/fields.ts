import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useOrganisationsTranslation } from '../i18n/translation';

/** What a record form's fields need of its form, and `err`: a field's message (a text key) in the page's language. */
export function useFormFields<V extends FieldValues>(form: UseFormReturn<V>) {
  const { t } = useOrganisationsTranslation();
  const err = (message: string | undefined) => (message ? t(message) : undefined);
  return { t, err, register: form.register, control: form.control, errors: form.formState.errors };
}
