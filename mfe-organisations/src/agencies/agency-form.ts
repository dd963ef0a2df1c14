// Spec 5 (Agency): agency_name, email, postcode of at least 3, contact names, contact 8 to 13, the
// password required on create and strength-checked. Spec 4: anything but Active is sent as In-Active.
import * as yup from 'yup';
import type { AgencyFormBody, AgencyInfo, AgencyStatus } from '../api/agencies';
import { email, name, optionalAbn, password, phone, postcode, text } from '../forms/rules';
import { textsOf } from '../forms/values';

export const FLOWS = ['install', 'replace', 'remove'] as const;
export const AGENCY_DEVICE_TYPES = ['ihd', 'ihd_livelink', 'livelink', 'safelink', 'airlink', 'bulb', 'heat_pump'] as const;

export function agencySchema(mode: 'add' | 'edit') {
  return yup.object({
    agency_name: name('agencyName'),
    email: email(),
    password: password(mode === 'add'),
    contact_first_name: name('contactFirstName'),
    contact_last_name: name('contactLastName'),
    contact: phone(),
    postcode: postcode(),
    abn_no: optionalAbn(),
    street_address: text().max(200),
    plot_address: text().max(200),
    city: text().max(100),
    state: text(),
    country: text().max(100),
    status: yup.string().default('Active'),
    flows: yup.array(yup.string().required()).default([]),
    deviceType: yup.array(yup.string().required()).default([]),
    email_notification: yup.boolean().default(false),
    second_factor_required: yup.boolean().default(false),
  });
}

export type AgencyValues = yup.InferType<ReturnType<typeof agencySchema>>;

/** The agency's text fields as the form has them (the password is never read back). */
const TEXTS = ['agency_name', 'email', 'contact_first_name', 'contact_last_name', 'contact', 'postcode', 'abn_no', 'street_address', 'plot_address', 'city', 'state', 'country'] as const;

export const EMPTY_AGENCY: AgencyValues = { ...textsOf({}, TEXTS), country: 'Australia', password: '', status: 'Active', flows: [...FLOWS], deviceType: [], email_notification: false, second_factor_required: false };

export function agencyValues(info: AgencyInfo): AgencyValues {
  return { ...textsOf(info, TEXTS), password: '', status: info.status, flows: info.flows, deviceType: info.device_type, email_notification: info.email_notification, second_factor_required: info.second_factor_required };
}

/** In the list's order, each once, joined by commas (spec 3: "list joined by comma"). */
const joined = (chosen: readonly string[], order: readonly string[]) => order.filter((v) => chosen.includes(v)).join(',');

/** The body of the add or the edit: the second-factor box is the edit's (issue 24). */
export function agencyBody(values: AgencyValues, mode: 'add' | 'edit' = 'add'): AgencyFormBody {
  const status: AgencyStatus = values.status === 'Active' ? 'Active' : 'In-Active';
  return {
    ...textsOf(values, TEXTS),
    status,
    flows: joined(values.flows, FLOWS),
    deviceType: joined(values.deviceType, AGENCY_DEVICE_TYPES),
    email_notification: values.email_notification,
    ...(mode === 'edit' ? { second_factor_required: values.second_factor_required } : {}),
    password: values.password,
  };
}
