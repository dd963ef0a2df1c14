import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { PROFILE_PATHS, type ProfileRole } from './description';
import { PublicOnly, RequireRole } from './guards';
import { LoginPage } from './login/LoginPage';
import { ForgotPasswordPage } from './password-reset/ForgotPasswordPage';
import { ResetPasswordPage } from './password-reset/ResetPasswordPage';
import { FORGOT_PATHS, LOGIN_PATHS, PORTALS, RESET_PATHS } from './portals';
import { AdminProfile } from './profiles/AdminProfile';
import { AgencyProfile } from './profiles/AgencyProfile';
import { CustomerProfile } from './profiles/CustomerProfile';
import { ElectricianProfile } from './profiles/ElectricianProfile';
import { MultiSiteProfile } from './profiles/MultiSiteProfile';
import { SiteManagerProfile } from './profiles/SiteManagerProfile';
import { SignupPage } from './signup/SignupPage';
import { VerifyOtpPage } from './verify-otp/VerifyOtpPage';

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
        <Route key={role} path={PROFILE_PATHS[role]} element={<RequireRole role={role}>{PROFILE_SCREENS[role]()}</RequireRole>} />
      ))}
      <Route path="*" element={fallback} />
    </Routes>
  );
}
