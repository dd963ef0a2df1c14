import { startRegistration } from '@simplewebauthn/browser';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo, fakeApi, notifications, renderAuth, type SentCall } from '../../test-support';
import { signedInAs } from '../profile-test-support';

// the browser's prompt is the authenticator's: faked here, Chromium's virtual one in the journey
jest.mock('@simplewebauthn/browser', () => ({ startRegistration: jest.fn(), startAuthentication: jest.fn() }));
const prompt = jest.mocked(startRegistration);

const PROFILE = { body: { status: true, message: '', info: { agency_name: 'Bright Homes', email: 'agency@fleet.test', postcode: '2000', contact_first_name: 'Jo', contact_last_name: 'Bright', contact: '0400000000', abn_no: '51824753556' } } };
const MFA = { body: { status: true, message: '', info: { totp: false, recovery_codes_left: 0, passkeys: 2 } } };
const ROWS = [
  { id: 'a1b2c3d4-0000-4000-8000-000000000002', name: 'Work laptop', created_at: '2026-11-26T10:00:00.000Z', last_used_at: '2026-11-27T08:30:00.000Z' },
  { id: 'a1b2c3d4-0000-4000-8000-000000000001', name: 'Phone', created_at: '2026-11-20T10:00:00.000Z', last_used_at: null },
];
const OPTIONS = { rp: { name: 'Fleet Console', id: 'localhost' }, user: { id: 'dXNlcg', name: 'agency@fleet.test', displayName: 'Jo Bright' }, challenge: 'Y2hhbGxlbmdl', pubKeyCredParams: [{ alg: -7, type: 'public-key' }], excludeCredentials: [{ id: 'cGhvbmU', type: 'public-key' }], authenticatorSelection: { residentKey: 'required', userVerification: 'required' } };
const MADE = { id: 'bmV3', rawId: 'bmV3', response: { clientDataJSON: 'Y2Q', attestationObject: 'YW8' }, clientExtensionResults: {}, type: 'public-key' };

/** The server's side: register/verify keeps a passkey under its name, DELETE removes one, the list reads what is left. */
function passkeysServer(verify?: { status: number; body: unknown }): SentCall[] {
  let live = ROWS;
  return fakeApi({
    'GET /api/agency/getprofile': PROFILE,
    'GET /api/profile/mfa': MFA,
    'GET /api/profile/sessions': { body: { status: true, message: '', info: [] } },
    'GET /api/profile/passkeys': () => ({ body: { status: true, message: 'Passkeys', info: live } }),
    'POST /api/profile/passkeys/register/options': { body: { status: true, message: 'Create the passkey on your device', info: OPTIONS } },
    'POST /api/profile/passkeys/register/verify': (call) => {
      if (verify) return verify;
      const row = { id: 'a1b2c3d4-0000-4000-8000-000000000003', name: (call.body as { name: string }).name, created_at: '2026-11-27T11:00:00.000Z', last_used_at: null };
      live = [row, ...live];
      return { body: { status: true, message: 'Passkey added', code: 'passkeys.added', info: row } };
    },
    'DELETE /api/profile/passkeys': (call) => {
      live = live.filter((row) => row.id !== (call.body as { id: string }).id);
      return { body: { status: true, message: 'Passkey removed', code: 'passkeys.removed' } };
    },
  });
}

const user = userEvent.setup({ delay: null });

function setWebAuthn(present: boolean) {
  if (present) Object.defineProperty(window, 'PublicKeyCredential', { value: function PublicKeyCredential() {}, configurable: true, writable: true });
  else Reflect.deleteProperty(window, 'PublicKeyCredential');
}

signedInAs('Agency');
beforeEach(() => {
  prompt.mockReset();
  setWebAuthn(true);
});
afterEach(() => jest.restoreAllMocks());
afterAll(() => setWebAuthn(false));

const sent = (calls: SentCall[], method: string, path: string) => callsTo(calls, path).filter((call) => call.method === method);

async function openAddDialog() {
  await user.click(await screen.findByRole('button', { name: 'Add a passkey' }));
  return screen.findByRole('dialog', { name: 'Add a passkey' });
}

