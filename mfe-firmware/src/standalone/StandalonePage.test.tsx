import { useSession } from '@fleet/shared-api';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo, fakeApi, lastCall, listReply, renderFirmware, resetPage } from '../test-support';
import { StandaloneHome } from '@fleet/shared-ui/standalone';
import { FIRMWARE_PATHS } from '../description';

const home = <StandaloneHome roles={['Admin']} home={() => FIRMWARE_PATHS.firmwares} />;

const user = userEvent.setup({ delay: null });

beforeEach(resetPage);

describe('standalone page', () => {
  it('signs in with password then OTP through the real calls, and an Admin lands on Firmwares', async () => {
    const calls = fakeApi({
      'POST /api/authenticate/login': { body: { status: true, message: 'OTP sent', info: { otp_required: true } } },
      'POST /api/authenticate/login-otp': {
        body: {
          status: true,
          message: 'Welcome',
          token: 'access-1',
          refresh_token: 'refresh-1',
          info: {
            user_type: 'Admin',
            userInfo: { id: 1, email: 'admin@demo.test', first_name: 'Ada', last_name: 'Admin', agency_id: null, agency_name: null, electrician_id: null, company_id: null, company_name: null, site_manager_id: null, customer_id: null },
          },
        },
      },
      'GET /api/ota/get': listReply([]),
    });
    const view = renderFirmware('/admin/rules', { fallback: home });
    // Not signed in: the Admin screen sends to /login, which this page answers with its sign-in.
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(view.location().pathname).toBe('/login');
    await user.type(screen.getByLabelText('Email'), 'admin@demo.test');
    await user.type(screen.getByLabelText('Password'), 'Demo-pass-2026');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await user.type(await screen.findByLabelText('OTP'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    // The product is "All Products" after sign-in: the firmware area asks for a line first.
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Product line' }), 'livelink');
    expect(await screen.findByRole('heading', { name: 'Firmwares' })).toBeInTheDocument();
    expect(view.location().pathname).toBe('/admin/firmwares');
    expect(lastCall(calls, 'POST', '/api/authenticate/login').body).toEqual({ email: 'admin@demo.test', password: 'Demo-pass-2026' });
    expect(lastCall(calls, 'POST', '/api/authenticate/login-otp').body).toEqual({ email: 'admin@demo.test', otp: '123456' });
    expect(useSession.getState().accessToken).toBe('access-1');
  });

  it('shows the server message when the password is refused', async () => {
    const calls = fakeApi({ 'POST /api/authenticate/login': { status: 401, body: { status: false, message: 'Invalid email or password', info: null } } });
    renderFirmware('/login', { fallback: home });
    await user.type(await screen.findByLabelText('Email'), 'admin@demo.test');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    await waitFor(() => expect(callsTo(calls, 'POST', '/api/authenticate/login-otp')).toHaveLength(0));
  });
});
