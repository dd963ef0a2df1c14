// A field worker's form (spec 3 Electrician agent; spec 5 Installation agent, which field workers
// follow): names required and under 200 characters, email, a phone (form field mobile) of 8 to 13,
// the password required on create and only when typed on edit. Admin's edit has no password.
import * as yup from 'yup';
import type { FieldWorkerBody, FieldWorkerInfo } from '../api/electricians';
import { email, name, password as passwordRule, phone } from '../forms/rules';

const contact = {
  first_name: name('firstName'),
  last_name: name('lastName'),
  email: email(),
  mobile: phone(),
};

export function fieldWorkerSchema(password: 'required' | 'optional' | 'none') {
  return yup.object({ ...contact, password: password === 'none' ? yup.string().default('') : passwordRule(password === 'required') });
}

export type FieldWorkerValues = yup.InferType<ReturnType<typeof fieldWorkerSchema>>;

export function fieldWorkerValues(worker: FieldWorkerInfo | null): FieldWorkerValues {
  return { first_name: worker?.first_name ?? '', last_name: worker?.last_name ?? '', email: worker?.email ?? '', mobile: worker?.phone ?? '', password: '' };
}

/** What is sent: `phone` from the form's mobile, the password only when typed. */
export function fieldWorkerBody({ mobile, password, ...values }: FieldWorkerValues): FieldWorkerBody {
  return { ...values, phone: mobile, ...(password ? { password } : {}) };
}
