import { ACCESS_TOKEN_KEY, LOGIN_USER_INFO_KEY, REFRESH_TOKEN_KEY, useSession, type UserType } from '@fleet/shared-api';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { savePendingLogin } from '../login/pendingLogin';
import { readPendingLogin } from './readPendingLogin';
import { callsTo, fakeApi, loginInfo, notifications, renderAuth, resetPage } from '../test-support';

const OTP_SENT = { status: true, message: 'An OTP has been sent to your email', info: { otp_required: true } };

function loginOk(userType: UserType) {
  return {
    body: { status: true, message: 'Login successful', token: `access-${userType}`, refresh_token: `refresh-${userType}`, info: loginInfo(userType) },
  };
}

beforeEach(resetPage);
afterEach(() => jest.useRealTimers());

async function enterOtp(code: string) {
  await userEvent.type(screen.getByRole('textbox', { name: /OTP/ }), code);
  await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
}

describe('VerifyOtpPage', () => {
  it('without a pending sign-in, goes back to /login', async () => {
    fakeApi({});
    const view = await renderAuth('/verify-otp');
    expect(view.location().pathname).toBe('/login');
  });

  it('keeps the email across a reload (sessionStorage)', async () => {
    fakeApi({});
    savePendingLogin({ email: 'ada@fleet.test', portal: 'main', otpSentAt: Date.now() });
    await renderAuth('/verify-otp');
    expect(screen.getByText('Enter the 6-digit code sent to ada@fleet.test.')).toBeInTheDocument();
  });

  it('requires a 6-digit code', async () => {
    const calls = fakeApi({});
    savePendingLogin({ email: 'ada@fleet.test', portal: 'main', otpSentAt: Date.now() });
    await renderAuth('/verify-otp');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('OTP is required')).toBeInTheDocument();
    await enterOtp('12a45');
    expect(await screen.findByText('OTP must be 6 digits')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /OTP/ })).toHaveFocus();
    expect(calls).toHaveLength(0);
  });

  it.each<[UserType, string | null, string]>([
    ['Admin', null, '/admin/dashboard'],
    ['Agency', 'heat_pump', '/agency/dashboard'],
    ['Agency', 'livelink', '/agency/devices'],
    ['Electrician', null, '/electrician/devices'],
    ['User', null, '/user/dashboard'],
    ['sm', null, '/sitemanager/dashboard'],
  ])('signs a %s in (product %s) and goes to %s', async (userType, product, home) => {
    if (product) localStorage.setItem('selectedProduct', product);
    const calls = fakeApi({ 'POST /api/authenticate/login-otp': loginOk(userType) });
    savePendingLogin({ email: 'user@fleet.test', portal: 'main', otpSentAt: Date.now() });
    const view = await renderAuth('/verify-otp', { state: { email: 'user@fleet.test' } });
    await enterOtp('123456');

    await waitFor(() => expect(view.location().pathname).toBe(home));
    expect(callsTo(calls, '/api/authenticate/login-otp').map((call) => call.body)).toEqual([{ email: 'user@fleet.test', otp: '123456' }]);
    expect(useSession.getState().loginUserInfo?.user_type).toBe(userType);
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBe(`access-${userType}`);
    expect(localStorage.getItem(REFRESH_TOKEN_KEY)).toBe(`refresh-${userType}`);
    expect(JSON.parse(localStorage.getItem(LOGIN_USER_INFO_KEY) ?? 'null')).toEqual(loginInfo(userType));
    // spec 4: the notification after login stays 2000 ms
    expect(notifications()).toEqual([{ messageType: 'success', message: 'Login successful', timer: 2000 }]);
    expect(readPendingLogin()).toBeNull();
  });

  it('shows a wrong code and signs nobody in', async () => {
    fakeApi({ 'POST /api/authenticate/login-otp': { status: 401, body: { status: false, message: 'Invalid or expired OTP' } } });
    savePendingLogin({ email: 'ada@fleet.test', portal: 'main', otpSentAt: Date.now() });
    const view = await renderAuth('/verify-otp');
    await enterOtp('000000');
    await waitFor(() => expect(notifications()).toEqual([{ messageType: 'error', message: 'Invalid or expired OTP', timer: 4000 }]));
    expect(view.location().pathname).toBe('/verify-otp');
    expect(useSession.getState().accessToken).toBeNull();
    expect(useSession.getState().sessionExpired).toBe(false);
  });

  it('offers Resend OTP only after the 60 s cooldown, then starts it again', async () => {
    jest.useFakeTimers({ now: new Date('2026-01-05T10:00:00Z') });
    const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
    const calls = fakeApi({ 'POST /api/authenticate/resend-otp': { body: { status: true, message: 'An OTP has been sent to your email' } } });
    savePendingLogin({ email: 'ada@fleet.test', portal: 'msc', otpSentAt: Date.now() - 15_000 });
    await renderAuth('/verify-otp');

    const resend = () => screen.getByRole('button', { name: /Resend OTP/ });
    expect(resend()).toHaveTextContent('Resend OTP in 45 s');
    expect(resend()).toBeDisabled();
    act(() => jest.advanceTimersByTime(44_000));
    expect(resend()).toHaveTextContent('Resend OTP in 1 s');
    act(() => jest.advanceTimersByTime(1_000));
    expect(resend()).toHaveTextContent(/^Resend OTP$/);
    expect(resend()).toBeEnabled();

    await user.click(resend());
    await waitFor(() => expect(resend()).toHaveTextContent('Resend OTP in 60 s'));
    expect(resend()).toBeDisabled();
    expect(callsTo(calls, '/api/authenticate/resend-otp').map((call) => call.body)).toEqual([{ email: 'ada@fleet.test' }]);
    expect(readPendingLogin()).toMatchObject({ email: 'ada@fleet.test', portal: 'msc', otpSentAt: Date.now() });
    expect(notifications()).toContainEqual({ messageType: 'success', message: 'An OTP has been sent to your email', timer: 4000 });
  });

  it('goes from login to OTP to home in one journey', async () => {
    const calls = fakeApi({
      'POST /api/authenticate/login': { body: OTP_SENT },
      'POST /api/authenticate/login-otp': loginOk('Customer'),
    });
    const view = await renderAuth('/login');
    await userEvent.type(screen.getByRole('textbox', { name: /Email/ }), 'cu@fleet.test');
    await userEvent.type(screen.getByLabelText(/^Password/), 'Secret123');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    await screen.findByRole('heading', { name: 'Verify OTP' });
    await enterOtp('654321');
    await waitFor(() => expect(view.location().pathname).toBe('/customer/devices'));
    expect(calls.map((call) => [call.path, call.body])).toEqual([
      ['/api/authenticate/login', { email: 'cu@fleet.test', password: 'Secret123' }],
      ['/api/authenticate/login-otp', { email: 'cu@fleet.test', otp: '654321' }],
    ]);
    // between password and OTP the client held no token
    expect(calls[1]?.authorization).toBeNull();
    expect(screen.getByText('Screen of another remote')).toBeInTheDocument();
  });

  it('links back to the login of the portal it came from', async () => {
    fakeApi({});
    savePendingLogin({ email: 'sm@fleet.test', portal: 'sm', otpSentAt: Date.now() });
    await renderAuth('/verify-otp');
    expect(screen.getByRole('link', { name: 'Sign in with another account' })).toHaveAttribute('href', '/sm/login');
  });

  it('with the authenticator asked, says which code, takes a recovery code and offers no resend', async () => {
    const calls = fakeApi({
      'POST /api/authenticate/login': { body: { status: true, message: 'Enter the 6-digit code from your authenticator app', info: { otp_required: true, second_factor: 'totp' } } },
      'POST /api/authenticate/login-otp': loginOk('Admin'),
    });
    const view = await renderAuth('/login');
    await userEvent.type(screen.getByRole('textbox', { name: /Email/ }), 'admin@fleet.test');
    await userEvent.type(screen.getByLabelText(/^Password/), 'Secret123');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Enter the 6-digit code from your authenticator app, or one of your recovery codes.')).toBeInTheDocument();
    expect(screen.queryByText(/sent to admin@fleet.test/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Resend OTP/ })).not.toBeInTheDocument();
    // a reload keeps which code is asked
    expect(readPendingLogin()).toMatchObject({ email: 'admin@fleet.test', second_factor: 'totp' });

    await enterOtp('k7m2p');
    expect(await screen.findByText('Enter 6 digits or a recovery code')).toBeInTheDocument();
    expect(callsTo(calls, '/api/authenticate/login-otp')).toHaveLength(0);

    await userEvent.clear(screen.getByRole('textbox', { name: /OTP/ }));
    await enterOtp('K7M2P-X9Q4R');
    await waitFor(() => expect(view.location().pathname).toBe('/admin/dashboard'));
    expect(callsTo(calls, '/api/authenticate/login-otp').map((call) => call.body)).toEqual([{ email: 'admin@fleet.test', otp: 'K7M2P-X9Q4R' }]);
  });

  it('with the mailed code, says where it was sent and refuses a recovery code\'s shape', async () => {
    const calls = fakeApi({});
    savePendingLogin({ email: 'ada@fleet.test', portal: 'main', otpSentAt: Date.now() });
    await renderAuth('/verify-otp');
    expect(screen.getByText('Enter the 6-digit code sent to ada@fleet.test.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Resend OTP/ })).toBeInTheDocument();
    await enterOtp('k7m2px9q4r');
    expect(await screen.findByText('OTP must be 6 digits')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});
