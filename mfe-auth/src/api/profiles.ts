// The profile calls of docs/auth-calls.md, one read and one update per role.
import { apiDeleteJson, apiGet, apiPost, apiPostForm, apiPut, type ApiAnswer } from '@fleet/shared-api';
import type { RecoveryCodes, SecondFactorState, SessionRow, SessionsEnded, TotpSetup } from '@fleet/contract';
import type { AdminProfile as AdminProfileInfo, AgencyProfile as AgencyProfileInfo, ElectricianProfile as ElectricianProfileInfo, AggregatorOption as Aggregator, CustomerProfile as CustomerProfileInfo, MultiSiteProfile as MultiSiteProfileInfo, SiteManagerProfile as SiteManagerProfileInfo } from '@fleet/contract';

type Saved = Promise<ApiAnswer<unknown>>;

async function read<T>(path: string): Promise<T> {
  return (await apiGet<T>(path)).info;
}

/** Optional new password: sent only when the user typed one, with the current password it needs. */
function withPassword<T extends object>(
  body: T,
  password: string,
  current_password: string,
): T & { password?: string; current_password?: string } {
  return password ? { ...body, password, current_password } : body;
}

/** What every profile form adds to its fields: a new password (blank: unchanged) and the current one. */
export interface PasswordChange {
  password: string;
  current_password: string;
}

/** fleet-api's answers (@fleet/contract, generated from its OpenAPI document). */
export type { AdminProfileInfo, AgencyProfileInfo, ElectricianProfileInfo, Aggregator, CustomerProfileInfo, MultiSiteProfileInfo, SiteManagerProfileInfo };
export const readAdminProfile = () => read<AdminProfileInfo>('/api/profile');
export function saveAdminProfile(values: { first_name: string; last_name: string; confirm_password: string } & PasswordChange): Saved {
  const body = { first_name: values.first_name, last_name: values.last_name };
  return apiPut(
    '/api/profile/update',
    values.password ? { ...withPassword(body, values.password, values.current_password), confirm_password: values.confirm_password } : body,
  );
}

export const readAgencyProfile = () => read<AgencyProfileInfo>('/api/agency/getprofile');
/** Spec 3: the agency profile is sent as form data. */
/** What the agency's profile form sends (the answer's fields may be empty: null; the form's are text). */
type AgencyProfileEdit = Record<'agency_name' | 'postcode' | 'contact_first_name' | 'contact_last_name' | 'contact', string>;
export function saveAgencyProfile(values: AgencyProfileEdit & PasswordChange): Saved {
  const form = new FormData();
  form.append('agency_name', values.agency_name);
  form.append('postcode', values.postcode);
  form.append('contact_first_name', values.contact_first_name);
  form.append('contact_last_name', values.contact_last_name);
  form.append('contact', values.contact);
  if (values.password) {
    form.append('password', values.password);
    form.append('current_password', values.current_password);
  }
  return apiPostForm('/api/agency/editprofile', form);
}

export const readElectricianProfile = () => read<ElectricianProfileInfo>('/api/electrician/getprofile');
export function saveElectricianProfile(
  values: Omit<ElectricianProfileInfo, 'email' | 'aggregator_name' | 'aggregator_id'> & { aggregator_id: number } & PasswordChange,
): Saved {
  const { password, current_password, ...body } = values;
  return apiPut('/api/electrician/editprofile', withPassword(body, password, current_password));
}

export const readAggregators = () => read<Aggregator[]>('/api/aggregators/get-list');

export const readCustomerProfile = () => read<CustomerProfileInfo>('/api/nms/customer/profile');
export function saveCustomerProfile(values: Omit<CustomerProfileInfo, 'email'>): Saved {
  return apiPut('/api/nms/customer/profile/update', values);
}

export const readMultiSiteProfile = () => read<MultiSiteProfileInfo>('/api/mscc/nms/profile/get');
export function saveMultiSiteProfile(values: Omit<MultiSiteProfileInfo, 'email'> & PasswordChange): Saved {
  const { password, current_password, ...body } = values;
  return apiPut('/api/mscc/nms/profile/update', withPassword(body, password, current_password));
}

export const readSiteManagerProfile = () => read<SiteManagerProfileInfo>('/api/sm/nms/profile/get');
export function saveSiteManagerProfile(values: Omit<SiteManagerProfileInfo, 'email'> & PasswordChange): Saved {
  const { password, current_password, ...body } = values;
  return apiPut('/api/sm/nms/profile/update', withPassword(body, password, current_password));
}

// Issue 24 (docs/second-factor.md): the signed-in person's two-step sign-in and sessions, the same
// calls on every role's profile (no role prefix).
export type { SecondFactorState, TotpSetup, RecoveryCodes, SessionRow, SessionsEnded };
export const readSecondFactor = () => read<SecondFactorState>('/api/profile/mfa');
export const startTotpSetup = (): Promise<ApiAnswer<TotpSetup>> => apiPost('/api/profile/mfa/totp/setup', {});
export const enableTotp = (body: { code: string }): Promise<ApiAnswer<RecoveryCodes>> => apiPost('/api/profile/mfa/totp/enable', body);
export const disableTotp = (body: { password: string; code: string }): Saved => apiPost('/api/profile/mfa/totp/disable', body);

export const readSessions = () => read<SessionRow[]>('/api/profile/sessions');
/** One session by its id, or every session but the one asking. */
export const endSessions = (which: { id: string } | { all_others: true }): Promise<ApiAnswer<SessionsEnded>> => apiDeleteJson('/api/profile/sessions', which);
