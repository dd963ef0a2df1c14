// The live socket (issue 10, SECURITY.md 7, 17, 23): the token is checked at the handshake, foreign
// origins are refused, each socket hears only its slice (work states, Wi-Fi, new faults and the
// slice's faulty count), and logout, renew and disabling a user close its sockets.
import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import { LIVE_PROTOCOL, liveProtocols } from '@fleet/contract';
import { buildApp } from '../../src/app';
import { openDatabase } from '../../src/db';
import { LocalLiveBus, payloads } from '../../src/modules/live/bus';
import type { LiveFrame, LiveMessage } from '../../src/modules/live/events';
import { deviceMatcher, type DeviceKeys } from '../../src/policy/live-scope';
import type { Caller } from '../../src/policy/roles';
import { scopeFor } from '../../src/policy/scope';
import { SqlParams } from '../../src/server/sql';
import { HeatPumpSimulator } from '../../src/simulator/heat-pumps';
import { appForFile, signIn, SETUP_TIMEOUT, callerByEmail } from '../support/app';

const t = appForFile({}, { devices: 700 });
let base = '';
const ORIGIN = 'http://localhost:8080';

beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}, SETUP_TIMEOUT);

interface Listener {
  socket: WebSocket;
  messages: LiveMessage[];
  frames: LiveFrame[];
  closed: Promise<{ code: number; reason: string }>;
  opened: Promise<void>;
}

function listen(token: string | null, origin: string | null = ORIGIN): Listener {
  const socket = new WebSocket(`${base}/ws`, token === null ? [] : liveProtocols(token), origin === null ? {} : { origin });
  const messages: LiveMessage[] = [];
  const frames: LiveFrame[] = [];
  socket.on('message', (data) => {
    const frame = JSON.parse(String(data)) as LiveFrame;
    frames.push(frame);
    messages.push(...frame.batch);
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    socket.on('close', (code, reason) => resolve({ code, reason: String(reason) }));
  });
  const opened = new Promise<void>((resolve, reject) => {
    socket.on('open', () => resolve());
    socket.on('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    socket.on('error', reject);
  });
  opened.catch(() => undefined);
  return { socket, messages, frames, closed, opened };
}

async function until(check: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

const callerOf = (email: string) => callerByEmail(t.db, email);

const DEMO = ['admin@demo.test', 'agency@demo.test', 'electrician@demo.test', 'user@demo.test', 'mscc@demo.test', 'sm@demo.test', 'customer@demo.test'];

/** Ids of the devices in a caller's slice, by the policy layer's SQL. */
async function sliceIds(caller: Caller): Promise<Set<number>> {
  const params = new SqlParams();
  const { rows } = await t.db.query<{ id: number }>(`SELECT d.id::int AS id FROM devices d WHERE ${scopeFor(caller).devices('d', params)}`, params.values);
  return new Set(rows.map((r) => r.id));
}

describe('the live slice', () => {
  it("matches the policy layer's device scope on every demo device, for every demo role", async () => {
    const { rows: devices } = await t.db.query<DeviceKeys>(
      `SELECT id::int AS device_id, agency_id::int AS agency_id, electrician_id::int AS electrician_id, customer_id::int AS customer_id,
              property_id::int AS property_id, site_id::int AS site_id, company_id::int AS company_id FROM devices`,
    );
    for (const email of DEMO) {
      const caller = await callerOf(email);
      const inScope = await sliceIds(caller);
      const matcher = await deviceMatcher(t.db, caller);
      const mismatched = devices.filter((d) => matcher(d) !== inScope.has(d.device_id)).map((d) => d.device_id);
      expect({ email, mismatched }).toEqual({ email, mismatched: [] });
      if (email !== 'admin@demo.test') expect(inScope.size).toBeLessThan(devices.length);
    }
  });
});

describe('the handshake', () => {
  it('closes a socket without a token, or with a bad one, with 4401 and sends nothing', async () => {
    for (const token of [null, '', 'not-a-token', `${(await signIn(t.app, 'admin@demo.test')).token}x`]) {
      const l = listen(token);
      expect((await l.closed).code).toBe(4401);
      expect(l.frames).toEqual([]);
    }
  });

  it('takes the token as the `bearer.` subprotocol and answers `fleet-live` alone, never the token', async () => {
    const session = await signIn(t.app, 'agency@demo.test');
    const socket = new WebSocket(`${base}/ws`, liveProtocols(session.token), { origin: ORIGIN });
    const answered = new Promise<string | undefined>((resolve) => socket.on('upgrade', (res) => resolve(res.headers['sec-websocket-protocol'])));
    const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
    await new Promise((resolve, reject) => {
      socket.on('open', resolve);
      socket.on('error', reject);
    });
    expect([await answered, socket.protocol]).toEqual([LIVE_PROTOCOL, LIVE_PROTOCOL]);
    // signed in: it stays open, and its session's logout is what closes it (4401)
    await new Promise((r) => setTimeout(r, 200));
    const out = await t.app.inject({ method: 'POST', url: '/api/authenticate/logout', headers: { authorization: `Bearer ${session.token}` }, payload: { refresh_token: session.refresh_token } });
    expect(out.statusCode).toBe(200);
    expect(await closed).toBe(4401);
  });

  it.each([
    ['a console loaded before the subprotocol, its token in the query', (token: string) => new WebSocket(`${base}/ws?token=${encodeURIComponent(token)}`, { origin: ORIGIN })],
    ['a proxy with its own socket (the console server), the token as Authorization', (token: string) => new WebSocket(`${base}/ws`, [LIVE_PROTOCOL], { origin: ORIGIN, headers: { authorization: `Bearer ${token}` } })],
  ])('also opens for %s', async (_who, open) => {
    const session = await signIn(t.app, 'agency@demo.test');
    const socket = open(session.token);
    let closedWith: number | null = null;
    const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve((closedWith = code))));
    await new Promise((resolve, reject) => {
      socket.on('open', resolve);
      socket.on('error', reject);
    });
    await new Promise((r) => setTimeout(r, 200));
    expect(closedWith).toBeNull();
    await t.app.inject({ method: 'POST', url: '/api/authenticate/logout', headers: { authorization: `Bearer ${session.token}` }, payload: { refresh_token: session.refresh_token } });
    expect(await closed).toBe(4401);
  });

  it('refuses a page of another origin before upgrading (403)', async () => {
    const { token } = await signIn(t.app, 'admin@demo.test');
    const l = listen(token, 'https://evil.example');
    await expect(l.opened).rejects.toThrow('HTTP 403');
  });
});

