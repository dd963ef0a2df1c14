// The authenticator as a second factor (issue 24, docs/second-factor.md): setup, enable, sign-in with
// its code or a recovery code, replay, drift, wrong codes, disable. The test is the authenticator app:
// it reads the otpauth:// address with the otpauth library and computes codes on the app's clock.
import { TOTP, URI } from 'otpauth';
import { appForFile, bearer, countOf, DEMO_PASSWORD, latestOtp, mailsTo, post, signIn } from './support/app';

const t = appForFile();

const PERIOD_MS = 30_000;

/** The authenticator app of an otpauth:// address. */
function app(otpauthUrl: string): TOTP {
  const parsed = URI.parse(otpauthUrl);
  if (!(parsed instanceof TOTP)) throw new Error('not a TOTP address');
  return parsed;
}

/** The code the app shows `steps` periods away from the server's clock. */
const codeAt = (authenticator: TOTP, steps = 0): string => authenticator.generate({ timestamp: t.clock.now().getTime() + steps * PERIOD_MS });

/** Moves the clock to the start of a later time step, so the next code is one not used yet. */
function nextStep(): void {
  const ms = t.clock.now().getTime();
  t.clock.advance((PERIOD_MS - (ms % PERIOD_MS)) / 1000);
}

async function call(token: string, url: string, method: 'GET' | 'POST' = 'GET', payload?: object) {
  return t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
}

/** Signs in by e-mail code, sets the authenticator up and turns it on: its app, recovery codes and the token. */
async function turnOn(email: string): Promise<{ authenticator: TOTP; recovery: string[]; token: string }> {
  const { token } = await signIn(t.app, email);
  const setup = await call(token, '/api/profile/mfa/totp/setup', 'POST');
  expect(setup.statusCode).toBe(200);
  const authenticator = app(setup.json<{ info: { otpauth_url: string } }>().info.otpauth_url);
  const enabled = await call(token, '/api/profile/mfa/totp/enable', 'POST', { code: codeAt(authenticator) });
  expect(enabled.statusCode).toBe(200);
  nextStep();
  return { authenticator, recovery: enabled.json<{ info: { recovery_codes: string[] } }>().info.recovery_codes, token };
}

/** The password step, which with the authenticator on opens an attempt and mails nothing. */
async function password(email: string) {
  const res = await post(t.app, '/api/authenticate/login', { email, password: DEMO_PASSWORD });
  expect(res.statusCode).toBe(200);
  return res;
}

const codeStep = (email: string, otp: string) => post(t.app, '/api/authenticate/login-otp', { email, otp });

const totpRow = async (email: string) =>
  (await t.db.query('SELECT t.* FROM user_totp t JOIN users u ON u.id = t.user_id WHERE u.email = $1', [email])).rows[0] ?? null;

/** The audit entries of a POST route, oldest first. */
const entriesOf = async (path: string) =>
  (await t.db.query<{ action: string; entity: string; entity_id: number | null; changes: unknown }>('SELECT action, entity, entity_id, changes FROM audit_entries WHERE route = $1 ORDER BY id', [`POST ${path}`])).rows;

