import { waitFor } from '@testing-library/react';
import { callsTo, notifications, type SentCall } from '../test-support';

/** What every profile update answers in these tests. */
export const PROFILE_SAVED = { body: { status: true, message: 'Profile updated successfully' } };

/** After Save: one update call to `path` with `body`, and the server's message as the success toast. */
export async function expectProfileSaved(calls: SentCall[], path: string, body: unknown): Promise<void> {
  await waitFor(() => expect(callsTo(calls, path)).toHaveLength(1));
  expect(callsTo(calls, path)[0]?.body).toEqual(body);
  await waitFor(() => expect(notifications()).toEqual([{ messageType: 'success', message: 'Profile updated successfully', timer: 4000 }]));
}
