import { apiPost, type ApiAnswer } from '@fleet/shared-api';

/** The body of docs/auth-calls.md; the server refuses any other field (no role, no organisation id). */
export interface AgencySignUpBody {
  agency_name: string;
  email: string;
  abn_no: string;
  contact: string;
  password: string;
}

export function signUpAgency(body: AgencySignUpBody): Promise<ApiAnswer<unknown>> {
  return apiPost('/api/agency/sign-up', body);
}
