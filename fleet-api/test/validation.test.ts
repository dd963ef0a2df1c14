// Bad input is a 400 naming the field, never a 5xx or a stack trace; unknown fields are refused on
// every auth call (SECURITY.md 6, 24).
import { appForFile, bearer, post, signIn, SETUP_TIMEOUT } from './support/app';

const t = appForFile();
let adminToken = '';
let adminRefresh = '';
beforeAll(async () => {
  ({ token: adminToken, refresh_token: adminRefresh } = await signIn(t.app, 'admin@demo.test'));
}, SETUP_TIMEOUT);

/** Every auth call with a body that passes validation. */
const AUTH_CALLS: Array<[string, () => Record<string, unknown>, boolean]> = [
  ['/api/authenticate/login', () => ({ email: 'a@b.co', password: 'x' }), false],
  ['/api/authenticate/login-otp', () => ({ email: 'a@b.co', otp: '123456' }), false],
  ['/api/authenticate/resend-otp', () => ({ email: 'a@b.co' }), false],
  ['/api/token-refresh', () => ({ refresh_token: 'abc' }), false],
  ['/api/authenticate/logout', () => ({ refresh_token: adminRefresh }), true],
  ['/api/agency/sign-up', () => ({ agency_name: 'A', email: 'a@b.co', abn_no: '12345678901', contact: '0412345678', password: 'Strong-pass-1' }), false],
  ['/api/send-verification-mail', () => ({ email: 'a@b.co' }), false],
  ['/api/verify-email', () => ({ token: 'abc' }), false],
  ['/api/reset-password-request', () => ({ email: 'a@b.co' }), false],
  ['/api/reset-password', () => ({ password: 'Strong-pass-1', confirm_password: 'Strong-pass-1', token: 'abc', email: 'a@b.co' }), false],
  ['/api/electrician/reset-password-request', () => ({ email: 'a@b.co' }), false],
  ['/api/electrician/reset-password', () => ({ password: 'Strong-pass-1', confirm_password: 'Strong-pass-1', token: 'abc', email: 'a@b.co' }), false],
];

function expectCleanFailure(res: { statusCode: number; body: string; json: () => unknown }, status = 400) {
  expect(res.statusCode).toBe(status);
  const body = res.json() as { status: boolean; message: string };
  expect(body.status).toBe(false);
  expect(typeof body.message).toBe('string');
  expect(res.body).not.toMatch(/at .*\.(ts|js):\d+|stack|node_modules/);
}

describe.each(AUTH_CALLS)('%s', (url, valid, needsToken) => {
  const headers = () => (needsToken ? bearer(adminToken) : {});

  it.each(['role', 'agency_id', 'password_hash'])('refuses the unknown field %s', async (field) => {
    const res = await post(t.app, url, { ...valid(), [field]: 'Admin' }, { headers: headers(), remoteAddress: '10.5.0.1' });
    expectCleanFailure(res);
    expect((res.json() as { message: string }).message).toBe(`${field} is not an accepted field`);
  });

  it('refuses malformed JSON, no body, an array, and a number where text belongs', async () => {
    const h = { ...headers(), 'content-type': 'application/json' };
    expectCleanFailure(await t.app.inject({ method: 'POST', url, headers: h, payload: '{"email":' }));
    expectCleanFailure(await t.app.inject({ method: 'POST', url, headers: h }));
    expectCleanFailure(await t.app.inject({ method: 'POST', url, headers: h, payload: '[]' }));
    const firstKey = Object.keys(valid())[0] ?? 'email';
    expectCleanFailure(await post(t.app, url, { ...valid(), [firstKey]: { nested: true } }, { headers: headers() }));
  });

  it('names a missing field', async () => {
    const body = valid();
    const [first] = Object.keys(body);
    delete body[first ?? ''];
    const res = await post(t.app, url, body, { headers: headers(), remoteAddress: '10.5.0.2' });
    expectCleanFailure(res);
    expect((res.json() as { message: string }).message.toLowerCase()).toMatch(/required/);
  });
});

describe('field messages', () => {
  it('login names the email field', async () => {
    const res = await post(t.app, '/api/authenticate/login', { email: 'nope', password: 'x' });
    expect(res.json()).toEqual({ status: false, message: 'Invalid email address', code: 'fields.emailMalformed' });
    expect((await post(t.app, '/api/authenticate/login', { password: 'x' })).json().message).toBe('Email is required');
    expect((await post(t.app, '/api/authenticate/login-otp', { email: 'a@b.co', otp: '12345' })).json().message).toBe('OTP must be 6 digits');
  });

  it('reset-password refuses a type outside msc/sm', async () => {
    const res = await post(t.app, '/api/reset-password-request', { email: 'a@b.co', type: 'admin' });
    expectCleanFailure(res);
  });

  it('unknown routes are a 404 in the same shape', async () => {
    const res = await t.app.inject({ url: '/api/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: false, message: 'Not found', code: 'common.notFound' });
  });

  it('a huge body is refused with 413, not a crash', async () => {
    const res = await post(t.app, '/api/authenticate/login', { email: 'a@b.co', password: 'x'.repeat(2 * 1024 * 1024) });
    expectCleanFailure(res, 413);
  });
});
