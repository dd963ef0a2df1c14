// Access and refresh tokens (SECURITY.md 15-17): forged, expired and misused tokens are 401; a
// refresh rotates; reuse ends the chain; logout, disabling and deleting end tokens.
import { createHmac } from 'node:crypto';
import { bearer, post, signIn, appForFile, type SignedIn } from './support/app';

const t = appForFile();

const profile = (token: string) => t.app.inject({ url: '/api/profile', headers: bearer(token) });
const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as Record<string, unknown>;
function signWith(secret: string, header: unknown, claims: unknown): string {
  const body = `${b64(header)}.${b64(claims)}`;
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
}

describe('access tokens', () => {
  let token: string;
  let refresh: string;
  beforeAll(async () => {
    ({ token, refresh_token: refresh } = await signIn(t.app, 'admin@demo.test'));
  });

  it('works as a bearer token, not without one or with another scheme', async () => {
    expect((await profile(token)).statusCode).toBe(200);
    const none = await t.app.inject({ url: '/api/profile' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ status: false, message: expect.any(String), code: expect.any(String) });
    expect((await t.app.inject({ url: '/api/profile', headers: { authorization: `Basic ${token}` } })).statusCode).toBe(401);
  });

  it('refuses a bad signature, alg none, another algorithm, wrong issuer or audience', async () => {
    const claims = claimsOf(token);
    const secret = t.config.jwtSecret ?? '';
    const [h, p] = token.split('.');
    const forged = [
      `${h}.${p}.${'A'.repeat(43)}`,
      `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`,
      signWith(secret, { alg: 'HS384', typ: 'JWT' }, claims),
      signWith(secret, { alg: 'HS256', typ: 'JWT' }, { ...claims, iss: 'someone-else' }),
      signWith(secret, { alg: 'HS256', typ: 'JWT' }, { ...claims, aud: 'another-app' }),
      signWith('a-different-secret-of-enough-length-000000', { alg: 'HS256', typ: 'JWT' }, claims),
      `${h}.${b64({ ...claims, sub: '2' })}.${token.split('.')[2]}`,
    ];
    for (const f of forged) expect((await profile(f)).statusCode).toBe(401);
    // Re-signed unchanged with the right secret it passes: each refusal above is about its one change.
    expect((await profile(signWith(secret, { alg: 'HS256', typ: 'JWT' }, claims))).statusCode).toBe(200);
  });

  it('refuses a refresh token used as an access token', async () => {
    expect((await profile(refresh)).statusCode).toBe(401);
  });

  it('expires after its lifetime', async () => {
    const s = await signIn(t.app, 'admin@demo.test');
    t.clock.advance(t.config.accessTokenTtlSeconds + 1);
    expect((await profile(s.token)).statusCode).toBe(401);
  });
});

describe('refresh tokens', () => {
  it('rotate: each refresh gives a new pair and uses up the old refresh token', async () => {
    const s = await signIn(t.app, 'admin@demo.test');
    const r1 = await post(t.app, '/api/token-refresh', { refresh_token: s.refresh_token });
    expect(r1.statusCode).toBe(200);
    const b1 = r1.json();
    expect(b1).toMatchObject({ status: true, info: { user_type: 'Admin' } });
    expect(b1.refresh_token).not.toBe(s.refresh_token);
    expect((await profile(b1.token)).statusCode).toBe(200);
    const r2 = await post(t.app, '/api/token-refresh', { refresh_token: b1.refresh_token });
    expect(r2.statusCode).toBe(200);
  });

  it('reuse of a used refresh token is refused and ends the whole chain', async () => {
    const s = await signIn(t.app, 'admin@demo.test');
    const next = (await post(t.app, '/api/token-refresh', { refresh_token: s.refresh_token })).json();
    const reuse = await post(t.app, '/api/token-refresh', { refresh_token: s.refresh_token });
    expect(reuse.statusCode).toBe(401);
    // The thief's copy and the rightful holder's newer tokens are all dead now.
    expect((await post(t.app, '/api/token-refresh', { refresh_token: next.refresh_token })).statusCode).toBe(401);
    expect((await profile(next.token)).statusCode).toBe(401);
    expect((await profile(s.token)).statusCode).toBe(401);
  });

  it('a refresh ends the access token it replaces at once (SECURITY.md 17), not other sessions', async () => {
    const s = await signIn(t.app, 'agency@demo.test');
    const other = await signIn(t.app, 'agency@demo.test');
    const getProfile = (token: string) => t.app.inject({ url: '/api/agency/getprofile', headers: bearer(token) });
    expect((await getProfile(s.token)).statusCode).toBe(200);
    const r1 = (await post(t.app, '/api/token-refresh', { refresh_token: s.refresh_token })).json<{ token: string; refresh_token: string }>();
    const replaced = await getProfile(s.token);
    expect(replaced.statusCode).toBe(401);
    expect(replaced.json()).toEqual({ status: false, message: 'Your session has expired. Please sign in again.', code: 'auth.sessionExpired' });
    expect((await getProfile(r1.token)).statusCode).toBe(200);
    // the next refresh ends that one too; the session's other sign-in is not touched
    const r2 = (await post(t.app, '/api/token-refresh', { refresh_token: r1.refresh_token })).json<{ token: string }>();
    expect((await getProfile(r1.token)).statusCode).toBe(401);
    expect((await getProfile(r2.token)).statusCode).toBe(200);
    expect((await getProfile(other.token)).statusCode).toBe(200);
  });

  it('refuses an access token, garbage and an expired refresh token', async () => {
    const s = await signIn(t.app, 'admin@demo.test');
    expect((await post(t.app, '/api/token-refresh', { refresh_token: s.token })).statusCode).toBe(401);
    expect((await post(t.app, '/api/token-refresh', { refresh_token: 'nope' })).statusCode).toBe(401);
    t.clock.advance(t.config.refreshTokenTtlSeconds + 1);
    expect((await post(t.app, '/api/token-refresh', { refresh_token: s.refresh_token })).statusCode).toBe(401);
  });
});

