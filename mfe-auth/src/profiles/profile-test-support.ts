import type { UserType } from '@fleet/shared-api';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo, notifications, resetPage, signInAs, type SentCall } from '../test-support';

/** What every profile update answers in these tests. */
export const PROFILE_SAVED = { body: { status: true, message: 'Profile updated successfully' } };

/** After Save: one update call to `path` with `body`, and the server's message as the success toast. */
export async function expectProfileSaved(calls: SentCall[], path: string, body: unknown): Promise<void> {
  await waitFor(() => expect(callsTo(calls, path)).toHaveLength(1));
  expect(callsTo(calls, path)[0]?.body).toEqual(body);
  await waitFor(() => expect(notifications()).toEqual([{ messageType: 'success', message: 'Profile updated successfully', timer: 4000 }]));
}

/** Every test of the file (or describe block) starts on a clean page with `role` signed in. */
export function signedInAs(role: UserType): void {
  beforeEach(() => {
    resetPage();
    signInAs(role);
  });
}

/** Types into a profile's password boxes: the new password, and the current one and the confirmation where given. */
export async function typePasswords({ password, current, confirm }: { password: string; current?: string; confirm?: string }): Promise<void> {
  await userEvent.type(screen.getByLabelText(/^Password/), password);
  if (current !== undefined) await userEvent.type(screen.getByLabelText(/^Current Password/), current);
  if (confirm !== undefined) await userEvent.type(screen.getByLabelText(/^Confirm Password/), confirm);
}
