import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo, fakeApi, notifications, renderAuth, type SentCall } from '../../test-support';
import { signedInAs } from '../profile-test-support';

const PROFILE = { body: { status: true, message: '', info: { agency_name: 'Bright Homes', email: 'agency@fleet.test', postcode: '2000', contact_first_name: 'Jo', contact_last_name: 'Bright', contact: '0400000000', abn_no: '51824753556' } } };
const MFA_OFF = { body: { status: true, message: '', info: { totp: false, recovery_codes_left: 0, passkeys: 0 } } };
const ROWS = [
  { id: 's-1', browser: 'Chrome 131', system: 'Windows', address: '203.0.113.7', started_at: '2026-11-27T08:00:00.000Z', last_used_at: '2026-11-27T09:00:00.000Z', current: true },
  { id: 's-2', browser: 'Firefox 133', system: 'Linux', address: '198.51.100.2', started_at: '2026-11-26T10:00:00.000Z', last_used_at: '2026-11-26T11:00:00.000Z', current: false },
  { id: 's-3', browser: null, system: 'iOS', address: null, started_at: '2026-11-25T10:00:00.000Z', last_used_at: '2026-11-25T10:30:00.000Z', current: false },
];

/** The server's side: DELETE ends the named session or every other one, and the list reads what is left. */
function sessionsServer(): SentCall[] {
  let live = ROWS;
  return fakeApi({
    'GET /api/agency/getprofile': PROFILE,
    'GET /api/profile/mfa': MFA_OFF,
    'GET /api/profile/sessions': () => ({ body: { status: true, message: 'Signed-in sessions', info: live } }),
    'DELETE /api/profile/sessions': (call) => {
      const which = call.body as { id?: string; all_others?: true };
      const ended = live.filter((row) => !row.current && (which.all_others || row.id === which.id));
      live = live.filter((row) => !ended.includes(row));
      const count = ended.length;
      return { body: { status: true, message: `${count} ${count === 1 ? 'session' : 'sessions'} ended`, code: count === 1 ? 'sessions.ended_one' : 'sessions.ended_other', params: { count }, info: { ended: count } } };
    },
  });
}

// no delay between keys: these tests wait on the screen, not on time
const user = userEvent.setup({ delay: null });

signedInAs('Agency');

describe('signed-in sessions on the profile', () => {
  it('lists the sessions with this one marked and no End on it', async () => {
    sessionsServer();
    await renderAuth('/agency/profile');
    const table = await screen.findByRole('table', { name: 'Signed-in sessions' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').slice(0, 3).map((cell) => cell.textContent))).toEqual([
      ['Chrome 131', 'Windows', '203.0.113.7'],
      ['Firefox 133', 'Linux', '198.51.100.2'],
      ['Unknown', 'iOS', 'Unknown'],
    ]);
    expect(within(rows[0] as HTMLElement).getByText('This session')).toBeInTheDocument();
    expect(within(rows[0] as HTMLElement).queryByRole('button')).not.toBeInTheDocument();
    expect(within(table).getAllByRole('button', { name: /^End the session of/ })).toHaveLength(2);
  });

  it('ends one session after a confirmation, and nothing when declined', async () => {
    const calls = sessionsServer();
    await renderAuth('/agency/profile');
    const end = await screen.findByRole('button', { name: 'End the session of Firefox 133 on Linux' });

    await user.click(end);
    await user.click(within(await screen.findByRole('dialog', { name: 'End this session?' })).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(calls, '/api/profile/sessions').filter((call) => call.method === 'DELETE')).toHaveLength(0);

    await user.click(end);
    const confirm = await screen.findByRole('dialog', { name: 'End this session?' });
    expect(within(confirm).getByText('Firefox 133 on Linux is signed out at once.')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'End' }));
    await waitFor(() => expect(screen.queryByText('Firefox 133')).not.toBeInTheDocument());
    expect(callsTo(calls, '/api/profile/sessions').filter((call) => call.method === 'DELETE').map((call) => call.body)).toEqual([{ id: 's-2' }]);
    expect(notifications()).toContainEqual({ messageType: 'success', message: '1 session ended', timer: 4000 });
  });

  it('ends all other sessions after a confirmation and keeps this one', async () => {
    const calls = sessionsServer();
    await renderAuth('/agency/profile');
    await screen.findByText('Firefox 133');
    await user.click(screen.getByRole('button', { name: 'End all other sessions' }));
    const dialog = await screen.findByRole('dialog', { name: 'End all other sessions?' });
    await user.click(within(dialog).getByRole('button', { name: 'End all other sessions' }));
    await waitFor(() => expect(screen.getByText('No other sessions.')).toBeInTheDocument());
    expect(callsTo(calls, '/api/profile/sessions').filter((call) => call.method === 'DELETE').map((call) => call.body)).toEqual([{ all_others: true }]);
    expect(screen.getByText('Chrome 131')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'End all other sessions' })).toBeDisabled();
    expect(notifications()).toContainEqual({ messageType: 'success', message: '2 sessions ended', timer: 4000 });
  });
});
