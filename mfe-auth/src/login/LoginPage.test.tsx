import { useSession } from '@fleet/shared-api';
import { startAuthentication } from '@simplewebauthn/browser';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo, fakeApi, loginInfo, notifications, renderAuth, resetPage, signInAs } from '../test-support';
import { readPendingLogin } from '../verify-otp/readPendingLogin';

// the browser's passkey prompt: faked here, Chromium's virtual authenticator in the journey
jest.mock('@simplewebauthn/browser', () => ({ startRegistration: jest.fn(), startAuthentication: jest.fn() }));
const prompt = jest.mocked(startAuthentication);

const OTP_SENT = { status: true, message: 'An OTP has been sent to your email', info: { otp_required: true } };

beforeEach(resetPage);

describe('LoginPage', () => {
  it.each([
    ['/', 'Sign in to the Fleet Console'],
    ['/login', 'Sign in to the Fleet Console'],
    ['/electrician-login', 'Sign in to the Electrician Portal'],
    ['/msc/login', 'Sign in to the Multi-Site Company Portal'],
    ['/sm/login', 'Sign in to the Site Manager Portal'],
  ])('%s names its portal in the title', async (path, title) => {
    fakeApi({});
    await renderAuth(path);
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
  });

  it('requires email and password, focusing the first field in error', async () => {
    const calls = fakeApi({});
    await renderAuth('/login');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Email/ })).toHaveFocus();
    expect(screen.getByRole('textbox', { name: /Email/ })).toHaveAttribute('aria-invalid', 'true');
    // the error text is linked to its box (Chakra's Field sets aria-errormessage once the text exists)
    await waitFor(() => expect(screen.getByRole('textbox', { name: /Email/ })).toHaveAccessibleErrorMessage('Email is required'));
    expect(calls).toHaveLength(0);
  });

  it('refuses an address without a dot in its domain', async () => {
    fakeApi({});
    await renderAuth('/login');
    await userEvent.type(screen.getByRole('textbox', { name: /Email/ }), 'ada@fleet');
    await userEvent.type(screen.getByLabelText(/^Password/), 'secret');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Invalid email address')).toBeInTheDocument();
    expect(screen.queryByText('Password is required')).not.toBeInTheDocument();
  });

  it('sends the trimmed email and the password, then goes to /verify-otp keeping the email', async () => {
    const calls = fakeApi({ 'POST /api/authenticate/login': { body: OTP_SENT } });
    const view = await renderAuth('/electrician-login');
    await userEvent.type(screen.getByRole('textbox', { name: /Email/ }), '  sparky@fleet.test ');
    await userEvent.type(screen.getByLabelText(/^Password/), 'Secret123');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));

    await waitFor(() => expect(view.location().pathname).toBe('/verify-otp'));
    expect(callsTo(calls, '/api/authenticate/login').map((call) => call.body)).toEqual([
      { email: 'sparky@fleet.test', password: 'Secret123' },
    ]);
    expect(view.location().state).toEqual({ email: 'sparky@fleet.test' });
    expect(readPendingLogin()).toMatchObject({ email: 'sparky@fleet.test', portal: 'electrician' });
    expect(notifications()).toContainEqual({ messageType: 'success', message: OTP_SENT.message, timer: 4000 });
    expect(await screen.findByText('Enter the 6-digit code sent to sparky@fleet.test.')).toBeInTheDocument();
  });

  it.each([
    [401, 'Invalid email or password'],
    [429, 'Too many attempts. Try again in 15 minutes.'],
  ])('shows the server message of a %i and stays', async (status, message) => {
    fakeApi({ 'POST /api/authenticate/login': { status, body: { status: false, message } } });
    const view = await renderAuth('/login');
    await userEvent.type(screen.getByRole('textbox', { name: /Email/ }), 'ada@fleet.test');
    await userEvent.type(screen.getByLabelText(/^Password/), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(notifications()).toEqual([{ messageType: 'error', message, timer: 4000 }]));
    expect(view.location().pathname).toBe('/login');
    expect(readPendingLogin()).toBeNull();
  });

  it('links each portal to its own forgot-password screen; only the main one offers sign-up', async () => {
    fakeApi({});
    const main = await renderAuth('/login');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.getByRole('link', { name: 'New agency? Sign up' })).toHaveAttribute('href', '/signup');
    main.unmount();
    await renderAuth('/msc/login');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/msc/forgot-password');
    expect(screen.queryByRole('link', { name: 'New agency? Sign up' })).not.toBeInTheDocument();
  });

  it('confirms the address of a sign-up mail link once and drops the token from the address', async () => {
    const calls = fakeApi({ 'POST /api/verify-email': { body: { status: true, message: 'Your email has been verified' } } });
    const view = await renderAuth('/login?verify=tok-123');
    await waitFor(() =>
      expect(notifications()).toEqual([{ messageType: 'success', message: 'Your email has been verified', timer: 4000 }]),
    );
    expect(callsTo(calls, '/api/verify-email').map((call) => call.body)).toEqual([{ token: 'tok-123' }]);
    expect(view.location().search).toBe('');
  });

  it('tells a used verification link apart', async () => {
    fakeApi({ 'POST /api/verify-email': { status: 400, body: { status: false, message: 'This verification link is invalid or has expired' } } });
    await renderAuth('/login?verify=old');
    await waitFor(() =>
      expect(notifications()).toEqual([
        { messageType: 'error', message: 'This verification link is invalid or has expired', timer: 4000 },
      ]),
    );
  });

  it('sends a signed-in user home instead', async () => {
    fakeApi({});
    signInAs('Electrician');
    const view = await renderAuth('/login');
    expect(view.location().pathname).toBe('/electrician/devices');
  });
});

