// The four sign-in portals of spec 2.1. They share one sign-in endpoint; they differ in title, in the
// links between their screens and in which password-reset calls they make.

export type Portal = 'main' | 'electrician' | 'msc' | 'sm';

export const PORTALS: readonly Portal[] = ['main', 'electrician', 'msc', 'sm'];

export const LOGIN_PATHS: Record<Portal, string> = {
  main: '/login',
  electrician: '/electrician-login',
  msc: '/msc/login',
  sm: '/sm/login',
};

export const FORGOT_PATHS: Record<Portal, string> = {
  main: '/forgot-password',
  electrician: '/electrician-forgot-password',
  msc: '/msc/forgot-password',
  sm: '/sm/forgot-password',
};

export const RESET_PATHS: Record<Portal, string> = {
  main: '/reset-password',
  electrician: '/electrician-reset-password',
  msc: '/msc/reset-password',
  sm: '/sm/reset-password',
};

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
