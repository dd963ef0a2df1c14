import type { LoginUserInfo } from '@fleet/shared-api';
import { StandaloneHeader, StandalonePage as KitPage, type StandaloneLink } from '@fleet/shared-ui/standalone';
import { AuthRoutes } from '../AuthRoutes';
import { PROFILE_PATHS } from '../description';
import { useAuthTranslation } from '../forms/form-helpers';
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

function Header() {
  const { t } = useAuthTranslation();
  // Signed out: every public screen; signed in: the role's profile.
  const links = (info: LoginUserInfo | null): StandaloneLink[] => {
    if (!info) return PUBLIC_LINKS;
    const profile = info.user_type in PROFILE_PATHS ? PROFILE_PATHS[info.user_type as keyof typeof PROFILE_PATHS] : null;
    return profile ? [{ to: profile, label: t('menu.profile') }] : [];
  };
  return <StandaloneHeader title={t('standalone.title')} navLabel="mfe-auth screens" links={links} />;
}

/** This remote as a page of its own, for QA: the real login against the real API, only its screens. */
export function StandalonePage() {
  return (
    <KitPage header={<Header />}>
      <AuthRoutes fallback={<StandaloneHome />} />
    </KitPage>
  );
}