describe('Sign in with a passkey', () => {
  const OPTIONS = { challenge: 'Y2hhbGxlbmdl', rpId: 'localhost', userVerification: 'required', timeout: 60000 };
  const USED = { id: 'a2V5', rawId: 'a2V5', response: { clientDataJSON: 'Y2Q', authenticatorData: 'YWQ', signature: 'c2ln', userHandle: 'dXNlcg' }, clientExtensionResults: {}, type: 'public-key' };
  const passkeyButton = () => screen.queryByRole('button', { name: 'Sign in with a passkey' });

  function setWebAuthn(present: boolean) {
    if (present) Object.defineProperty(window, 'PublicKeyCredential', { value: function PublicKeyCredential() {}, configurable: true, writable: true });
    else Reflect.deleteProperty(window, 'PublicKeyCredential');
  }

  beforeEach(() => {
    prompt.mockReset();
    setWebAuthn(true);
  });
  afterAll(() => setWebAuthn(false));

  it("signs in with the browser's passkey, without password or code, and goes home", async () => {
    prompt.mockResolvedValue(USED as Awaited<ReturnType<typeof startAuthentication>>);
    const calls = fakeApi({
      'POST /api/authenticate/passkey/options': { body: { status: true, message: 'Choose a passkey on your device', info: OPTIONS } },
      'POST /api/authenticate/passkey/verify': { body: { status: true, message: 'Login successful', token: 'access-passkey', refresh_token: 'refresh-passkey', info: loginInfo('Electrician') } },
    });
    const view = await renderAuth('/login');
    await userEvent.click(passkeyButton() as HTMLElement);

    await waitFor(() => expect(view.location().pathname).toBe('/electrician/devices'));
    expect(prompt).toHaveBeenCalledWith({ optionsJSON: OPTIONS });
    expect(callsTo(calls, '/api/authenticate/passkey/options').map((call) => call.body)).toEqual([{}]);
    expect(callsTo(calls, '/api/authenticate/passkey/verify').map((call) => call.body)).toEqual([{ response: USED }]);
    expect(callsTo(calls, '/api/authenticate/login')).toHaveLength(0);
    expect(useSession.getState().accessToken).toBe('access-passkey');
    expect(notifications()).toEqual([{ messageType: 'success', message: 'Login successful', timer: 2000 }]);
  });

  it("shows the server's refusal (401) and stays signed out on the sign-in page", async () => {
    prompt.mockResolvedValue(USED as Awaited<ReturnType<typeof startAuthentication>>);
    fakeApi({
      'POST /api/authenticate/passkey/options': { body: { status: true, message: 'Choose a passkey on your device', info: OPTIONS } },
      'POST /api/authenticate/passkey/verify': { status: 401, body: { status: false, message: 'The passkey could not be verified', code: 'passkeys.notVerified' } },
    });
    const view = await renderAuth('/login');
    await userEvent.click(passkeyButton() as HTMLElement);

    await waitFor(() => expect(notifications()).toEqual([{ messageType: 'error', message: 'The passkey could not be verified', timer: 4000 }]));
    expect(view.location().pathname).toBe('/login');
    expect(useSession.getState().accessToken).toBeNull();
    expect(passkeyButton()).toBeEnabled();
  });

  it('a closed prompt sends nothing more and says nothing', async () => {
    prompt.mockRejectedValue(new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError'));
    const calls = fakeApi({ 'POST /api/authenticate/passkey/options': { body: { status: true, message: '', info: OPTIONS } } });
    const view = await renderAuth('/login');
    await userEvent.click(passkeyButton() as HTMLElement);

    await waitFor(() => expect(prompt).toHaveBeenCalled());
    await waitFor(() => expect(passkeyButton()).toBeEnabled());
    expect(callsTo(calls, '/api/authenticate/passkey/verify')).toHaveLength(0);
    expect(notifications()).toEqual([]);
    expect(view.location().pathname).toBe('/login');
  });

  it('is not offered by a browser without WebAuthn', async () => {
    setWebAuthn(false);
    fakeApi({});
    await renderAuth('/login');
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(passkeyButton()).not.toBeInTheDocument();
  });
});
