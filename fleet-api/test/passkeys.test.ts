// Passkeys (issue 24, docs/second-factor.md): registered on the profile, used at sign-in in place of
// the password and the code. The test is the browser and its authenticator: real WebAuthn answers made
// with node:crypto (support/passkey-authenticator.ts), checked by @simplewebauthn/server as a browser's are.
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@fleet/contract';
import { pruneAuthState } from '../src/modules/auth/housekeeping';
import { appForFile, bearer, countOf, DEMO_PASSWORD, mailsTo, post, signIn } from './support/app';
import { TestPasskey, type CeremonyOptions } from './support/passkey-authenticator';

const t = appForFile();

const ORIGIN = 'http://localhost:8080';
const RP_ID = 'localhost';
const newPasskey = () => new TestPasskey({ origin: ORIGIN, rpId: RP_ID });

async function call(token: string, url: string, method: 'GET' | 'POST' | 'DELETE' = 'GET', payload?: object) {
  return t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
}

async function registrationOptions(token: string): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const res = await call(token, '/api/profile/passkeys/register/options', 'POST');
  expect(res.statusCode).toBe(200);
  return res.json<{ info: PublicKeyCredentialCreationOptionsJSON }>().info;
}

/** Options, the authenticator's answer, verify: the verify call's answer. */
async function register(token: string, passkey: TestPasskey, name = 'Laptop', how: CeremonyOptions = {}) {
  const options = await registrationOptions(token);
  return call(token, '/api/profile/passkeys/register/verify', 'POST', { name, response: passkey.register(options, how) });
}

async function signInOptions(remoteAddress = '127.0.0.1'): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const res = await post(t.app, '/api/authenticate/passkey/options', {}, { remoteAddress });
  expect(res.statusCode).toBe(200);
  return res.json<{ info: PublicKeyCredentialRequestOptionsJSON }>().info;
}

async function signInWith(passkey: TestPasskey, how: CeremonyOptions = {}, remoteAddress = '127.0.0.1') {
  const options = await signInOptions(remoteAddress);
  return post(t.app, '/api/authenticate/passkey/verify', { response: passkey.signIn(options, how) }, { remoteAddress });
}

const passkeysOf = async (email: string) =>
  (await t.db.query<{ name: string; counter: string }>('SELECT p.name, p.counter FROM user_passkeys p JOIN users u ON u.id = p.user_id WHERE u.email = $1 ORDER BY p.created_at', [email])).rows;

const entriesOf = async (route: string) =>
  (await t.db.query<{ action: string; entity: string; entity_id: number | null; actor_id: number | null }>('SELECT action, entity, entity_id, actor_id FROM audit_entries WHERE route = $1 ORDER BY id', [route])).rows;

