import { isPortal } from '../portals';
import { PENDING_LOGIN_KEY, type PendingLogin } from '../login/pendingLogin';

// The code screen's side of the pending sign-in, apart from the login form's writing so that /login
// does not download it (issue 21's weight budget).

export function readPendingLogin(): PendingLogin | null {
  const raw = sessionStorage.getItem(PENDING_LOGIN_KEY);
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
