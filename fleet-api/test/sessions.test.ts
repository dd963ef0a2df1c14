// The sessions a person can see and end (issue 24): listed with browser, system, address, started and
// last used; ended ones answer 401 at once with access and refresh token alike and their live socket
// closes; a refresh ends the access token it replaces (SECURITY.md 16, 17).
import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import { liveProtocols } from '@fleet/contract';
import type { SessionRow } from '@fleet/contract';
import { parseUserAgent } from '../src/modules/auth/user-agent';
import { appForFile, bearer, DEMO_PASSWORD, latestOtp, mailsTo, post, signIn, type SignedIn } from './support/app';

const t = appForFile();

const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

let base = '';
beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});

/** A sign-in from a browser at an address: what the session list shows of it. */
async function signInFrom(email: string, userAgent: string, address: string): Promise<SignedIn> {
  const from = { remoteAddress: address, headers: { 'user-agent': userAgent } };
  expect((await post(t.app, '/api/authenticate/login', { email, password: DEMO_PASSWORD }, from)).statusCode).toBe(200);
  const res = await post(t.app, '/api/authenticate/login-otp', { email, otp: await latestOtp(t.app, email) }, from);
  expect(res.statusCode).toBe(200);
  return res.json<SignedIn>();
}

async function sessionsOf(token: string): Promise<SessionRow[]> {
  const res = await t.app.inject({ url: '/api/profile/sessions', headers: bearer(token) });
  expect(res.statusCode).toBe(200);
  return res.json<{ info: SessionRow[] }>().info;
}

const end = (token: string, payload: object, url = '/api/profile/sessions') => t.app.inject({ method: 'DELETE', url, headers: bearer(token), payload });
const status = async (token: string) => (await t.app.inject({ url: '/api/profile/mfa', headers: bearer(token) })).statusCode;
const refresh = (refreshToken: string) => post(t.app, '/api/token-refresh', { refresh_token: refreshToken });

/**
 * A live socket of this token, once the hub holds it (the token is checked after the handshake).
 * `closed` answers its close code once the bus has carried the session's end: the hub's periodic
 * token check would close it too, later, and must not be what makes the test pass.
 */
async function liveSocket(token: string): Promise<{ closed: Promise<number> }> {
  const sessionId = (JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { sid: string }).sid;
  let heard = false;
  const stop = t.app.fleetContext.live.subscribe((events) => {
    heard ||= events.some((e) => e.kind === 'session' && e.session_id === sessionId && e.code === 4401);
  });
  const before = t.app.fleetContext.liveHub.counts().connections;
  const socket = new WebSocket(`${base}/ws`, liveProtocols(token), { origin: 'http://localhost:8080' });
  const closed = new Promise<number>((resolve) => {
    socket.on('close', (code) => {
      // on PostgreSQL the bus's NOTIFY may reach this listener just after the hub's
      const told = async () => {
        for (let i = 0; i < 1000 && !heard; i += 1) await new Promise((r) => setTimeout(r, 5));
        stop();
        resolve(heard ? code : -1);
      };
      void told();
    });
  });
  await new Promise<void>((resolve, reject) => {
    socket.on('open', () => resolve());
    socket.on('error', reject);
  });
  while (t.app.fleetContext.liveHub.counts().connections <= before) await new Promise((resolve) => setImmediate(resolve));
  return { closed };
}

describe('the session list', () => {
  it('shows each signed-in session with browser, system, address, started and last used, this one first and current', async () => {
    const email = 'electrician@demo.test';
    const laptop = await signInFrom(email, CHROME_WINDOWS, '10.9.0.1');
    t.clock.advance(60);
    const phone = await signInFrom(email, SAFARI_IPHONE, '10.9.0.2');
    const rows = await sessionsOf(laptop.token);
    expect(rows[0]).toMatchObject({ browser: 'Chrome 131', system: 'Windows', address: '10.9.0.1', current: true });
    const phoneRow = rows.find((r) => !r.current && r.browser === 'Safari 18');
    expect(phoneRow).toMatchObject({ system: 'iOS', address: '10.9.0.2' });
    expect(rows.filter((r) => r.current)).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(laptop.token);

    // a refresh is the session's last use, from where it was made
    t.clock.advance(300);
    const renewed = await post(t.app, '/api/token-refresh', { refresh_token: phone.refresh_token }, { remoteAddress: '10.9.0.3', headers: { 'user-agent': SAFARI_IPHONE } });
    expect(renewed.statusCode).toBe(200);
    const after = (await sessionsOf(laptop.token)).find((r) => r.id === phoneRow?.id);
    expect(after).toMatchObject({ address: '10.9.0.3', started_at: phoneRow?.started_at, last_used_at: t.clock.now().toISOString() });
  });

  it('reads browser and system from the user agents people use, and says nothing it does not know', () => {
    expect(parseUserAgent('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7; rv:133.0) Gecko/20100101 Firefox/133.0')).toEqual({ browser: 'Firefox 133', system: 'macOS' });
    expect(parseUserAgent(`${CHROME_WINDOWS} Edg/131.0.0.0`)).toEqual({ browser: 'Edge 131', system: 'Windows' });
    expect(parseUserAgent('Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36')).toEqual({ browser: 'Samsung Internet 26', system: 'Android' });
    expect(parseUserAgent('curl/8.5.0')).toEqual({ browser: null, system: null });
    expect(parseUserAgent(null)).toEqual({ browser: null, system: null });
  });
});

