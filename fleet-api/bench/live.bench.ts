/**
 * The live socket at load (issue 10): 100 consoles (40 Admin, 30 Agency, 15 mscc, 15 sm) connected
 * to /ws while the heat-pump simulator raises 1,000 events a second, for BENCH_LIVE_SECONDS (default
 * 600: ten minutes), on PGlite on disk and on PostgreSQL. The consoles run in a child process
 * (live-consoles.ts), so the RSS sampled here is fleet-api's (with its simulator and database).
 *
 * Figures: event-to-client latency (p50/p95/p99 of every message: the time from the commit of its
 * event to the frame's arrival, counted from the oldest event of the frame); messages lost (each
 * socket's device messages against what its slice should have heard, counted from the bus here);
 * RSS over the run. Baseline in the same run: a bare `ws` server broadcasting the same rate, in
 * frames every 25 ms, to the same 100 consoles: the floor of the socket and the machine.
 */
import { fork } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { WebSocketServer } from 'ws';
import { buildApp } from '../src/app';
import { testConfig } from '../src/config';
import { migrate, type Db } from '../src/db';
import { onPgliteOnDisk, onThrowawayPostgres } from './databases';
import { deviceMatcher, type DeviceMatcher } from '../src/policy/live-scope';
import { authenticate } from '../src/policy/access';
import { DEMO_PASSWORD, demoPasswordHash, seedDemoFleet } from '../src/seed';
import { HeatPumpSimulator } from '../src/simulator/heat-pumps';
import type { BenchContext } from './types';

export const name = 'live';

const SECONDS = Number(process.env.BENCH_LIVE_SECONDS ?? 600);
const EVENTS_PER_SECOND = Number(process.env.BENCH_LIVE_EVENTS ?? 1000);
const DEVICES = Number(process.env.BENCH_LIVE_DEVICES ?? 20_000);
const SOCKETS: Array<[string, string, number]> = [
  ['Admin', 'admin@demo.test', 40],
  ['Agency', 'agency@demo.test', 30],
  ['mscc', 'mscc@demo.test', 15],
  ['sm', 'sm@demo.test', 15],
];
const ORIGIN = 'http://localhost:8080';
const tsxCli = require.resolve('tsx/cli');

interface ConsolesReport {
  latencyMs: { p50: number; p95: number; p99: number; max: number };
  messages: number;
  received: Array<{ slice: string; devices: number; dashboards: number; closed: number | null }>;
}

/** Starts the consoles; answers once every socket is open, and a function that asks for their report. */
async function startConsoles(url: string, sockets: Array<{ slice: string; token: string }>) {
  const child = fork(path.join(__dirname, 'live-consoles.ts'), [JSON.stringify({ url, origin: ORIGIN, sockets })], {
    execPath: process.execPath,
    execArgv: [tsxCli],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('message', (m: { type: string }) => (m.type === 'ready' ? resolve() : reject(new Error(`consoles: ${JSON.stringify(m)}`))));
    child.once('exit', (code) => reject(new Error(`consoles exited ${code}`)));
  });
  return {
    report: () =>
      new Promise<ConsolesReport>((resolve) => {
        child.once('message', (m: ConsolesReport & { type: string }) => resolve(m));
        child.send({ type: 'report' });
      }),
  };
}

async function signIn(app: FastifyInstance, email: string): Promise<string> {
  await app.inject({ method: 'POST', url: '/api/authenticate/login', payload: { email, password: DEMO_PASSWORD } });
  const mails = await app.inject({ url: `/api/dev/outbox?to=${encodeURIComponent(email)}` });
  const otp = /\b(\d{6})\b/.exec((mails.json() as { info: { data: Array<{ text: string }> } }).info.data[0]?.text ?? '')?.[1];
  const res = await app.inject({ method: 'POST', url: '/api/authenticate/login-otp', payload: { email, otp } });
  if (res.statusCode !== 200) throw new Error(`sign-in ${email}: ${res.body}`);
  return (res.json() as { token: string }).token;
}

/** RSS samples (MB) every 5 s; the figures leave out the first minute (warm-up). */
function rssSampler() {
  const samples: Array<[number, number]> = [];
  const started = Date.now();
  const timer = setInterval(() => samples.push([(Date.now() - started) / 1000, process.memoryUsage().rss / 2 ** 20]), 5000);
  return {
    stop() {
      clearInterval(timer);
      const warm = samples.filter(([t]) => t >= Math.min(60, SECONDS / 4));
      const first = warm.slice(0, 3);
      const last = warm.slice(-3);
      const avg = (xs: Array<[number, number]>) => xs.reduce((s, [, v]) => s + v, 0) / Math.max(1, xs.length);
      // least-squares slope of RSS over time, MB per minute
      const n = warm.length;
      const mt = warm.reduce((s, [t]) => s + t, 0) / Math.max(1, n);
      const mv = avg(warm);
      const slope = warm.reduce((s, [t, v]) => s + (t - mt) * (v - mv), 0) / Math.max(1e-9, warm.reduce((s, [t]) => s + (t - mt) ** 2, 0));
      const r = (x: number) => Math.round(x * 10) / 10;
      return {
        afterWarmupMb: r(avg(first)),
        atEndMb: r(avg(last)),
        growthMb: r(avg(last) - avg(first)),
        slopeMbPerMinute: r(slope * 60),
        peakMb: r(Math.max(...samples.map(([, v]) => v))),
        samples: samples.length,
      };
    },
  };
}