describe('events of the slice', () => {
  it('each socket hears only its slice; a new fault brings the slice faulty count', async () => {
    const sim = new HeatPumpSimulator(t.db, t.app.fleetContext.live, { eventsPerSecond: 0, faultShare: 0.3, onlineShare: 0.3, random: seeded(7) });
    const sockets: Record<string, { listener: Listener; caller: Caller }> = {};
    for (const email of ['admin@demo.test', 'agency@demo.test', 'mscc@demo.test', 'sm@demo.test']) {
      const listener = listen((await signIn(t.app, email)).token);
      await listener.opened;
      sockets[email] = { listener, caller: await callerOf(email) };
    }
    // the hub adds a socket once its slice is read: give it a moment
    await new Promise((r) => setTimeout(r, 200));
    let published = 0;
    for (let i = 0; i < 10; i += 1) {
      const r = await sim.tick(30);
      published += r.workStates + r.online + r.faults;
    }
    const admin = sockets['admin@demo.test']!.listener;
    const deviceEvents = (m: LiveMessage[]) => m.filter((x) => Array.isArray(x) || 'device' in x || 'fault' in x);
    await until(() => deviceEvents(admin.messages).length === published);
    await new Promise((r) => setTimeout(r, 1200));
    for (const email of ['agency@demo.test', 'mscc@demo.test', 'sm@demo.test']) {
      const { listener, caller } = sockets[email]!;
      const slice = await sliceIds(caller);
      const ids = deviceEvents(listener.messages).map((m) => (Array.isArray(m) ? m[0] : 'device' in m ? m.device.id : 'fault' in m ? m.fault.device_id : -1));
      expect(ids.every((id) => slice.has(id))).toBe(true);
      // and it heard all of its slice's events that admin heard
      const adminIds = deviceEvents(admin.messages).map((m) => (Array.isArray(m) ? m[0] : 'device' in m ? m.device.id : 'fault' in m ? m.fault.device_id : -1));
      expect(ids.length).toBe(adminIds.filter((id) => slice.has(id)).length);
    }
    // the faulty count of a slice that saw a new fault is its count of heat pumps with an open fault
    expect(sim.published).toBe(published);
    // every event is in its heat pump's activity log too
    const { rows: logged } = await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM heat_pump_events WHERE at > now() - interval '1 minute'");
    expect(logged[0]?.n).toBe(published);
    const dashboards = admin.messages.filter((m): m is { dashboard: { faulty_count: number } } => !Array.isArray(m) && 'dashboard' in m);
    expect(dashboards.length).toBeGreaterThan(0);
    const { rows } = await t.db.query<{ n: number }>("SELECT count(DISTINCT f.device_id)::int AS n FROM faults f JOIN devices d ON d.id = f.device_id WHERE f.fault_status = 0 AND d.product_line = 'heat_pump'");
    expect(dashboards.at(-1)?.dashboard.faulty_count).toBe(rows[0]?.n);
    // a work state message is the spec's pair [device_id, work_state]
    const pair = admin.messages.find((m) => Array.isArray(m)) as [number, number];
    expect(pair).toHaveLength(2);
    expect([0, 1, 2]).toContain(pair[1]);
    for (const { listener } of Object.values(sockets)) listener.socket.close();
  });
});

