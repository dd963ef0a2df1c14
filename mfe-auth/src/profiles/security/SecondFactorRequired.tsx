import { useSession } from '@fleet/shared-api';
import { useQuery } from '@fleet/shared-api/query';
import { Box, Text } from '@fleet/shared-ui';
import { useEffect } from 'react';
import { readSecondFactor } from '../../api/profiles';
import { useSecondFactorTranslation } from '../../i18n/second-factor';
import { MFA_KEY } from './TwoStepSignIn';

// Issue 24, "Required where wanted" (docs/second-factor.md): a sign-in by mailed code where the
// organisation requires a second factor reaches only this profile (the shell sends every path here).

/**
 * The notice at the top of the profile while the session must set up a second factor. Once the
 * authenticator or a passkey is on (the sections read the state again after each change), the session
 * is renewed: fleet-api answers the renewal without the flag and the console opens.
 */
export function SecondFactorRequired() {
  const { t } = useSecondFactorTranslation();
  const state = useQuery({ queryKey: MFA_KEY, queryFn: readSecondFactor });
  const hasFactor = state.data !== undefined && (state.data.totp || state.data.passkeys > 0);
  useEffect(() => {
    if (hasFactor) void useSession.getState().renew();
  }, [hasFactor]);
  return (
    <Box role="alert" borderWidth="1px" borderColor="border.warning" bg="bg.warning" color="fg.warning" rounded="md" px="4" py="3">
      <Text fontWeight="medium">{t('requirement.notice')}</Text>
    </Box>
  );
}
