// The four sign-in portals of spec 2.1. They share one sign-in endpoint; they differ in title, in the
// links between their screens and in which password-reset calls they make.

// Their paths are routes, written once in description.ts (the route table the shell reads).
import { type Portal, PORTALS } from './description';

export { FORGOT_PATHS, LOGIN_PATHS, PORTALS, RESET_PATHS, type Portal } from './description';

export interface ResetCalls {
  request: string;
  reset: string;
  /** `type` sent with both calls for the msc and sm variants (docs/auth-calls.md). */
  type?: 'msc' | 'sm';
}

export const RESET_CALLS: Record<Portal, ResetCalls> = {
  main: { request: '/api/reset-password-request', reset: '/api/reset-password' },
  electrician: {
    request: '/api/electrician/reset-password-request',
    reset: '/api/electrician/reset-password',
  },
  msc: { request: '/api/reset-password-request', reset: '/api/reset-password', type: 'msc' },
  sm: { request: '/api/reset-password-request', reset: '/api/reset-password', type: 'sm' },
};

export function isPortal(value: unknown): value is Portal {
  return typeof value === 'string' && (PORTALS as readonly string[]).includes(value);
}