describe('passkeys on the profile', () => {
  it('lists the passkeys with when each was added and last used, or never', async () => {
    passkeysServer();
    await renderAuth('/agency/profile');
    const table = await screen.findByRole('table', { name: 'Passkeys' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual(['Work laptop', 'Phone']);
    const [laptop, phone] = rows.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
    expect(laptop?.[2]).not.toBe('Never used');
    expect(laptop?.[2]).toMatch(/2026/);
    expect(phone?.[2]).toBe('Never used');
  });

  it("adds one: the name typed, the browser's prompt with the server's options, then its answer sent with the name", async () => {
    prompt.mockResolvedValue(MADE as Awaited<ReturnType<typeof startRegistration>>);
    jest.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36');
    const calls = passkeysServer();
    await renderAuth('/agency/profile');
    const dialog = await openAddDialog();
    const name = within(dialog).getByRole('textbox', { name: /Name/ });
    expect(name).toHaveValue('Passkey on Windows');
    await user.clear(name);
    await user.type(name, '  Desk key ');
    await user.click(within(dialog).getByRole('button', { name: 'Create the passkey' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(prompt).toHaveBeenCalledWith({ optionsJSON: OPTIONS });
    expect(sent(calls, 'POST', '/api/profile/passkeys/register/verify').map((call) => call.body)).toEqual([{ name: 'Desk key', response: MADE }]);
    expect(await within(await screen.findByRole('table', { name: 'Passkeys' })).findByText('Desk key')).toBeInTheDocument();
    expect(notifications()).toEqual([{ messageType: 'success', message: 'Passkey added', timer: 4000 }]);
  });

  it('a cancelled prompt says the passkey was not added, sends nothing more and toasts nothing', async () => {
    prompt.mockRejectedValue(new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError'));
    const calls = passkeysServer();
    await renderAuth('/agency/profile');
    const dialog = await openAddDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Create the passkey' }));

    expect(await within(dialog).findByText('The passkey was not added')).toBeInTheDocument();
    expect(sent(calls, 'POST', '/api/profile/passkeys/register/options')).toHaveLength(1);
    expect(sent(calls, 'POST', '/api/profile/passkeys/register/verify')).toHaveLength(0);
    expect(notifications()).toEqual([]);
  });

  it("shows the server's refusal of what the browser made, in the dialog and as a toast", async () => {
    prompt.mockResolvedValue(MADE as Awaited<ReturnType<typeof startRegistration>>);
    passkeysServer({ status: 400, body: { status: false, message: 'The passkey could not be registered: start again' } });
    await renderAuth('/agency/profile');
    const dialog = await openAddDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Create the passkey' }));

    expect(await within(dialog).findByText('The passkey could not be registered: start again')).toBeInTheDocument();
    expect(notifications()).toEqual([{ messageType: 'error', message: 'The passkey could not be registered: start again', timer: 4000 }]);
  });

  it('refuses an empty name without asking the browser', async () => {
    const calls = passkeysServer();
    await renderAuth('/agency/profile');
    const dialog = await openAddDialog();
    await user.clear(within(dialog).getByRole('textbox', { name: /Name/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Create the passkey' }));
    expect(await within(dialog).findByText('Enter a name for the passkey')).toBeInTheDocument();
    expect(sent(calls, 'POST', '/api/profile/passkeys/register/options')).toHaveLength(0);
    expect(prompt).not.toHaveBeenCalled();
  });

  it('removes one after a confirmation, and nothing when declined', async () => {
    const calls = passkeysServer();
    await renderAuth('/agency/profile');
    const remove = await screen.findByRole('button', { name: 'Remove the passkey Phone' });

    await user.click(remove);
    await user.click(within(await screen.findByRole('dialog', { name: 'Remove this passkey?' })).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent(calls, 'DELETE', '/api/profile/passkeys')).toHaveLength(0);

    await user.click(remove);
    const confirm = await screen.findByRole('dialog', { name: 'Remove this passkey?' });
    expect(within(confirm).getByText('Phone no longer signs you in.')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Remove the passkey Phone' })).not.toBeInTheDocument());
    expect(sent(calls, 'DELETE', '/api/profile/passkeys').map((call) => call.body)).toEqual([{ id: ROWS[1]?.id }]);
    expect(screen.getByText('Work laptop')).toBeInTheDocument();
    expect(notifications()).toEqual([{ messageType: 'success', message: 'Passkey removed', timer: 4000 }]);
  });

  it('without WebAuthn in the browser, says so instead of offering to add one, and still lists them', async () => {
    setWebAuthn(false);
    passkeysServer();
    await renderAuth('/agency/profile');
    expect(await screen.findByText(/^This browser cannot make passkeys/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add a passkey' })).not.toBeInTheDocument();
    expect(await screen.findByText('Work laptop')).toBeInTheDocument();
  });
});
