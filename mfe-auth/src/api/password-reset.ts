import { apiPost, type ApiAnswer } from '@fleet/shared-api';
import { RESET_CALLS, type Portal } from '../portals';

/** Asks for a reset link; msc and sm add their `type`, the electrician portal has its own call. */
export function requestPasswordReset(portal: Portal, email: string): Promise<ApiAnswer<unknown>> {
  const calls = RESET_CALLS[portal];
  return apiPost(calls.request, calls.type ? { email, type: calls.type } : { email });
}

export interface ResetPasswordInput {
  password: string;
  confirm_password: string;
  token: string;
  email: string;
}

export function resetPassword(portal: Portal, input: ResetPasswordInput): Promise<ApiAnswer<unknown>> {
  const calls = RESET_CALLS[portal];
  return apiPost(calls.reset, calls.type ? { ...input, type: calls.type } : input);
}