describe('sockets end with their session', () => {
  it('logout closes the socket with 4401; renew closes it with 4000', async () => {
    const session = await signIn(t.app, 'agency@demo.test');
    const l = listen(session.token);
    await l.opened;
    await new Promise((r) => setTimeout(r, 100));
    const renewed = await t.app.inject({ method: 'POST', url: '/api/token-refresh', payload: { refresh_token: session.refresh_token } });
    expect(renewed.statusCode).toBe(200);
    expect((await l.closed).code).toBe(4000);
    const next = renewed.json<{ token: string; refresh_token: string }>();
    const again = listen(next.token);
    await again.opened;
    await new Promise((r) => setTimeout(r, 100));
    const out = await t.app.inject({ method: 'POST', url: '/api/authenticate/logout', headers: { authorization: `Bearer ${next.token}` }, payload: { refresh_token: next.refresh_token } });
    expect(out.statusCode).toBe(200);
    expect((await again.closed).code).toBe(4401);
  });

  it("a renewal heard late does not close the socket already opened with the renewed token", async () => {
    const session = await signIn(t.app, 'agency@demo.test');
    const renewed = await t.app.inject({ method: 'POST', url: '/api/token-refresh', payload: { refresh_token: session.refresh_token } });
    const next = renewed.json<{ token: string }>();
    const l = listen(next.token);
    await l.opened;
    await new Promise((r) => setTimeout(r, 100));
    const claims = JSON.parse(Buffer.from(next.token.split('.')[1]!, 'base64url').toString()) as { sid: string; gen: number };
    expect(claims.gen).toBe(1);
    // the renewal's close reaches this instance only now (another instance's bus, a slow notify)
    await t.app.fleetContext.live.publish([{ kind: 'session', at: Date.now(), session_id: claims.sid, code: 4000, generation: 1 }]);
    await new Promise((r) => setTimeout(r, 300));
    expect(l.socket.readyState).toBe(WebSocket.OPEN);
    // the next renewal does close it
    await t.app.fleetContext.live.publish([{ kind: 'session', at: Date.now(), session_id: claims.sid, code: 4000, generation: 2 }]);
    expect((await l.closed).code).toBe(4000);
  });

  it('disabling a user closes its sockets within the sweep (4401)', async () => {
    const session = await signIn(t.app, 'sm@demo.test');
    const l = listen(session.token);
    await l.opened;
    await t.db.query("UPDATE users SET status = 'disabled' WHERE email = 'sm@demo.test'");
    try {
      const closed = await Promise.race([l.closed, new Promise<null>((r) => setTimeout(() => r(null), 8000))]);
      expect(closed?.code).toBe(4401);
    } finally {
      await t.db.query("UPDATE users SET status = 'active' WHERE email = 'sm@demo.test'");
    }
  }, 15_000);
});

describe('two fleet-api instances on one PostgreSQL fleet', () => {
  // PostgreSQL only (CI runs this suite on PostgreSQL too): PGlite is one process, nothing to fan out.
  const onPostgres = process.env.TEST_DATABASE_URL ? it : it.skip;
  onPostgres("a socket on one instance hears the events the other instance's simulator raises", async () => {
    const db2 = await openDatabase({ databaseUrl: t.db.url ?? '' });
    const second = await buildApp({ db: db2, config: t.config });
    try {
      await second.listen({ port: 0, host: '127.0.0.1' });
      const secondBase = `ws://127.0.0.1:${(second.server.address() as AddressInfo).port}`;
      const { token } = await signIn(t.app, 'admin@demo.test');
      const socket = new WebSocket(`${secondBase}/ws`, liveProtocols(token), { origin: ORIGIN });
      const heard: LiveMessage[] = [];
      socket.on('message', (data) => heard.push(...(JSON.parse(String(data)) as LiveFrame).batch));
      await new Promise((resolve) => socket.on('open', resolve));
      await new Promise((r) => setTimeout(r, 200));
      // raised on the first instance's bus
      const sim = new HeatPumpSimulator(t.db, t.app.fleetContext.live, { eventsPerSecond: 0, faultShare: 0, onlineShare: 0, random: seeded(3) });
      const r = await sim.tick(20);
      await until(() => heard.filter((m) => Array.isArray(m)).length === r.workStates);
      socket.close();
    } finally {
      await second.close();
      await db2.close();
    }
  });
});

describe('the bus', () => {
  it('splits a large publish into NOTIFY-sized pieces and delivers every event', async () => {
    const keys: DeviceKeys = { device_id: 1, agency_id: 2, electrician_id: null, customer_id: 3, property_id: 4, site_id: null, company_id: null };
    const events = Array.from({ length: 500 }, (_, i) => ({ kind: 'work_state' as const, at: i, device: { ...keys, device_id: i }, work_state: i % 3 }));
    const parts = payloads(events);
    expect(parts.length).toBeGreaterThan(1);
    for (const p of parts) expect(Buffer.byteLength(p)).toBeLessThan(8000);
    expect(parts.flatMap((p) => JSON.parse(p) as unknown[])).toEqual(events);
    const bus = new LocalLiveBus();
    const heard: unknown[] = [];
    bus.subscribe((e) => heard.push(...e));
    await bus.publish(events);
    expect(heard).toHaveLength(500);
  });
});

/** A repeatable random sequence (mulberry32). */
function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}
