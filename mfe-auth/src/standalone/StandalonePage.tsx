import type { LoginUserInfo } from '@fleet/shared-api';
import { RemoteStandalonePage, type StandaloneLink } from '@fleet/shared-ui/standalone';
import { AuthRoutes } from '../AuthRoutes';
import { description } from '../description';
import { AUTH_NAMESPACE } from '../i18n/bundles';
import { FORGOT_PATHS, LOGIN_PATHS } from '../portals';
import { StandaloneHome } from './StandaloneHome';

const PUBLIC_LINKS: StandaloneLink[] = [
  { to: LOGIN_PATHS.main, label: 'Login' },
  { to: LOGIN_PATHS.electrician, label: 'Electrician login' },
  { to: LOGIN_PATHS.msc, label: 'MSC login' },
  { to: LOGIN_PATHS.sm, label: 'SM login' },
  { to: '/signup', label: 'Sign up' },
  { to: FORGOT_PATHS.main, label: 'Forgot password' },
];

// Signed out: every public screen; signed in: the role's profile (its menu entry).
const links = (info: LoginUserInfo | null): StandaloneLink[] => (info ? [] : PUBLIC_LINKS);

/** This remote as a page of its own, for QA: the real login against the real API, only its screens. */
export function StandalonePage() {
  return <RemoteStandalonePage description={description} namespace={AUTH_NAMESPACE} routes={AuthRoutes} fallback={<StandaloneHome />} links={links} />;
}
