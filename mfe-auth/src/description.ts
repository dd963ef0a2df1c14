// What the shell reads at start-up to learn this remote's routes and menu entries. Type-only imports:
// this module must stay tiny and free of runtime dependencies.
import type { MenuEntry, RemoteDescription, RemoteRoute, UserType } from '@fleet/shared-api';

/** The public screens of spec 2.1: sign-in with its OTP step, agency sign-up, forgot and reset password. */
export const PUBLIC_PATHS = [
  '/',
  '/login',
  '/electrician-login',
  '/msc/login',
  '/sm/login',
  '/signup',
  '/verify-otp',
  '/forgot-password',
  '/electrician-forgot-password',
  '/msc/forgot-password',
  '/sm/forgot-password',
  '/reset-password',
  '/electrician-reset-password',
  '/msc/reset-password',
  '/sm/reset-password',
] as const;

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

const routes: RemoteRoute[] = [
  ...PUBLIC_PATHS.map((path): RemoteRoute => ({ path, access: 'public' })),
  ...PROFILE_ROLES.map((role): RemoteRoute => ({ path: PROFILE_PATHS[role], access: [role] })),
];

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
