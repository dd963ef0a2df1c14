// Admin's electrician form (spec 3 Electrician, spec 5): the usual required fields plus address and
// ABN number, phone of 8 to 13, postcode of at least 3, the aggregator when editing, the password on
// create (strength-checked) and on edit only when one is typed.
import * as yup from 'yup';
import type { ElectricianBody, ElectricianInfo } from '../api/electricians';
import { abn, email, message, name, optional, password, phone, postcode } from '../forms/rules';
import { textsOf } from '../forms/values';

export function electricianSchema(editing: boolean) {
  return yup.object({
    first_name: name('firstName'),
    last_name: name('lastName'),
    email: email(),
    phone_no: phone(),
    company_name: name('companyName'),
    abn_number: abn(),
    eid: optional(50, 'eidLength'),
    address: optional(500, 'addressLength').required(message('addressRequired')),
    city: optional(100, 'cityLength'),
    state: yup.string().default(''),
    postcode: postcode(),
    aggregator_id: editing ? yup.string().default('').required(message('aggregatorRequired')) : yup.string().default(''),
    password: password(!editing),
    // edit only: In-Active ends the electrician's sign-in
    status: yup.string().oneOf(['Active', 'In-Active']).default('Active'),
    // edit only: Admin requires a second factor of its sign-in (issue 24)
    second_factor_required: yup.boolean().default(false),
  });
}

export type ElectricianValues = yup.InferType<ReturnType<typeof electricianSchema>>;

/** The electrician's text fields as the form has them. */
const TEXTS = ['first_name', 'last_name', 'email', 'phone_no', 'company_name', 'abn_number', 'eid', 'address', 'city', 'state', 'postcode'] as const;

export const EMPTY_ELECTRICIAN: ElectricianValues = { ...textsOf({}, TEXTS), aggregator_id: '', password: '', status: 'Active', second_factor_required: false };

/** The form's values of a stored electrician (the password box starts empty). */
export function valuesOf(e: ElectricianInfo): ElectricianValues {
  return { ...textsOf(e, TEXTS), aggregator_id: e.aggregator_id === null ? '' : String(e.aggregator_id), password: '', status: e.status, second_factor_required: e.second_factor_required };
}

/** What is sent: the aggregator as a number (or none), the password only when typed, the status on an edit. */
export function bodyOf({ aggregator_id, password, status, second_factor_required, ...values }: ElectricianValues, editing: boolean): ElectricianBody {
  return {
    ...values,
    aggregator_id: aggregator_id === '' ? null : Number(aggregator_id),
    ...(password ? { password } : {}),
    ...(editing ? { status: status === 'In-Active' ? 'In-Active' : 'Active', second_factor_required } : {}),
  };
}
