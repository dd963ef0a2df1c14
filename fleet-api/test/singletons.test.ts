// One of each per fleet, and live after a gap (issue 25; src/server/singleton.ts, src/fleet-timers.ts):
// two fleet-api instances on one PostgreSQL run one simulator between them, the other takes over when
// the holder's lock connection dies, the hourly history runs once when both try the same hour, and a
// dropped LISTEN connection is re-established and every socket of that instance told to read again.
// The retry timers are driven by calling `check()`; nothing waits a minute.
jest.setTimeout(60_000);
import type { FastifyInstance } from 'fastify';
import type WebSocket from 'ws';
import { buildApp } from '../src/app';
import { openDatabase, type Db } from '../src/db';
import { startFleetTimers, type FleetTimers, type TimerLog } from '../src/fleet-timers';
import { LIVE_CLOSE } from '@fleet/contract';
import type { LiveEvent } from '../src/modules/live/events';
import { appForFile, countOf, signIn } from './support/app';
import { listenLive } from './support/live-socket';

const onPostgres = process.env.TEST_DATABASE_URL ? describe : describe.skip;
const HOUR = 3600;

/** Polls `cond` until it holds (a lock connection's end arrives as an event, not at a known time). */
async function until(cond: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 250; i += 1) {
    if (await cond()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`never happened: ${what}`);
}

/** A log that keeps what the timers said. */
function keptLog(): TimerLog & { lines: string[] } {
  const lines: string[] = [];
  return { lines, info: (_obj, msg) => lines.push(msg), error: (_obj, msg) => lines.push(`error: ${msg}`) };
}

const NEVER = 3_600_000;
const t = appForFile({ simulator: { enabled: true, intervalMs: NEVER, heatPumpEventsPerSecond: 0 }, rollouts: { enabled: true, intervalMs: 25_000 } });

describe('one instance', () => {
  it('holds its singletons at once and records the history once an hour', async () => {
    const timers = await startFleetTimers(t.app.fleetContext, { log: keptLog(), retryMs: NEVER, periodic: false });
    try {
      expect([timers.simulator?.holding(), timers.orchestrator?.holding()]).toEqual([true, true]);
      expect(await timers.recordHistory()).toBe(true);
      // the same hour again: already done
      expect(await timers.recordHistory()).toBe(false);
      t.clock.advance(HOUR);
      expect(await timers.recordHistory()).toBe(true);
      expect(await timers.housekeeping()).toBe(true);
      expect(await timers.housekeeping()).toBe(false);
    } finally {
      await timers.stop();
    }
    expect(timers.simulator?.holding()).toBe(false);
  });
});

onPostgres('two instances on one PostgreSQL', () => {
  let bDb: Db;
  let b: FastifyInstance;
  let timersA: FleetTimers;
  let timersB: FleetTimers;
  const logA = keptLog();
  const logB = keptLog();
  beforeAll(async () => {
    bDb = await openDatabase({ databaseUrl: t.db.url ?? '' });
    b = await buildApp({ db: bDb, config: t.config, instanceId: 'instance-b' });
    timersA = await startFleetTimers(t.app.fleetContext, { log: logA, retryMs: NEVER, periodic: false });
    timersB = await startFleetTimers(b.fleetContext, { log: logB, retryMs: NEVER, periodic: false });
  });
  afterAll(async () => {
    await timersA.stop();
    await timersB.stop();
    await b.close();
    await bDb.close();
  });

  /** The backends holding a singleton's lock, by the name their connection carries. */
  const holders = async (key: number): Promise<string[]> =>
    (
      await t.db.query<{ name: string }>(
        `SELECT a.application_name AS name FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
          WHERE l.locktype = 'advisory' AND l.granted AND l.classid = 25025 AND l.objid = $1 AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
        [key],
      )
    ).rows.map((r) => r.name);

  it('runs one simulator: the first instance holds the lock, the second keeps trying', async () => {
    expect(timersA.simulator?.holding()).toBe(true);
    expect(timersB.simulator?.holding()).toBe(false);
    expect(await timersB.simulator?.check()).toBe(false);
    expect(await holders(1)).toEqual([`fleet-api simulator ${t.app.fleetContext.instanceId}`.slice(0, 63)]);
    expect(logA.lines).toContain('the simulator runs on this instance');
    expect(logB.lines).not.toContain('the simulator runs on this instance');
    expect([timersA.orchestrator?.holding(), timersB.orchestrator?.holding()]).toEqual([true, false]);
  });

  it("takes over on the other instance when the holder's lock connection dies, and the holder stops its work", async () => {
    const [name] = await holders(1);
    await t.db.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1', [name]);
    await until(() => timersA.simulator?.holding() === false, "A's simulator stopped");
    expect(logA.lines).toContain('the simulator stopped on this instance');
    // B's next retry takes it; A's next retry finds it taken
    expect(await timersB.simulator?.check()).toBe(true);
    expect(await timersA.simulator?.check()).toBe(false);
    expect(await holders(1)).toEqual(['fleet-api simulator instance-b']);
    // the orchestrator's lock was on a connection of its own: still A's
    expect([timersA.orchestrator?.holding(), timersB.orchestrator?.holding()]).toEqual([true, false]);
  });

  it('hands over on a clean stop too', async () => {
    await timersB.simulator?.stop();
    expect(await holders(1)).toEqual([]);
    expect(await timersA.simulator?.check()).toBe(true);
  });

  it('records the hourly history once when both instances try the same hour', async () => {
    t.clock.advance(2 * HOUR);
    const ran = await Promise.all([timersA.recordHistory(), timersB.recordHistory(), timersA.recordHistory(), timersB.recordHistory()]);
    expect(ran.filter(Boolean)).toHaveLength(1);
    expect(await Promise.all([timersA.recordHistory(), timersB.recordHistory()])).toEqual([false, false]);
    const hour = new Date(Math.floor(t.clock.now().getTime() / (HOUR * 1000)) * HOUR * 1000).toISOString();
    expect(await countOf(t.db, "SELECT count(*)::int AS n FROM fleet_timer_runs WHERE name = 'heatPumpHistory' AND slot = $1", [hour])).toBe(1);
  });

  it('listens again after its LISTEN connection is terminated and tells every open socket to read again', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    const { token } = await signIn(t.app, 'agency@demo.test');
    const { socket } = await listenLive(`ws://127.0.0.1:${address.port}`, token);
    const closed = new Promise<number>((resolve) => (socket as WebSocket).on('close', (code) => resolve(code)));
    const listening = () =>
      t.db.query<{ pid: number }>("SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query = 'LISTEN fleet_live'");
    const before = (await listening()).rows.map((r) => r.pid);
    expect(before.length).toBeGreaterThanOrEqual(1);
    await t.db.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE pid = ANY($1::int[])', [before]);
    // the socket is closed with the code that reconnects (the console re-reads on its own reconnect)
    expect(await closed).toBe(LIVE_CLOSE.liveGap);
    expect(t.app.fleetContext.liveHub.counts().gapClosed).toBeGreaterThanOrEqual(1);
    // LISTEN again, on new connections, and events reach this instance again
    await until(async () => (await listening()).rows.filter((r) => !before.includes(r.pid)).length >= 2, 'both instances listen again');
    const heard: LiveEvent[] = [];
    const off = t.app.fleetContext.live.subscribe((events) => heard.push(...events));
    const event: LiveEvent = { kind: 'session', at: Date.now(), session_id: 'no-such-session', code: 4401 };
    await b.fleetContext.live.publish([event]);
    await until(() => heard.length > 0, 'an event published on B heard on A');
    off();
    expect(heard).toEqual([event]);
  });
});
