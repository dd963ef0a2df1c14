// What the shell reads at start-up to learn this remote's routes and menu entries. It imports types and
// the contract's route table helpers only: the build evaluates it in Node, without React or the screens.
import type { MenuEntry, RemoteDescription, UserType } from '@fleet/shared-api';
import { describeRoutes, routesPer, type RouteTable } from '@fleet/shared-api/remote-contract';

/**
 * The four sign-in portals of spec 2.1 (portals.ts says how they differ): each has its sign-in, forgot
 * and reset password screens.
 */
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

/** The six profile screens of spec 2.13, one per role that has one. */
export const PROFILE_PATHS = {
  Admin: '/admin/profile',
  Agency: '/agency/profile',
  Electrician: '/electrician/profile',
  Customer: '/customer/profile',
  mscc: '/mscc/profile',
  sm: '/sm/profile',
} as const satisfies Partial<Record<UserType, string>>;

export type ProfileRole = keyof typeof PROFILE_PATHS;

const PROFILE_ROLES = Object.keys(PROFILE_PATHS) as ProfileRole[];

/**
 * Each screen's routes (AuthRoutes gives the screens by these names): the public screens of spec 2.1,
 * sign-in with its OTP step, agency sign-up, forgot and reset password; the six profiles of spec 2.13.
 */
export const AUTH_ROUTES = {
  root: { path: '/', access: 'public' },
  login: routesPer(PORTALS, (portal) => ({ path: LOGIN_PATHS[portal], access: 'public' })),
  signup: { path: '/signup', access: 'public' },
  verifyOtp: { path: '/verify-otp', access: 'public' },
  forgotPassword: routesPer(PORTALS, (portal) => ({ path: FORGOT_PATHS[portal], access: 'public' })),
  resetPassword: routesPer(PORTALS, (portal) => ({ path: RESET_PATHS[portal], access: 'public' })),
  profile: routesPer(PROFILE_ROLES, (role) => ({ path: PROFILE_PATHS[role], access: [role] })),
} satisfies RouteTable;

const routes = describeRoutes(AUTH_ROUTES);

/** Every public screen's path. */
export const PUBLIC_PATHS = routes.filter((route) => route.access === 'public').map((route) => route.path);

// Profile comes last in every role's side menu.
const menu: MenuEntry[] = PROFILE_ROLES.map(
  (role): MenuEntry => ({
    id: `auth.profile.${role}`,
    labels: { en: 'Profile', hi: 'प्रोफ़ाइल' },
    path: PROFILE_PATHS[role],
    roles: [role],
    order: 1000,
  }),
);

export const description: RemoteDescription = {
  name: 'mfe-auth',
  // Both come from package.json at build time (federation-config's DefinePlugin), so a version bump
  // or a new singleton range can never drift from what the shell is told.
  version: FLEET_REMOTE_VERSION,
  routes,
  menu,
  requires: FLEET_REQUIRES,
};
