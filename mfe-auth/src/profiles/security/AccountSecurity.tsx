import { useSession } from '@fleet/shared-api';
import { Card, Stack } from '@fleet/shared-ui';
import { Passkeys } from './Passkeys';
import { SecondFactorPolicy } from './SecondFactorPolicy';
import { Sessions } from './Sessions';
import { TwoStepSignIn } from './TwoStepSignIn';

/** Two-step sign-in, passkeys and sessions, the same on every role's profile (ProfileFrame loads this lazily). */
export function AccountSecurity() {
  const admin = useSession((s) => s.userType() === 'Admin');
  // a session that must first set up its own factor may call nothing else (fleet-api answers 403)
  const settingUp = useSession((s) => s.secondFactorSetup());
  return (
    <Card.Root>
      <Card.Body>
        <Stack gap="8">
          <TwoStepSignIn />
          <Passkeys />
          <Sessions />
          {admin && !settingUp && <SecondFactorPolicy />}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

// in this chunk, so the profile's notice (ProfileFrame) adds no chunk of its own to the remote's entry
export { SecondFactorRequired } from './SecondFactorRequired';
