import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo, fakeApi, notifications, renderAuth, type SentCall } from '../../test-support';
import { signedInAs } from '../profile-test-support';

const PROFILE = { body: { status: true, message: '', info: { first_name: 'Ada', last_name: 'Admin', email: 'admin@fleet.test' } } };
const SESSIONS = { body: { status: true, message: '', info: [] } };
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const CODES = ['k7m2p-x9q4r', 'a2b3c-d4e5f', 'g6h7j-k8m9n', 'p2q3r-s4t5u', 'v6w7x-y8z9a', 'b2c3d-e4f5g', 'h6j7k-m8n9p', 'q2r3s-t4u5v', 'w6x7y-z8a9b', 'c2d3e-f4g5h'];
const WRONG_CODE = { status: 400, body: { status: false, message: 'Invalid authenticator code', code: 'mfa.codeInvalid' } };

/** The server's side of these calls: the state turns with enable and disable, the right code is 123456. */
function authenticatorServer(startOn: boolean): SentCall[] {
  let on = startOn;
  const state = () => ({ body: { status: true, message: 'Two-step sign-in', info: { totp: on, recovery_codes_left: on ? 10 : 0, passkeys: 0 } } });
  return fakeApi({
    'GET /api/profile': PROFILE,
    'GET /api/profile/sessions': SESSIONS,
    'GET /api/profile/mfa': state,
    'POST /api/profile/mfa/totp/setup': {
      body: {
        status: true,
        message: 'Scan the QR code with your authenticator app, then enter a code from it',
        info: { otpauth_url: `otpauth://totp/Fleet%20Console:admin%40fleet.test?secret=${SECRET}&issuer=Fleet%20Console`, secret: SECRET },
      },
    },
    'POST /api/profile/mfa/totp/enable': (call) => {
      if ((call.body as { code: string }).code !== '123456') return WRONG_CODE;
      on = true;
      return { body: { status: true, message: 'Two-step sign-in is on. Keep your recovery codes somewhere safe: they are shown only once.', info: { recovery_codes: CODES } } };
    },
    'POST /api/profile/mfa/totp/disable': (call) => {
      if ((call.body as { code: string }).code !== 'k7m2p-x9q4r') return WRONG_CODE;
      on = false;
      return { body: { status: true, message: 'Two-step sign-in is off' } };
    },
  });
}

/** jsdom's Blob has no text(): read as a browser would. */
function textOf(blob: Blob): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });
}

// no delay between keys: these tests wait on the screen, not on time
const user = userEvent.setup({ delay: null });

signedInAs('Admin');
afterEach(() => jest.restoreAllMocks());

describe('two-step sign-in on the profile', () => {
  it('turns the authenticator on: QR code and secret, a wrong code kept in the dialog, the ten codes once', async () => {
    const calls = authenticatorServer(false);
    const createObjectURL = jest.fn((blob: Blob) => (blob instanceof Blob ? 'blob:codes' : ''));
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = jest.fn();
    const saves = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function save(this: HTMLAnchorElement) {
      expect(this.download).toBe('fleet-recovery-codes.txt');
    });
    await renderAuth('/admin/profile');
    expect(await screen.findByText('Off: sign-in asks for a code sent by e-mail.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Turn on' }));

    const dialog = await screen.findByRole('dialog', { name: 'Turn on two-step sign-in' });
    const qr = await within(dialog).findByRole('img', { name: 'QR code for your authenticator app' });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(within(dialog).getByText(SECRET)).toBeInTheDocument();
    expect(callsTo(calls, '/api/profile/mfa/totp/setup').length).toBeGreaterThanOrEqual(1);

    const code = within(dialog).getByRole('textbox', { name: /Code from the app/ });
    await user.type(code, '12345');
    await user.click(within(dialog).getByRole('button', { name: 'Turn on' }));
    expect(await within(dialog).findByText('The code is 6 digits')).toBeInTheDocument();
    expect(callsTo(calls, '/api/profile/mfa/totp/enable')).toHaveLength(0);

    await user.clear(code);
    await user.type(code, '000000');
    await user.click(within(dialog).getByRole('button', { name: 'Turn on' }));
    expect(await within(dialog).findByText('Invalid authenticator code')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Turn on two-step sign-in' })).toBeInTheDocument();
    expect(code).toHaveValue('000000');

    await user.clear(code);
    await user.type(code, '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Turn on' }));
    const shown = await screen.findByRole('dialog', { name: 'Your recovery codes' });
    expect(within(shown).getAllByRole('listitem').map((item) => item.textContent)).toEqual(CODES);
    expect(callsTo(calls, '/api/profile/mfa/totp/enable').map((call) => call.body)).toEqual([{ code: '000000' }, { code: '123456' }]);

    await user.click(within(shown).getByRole('button', { name: 'Download (.txt)' }));
    expect(saves).toHaveBeenCalledTimes(1);
    const file = createObjectURL.mock.calls[0]?.[0];
    expect(file && (await textOf(file))).toContain(CODES.join('\n'));

    await user.click(within(shown).getByRole('button', { name: 'I have saved them' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('On: sign-in asks for a code from your authenticator app.')).toBeInTheDocument();
    expect(screen.getByText('10 recovery codes left')).toBeInTheDocument();
    // shown once: nowhere on the page any more
    expect(screen.queryByText(CODES[0] ?? '')).not.toBeInTheDocument();
    expect(notifications()).toContainEqual({ messageType: 'success', message: 'Two-step sign-in is on. Keep your recovery codes somewhere safe: they are shown only once.', timer: 4000 });
  });

  it('turns it off with the current password and a code, a wrong code kept in the dialog', async () => {
    const calls = authenticatorServer(true);
    await renderAuth('/admin/profile');
    await user.click(await screen.findByRole('button', { name: 'Turn off' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn off two-step sign-in' });

    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(await within(dialog).findByText('Enter your current password')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter the code from your authenticator app')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText(/^Current Password/), 'Secret123');
    const code = within(dialog).getByRole('textbox', { name: /Authenticator or recovery code/ });
    await user.type(code, '999999');
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(await within(dialog).findByText('Invalid authenticator code')).toBeInTheDocument();

    await user.clear(code);
    await user.type(code, 'k7m2p-x9q4r');
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(calls, '/api/profile/mfa/totp/disable').map((call) => call.body)).toEqual([
      { password: 'Secret123', code: '999999' },
      { password: 'Secret123', code: 'k7m2p-x9q4r' },
    ]);
    expect(await screen.findByText('Off: sign-in asks for a code sent by e-mail.')).toBeInTheDocument();
    expect(notifications()).toContainEqual({ messageType: 'success', message: 'Two-step sign-in is off', timer: 4000 });
  });
});
