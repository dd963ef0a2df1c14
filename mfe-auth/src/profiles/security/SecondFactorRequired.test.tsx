import { useSession } from '@fleet/shared-api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo, fakeApi, loginInfo, renderAuth, resetPage, signInAs, type SentCall } from '../../test-support';

// Issue 24, "Required where wanted": the profile of a session that must set up a second factor, and
// Admin's switch for Admin accounts.

const NOTICE = 'Your organisation requires two-step sign-in. Turn on an authenticator app or add a passkey to continue.';
const AGENCY_PROFILE = { body: { status: true, message: '', info: { agency_name: 'Sunrise', email: 'agency@fleet.test', postcode: '2000', contact_first_name: 'Ann', contact_last_name: 'Lee', contact: '0412345678', abn_no: null, country: null, state: null, city: null, street_address: null } } };
const EMPTY_LIST = { body: { status: true, message: '', info: [] } };
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

const user = userEvent.setup({ delay: null });

/** The server: the authenticator turns on with 123456; a refresh after that answers without the flag. */
function server(): SentCall[] {
  let on = false;
  return fakeApi({
    'GET /api/agency/getprofile': AGENCY_PROFILE,
    'GET /api/profile/sessions': EMPTY_LIST,
    'GET /api/profile/passkeys': EMPTY_LIST,
    'GET /api/profile/mfa': () => ({ body: { status: true, message: 'Two-step sign-in', info: { totp: on, recovery_codes_left: on ? 10 : 0, passkeys: 0 } } }),
    'POST /api/profile/mfa/totp/setup': { body: { status: true, message: '', info: { otpauth_url: `otpauth://totp/Fleet%20Console:agency?secret=${SECRET}&issuer=Fleet%20Console`, secret: SECRET } } },
    'POST /api/profile/mfa/totp/enable': () => {
      on = true;
      return { body: { status: true, message: 'Two-step sign-in is on.', info: { recovery_codes: ['k7m2p-x9q4r'] } } };
    },
    'POST /api/token-refresh': () => ({ body: { status: true, message: 'Token refreshed', token: 'access-2', refresh_token: 'refresh-2', info: on ? loginInfo('Agency') : { ...loginInfo('Agency'), second_factor_setup: true } } }),
  });
}

beforeEach(() => resetPage());

describe('a profile while the organisation requires a second factor', () => {
  it('says so at the top until the authenticator is on, then renews the session so the flag clears', async () => {
    signInAs('Agency', { info: { ...loginInfo('Agency'), second_factor_setup: true } });
    const calls = server();
    await renderAuth('/agency/profile');
    expect(await screen.findByRole('alert')).toHaveTextContent(NOTICE);
    expect(callsTo(calls, '/api/token-refresh')).toHaveLength(0);

    await user.click(await screen.findByRole('button', { name: 'Turn on' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn on two-step sign-in' });
    await user.type(within(dialog).getByRole('textbox', { name: /Code from the app/ }), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Turn on' }));
    await screen.findByRole('dialog', { name: 'Your recovery codes' });

    await waitFor(() => expect(useSession.getState().secondFactorSetup()).toBe(false));
    expect(callsTo(calls, '/api/token-refresh')).toHaveLength(1);
    expect(screen.queryByText(NOTICE)).not.toBeInTheDocument();
  });

  it('shows no notice to a session without the flag', async () => {
    signInAs('Agency');
    server();
    await renderAuth('/agency/profile');
    expect(await screen.findByRole('button', { name: 'Turn on' })).toBeInTheDocument();
    expect(screen.queryByText(NOTICE)).not.toBeInTheDocument();
  });
});

describe("Admin's switch for Admin accounts", () => {
  const PROFILE = { body: { status: true, message: '', info: { first_name: 'Ada', last_name: 'Admin', email: 'admin@fleet.test' } } };
  const MFA_OFF = { body: { status: true, message: '', info: { totp: false, recovery_codes_left: 0, passkeys: 0 } } };

  it('reads the setting and saves the other value when switched by keyboard', async () => {
    signInAs('Admin');
    let required = true;
    const calls = fakeApi({
      'GET /api/profile': PROFILE,
      'GET /api/profile/mfa': MFA_OFF,
      'GET /api/profile/sessions': EMPTY_LIST,
      'GET /api/profile/passkeys': EMPTY_LIST,
      'GET /api/admin/second-factor-policy': () => ({ body: { status: true, message: '', info: { admin_required: required } } }),
      'PUT /api/admin/second-factor-policy': (call) => {
        required = (call.body as { admin_required: boolean }).admin_required;
        return { body: { status: true, message: 'Two-step sign-in for Admin accounts saved', info: { admin_required: required } } };
      },
    });
    await renderAuth('/admin/profile');
    const toggle = await screen.findByRole('switch', { name: 'Require two-step sign-in of every Admin account' });
    expect(toggle).toBeChecked();
    expect(screen.getByRole('region', { name: 'Two-step sign-in for Admin accounts' })).toHaveTextContent('An Admin without an authenticator app or a passkey sets one up at the next sign-in.');

    toggle.focus();
    await user.keyboard(' ');
    await waitFor(() => expect(callsTo(calls, '/api/admin/second-factor-policy').filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ admin_required: false }]));
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Require two-step sign-in of every Admin account' })).not.toBeChecked());
  });

  it('is not read while the Admin must first set up a factor of its own (fleet-api refuses every other call then)', async () => {
    signInAs('Admin', { info: { ...loginInfo('Admin'), second_factor_setup: true } });
    const calls = fakeApi({
      'GET /api/profile': PROFILE,
      'GET /api/profile/mfa': MFA_OFF,
      'GET /api/profile/sessions': EMPTY_LIST,
      'GET /api/profile/passkeys': EMPTY_LIST,
    });
    await renderAuth('/admin/profile');
    expect(await screen.findByRole('alert')).toHaveTextContent(NOTICE);
    await screen.findByRole('button', { name: 'Turn on' });
    expect(screen.queryByRole('region', { name: 'Two-step sign-in for Admin accounts' })).not.toBeInTheDocument();
    expect(callsTo(calls, '/api/admin/second-factor-policy')).toHaveLength(0);
  });

  it('is not on the profile of another role', async () => {
    signInAs('Agency');
    const calls = server();
    await renderAuth('/agency/profile');
    await screen.findByRole('button', { name: 'Turn on' });
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    expect(callsTo(calls, '/api/admin/second-factor-policy')).toHaveLength(0);
  });
});
