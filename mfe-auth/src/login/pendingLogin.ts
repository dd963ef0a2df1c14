import type { SecondFactor } from '@fleet/contract';
import { isPortal, type Portal } from '../portals';

// Between the password step and the OTP step the browser keeps only the email (and which portal
// it came from, for the way back), never a credential. sessionStorage so a reload keeps it.
const KEY = 'fleet:auth:pending-login';

export interface PendingLogin {
  email: string;
  portal: Portal;
  /** When the last OTP was sent (ms since epoch); the resend cooldown counts from here. */
  otpSentAt: number;
  /** The code the password step asked for when it is not the mailed one (the authenticator's). */
  second_factor?: SecondFactor;
}

export function savePendingLogin(pending: PendingLogin): void {
  sessionStorage.setItem(KEY, JSON.stringify(pending));
}

export function readPendingLogin(): PendingLogin | null {
  const raw = sessionStorage.getItem(KEY);
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const { email, portal, otpSentAt, second_factor } = value as Record<string, unknown>;
    if (typeof email !== 'string' || !email || !isPortal(portal)) return null;
    return { email, portal, otpSentAt: typeof otpSentAt === 'number' ? otpSentAt : 0, ...(second_factor === 'totp' && { second_factor }) };
  } catch {
    return null;
  }
}

export function clearPendingLogin(): void {
  sessionStorage.removeItem(KEY);
}
