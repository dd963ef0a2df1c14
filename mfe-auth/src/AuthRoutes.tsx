import { lazy, Suspense, type ReactNode } from 'react';
import { LoadingArea } from '@fleet/shared-ui';
import { RemoteRoutes, type RouteScreens } from '@fleet/shared-ui/remote';
import { AUTH_ROUTES, type ProfileRole } from './description';
import { PublicOnly } from './guards';
import { LoginPage } from './login/LoginPage';

// The sign-in form is the console's first screen and comes with ./app; every other screen is fetched
// when its route is visited, so /login downloads only what it shows (docs/architecture.md, page weight).
const VerifyOtpPage = lazy(() => import('./verify-otp/VerifyOtpPage').then((m) => ({ default: m.VerifyOtpPage })));
const SignupPage = lazy(() => import('./signup/SignupPage').then((m) => ({ default: m.SignupPage })));
const ForgotPasswordPage = lazy(() => import('./password-reset/ForgotPasswordPage').then((m) => ({ default: m.ForgotPasswordPage })));
const ResetPasswordPage = lazy(() => import('./password-reset/ResetPasswordPage').then((m) => ({ default: m.ResetPasswordPage })));
const AdminProfile = lazy(() => import('./profiles/AdminProfile').then((m) => ({ default: m.AdminProfile })));
const AgencyProfile = lazy(() => import('./profiles/AgencyProfile').then((m) => ({ default: m.AgencyProfile })));
const CustomerProfile = lazy(() => import('./profiles/CustomerProfile').then((m) => ({ default: m.CustomerProfile })));
const ElectricianProfile = lazy(() => import('./profiles/ElectricianProfile').then((m) => ({ default: m.ElectricianProfile })));
const MultiSiteProfile = lazy(() => import('./profiles/MultiSiteProfile').then((m) => ({ default: m.MultiSiteProfile })));
const SiteManagerProfile = lazy(() => import('./profiles/SiteManagerProfile').then((m) => ({ default: m.SiteManagerProfile })));

const PROFILE_SCREENS: Record<ProfileRole, () => ReactNode> = {
  Admin: () => <AdminProfile />,
  Agency: () => <AgencyProfile />,
  Electrician: () => <ElectricianProfile />,
  Customer: () => <CustomerProfile />,
  mscc: () => <MultiSiteProfile />,
  sm: () => <SiteManagerProfile />,
};

// `key` remounts a screen when the portal changes under it.
const SCREENS: RouteScreens<typeof AUTH_ROUTES> = {
  root: () => <LoginPage key="root" portal="main" />,
  login: (portal) => <LoginPage key={portal} portal={portal} />,
  signup: () => <SignupPage />,
  verifyOtp: () => <VerifyOtpPage />,
  forgotPassword: (portal) => <ForgotPasswordPage key={portal} portal={portal} />,
  resetPassword: (portal) => <ResetPasswordPage key={portal} portal={portal} />,
  profile: (role) => PROFILE_SCREENS[role](),
};

export interface AuthRoutesProps {
  /** What a path this remote does not own shows: nothing inside the console (the shell mounts its owner). */
  fallback?: ReactNode;
}

/** Every route of description.ts with its screen; the public ones send a signed-in user home. */
export function AuthRoutes({ fallback = null }: AuthRoutesProps) {
  return (
    <Suspense fallback={<LoadingArea />}>
      <RemoteRoutes table={AUTH_ROUTES} screens={SCREENS} fallback={fallback} publicLayout={<PublicOnly />} />
    </Suspense>
  );
}
