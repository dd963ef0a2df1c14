import { Card, Stack } from '@fleet/shared-ui';
import { Passkeys } from './Passkeys';
import { Sessions } from './Sessions';
import { TwoStepSignIn } from './TwoStepSignIn';

/** Two-step sign-in, passkeys and sessions, the same on every role's profile (ProfileFrame loads this lazily). */
export function AccountSecurity() {
  return (
    <Card.Root>
      <Card.Body>
        <Stack gap="8">
          <TwoStepSignIn />
          <Passkeys />
          <Sessions />
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