describe('registering a passkey (SECURITY.md 14)', () => {
  const email = 'mscc@demo.test';

  it('answers options for a discoverable passkey with user verification, the relying party from configuration and an opaque user id', async () => {
    const { token, info } = await signIn(t.app, email);
    const res = await t.app.inject({ method: 'POST', url: '/api/profile/passkeys/register/options', headers: { ...bearer(token), host: 'evil.example' } });
    expect(res.headers['cache-control']).toBe('no-store');
    const options = res.json<{ info: PublicKeyCredentialCreationOptionsJSON }>().info;
    expect(options).toMatchObject({
      rp: { name: 'Fleet Console', id: RP_ID },
      user: { name: email },
      attestation: 'none',
      authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'required' },
      excludeCredentials: [],
    });
    expect(options.pubKeyCredParams).toContainEqual({ alg: -7, type: 'public-key' });
    // the same handle every time, and neither the e-mail nor the numeric id
    const handle = Buffer.from(options.user.id, 'base64url');
    expect(handle).toHaveLength(32);
    expect(handle.toString('utf8')).not.toContain(email);
    expect(handle.toString('utf8')).not.toContain(String(info.userInfo.id));
    expect((await registrationOptions(token)).user.id).toBe(options.user.id);
  });

  it('adds the passkey under its name, lists it, counts it, writes an audit entry and mails the user; a second options call excludes it', async () => {
    const { token, info } = await signIn(t.app, email);
    const before = (await mailsTo(t.app, email)).length;
    const passkey = newPasskey();
    const res = await register(token, passkey, '  Work laptop  ');
    expect(res.statusCode).toBe(200);
    const row = res.json<{ message: string; info: { id: string; name: string; created_at: string; last_used_at: string | null } }>();
    expect(row).toMatchObject({ message: 'Passkey added', info: { name: 'Work laptop', last_used_at: null } });
    expect(row.info.id).toMatch(/^[0-9a-f-]{36}$/);

    const second = newPasskey();
    t.clock.advance(60);
    expect((await register(token, second, 'Phone')).statusCode).toBe(200);
    const list = await call(token, '/api/profile/passkeys');
    expect(list.json<{ info: { name: string }[] }>().info.map((p) => p.name)).toEqual(['Phone', 'Work laptop']);
    expect((await call(token, '/api/profile/mfa')).json()).toMatchObject({ info: { passkeys: 2 } });
    const options = await registrationOptions(token);
    expect(options.excludeCredentials?.map((c) => c.id).sort()).toEqual([passkey.id, second.id].sort());

    const mails = await mailsTo(t.app, email);
    expect(mails.slice(0, mails.length - before).map((m) => m.subject)).toEqual(['A passkey was added to your account', 'A passkey was added to your account']);
    expect(mails[1]?.text).toContain('"Work laptop"');
    const entries = await entriesOf('POST /api/profile/passkeys/register/verify');
    expect(entries.at(-1)).toMatchObject({ action: 'second_factor_change', entity: 'user', entity_id: info.userInfo.id });
  });

  it('refuses a name that is empty or longer than 60 characters after trimming, and stores nothing', async () => {
    const { token } = await signIn(t.app, 'sm@demo.test');
    for (const name of ['', '    ', 'x'.repeat(61)]) {
      const res = await register(token, newPasskey(), name);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: false, message: 'A passkey name must be 1 to 60 characters' });
    }
    expect(await passkeysOf('sm@demo.test')).toEqual([]);
    expect((await register(token, newPasskey(), ` ${'x'.repeat(60)} `)).statusCode).toBe(200);
  });

  it("refuses an answer to another user's challenge, a challenge used twice, another origin or relying party, and no user verification (SECURITY.md 10)", async () => {
    const mine = await signIn(t.app, 'agency@demo.test');
    const theirs = await signIn(t.app, 'electrician@demo.test');
    const refused = async (res: { statusCode: number; json: () => unknown }) => {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: 'The passkey could not be registered: start again' });
    };
    // the electrician's challenge, answered by the agency's authenticator and sent by the agency
    const foreign = newPasskey().register(await registrationOptions(theirs.token));
    await refused(await call(mine.token, '/api/profile/passkeys/register/verify', 'POST', { name: 'Key', response: foreign }));

    await refused(await register(mine.token, newPasskey(), 'Key', { origin: 'https://evil.example' }));
    await refused(await register(mine.token, newPasskey(), 'Key', { rpId: 'evil.example' }));
    await refused(await register(mine.token, newPasskey(), 'Key', { userVerified: false }));
    expect(await passkeysOf('agency@demo.test')).toEqual([]);

    const options = await registrationOptions(mine.token);
    const response = newPasskey().register(options);
    expect((await call(mine.token, '/api/profile/passkeys/register/verify', 'POST', { name: 'Key', response })).statusCode).toBe(200);
    const again = newPasskey().register(options);
    await refused(await call(mine.token, '/api/profile/passkeys/register/verify', 'POST', { name: 'Key 2', response: again }));
    expect(await passkeysOf('agency@demo.test')).toHaveLength(1);
  });
});

