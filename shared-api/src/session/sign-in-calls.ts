// The two sign-in calls of docs/auth-calls.md (password, then the emailed code), used by mfe-auth's
// sign-in screens and by a remote's standalone sign-in: both must read the answer by the same rule.
import type { SignInStep } from '@fleet/contract';
import { apiPost, type ApiAnswer } from '../client/api';
import type { ServerText } from '../client/server-text';
import type { LoginUserInfo, SignInAnswer } from './session-store';

/** The password step: `info.second_factor` says which code the next step asks for (none: the mailed one). */
export function requestLogin(body: { email: string; password: string }): Promise<ApiAnswer<SignInStep>> {
  return apiPost('/api/authenticate/login', body);
}

export interface OtpAnswer {
  /** The server's sentence ('Login successful'), with its code for the page's language. */
  said: ServerText;
  session: SignInAnswer;
}

/** Answers the tokens and login info the session keeps; an answer without them is a failure. */
export async function verifyLoginOtp(body: { email: string; otp: string }): Promise<OtpAnswer> {
  const answer = await apiPost<LoginUserInfo>('/api/authenticate/login-otp', body);
  if (typeof answer.token !== 'string' || typeof answer.refresh_token !== 'string' || !answer.info?.user_type) {
    throw new Error('The sign-in answer carried no session');
  }
  return { said: { message: answer.message, code: answer.code, params: answer.params }, session: { token: answer.token, refresh_token: answer.refresh_token, info: answer.info } };
}
