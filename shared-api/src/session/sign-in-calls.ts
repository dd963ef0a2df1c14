// The two sign-in calls of docs/auth-calls.md (password, then the emailed code), used by mfe-auth's
// sign-in screens and by a remote's standalone sign-in: both must read the answer by the same rule.
import type { PasskeySignIn, SignInStep } from '@fleet/contract';
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

/** The tokens and login info the session keeps; an answer without them is a failure. */
function signedInBy(answer: ApiAnswer<LoginUserInfo>): OtpAnswer {
  if (typeof answer.token !== 'string' || typeof answer.refresh_token !== 'string' || !answer.info?.user_type) {
    throw new Error('The sign-in answer carried no session');
  }
  return { said: { message: answer.message, code: answer.code, params: answer.params }, session: { token: answer.token, refresh_token: answer.refresh_token, info: answer.info } };
}

/** The code step: the mailed code, the authenticator's or a recovery code. */
export async function verifyLoginOtp(body: { email: string; otp: string }): Promise<OtpAnswer> {
  return signedInBy(await apiPost<LoginUserInfo>('/api/authenticate/login-otp', body));
}

/** A passkey's sign-in (issue 24): what the authenticator signed replaces the password and the code. */
export async function verifyPasskeySignIn(body: PasskeySignIn): Promise<OtpAnswer> {
  return signedInBy(await apiPost<LoginUserInfo>('/api/authenticate/passkey/verify', body));
}