describe('signing in with a passkey (SECURITY.md 8, 9, 14)', () => {
  const email = 'customer@demo.test';
  let passkey: TestPasskey;

  beforeAll(async () => {
    const { token } = await signIn(t.app, email);
    passkey = newPasskey();
    expect((await register(token, passkey, 'Phone')).statusCode).toBe(200);
  });

  it('answers fresh options without naming any credential', async () => {
    const options = await signInOptions();
    expect(options).toEqual({ challenge: expect.any(String), timeout: 300_000, rpId: RP_ID, userVerification: 'required' });
    expect((await signInOptions()).challenge).not.toBe(options.challenge);
  });

  it("answers what login-otp answers, with tokens that work; records the sign-in and the passkey's use", async () => {
    const res = await signInWith(passkey);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json<{ token: string; refresh_token: string; info: { user_type: string; userInfo: { id: number; email: string } } }>();
    expect(body).toMatchObject({ status: true, message: 'Login successful', info: { user_type: 'Customer', userInfo: { email } } });
    const byCode = await signIn(t.app, email);
    expect(Object.keys(body).sort()).toEqual(Object.keys(byCode).sort());
    expect(Object.keys(body.info.userInfo).sort()).toEqual(Object.keys(byCode.info.userInfo).sort());

    expect((await call(body.token, '/api/profile/passkeys')).json()).toMatchObject({ info: [{ name: 'Phone', last_used_at: expect.any(String) }] });
    const refreshed = await post(t.app, '/api/token-refresh', { refresh_token: body.refresh_token });
    expect(refreshed.statusCode).toBe(200);
    expect((await entriesOf('POST /api/authenticate/passkey/verify')).at(-1)).toMatchObject({ action: 'sign_in', entity: 'session', actor_id: body.info.userInfo.id });
  });

  it('refuses every bad answer alike (401), each an auth failure of the address and a security event', async () => {
    const address = '10.9.0.1';
    const failures = () => countOf(t.db, "SELECT count(*)::int AS n FROM auth_failures WHERE address = $1 AND kind = 'passkey'", [address]);
    const events = () => countOf(t.db, "SELECT count(*)::int AS n FROM security_events WHERE ip = $1 AND kind = 'code_refused'", [address]);
    const refused = async (res: { statusCode: number; json: () => unknown }) => {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ status: false, message: 'The passkey could not be verified' });
    };
    await refused(await signInWith(newPasskey(), {}, address)); // unknown credential
    await refused(await signInWith(passkey, { origin: 'https://evil.example' }, address));
    await refused(await signInWith(passkey, { rpId: 'evil.example' }, address));
    await refused(await signInWith(passkey, { userVerified: false }, address));
    // the same assertion twice: its challenge is used up by the first
    const options = await signInOptions(address);
    const assertion = passkey.signIn(options);
    expect((await post(t.app, '/api/authenticate/passkey/verify', { response: assertion }, { remoteAddress: address })).statusCode).toBe(200);
    await refused(await post(t.app, '/api/authenticate/passkey/verify', { response: assertion }, { remoteAddress: address }));
    // a challenge nobody asked for
    await refused(await post(t.app, '/api/authenticate/passkey/verify', { response: passkey.signIn({ challenge: 'bm90LWFza2Vk', rpId: RP_ID }) }, { remoteAddress: address }));
    expect(await failures()).toBe(6);
    expect(await events()).toBe(6);
  });

  it('holds back the options and the verify of an address over its failure limit (429)', async () => {
    const address = '10.9.0.2';
    const { addressBlockAfter } = t.config.signIn;
    await t.db.query(
      "INSERT INTO auth_failures (email, address, kind, created_at) SELECT 'passkey:x', $1, 'passkey', $2 FROM generate_series(1, $3)",
      [address, t.clock.now().toISOString(), addressBlockAfter],
    );
    expect((await post(t.app, '/api/authenticate/passkey/options', {}, { remoteAddress: address })).statusCode).toBe(429);
    const options = await signInOptions();
    expect((await post(t.app, '/api/authenticate/passkey/verify', { response: passkey.signIn(options) }, { remoteAddress: address })).statusCode).toBe(429);
    expect((await post(t.app, '/api/authenticate/passkey/options', {}, { remoteAddress: '10.9.0.3' })).statusCode).toBe(200);
  });

  it('a challenge expires after 5 minutes, and the auth housekeeping removes it', async () => {
    const options = await signInOptions();
    const live = () => countOf(t.db, 'SELECT count(*)::int AS n FROM webauthn_challenges WHERE challenge = $1', [options.challenge]);
    t.clock.advance(301);
    expect((await post(t.app, '/api/authenticate/passkey/verify', { response: passkey.signIn(options) })).statusCode).toBe(401);
    const stale = await signInOptions();
    t.clock.advance(301);
    expect((await pruneAuthState(t.db, t.clock.now())).passkeyChallenges).toBeGreaterThan(0);
    expect(await live()).toBe(0);
    expect(await countOf(t.db, 'SELECT count(*)::int AS n FROM webauthn_challenges WHERE challenge = $1', [stale.challenge])).toBe(0);
  });

  it('refuses a counter that goes backwards (a cloned authenticator)', async () => {
    expect((await signInWith(passkey, { counter: 50 })).statusCode).toBe(200);
    expect((await signInWith(passkey, { counter: 49 })).statusCode).toBe(401);
    expect((await signInWith(passkey, { counter: 50 })).statusCode).toBe(401);
    expect((await signInWith(passkey, { counter: 51 })).statusCode).toBe(200);
    expect(Number((await passkeysOf(email))[0]?.counter)).toBe(51);
  });

  it('refuses the passkey of a disabled user', async () => {
    await t.db.query("UPDATE users SET status = 'disabled' WHERE email = $1", [email]);
    try {
      const refused = await signInWith(passkey);
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({ message: 'The passkey could not be verified' });
    } finally {
      await t.db.query("UPDATE users SET status = 'active' WHERE email = $1", [email]);
    }
    expect((await signInWith(passkey)).statusCode).toBe(200);
  });

  it("removes only the caller's own passkey: another user's id is 404; a removed passkey no longer signs in (SECURITY.md 1)", async () => {
    const { token } = await signIn(t.app, email);
    const [row] = (await call(token, '/api/profile/passkeys')).json<{ info: { id: string }[] }>().info;
    if (!row) throw new Error('no passkey');
    const other = await signIn(t.app, 'user@demo.test');
    const foreign = await call(other.token, '/api/profile/passkeys', 'DELETE', { id: row.id });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ message: 'Passkey not found' });
    expect(foreign.body).not.toContain('Phone');
    expect(await passkeysOf(email)).toHaveLength(1);

    const before = (await mailsTo(t.app, email)).length;
    const removed = await call(token, '/api/profile/passkeys', 'DELETE', { id: row.id });
    expect(removed.json()).toMatchObject({ status: true, message: 'Passkey removed' });
    const mails = await mailsTo(t.app, email);
    expect(mails).toHaveLength(before + 1);
    expect(mails[0]).toMatchObject({ subject: 'A passkey was removed', text: expect.stringContaining('"Phone"') });
    expect((await entriesOf('DELETE /api/profile/passkeys')).at(-1)).toMatchObject({ action: 'second_factor_change', entity: 'user' });
    expect((await signInWith(passkey)).statusCode).toBe(401);
    expect((await call(token, '/api/profile/passkeys', 'DELETE', { id: row.id })).statusCode).toBe(404);
    expect((await call(token, '/api/profile/mfa')).json()).toMatchObject({ info: { passkeys: 0 } });
  });
});