describe('logout', () => {
  it('ends that session: its access token and refresh chain, not other sessions', async () => {
    const a = await signIn(t.app, 'electrician@demo.test');
    const b = await signIn(t.app, 'electrician@demo.test');
    const url = '/api/electrician/getprofile';
    const out = await post(t.app, '/api/authenticate/logout', { refresh_token: a.refresh_token }, { headers: bearer(a.token) });
    expect(out.statusCode).toBe(200);
    expect(out.json().status).toBe(true);
    expect((await t.app.inject({ url, headers: bearer(a.token) })).statusCode).toBe(401);
    expect((await post(t.app, '/api/token-refresh', { refresh_token: a.refresh_token })).statusCode).toBe(401);
    expect((await t.app.inject({ url, headers: bearer(b.token) })).statusCode).toBe(200);
  });

  it('needs a bearer token', async () => {
    const a = await signIn(t.app, 'electrician@demo.test');
    expect((await post(t.app, '/api/authenticate/logout', { refresh_token: a.refresh_token })).statusCode).toBe(401);
  });
});

describe('the users row decides', () => {
  /**
   * A signed-in `email` reads `url`; once `disable` has run, its token is refused at once (and `more`
   * holds); `enable` puts the row back for the next tests.
   */
  async function refusedOnceDisabled(email: string, url: string, disable: string, enable: string, more?: (s: SignedIn) => Promise<void>) {
    const s = await signIn(t.app, email);
    expect((await t.app.inject({ url, headers: bearer(s.token) })).statusCode).toBe(200);
    await t.db.query(disable, [email]);
    try {
      expect((await t.app.inject({ url, headers: bearer(s.token) })).statusCode).toBe(401);
      await more?.(s);
    } finally {
      await t.db.query(enable, [email]);
    }
  }

  it('a disabled user is refused at once, and cannot sign in', async () => {
    await refusedOnceDisabled(
      'mscc@demo.test',
      '/api/mscc/nms/profile/get',
      "UPDATE users SET status = 'disabled' WHERE email = $1",
      "UPDATE users SET status = 'active' WHERE email = $1",
      async (s) => {
        expect((await post(t.app, '/api/token-refresh', { refresh_token: s.refresh_token })).statusCode).toBe(401);
        const login = await post(t.app, '/api/authenticate/login', { email: 'mscc@demo.test', password: 'Demo-pass-2026' });
        expect(login.statusCode).toBe(401);
      },
    );
  });

  it('a deleted user is refused', async () => {
    const hash = (await t.db.query<{ password_hash: string }>("SELECT password_hash FROM users WHERE email = 'admin@demo.test'")).rows[0]?.password_hash;
    await t.db.query(
      "INSERT INTO users (email, password_hash, user_type, email_verified_at) VALUES ('temp-admin@demo.test', $1, 'Admin', now())",
      [hash],
    );
    const s = await signIn(t.app, 'temp-admin@demo.test');
    expect((await profile(s.token)).statusCode).toBe(200);
    await t.db.query("DELETE FROM users WHERE email = 'temp-admin@demo.test'");
    expect((await profile(s.token)).statusCode).toBe(401);
    expect((await post(t.app, '/api/token-refresh', { refresh_token: s.refresh_token })).statusCode).toBe(401);
  });

  it('an agency set In-Active ends its users\' tokens', async () => {
    await refusedOnceDisabled(
      'agency@demo.test',
      '/api/agency/getprofile',
      "UPDATE agencies SET status = 'In-Active' WHERE email = $1",
      "UPDATE agencies SET status = 'Active' WHERE email = $1",
    );
  });
});