describe('setup and enable (SECURITY.md 14)', () => {
  const email = 'mscc@demo.test';

  it('answers an address every authenticator app reads; the secret is stored sealed and never answered again', async () => {
    const { token } = await signIn(t.app, email);
    const setup = await call(token, '/api/profile/mfa/totp/setup', 'POST');
    expect(setup.statusCode).toBe(200);
    expect(setup.headers['cache-control']).toBe('no-store');
    const { otpauth_url: url, secret } = setup.json<{ info: { otpauth_url: string; secret: string } }>().info;
    const authenticator = app(url);
    expect(authenticator).toMatchObject({ issuer: 'Fleet Console', label: email, algorithm: 'SHA1', digits: 6, period: 30 });
    expect(authenticator.secret.base32).toBe(secret);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);

    const row = await totpRow(email);
    expect(row).toMatchObject({ secret_enc: null, enabled_at: null });
    expect(JSON.stringify(row)).not.toContain(secret);
    const state = await call(token, '/api/profile/mfa');
    expect(state.json()).toMatchObject({ status: true, info: { totp: false, recovery_codes_left: 0, passkeys: 0 } });
    expect(state.body).not.toContain(secret);
    // the audit entry names the pending secret as changed, never its value
    const [entry] = await entriesOf('/api/profile/mfa/totp/setup');
    expect(entry).toMatchObject({ action: 'second_factor_change', entity: 'user', changes: expect.arrayContaining([{ field: 'user_totp.pending_secret_enc', old: null, new: 'changed' }]) });
    expect(JSON.stringify(entry)).not.toContain(secret);
  });

  it('refuses a wrong code and changes nothing; a current code turns it on, answers ten recovery codes once, and mails the user', async () => {
    const { token } = await signIn(t.app, email);
    const setup = await call(token, '/api/profile/mfa/totp/setup', 'POST');
    const authenticator = app(setup.json<{ info: { otpauth_url: string } }>().info.otpauth_url);
    const before = await totpRow(email);
    const mails = (await mailsTo(t.app, email)).length;

    const wrong = await call(token, '/api/profile/mfa/totp/enable', 'POST', { code: codeAt(authenticator, 3) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ status: false, message: 'Invalid authenticator code' });
    expect(await totpRow(email)).toEqual(before);
    expect(await entriesOf('/api/profile/mfa/totp/enable')).toEqual([]);

    const on = await call(token, '/api/profile/mfa/totp/enable', 'POST', { code: ` ${codeAt(authenticator)} ` });
    expect(on.statusCode).toBe(200);
    const codes = on.json<{ info: { recovery_codes: string[] } }>().info.recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const stored = await t.db.query<{ code_hash: string }>('SELECT code_hash FROM user_recovery_codes r JOIN users u ON u.id = r.user_id WHERE u.email = $1', [email]);
    expect(stored.rows).toHaveLength(10);
    expect(JSON.stringify(stored.rows)).not.toContain(codes[0]?.replace('-', ''));

    expect((await call(token, '/api/profile/mfa')).json()).toMatchObject({ info: { totp: true, recovery_codes_left: 10, passkeys: 0 } });
    expect((await call(token, '/api/profile/mfa/totp/enable', 'POST', { code: codeAt(authenticator) })).statusCode).toBe(409);
    expect((await call(token, '/api/profile/mfa/totp/setup', 'POST')).statusCode).toBe(409);
    const mailed = await mailsTo(t.app, email);
    expect(mailed).toHaveLength(mails + 1);
    expect(mailed[0]?.subject).toBe('Two-step sign-in was turned on');
    const [entry] = await entriesOf('/api/profile/mfa/totp/enable');
    expect(entry?.changes).toEqual(expect.arrayContaining([{ field: 'user_totp.secret_enc', old: null, new: 'changed' }]));
    expect(JSON.stringify(entry)).not.toMatch(new RegExp(codes.join('|')));
  });
});

describe('sign-in with the authenticator (SECURITY.md 9, 14)', () => {
  const email = 'sm@demo.test';
  let authenticator: TOTP;
  let recovery: string[];

  beforeAll(async () => {
    ({ authenticator, recovery } = await turnOn(email));
  });

  it('the password step asks for the authenticator code and mails nothing; resending mails nothing either', async () => {
    const mails = (await mailsTo(t.app, email)).length;
    const login = await password(email);
    expect(login.json()).toEqual({ status: true, message: 'Enter the 6-digit code from your authenticator app', code: 'mfa.totpAsked', info: { otp_required: true, second_factor: 'totp' } });
    t.clock.advance(61);
    expect((await post(t.app, '/api/authenticate/resend-otp', { email })).statusCode).toBe(200);
    expect(await mailsTo(t.app, email)).toHaveLength(mails);
    nextStep();
  });

  it('signs in with a current code, once: the same code again is refused (no replay within its window)', async () => {
    await password(email);
    const code = codeAt(authenticator);
    const res = await codeStep(email, code);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: true, token: expect.any(String), info: { user_type: 'sm' } });
    await password(email);
    expect((await codeStep(email, code)).statusCode).toBe(401);
    // a code of the previous step is older than the one used: refused too
    expect((await codeStep(email, codeAt(authenticator, -1))).statusCode).toBe(401);
    nextStep();
    await password(email);
    expect((await codeStep(email, codeAt(authenticator))).statusCode).toBe(200);
  });

  it('accepts one step of drift either way and refuses two', async () => {
    t.clock.advance(300);
    nextStep();
    await password(email);
    expect((await codeStep(email, codeAt(authenticator, -2))).statusCode).toBe(401);
    expect((await codeStep(email, codeAt(authenticator, -1))).statusCode).toBe(200);
    await password(email);
    expect((await codeStep(email, codeAt(authenticator, 2))).statusCode).toBe(401);
    expect((await codeStep(email, codeAt(authenticator, 1))).statusCode).toBe(200);
    t.clock.advance(120);
  });

  it('accepts a recovery code once, typed in either case with or without its hyphen', async () => {
    const [first, second] = recovery;
    if (!first || !second) throw new Error('no recovery codes');
    await password(email);
    expect((await codeStep(email, first)).statusCode).toBe(200);
    await password(email);
    expect((await codeStep(email, first)).statusCode).toBe(401);
    await password(email);
    const signedIn = await codeStep(email, second.replace('-', '').toUpperCase());
    expect(signedIn.statusCode).toBe(200);
    const state = await call(signedIn.json<{ token: string }>().token, '/api/profile/mfa');
    expect(state.json()).toMatchObject({ info: { totp: true, recovery_codes_left: 8 } });
  });

  it('five wrong codes end the attempt: the right code is refused after them, a new password step starts again', async () => {
    // the refusals above leave the account's 15-minute failure window (SECURITY.md 8 counts them too)
    t.clock.advance(16 * 60);
    nextStep();
    await password(email);
    const right = codeAt(authenticator);
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 5; i += 1) expect((await codeStep(email, wrong)).statusCode).toBe(401);
    expect((await codeStep(email, right)).statusCode).toBe(401);
    // the refused right code was never checked (no attempt was open), so it still works once
    await password(email);
    expect((await codeStep(email, right)).statusCode).toBe(200);
  });

  it('a code signs nobody in without a password step, or once its attempt has expired (10 minutes)', async () => {
    nextStep();
    expect((await codeStep(email, codeAt(authenticator))).statusCode).toBe(401);
    await password(email);
    t.clock.advance(11 * 60);
    expect((await codeStep(email, codeAt(authenticator))).statusCode).toBe(401);
  });
});

