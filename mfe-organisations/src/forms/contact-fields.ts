import type { FieldValues, Path } from 'react-hook-form';
import type { FieldDef } from './FieldGrid';

/** The labels of a person's contact fields, in the page's texts. */
export interface ContactLabels {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}

/**
 * A person's first and last name, email and phone, each required (an installation agent, a field
 * worker): `phone` names the form's phone field; `limited` stops the email and phone boxes at their
 * longest (254, 13).
 */
export function contactFields<V extends FieldValues & { first_name: string; last_name: string; email: string }>(labels: ContactLabels, phone: Path<V>, limited = false): FieldDef<V>[] {
  const limit = (maxLength: number) => (limited ? { maxLength } : {});
  return [
    { name: 'first_name' as Path<V>, label: labels.firstName, required: true },
    { name: 'last_name' as Path<V>, label: labels.lastName, required: true },
    { name: 'email' as Path<V>, label: labels.email, required: true, type: 'email', ...limit(254) },
    { name: phone, label: labels.phone, required: true, type: 'tel', ...limit(13) },
  ];
}

/** The same four as a record page's facts: the stored names, email and phone ('-' for none). */
export function contactFacts(labels: ContactLabels, person: { first_name: string; last_name: string; email: string }, phone: string | null): Array<[string, string]> {
  return [
    [labels.firstName, person.first_name],
    [labels.lastName, person.last_name],
    [labels.email, person.email],
    [labels.phone, phone ?? '-'],
  ];
}