describe('where the organisation requires a second factor', () => {
  const email = 'agency@demo.test';
  const requireIt = (on: boolean) => t.db.query('UPDATE agencies SET second_factor_required = $2 WHERE id = (SELECT agency_id FROM users WHERE email = $1)', [email, on]);

  it('a session waiting for one can add a passkey, which opens it; the last passkey cannot be removed (SECURITY.md 14)', async () => {
    const { token } = await signIn(t.app, email);
    const before = (await call(token, '/api/profile/passkeys')).json<{ info: { id: string }[] }>().info;
    for (const row of before) expect((await call(token, '/api/profile/passkeys', 'DELETE', { id: row.id })).statusCode).toBe(200);
    await requireIt(true);
    try {
      const waiting = await signIn(t.app, email);
      expect(waiting.info).toMatchObject({ second_factor_setup: true });
      expect((await call(waiting.token, '/api/agency/nms/dashboard/counts')).statusCode).toBe(403);
      const passkey = newPasskey();
      expect((await register(waiting.token, passkey, 'Only key')).statusCode).toBe(200);
      expect((await call(waiting.token, '/api/agency/nms/dashboard/counts')).statusCode).toBe(200);
      expect((await call(waiting.token, '/api/profile/mfa')).json()).toMatchObject({ info: { totp: false, passkeys: 1 } });

      const [row] = (await call(waiting.token, '/api/profile/passkeys')).json<{ info: { id: string }[] }>().info;
      const kept = await call(waiting.token, '/api/profile/passkeys', 'DELETE', { id: row?.id });
      expect(kept.statusCode).toBe(409);
      expect(kept.json()).toMatchObject({ code: 'mfa.requiredKept' });
      // the passkey alone signs in to a full session
      const signedIn = (await signInWith(passkey)).json<{ token: string; info: object }>();
      expect(signedIn.info).not.toHaveProperty('second_factor_setup');
      expect((await call(signedIn.token, '/api/agency/nms/dashboard/counts')).statusCode).toBe(200);
    } finally {
      await requireIt(false);
    }
  });

  it('a covered user whose only factor is a passkey is not signed in by password and mailed code: the passkey signs in (SECURITY.md 9)', async () => {
    const { token } = await signIn(t.app, email);
    for (const row of (await call(token, '/api/profile/passkeys')).json<{ info: { id: string }[] }>().info) {
      expect((await call(token, '/api/profile/passkeys', 'DELETE', { id: row.id })).statusCode).toBe(200);
    }
    const passkey = newPasskey();
    expect((await register(token, passkey, 'Only key')).statusCode).toBe(200);
    // not covered: the mailed code still works beside the passkey (a lost passkey locks nobody out)
    expect((await signIn(t.app, email)).info).not.toHaveProperty('second_factor_setup');
    // a code mailed before the requirement, still open
    expect((await post(t.app, '/api/authenticate/login', { email, password: DEMO_PASSWORD })).statusCode).toBe(200);
    const openCode = /\b(\d{6})\b/.exec((await mailsTo(t.app, email))[0]?.text ?? '')?.[1];
    await requireIt(true);
    try {
      const mailed = (await mailsTo(t.app, email)).length;
      const login = await post(t.app, '/api/authenticate/login', { email, password: DEMO_PASSWORD });
      expect(login.statusCode).toBe(403);
      expect(login.json()).toMatchObject({ status: false, code: 'mfa.passkeyAsked', message: 'Your organisation requires two-step sign-in: sign in with your passkey' });
      expect((await post(t.app, '/api/authenticate/login-otp', { email, otp: openCode })).statusCode).toBe(401);
      await t.db.query("UPDATE mail_cooldowns SET last_sent_at = now() - interval '1 hour' WHERE email = $1", [email]);
      expect((await post(t.app, '/api/authenticate/resend-otp', { email })).statusCode).toBe(200);
      expect((await mailsTo(t.app, email)).length).toBe(mailed);
      expect((await signInWith(passkey)).statusCode).toBe(200);
    } finally {
      await requireIt(false);
    }
  });
});