describe('turning it off', () => {
  const email = 'customer@demo.test';

  it('needs the password and a current code: a wrong one of either is refused and changes nothing', async () => {
    const { authenticator, token } = await turnOn(email);
    const row = await totpRow(email);
    const codesLeft = await countOf(t.db, 'SELECT count(*)::int AS n FROM user_recovery_codes r JOIN users u ON u.id = r.user_id WHERE u.email = $1 AND used_at IS NULL', [email]);
    const mails = (await mailsTo(t.app, email)).length;

    const badPassword = await call(token, '/api/profile/mfa/totp/disable', 'POST', { password: 'Wrong-pass-1', code: codeAt(authenticator) });
    expect(badPassword.statusCode).toBe(400);
    expect(badPassword.json()).toMatchObject({ message: 'Current password is incorrect' });
    const badCode = await call(token, '/api/profile/mfa/totp/disable', 'POST', { password: DEMO_PASSWORD, code: codeAt(authenticator, 5) });
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json()).toMatchObject({ message: 'Invalid authenticator code' });
    expect(await totpRow(email)).toEqual(row);
    expect(await countOf(t.db, 'SELECT count(*)::int AS n FROM user_recovery_codes r JOIN users u ON u.id = r.user_id WHERE u.email = $1 AND used_at IS NULL', [email])).toBe(codesLeft);
    expect(await mailsTo(t.app, email)).toHaveLength(mails);
    expect(await entriesOf('/api/profile/mfa/totp/disable')).toEqual([]);

    const off = await call(token, '/api/profile/mfa/totp/disable', 'POST', { password: DEMO_PASSWORD, code: codeAt(authenticator) });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ status: true, message: 'Two-step sign-in is off' });
    expect((await call(token, '/api/profile/mfa')).json()).toMatchObject({ info: { totp: false, recovery_codes_left: 0 } });
    expect((await mailsTo(t.app, email))[0]?.subject).toBe('Two-step sign-in was turned off');
    const [entry] = await entriesOf('/api/profile/mfa/totp/disable');
    expect(entry?.changes).toEqual(expect.arrayContaining([{ field: 'user_totp.secret_enc', old: null, new: 'changed' }]));
    expect((await call(token, '/api/profile/mfa/totp/disable', 'POST', { password: DEMO_PASSWORD, code: codeAt(authenticator) })).statusCode).toBe(400);

    // back to the mailed code, exactly as before
    const login = await password(email);
    expect(login.json()).toEqual({ status: true, message: 'An OTP has been sent to your email', code: 'auth.otpSent', info: { otp_required: true } });
    expect((await codeStep(email, await latestOtp(t.app, email))).statusCode).toBe(200);
  });

  it('every role uses the same calls', async () => {
    for (const account of ['admin@demo.test', 'agency@demo.test', 'electrician@demo.test', 'user@demo.test']) {
      const { token } = await signIn(t.app, account);
      expect((await call(token, '/api/profile/mfa')).json()).toMatchObject({ status: true, info: { totp: false, passkeys: 0 } });
    }
  });
});
