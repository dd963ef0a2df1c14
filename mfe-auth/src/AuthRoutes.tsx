import { lazy, Suspense, type ReactNode } from 'react';
import { Route, Routes } from '@fleet/shared-api';
import { LoadingArea } from '@fleet/shared-ui';
import { PROFILE_PATHS, type ProfileRole } from './description';
import { RequireRole } from '@fleet/shared-ui/remote';
import { PublicOnly } from './guards';
import { LoginPage } from './login/LoginPage';
import { FORGOT_PATHS, LOGIN_PATHS, PORTALS, RESET_PATHS } from './portals';

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

export interface AuthRoutesProps {
  /** What a path this remote does not own shows: nothing inside the console (the shell mounts its owner). */
  fallback?: ReactNode;
}

/** Every route of description.ts; `key` remounts a screen when the portal changes under it. */
export function AuthRoutes({ fallback = null }: AuthRoutesProps) {
  return (
    <Suspense fallback={<LoadingArea />}>
      <Routes>
        <Route element={<PublicOnly />}>
          <Route path="/" element={<LoginPage key="root" portal="main" />} />
          {PORTALS.map((portal) => (
            <Route key={`login-${portal}`} path={LOGIN_PATHS[portal]} element={<LoginPage key={portal} portal={portal} />} />
          ))}
          <Route path="/verify-otp" element={<VerifyOtpPage />} />
          <Route path="/signup" element={<SignupPage />} />
          {PORTALS.map((portal) => (
            <Route key={`forgot-${portal}`} path={FORGOT_PATHS[portal]} element={<ForgotPasswordPage key={portal} portal={portal} />} />
          ))}
          {PORTALS.map((portal) => (
            <Route key={`reset-${portal}`} path={RESET_PATHS[portal]} element={<ResetPasswordPage key={portal} portal={portal} />} />
          ))}
        </Route>
        {(Object.keys(PROFILE_PATHS) as ProfileRole[]).map((role) => (
          <Route key={role} path={PROFILE_PATHS[role]} element={<RequireRole role={role} redirectTo={LOGIN_PATHS.main}>{PROFILE_SCREENS[role]()}</RequireRole>} />
        ))}
        <Route path="*" element={fallback} />
      </Routes>
    </Suspense>
  );
}
