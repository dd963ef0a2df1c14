// The sign-in screens' other calls of docs/auth-calls.md (the password and code steps are shared-api's
// requestLogin and verifyLoginOtp). Screens use these, never URLs.
import { apiPost, type ApiAnswer } from '@fleet/shared-api';

export function resendLoginOtp(body: { email: string }): Promise<ApiAnswer<unknown>> {
  return apiPost('/api/authenticate/resend-otp', body);
}

export function verifyEmail(body: { token: string }): Promise<ApiAnswer<unknown>> {
  return apiPost('/api/verify-email', body);
}
