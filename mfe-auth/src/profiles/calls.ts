// The profile calls of docs/auth-calls.md, one read and one update per role.
import { apiGet, apiPostForm, apiPut, type ApiAnswer } from '@fleet/shared-api';

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

export interface AdminProfileInfo {
  first_name: string;
  last_name: string;
  email: string;
}
export const readAdminProfile = () => read<AdminProfileInfo>('/api/profile');
export function saveAdminProfile(values: { first_name: string; last_name: string; confirm_password: string } & PasswordChange): Saved {
  const body = { first_name: values.first_name, last_name: values.last_name };
  return apiPut(
    '/api/profile/update',
    values.password ? { ...withPassword(body, values.password, values.current_password), confirm_password: values.confirm_password } : body,
  );
}

export interface AgencyProfileInfo {
  agency_name: string;
  email: string;
  postcode: string;
  contact_first_name: string;
  contact_last_name: string;
  contact: string;
  abn_no: string;
}
export const readAgencyProfile = () => read<AgencyProfileInfo>('/api/agency/getprofile');
/** Spec 3: the agency profile is sent as form data. */
export function saveAgencyProfile(values: Omit<AgencyProfileInfo, 'email' | 'abn_no'> & PasswordChange): Saved {
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

export interface ElectricianProfileInfo {
  email: string;
  postcode: string;
  first_name: string;
  last_name: string;
  company_name: string;
  phone_no: string;
  address: string;
  abn_number: string;
  aggregator_id: number | null;
  aggregator_name: string | null;
}
export const readElectricianProfile = () => read<ElectricianProfileInfo>('/api/electrician/getprofile');
export function saveElectricianProfile(
  values: Omit<ElectricianProfileInfo, 'email' | 'aggregator_name' | 'aggregator_id'> & { aggregator_id: number } & PasswordChange,
): Saved {
  const { password, current_password, ...body } = values;
  return apiPut('/api/electrician/editprofile', withPassword(body, password, current_password));
}

export interface Aggregator {
  id: number;
  name: string;
}
export const readAggregators = () => read<Aggregator[]>('/api/aggregators/get-list');

export interface CustomerProfileInfo {
  email: string;
  first_name: string;
  last_name: string;
  phone_no: string;
}
export const readCustomerProfile = () => read<CustomerProfileInfo>('/api/nms/customer/profile');
export function saveCustomerProfile(values: Omit<CustomerProfileInfo, 'email'>): Saved {
  return apiPut('/api/nms/customer/profile/update', values);
}

export interface MultiSiteProfileInfo {
  first_name: string;
  last_name: string;
  email: string;
  contact_no: string;
  company_name: string;
  company_address: string;
}
export const readMultiSiteProfile = () => read<MultiSiteProfileInfo>('/api/mscc/nms/profile/get');
export function saveMultiSiteProfile(values: Omit<MultiSiteProfileInfo, 'email'> & PasswordChange): Saved {
  const { password, current_password, ...body } = values;
  return apiPut('/api/mscc/nms/profile/update', withPassword(body, password, current_password));
}

export interface SiteManagerProfileInfo {
  first_name: string;
  last_name: string;
  email: string;
}
export const readSiteManagerProfile = () => read<SiteManagerProfileInfo>('/api/sm/nms/profile/get');
export function saveSiteManagerProfile(values: Omit<SiteManagerProfileInfo, 'email'> & PasswordChange): Saved {
  const { password, current_password, ...body } = values;
  return apiPut('/api/sm/nms/profile/update', withPassword(body, password, current_password));
}
