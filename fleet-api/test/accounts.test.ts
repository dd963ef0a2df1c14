// Agency sign-up, e-mail verification and password resets (SECURITY.md 5, 11, 12).
import { answersAlike, bearer, DEMO_PASSWORD, latestLink, mailsTo, post, signIn, appForFile } from './support/app';

const t = appForFile({ publicUrl: 'https://console.example.test' });

const SIGN_UP_DONE = 'Thank you for signing up. Please check your email to verify your account.';
const newAgency = (email: string) => ({ agency_name: 'Bright Sparks Pty', email, abn_no: '12345678901', contact: '0412345678', password: 'Strong-pass-1' });

describe('agency sign-up', () => {
  it('creates an unverified agency that can sign in once its email is verified', async () => {
    const email = 'new.agency@example.test';
    const res = await post(t.app, '/api/agency/sign-up', newAgency(email), { headers: { host: 'evil.example' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: true, message: SIGN_UP_DONE, code: 'auth.signedUp' });

    const row = (await t.db.query<{ user_type: string; email_verified_at: string | null; agency_name: string; password_hash: string }>(
      `SELECT u.user_type, u.email_verified_at, a.agency_name, u.password_hash FROM users u JOIN agencies a ON a.id = u.agency_id WHERE u.email = $1`,
      [email],
    )).rows[0];
    expect(row).toMatchObject({ user_type: 'Agency', email_verified_at: null, agency_name: 'Bright Sparks Pty' });
    expect(row?.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);

    const blocked = await post(t.app, '/api/authenticate/login', { email, password: 'Strong-pass-1' });
    expect(blocked.statusCode).toBe(401);
    expect(blocked.json().message).toBe('Please verify your email address');

    // The link comes from PUBLIC_URL, never from the Host header.
    const link = await latestLink(t.app, email);
    expect(link.origin).toBe('https://console.example.test');
    expect(link.pathname).toBe('/login');
    const token = link.searchParams.get('verify') ?? '';
    const verify = await post(t.app, '/api/verify-email', { token });
    expect(verify.statusCode).toBe(200);
    expect(verify.json()).toEqual({ status: true, message: 'Your email has been verified', code: 'auth.emailVerified' });
    expect((await post(t.app, '/api/verify-email', { token })).statusCode).toBe(400);

    const s = await signIn(t.app, email, 'Strong-pass-1');
    expect(s.info).toMatchObject({ user_type: 'Agency', userInfo: { agency_name: 'Bright Sparks Pty' } });
    const profile = await t.app.inject({ url: '/api/agency/getprofile', headers: bearer(s.token) });
    expect(profile.json().info).toMatchObject({ agency_name: 'Bright Sparks Pty', email, abn_no: '12345678901', contact: '0412345678' });
  });

  it('answers alike when the email exists, and changes nothing', async () => {
    const before = (await t.db.query<{ n: number }>('SELECT count(*) AS n FROM agencies')).rows[0]?.n;
    const res = await post(t.app, '/api/agency/sign-up', newAgency('Agency@Demo.test'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: true, message: SIGN_UP_DONE, code: 'auth.signedUp' });
    expect((await t.db.query<{ n: number }>('SELECT count(*) AS n FROM agencies')).rows[0]?.n).toBe(before);
    // The demo agency's password still works.
    await signIn(t.app, 'agency@demo.test', DEMO_PASSWORD);
  });

  it.each([['role', 'Admin'], ['agency_id', 1], ['user_type', 'Admin'], ['password_hash', 'x'], ['status', 'active']])(
    'refuses the field %s (no choosing a role or organisation)',
    async (field, value) => {
      const email = `sneaky-${field}@example.test`;
      const res = await post(t.app, '/api/agency/sign-up', { ...newAgency(email), [field]: value });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ status: false, message: `${field} is not an accepted field`, code: 'requests.fieldRefused', params: { field } });
      expect((await t.db.query('SELECT 1 FROM users WHERE email = $1', [email])).rowCount).toBe(0);
    },
  );

  it.each([
    [{ abn_no: '123' }, 'Invalid ABN'],
    [{ contact: '12345' }, 'Phone Number must be 8 to 13 characters.'],
    [{ email: 'not-an-email' }, 'Entered Email address is invalid'],
    [{ password: 'alllowercase1' }, 'Password must be at least 8 characters and contain an uppercase letter, a lowercase letter and a digit'],
    [{ agency_name: '   ' }, 'Company name is required'],
  ])('validates %j with the spec message', async (change, message) => {
    const res = await post(t.app, '/api/agency/sign-up', { ...newAgency('valid.agency@example.test'), ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });
});

describe('send-verification-mail', () => {
  it('answers alike for every email and mails only unverified accounts', async () => {
    const email = 'late.verifier@example.test';
    await post(t.app, '/api/agency/sign-up', newAgency(email));
    t.clock.advance(61);
    const known = await post(t.app, '/api/send-verification-mail', { email });
    const unknown = await post(t.app, '/api/send-verification-mail', { email: 'nobody@example.test' });
    const verified = await post(t.app, '/api/send-verification-mail', { email: 'admin@demo.test' });
    expect(known.json()).toEqual(unknown.json());
    expect(verified.json()).toEqual(unknown.json());
    expect(known.statusCode).toBe(200);
    expect((await mailsTo(t.app, email)).length).toBe(2);
    expect(await mailsTo(t.app, 'nobody@example.test')).toEqual([]);
    expect((await mailsTo(t.app, 'admin@demo.test')).some((m) => m.subject.includes('Verify'))).toBe(false);
  });

  it('a verification link expires', async () => {
    const email = 'slow.verifier@example.test';
    await post(t.app, '/api/agency/sign-up', newAgency(email));
    const token = (await latestLink(t.app, email)).searchParams.get('verify') ?? '';
    t.clock.advance(t.config.verifyTokenTtlSeconds + 1);
    expect((await post(t.app, '/api/verify-email', { token })).statusCode).toBe(400);
  });
});

describe('password reset', () => {
  it.each([
    ['/api/reset-password-request', {}, '/reset-password'],
    ['/api/reset-password-request', { type: 'msc' }, '/msc/reset-password'],
    ['/api/reset-password-request', { type: 'sm' }, '/sm/reset-password'],
    ['/api/electrician/reset-password-request', {}, '/electrician-reset-password'],
  ])('%s %j mails a link to %s built from PUBLIC_URL', async (url, extra, path) => {
    t.clock.advance(61);
    const res = await post(t.app, url, { email: 'user@demo.test', ...extra }, { headers: { host: 'attacker.example', 'x-forwarded-host': 'attacker.example' } });
    expect(res.statusCode).toBe(200);
    const link = await latestLink(t.app, 'user@demo.test');
    expect(link.origin).toBe('https://console.example.test');
    expect(link.pathname).toBe(path);
    expect(link.searchParams.get('email')).toBe('user@demo.test');
    expect(link.searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('answers alike for unknown emails', async () => {
    t.clock.advance(61);
    const known = await answersAlike(t.app, '/api/reset-password-request', 'user@demo.test', 'nobody@demo.test');
    const e1 = await post(t.app, '/api/electrician/reset-password-request', { email: 'nobody@demo.test' });
    expect(e1.json()).toEqual(known.json());
  });

  it('sets the new password once and ends every other session', async () => {
    const email = 'electrician@demo.test';
    const session = await signIn(t.app, email);
    t.clock.advance(61);
    await post(t.app, '/api/electrician/reset-password-request', { email });
    const token = (await latestLink(t.app, email)).searchParams.get('token') ?? '';

    const mismatch = await post(t.app, '/api/electrician/reset-password', { password: 'Brand-new-1', confirm_password: 'Brand-new-2', token, email });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toBe('Password doesnot match');
    const wrongEmail = await post(t.app, '/api/electrician/reset-password', { password: 'Brand-new-1', confirm_password: 'Brand-new-1', token, email: 'admin@demo.test' });
    expect(wrongEmail.statusCode).toBe(400);

    const ok = await post(t.app, '/api/electrician/reset-password', { password: 'Brand-new-1', confirm_password: 'Brand-new-1', token, email });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ status: true, message: 'Your password has been reset successfully', code: 'auth.passwordReset' });
    expect((await post(t.app, '/api/electrician/reset-password', { password: 'Brand-new-3', confirm_password: 'Brand-new-3', token, email })).statusCode).toBe(400);

    expect((await t.app.inject({ url: '/api/electrician/getprofile', headers: bearer(session.token) })).statusCode).toBe(401);
    expect((await post(t.app, '/api/token-refresh', { refresh_token: session.refresh_token })).statusCode).toBe(401);
    expect((await post(t.app, '/api/authenticate/login', { email, password: DEMO_PASSWORD }, { remoteAddress: '10.4.0.1' })).statusCode).toBe(401);
    await signIn(t.app, email, 'Brand-new-1');
  });

  it('a reset link expires after an hour', async () => {
    const email = 'customer@demo.test';
    t.clock.advance(61);
    await post(t.app, '/api/reset-password-request', { email });
    const token = (await latestLink(t.app, email)).searchParams.get('token') ?? '';
    t.clock.advance(3601);
    const res = await post(t.app, '/api/reset-password', { password: 'Brand-new-1', confirm_password: 'Brand-new-1', token, email });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This reset link is invalid or has expired');
  });

  it('stores reset tokens hashed', async () => {
    t.clock.advance(61);
    await post(t.app, '/api/reset-password-request', { email: 'sm@demo.test' });
    const token = (await latestLink(t.app, 'sm@demo.test')).searchParams.get('token') ?? '';
    const stored = await t.db.query('SELECT 1 FROM password_reset_tokens WHERE token_hash = $1', [token]);
    expect(stored.rowCount).toBe(0);
    expect((await t.db.query('SELECT token_hash FROM password_reset_tokens')).rows.length).toBeGreaterThan(0);
  });
});