describe('ending sessions (SECURITY.md 17)', () => {
  it('ends one session by id: its access and refresh tokens answer 401 at once and its live socket closes', async () => {
    const email = 'agency@demo.test';
    const mine = await signIn(t.app, email);
    const other = await signIn(t.app, email);
    const socket = await liveSocket(other.token);
    const id = (await sessionsOf(mine.token)).find((r) => !r.current)?.id;

    const res = await end(mine.token, { id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: true, message: '1 session ended', info: { ended: 1 } });
    expect(await status(other.token)).toBe(401);
    expect((await refresh(other.refresh_token)).statusCode).toBe(401);
    expect(await socket.closed).toBe(4401);
    expect(await status(mine.token)).toBe(200);
    expect((await sessionsOf(mine.token)).map((r) => r.id)).not.toContain(id);
    const [entry] = (await t.db.query("SELECT action, entity FROM audit_entries WHERE route = 'DELETE /api/profile/sessions'")).rows;
    expect(entry).toEqual({ action: 'sign_out', entity: 'session' });
    const [mail] = await mailsTo(t.app, email);
    expect(mail).toMatchObject({ subject: 'A session of your account was ended', text: expect.stringContaining('1 session of your account was ended from your profile') });
  });

  it('ends all others and keeps this one', async () => {
    const email = 'mscc@demo.test';
    const [a, b, c] = [await signIn(t.app, email), await signIn(t.app, email), await signIn(t.app, email)];
    if (!a || !b || !c) throw new Error('no sessions');
    const res = await end(b.token, { all_others: true });
    expect(res.json()).toMatchObject({ info: { ended: 2 } });
    expect([await status(a.token), await status(b.token), await status(c.token)]).toEqual([401, 200, 401]);
    expect((await refresh(a.refresh_token)).statusCode).toBe(401);
    expect(await sessionsOf(b.token)).toHaveLength(1);
    const mails = (await mailsTo(t.app, email)).length;
    expect((await mailsTo(t.app, email))[0]?.subject).toBe('2 sessions of your account were ended');
    // nothing left to end: nothing ended, nothing mailed
    expect((await end(b.token, { all_others: true })).json()).toMatchObject({ info: { ended: 0 } });
    expect(await mailsTo(t.app, email)).toHaveLength(mails);
  });

  it("another user's session id is 404 and that session goes on; a body naming neither or both is 400", async () => {
    const owner = await signIn(t.app, 'sm@demo.test');
    const stranger = await signIn(t.app, 'customer@demo.test');
    const [ownerRow] = await sessionsOf(owner.token);
    const refused = await end(stranger.token, { id: ownerRow?.id });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ status: false, message: 'Session not found' });
    expect(await status(owner.token)).toBe(200);
    expect((await mailsTo(t.app, 'sm@demo.test')).filter((m) => /ended/.test(m.subject))).toEqual([]);
    expect((await end(stranger.token, {})).statusCode).toBe(400);
    expect((await end(stranger.token, { id: ownerRow?.id, all_others: true })).statusCode).toBe(400);
    expect((await end(stranger.token, { id: 'x', role: 'Admin' })).statusCode).toBe(400);
    expect(await status(owner.token)).toBe(200);
  });

  it('Admin ends every session of a user; other roles may not; an unknown user is 404', async () => {
    const admin = await signIn(t.app, 'admin@demo.test');
    const user = [await signIn(t.app, 'user@demo.test'), await signIn(t.app, 'user@demo.test')];
    const socket = await liveSocket(user[0]?.token ?? '');
    const userId = (await t.db.query<{ id: number }>("SELECT id::int FROM users WHERE email = 'user@demo.test'")).rows[0]?.id;

    expect((await end(user[1]?.token ?? '', { user_id: userId }, '/api/user/sessions')).statusCode).toBe(403);
    expect((await end(admin.token, { user_id: 2147483647 }, '/api/user/sessions')).statusCode).toBe(404);
    expect(await status(user[0]?.token ?? '')).toBe(200);

    const res = await end(admin.token, { user_id: userId }, '/api/user/sessions');
    expect(res.json()).toMatchObject({ status: true, info: { ended: 2 } });
    for (const s of user) {
      expect(await status(s.token)).toBe(401);
      expect((await refresh(s.refresh_token)).statusCode).toBe(401);
    }
    expect(await socket.closed).toBe(4401);
    const [entry] = (await t.db.query("SELECT action, entity, entity_id::int FROM audit_entries WHERE route = 'DELETE /api/user/sessions'")).rows;
    expect(entry).toEqual({ action: 'sign_out', entity: 'user', entity_id: userId });
    const [mail] = await mailsTo(t.app, 'user@demo.test');
    expect(mail).toMatchObject({ subject: '2 sessions of your account were ended', text: expect.stringContaining('2 sessions of your account were ended by an administrator') });
  });

  it('Admin naming itself ends its other sessions and keeps the one that asks', async () => {
    const [first, second] = [await signIn(t.app, 'admin@demo.test'), await signIn(t.app, 'admin@demo.test')];
    const adminId = (await t.db.query<{ id: number }>("SELECT id::int FROM users WHERE email = 'admin@demo.test'")).rows[0]?.id;
    expect((await end(second.token, { user_id: adminId }, '/api/user/sessions')).statusCode).toBe(200);
    expect([await status(first.token), await status(second.token)]).toEqual([401, 200]);
  });
});

describe('a refresh (SECURITY.md 16, 17)', () => {
  it('ends the access token it replaces at once; the old refresh token used again ends the whole session', async () => {
    const session = await signIn(t.app, 'electrician@demo.test');
    const renewed = await refresh(session.refresh_token);
    expect(renewed.statusCode).toBe(200);
    const next = renewed.json<SignedIn>();
    expect(await status(session.token)).toBe(401);
    expect(await status(next.token)).toBe(200);
    expect((await refresh(session.refresh_token)).statusCode).toBe(401);
    expect(await status(next.token)).toBe(401);
    expect((await refresh(next.refresh_token)).statusCode).toBe(401);
  });
});
