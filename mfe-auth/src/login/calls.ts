// The sign-in calls of docs/auth-calls.md. Screens use these, never URLs.
import { apiPost, type ApiAnswer, type LoginUserInfo, type ServerText, type SignInAnswer } from '@fleet/shared-api';

export function requestLogin(body: { email: string; password: string }): Promise<ApiAnswer<{ otp_required: boolean }>> {
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

export function resendLoginOtp(body: { email: string }): Promise<ApiAnswer<unknown>> {
  return apiPost('/api/authenticate/resend-otp', body);
}

export function verifyEmail(body: { token: string }): Promise<ApiAnswer<unknown>> {
  return apiPost('/api/verify-email', body);
}
