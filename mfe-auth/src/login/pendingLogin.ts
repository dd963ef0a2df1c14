import type { SecondFactor } from '@fleet/contract';
import type { Portal } from '../portals';

// Between the password step and the OTP step the browser keeps only the email (and which portal
// it came from, for the way back), never a credential. sessionStorage so a reload keeps it. Only the
// writing and the clearing are here: /login loads this file (a passkey sign-in clears it); the code
// screen reads it (verify-otp/readPendingLogin.ts).
export const PENDING_LOGIN_KEY = 'fleet:auth:pending-login';

export interface PendingLogin {
  email: string;
  portal: Portal;
  /** When the last OTP was sent (ms since epoch); the resend cooldown counts from here. */
  otpSentAt: number;
  /** The code the password step asked for when it is not the mailed one (the authenticator's). */
  second_factor?: SecondFactor;
}

export function savePendingLogin(pending: PendingLogin): void {
  sessionStorage.setItem(PENDING_LOGIN_KEY, JSON.stringify(pending));
}

export function clearPendingLogin(): void {
  sessionStorage.removeItem(PENDING_LOGIN_KEY);
}
