import { useSession, Navigate } from '@fleet/shared-api';
import { Box, Text } from '@fleet/shared-ui';
import { PROFILE_PATHS } from '../description';
import { useAuthTranslation } from '../forms/form-helpers';
import { LOGIN_PATHS } from '../portals';

/**
 * Alone, a path this remote does not own (a role's home after sign-in, a typo) leads to the
 * signed-in user's profile, or to the login when nobody is signed in.
 */
export function StandaloneHome() {
  const { t } = useAuthTranslation();
  const info = useSession((state) => (state.accessToken ? state.loginUserInfo : null));
  if (!info) return <Navigate to={LOGIN_PATHS.main} replace />;
  const role = info.user_type;
  if (role in PROFILE_PATHS) return <Navigate to={PROFILE_PATHS[role as keyof typeof PROFILE_PATHS]} replace />;
  return (
    <Box py="4">
      <Text>{t('standalone.signedInAs', { email: info.userInfo.email, userType: role })}</Text>
      <Text color="fg.muted">{t('standalone.noScreen')}</Text>
    </Box>
  );
}
