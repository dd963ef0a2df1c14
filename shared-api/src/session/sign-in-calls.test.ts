import { adminInfo, jsonResponse, mockFetch, requestOf } from '../test-support';
import { reloadSessionFromStorage } from './session-store';
import { requestLogin, verifyLoginOtp, verifyPasskeySignIn } from './sign-in-calls';

beforeEach(() => {
  localStorage.clear();
  reloadSessionFromStorage();
});

test('the password step posts the e-mail and password', async () => {
  const fetchMock = mockFetch(jsonResponse({ status: true, message: 'OTP sent to your email', info: { otp_required: true } }));
  const answer = await requestLogin({ email: 'admin@demo.test', password: 'secret' });
  expect(answer.info).toEqual({ otp_required: true });
  expect(requestOf(fetchMock, 0)).toMatchObject({ method: 'POST', body: '{"email":"admin@demo.test","password":"secret"}' });
  expect(requestOf(fetchMock, 0).url.pathname).toBe('/api/authenticate/login');
});

test('the code step answers the session and the sentence with its code', async () => {
  mockFetch(jsonResponse({ status: true, message: 'Login successful', code: 'auth.loginSuccessful', token: 'a', refresh_token: 'r', info: adminInfo }));
  const answer = await verifyLoginOtp({ email: 'admin@demo.test', otp: '123456' });
  expect(answer.session).toEqual({ token: 'a', refresh_token: 'r', info: adminInfo });
  expect(answer.said).toMatchObject({ message: 'Login successful', code: 'auth.loginSuccessful' });
});

test('a code answer without tokens is a failure, not a signed-in page without a session', async () => {
  mockFetch(jsonResponse({ status: true, message: 'Login successful', info: adminInfo }));
  await expect(verifyLoginOtp({ email: 'admin@demo.test', otp: '123456' })).rejects.toThrow('The sign-in answer carried no session');
});

test("a passkey's sign-in posts what the authenticator signed and is read as the code step's answer", async () => {
  const response = { id: 'cred', rawId: 'cred', type: 'public-key' as const, response: { clientDataJSON: 'c', authenticatorData: 'a', signature: 's' }, clientExtensionResults: {} };
  const fetchMock = mockFetch(jsonResponse({ status: true, message: 'Login successful', token: 'a', refresh_token: 'r', info: adminInfo }));
  const answer = await verifyPasskeySignIn({ response });
  expect(requestOf(fetchMock, 0).url.pathname).toBe('/api/authenticate/passkey/verify');
  expect(JSON.parse(String(requestOf(fetchMock, 0).body))).toEqual({ response });
  expect(answer.session).toEqual({ token: 'a', refresh_token: 'r', info: adminInfo });
  mockFetch(jsonResponse({ status: true, message: 'Login successful', info: adminInfo }));
  await expect(verifyPasskeySignIn({ response })).rejects.toThrow('The sign-in answer carried no session');
});