async function benchOn(db: Db, label: string): Promise<Record<string, unknown>> {
  await migrate(db);
  console.log(`${label}: seeding ${DEVICES} devices`);
  await seedDemoFleet(db, { devices: DEVICES, passwordHash: await demoPasswordHash() });
  const config = { ...testConfig(), logLevel: 'silent', accessTokenTtlSeconds: SECONDS + 600 };
  const app = await buildApp({ db, config });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const url = `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/ws`;
    const sockets: Array<{ slice: string; token: string }> = [];
    const matchers: Record<string, DeviceMatcher> = {};
    for (const [slice, email, count] of SOCKETS) {
      const token = await signIn(app, email);
      const caller = await authenticate({ db, tokens: app.fleetContext.tokens, now: config.now }, `Bearer ${token}`);
      if (!caller) throw new Error(`no caller for ${email}`);
      matchers[slice] = await deviceMatcher(db, caller);
      for (let i = 0; i < count; i += 1) sockets.push({ slice, token });
    }
    const consoles = await startConsoles(url, sockets);
    // what each slice should hear: every device event of the run, through the slice's matcher
    const expected: Record<string, number> = Object.fromEntries(SOCKETS.map(([slice]) => [slice, 0]));
    const off = app.fleetContext.live.subscribe((events) => {
      for (const e of events) {
        // the simulator's device events (the console's writes are not part of this run)
        if (e.kind !== 'work_state' && e.kind !== 'online' && e.kind !== 'fault') continue;
        for (const [slice, matcher] of Object.entries(matchers)) if (matcher(e.device)) expected[slice] = (expected[slice] ?? 0) + 1;
      }
    });
    await new Promise((r) => setTimeout(r, 500));
    const sim = new HeatPumpSimulator(db, app.fleetContext.live, { eventsPerSecond: EVENTS_PER_SECOND, tickMs: 100 });
    const rss = rssSampler();
    const started = Date.now();
    let tickErrors = 0;
    sim.start(() => {
      tickErrors += 1;
    });
    await new Promise((r) => setTimeout(r, SECONDS * 1000));
    await sim.stop();
    const ranSeconds = (Date.now() - started) / 1000;
    const memory = rss.stop();
    await new Promise((r) => setTimeout(r, 1500)); // the last flush and count
    off();
    const report = await consoles.report();
    const lost: Record<string, number> = {};
    for (const r of report.received) lost[r.slice] = (lost[r.slice] ?? 0) + Math.max(0, (expected[r.slice] ?? 0) - r.devices);
    const extra = report.received.filter((r) => r.devices > (expected[r.slice] ?? 0)).length;
    const result = {
      sockets: sockets.length,
      seconds: Math.round(ranSeconds),
      eventsPublished: sim.published,
      eventsPerSecond: Math.round(sim.published / ranSeconds),
      tickErrors,
      latencyMs: report.latencyMs,
      messagesDelivered: report.messages,
      expectedPerSocket: expected,
      messagesLost: lost,
      socketsHearingMoreThanTheirSlice: extra,
      socketsClosed: report.received.filter((r) => r.closed !== null).length,
      hub: app.fleetContext.liveHub.counts(),
      rss: memory,
    };
    console.log(`${label}: ${JSON.stringify(result)}`);
    return result;
  } finally {
    await app.close();
  }
}

/** The floor: a bare ws server sending the same rate in 25 ms frames to the same consoles. */
async function baseline(): Promise<Record<string, unknown>> {
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise((r) => server.once('listening', r));
  const url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/ws`;
  const seconds = Math.min(SECONDS, 60);
  let pending: Array<[number, number]> = [];
  let oldest = 0;
  let published = 0;
  const raise = setInterval(() => {
    const at = Date.now();
    if (pending.length === 0) oldest = at;
    for (let i = 0; i < EVENTS_PER_SECOND / 10; i += 1) pending.push([i, i % 3]);
    published += EVENTS_PER_SECOND / 10;
  }, 100);
  const flush = setInterval(() => {
    if (pending.length === 0) return;
    const frame = JSON.stringify({ batch: pending, at: oldest });
    pending = [];
    for (const client of server.clients) client.send(frame);
  }, 25);
  try {
    const consoles = await startConsoles(url, Array.from({ length: 100 }, () => ({ slice: 'all', token: 'x' })));
    published = 0;
    pending = [];
    await new Promise((r) => setTimeout(r, seconds * 1000));
    clearInterval(raise);
    await new Promise((r) => setTimeout(r, 200));
    const report = await consoles.report();
    return { sockets: 100, seconds, published, latencyMs: report.latencyMs, messagesDelivered: report.messages };
  } finally {
    clearInterval(raise);
    clearInterval(flush);
    for (const client of server.clients) client.terminate();
    server.close();
  }
}

export async function run(ctx: BenchContext): Promise<Record<string, unknown>> {
  const floor = await baseline();
  console.log(`baseline (bare ws broadcast): ${JSON.stringify(floor)}`);
  const pglite = await onPgliteOnDisk('live', (db) => benchOn(db, 'PGlite'));
  const postgres = ctx.pgUrl ? await onThrowawayPostgres(ctx.pgUrl, 'live', (db) => benchOn(db, 'PostgreSQL')) : null;
  return {
    what:
      'live socket: 100 consoles (40 Admin, 30 Agency, 15 mscc, 15 sm) while the heat-pump simulator raises events; ' +
      'latency from the commit of an event to its frame at the console (oldest event of the frame), messages lost per slice, fleet-api RSS over the run',
    targets: 'latency p99 <= 100 ms at 1,000 events/s; no message lost; RSS flat over 10 minutes',
    eventsPerSecond: EVENTS_PER_SECOND,
    devices: DEVICES,
    baseline: floor,
    pglite,
    postgres,
  };
}
