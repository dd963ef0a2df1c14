import { useSession, Link as RouterLink, useNavigate } from '@fleet/shared-api';
import { Button, Flex, HStack, Link, NativeSelect, Text, useColorMode } from '@fleet/shared-ui';
import { PROFILE_PATHS } from '../description';
import { useAuthTranslation } from '../forms/form-helpers';
import { FORGOT_PATHS, LOGIN_PATHS } from '../portals';

const PUBLIC_LINKS: { to: string; label: string }[] = [
  { to: LOGIN_PATHS.main, label: 'Login' },
  { to: LOGIN_PATHS.electrician, label: 'Electrician login' },
  { to: LOGIN_PATHS.msc, label: 'MSC login' },
  { to: LOGIN_PATHS.sm, label: 'SM login' },
  { to: '/signup', label: 'Sign up' },
  { to: FORGOT_PATHS.main, label: 'Forgot password' },
];

/** The minimal header of the standalone page: links to this remote's screens, language, Logout. */
export function StandaloneHeader() {
  const { t, i18n } = useAuthTranslation();
  const navigate = useNavigate();
  const info = useSession((state) => (state.accessToken ? state.loginUserInfo : null));
  const expired = useSession((state) => state.sessionExpired);
  const { colorMode, toggleColorMode } = useColorMode();
  const { logout, renew, signOut } = useSession.getState();

  // Ends the refresh chain on the server too, then this page's session.
  async function leave() {
    await logout();
    navigate(LOGIN_PATHS.main, { replace: true });
  }

  const profile = info && info.user_type in PROFILE_PATHS ? PROFILE_PATHS[info.user_type as keyof typeof PROFILE_PATHS] : null;

  return (
    <Flex as="header" wrap="wrap" gap="4" align="center" px="4" py="2" borderBottomWidth="1px">
      <Text fontWeight="semibold">{t('standalone.title')}</Text>
      <HStack as="nav" aria-label="mfe-auth screens" gap="3" wrap="wrap" flex="1">
        {info
          ? profile && (
              <Link asChild colorPalette="teal">
                <RouterLink to={profile}>{t('menu.profile')}</RouterLink>
              </Link>
            )
          : PUBLIC_LINKS.map((link) => (
              <Link key={link.to} asChild colorPalette="teal">
                <RouterLink to={link.to}>{link.label}</RouterLink>
              </Link>
            ))}
      </HStack>
      <NativeSelect.Root size="sm" width="auto">
        <NativeSelect.Field
          aria-label="Language"
          value={i18n.language === 'hi' ? 'hi' : 'en'}
          onChange={(event) => {
            localStorage.setItem('i18nextLng', event.target.value);
            void i18n.changeLanguage(event.target.value);
          }}
        >
          <option value="en">English</option>
          <option value="hi">हिन्दी</option>
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Button size="sm" variant="ghost" aria-pressed={colorMode === 'dark'} onClick={toggleColorMode}>
        {t('standalone.darkMode')}
      </Button>
      {info && expired && (
        // the shell's session dialog, reduced: Renew (token refresh) or Exit
        <HStack role="alert" gap="2">
          <Text fontSize="sm">{t('standalone.expired')}</Text>
          <Button size="xs" colorPalette="teal" onClick={() => void renew()}>
            {t('standalone.renew')}
          </Button>
          <Button size="xs" variant="outline" onClick={() => signOut()}>
            {t('standalone.exit')}
          </Button>
        </HStack>
      )}
      {info && (
        <>
          <Text fontSize="sm">{t('standalone.signedInAs', { email: info.userInfo.email, userType: info.user_type })}</Text>
          <Button size="sm" variant="outline" onClick={() => void leave()}>
            {t('standalone.logout')}
          </Button>
        </>
      )}
    </Flex>
  );
}
