/**
 * The device dashboards and the analysis page at fleet size (issue 14): 1,000,000 devices
 * (BENCH_DEVICES overrides) seeded with seedDemoFleet, on PGlite on disk and on PostgreSQL (ctx.pgUrl).
 * For each database, p50/p95 through app.inject (routing, token, validation, SQL, serialisation) of
 * every dashboard call as Admin (every line, and livelink, the largest) and under the agency prefix
 * as the largest agency, the monthly device list with every count a cache miss too, and every
 * analysis call. Target: p95 <= 200 ms for each.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { testConfig } from '../src/config';
import { migrate, openDatabase, type Db } from '../src/db';
import { DEMO_PASSWORD, seedDemoFleet } from '../src/seed';
import type { BenchContext } from './types';
import { onThrowawayPostgres } from './databases';

export const name = 'dashboards';

const DEVICES = Number(process.env.BENCH_DEVICES ?? 1_000_000);
const RUNS = Number(process.env.BENCH_DASHBOARD_RUNS ?? 30);
const WARMUP = 3;
const TARGET_P95_MS = 200;

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  const r = (n: number) => Math.round(n * 10) / 10;
  return { p50: r(at(0.5)), p95: r(at(0.95)), runs: sorted.length };
}

/** p50/p95 of `fn` over RUNS after the warm-ups; `before` runs untimed before each call. */
async function measure(fn: () => Promise<unknown>, before?: () => Promise<unknown>) {
  for (let i = 0; i < WARMUP; i += 1) {
    await before?.();
    await fn();
  }
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    await before?.();
    const t0 = performance.now();
    await fn();
    samples.push(performance.now() - t0);
  }
  return stats(samples);
}

async function tokenOf(app: FastifyInstance, email: string): Promise<string> {
  const login = await app.inject({ method: 'POST', url: '/api/authenticate/login', payload: { email, password: DEMO_PASSWORD } });
  if (login.statusCode !== 200) throw new Error(`login ${email}: ${login.statusCode} ${login.body}`);
  const mails = await app.inject({ url: `/api/dev/outbox?to=${encodeURIComponent(email)}` });
  const text = (mails.json() as { info: { data: Array<{ text: string }> } }).info.data[0]?.text ?? '';
  const otp = /\b(\d{6})\b/.exec(text)?.[1];
  const res = await app.inject({ method: 'POST', url: '/api/authenticate/login-otp', payload: { email, otp } });
  if (res.statusCode !== 200) throw new Error(`login-otp ${email}: ${res.statusCode} ${res.body}`);
  return (res.json() as { token: string }).token;
}

/** The dashboard calls of one prefix, for one line (query strings as the console sends them). */
function dashboardCalls(prefix: string, line: string, year: number, month: number): Array<[string, string]> {
  const perLine = line === 'all' ? `${prefix}/month-device?deviceType=all&` : `${prefix}/month-device-${line}?`;
  return [
    ['getusercountandversion', `${prefix}/getusercountandversion?deviceType=${line}`],
    ['getdevicegraphdata', `${prefix}/getdevicegraphdata?year=${year}&deviceType=${line}`],
    ['getdeviceoverview', `${prefix}/getdeviceoverview?deviceType=${line}`],
    ['getdevicemonthlyconsumptionnew', `${prefix}/getdevicemonthlyconsumptionnew?year=${year}&deviceType=${line}`],
    ['getdevicemonthlyAverageConsumtion', `${prefix}/getdevicemonthlyAverageConsumtion?year=${year}&deviceType=${line}`],
    ['getdeviceconsumptionoverviewnew', `${prefix}/getdeviceconsumptionoverviewnew?deviceType=${line}`],
    ['month-device (All)', `${perLine}month=${month}&year=${year}&page=1&limit=25&orderBy=desc&sortBy=created_at&deviceStatus=All`],
    ['month-device (Active, page 4)', `${perLine}month=${month}&year=${year}&page=4&limit=25&orderBy=desc&sortBy=created_at&deviceStatus=Active`],
  ];
}

const ANALYSIS = ['users', 'deviceusers', 'weeklyreportusers', 'autosyncusers', 'unsubscribedusers', 'averagebatterylife', 'weeklyreports', 'locationprefernce', 'synchedData', 'appversionlist'];

async function benchDatabase(db: Db, label: string, dataDir: string): Promise<Record<string, unknown>> {
  const seedStarted = performance.now();
  await seedDemoFleet(db, { devices: DEVICES, log: (m) => console.log(`  ${label} ${m}`) });
  const seedMs = Math.round(performance.now() - seedStarted);
  const app = await buildApp({ db, config: testConfig({ dataDir, logLevel: 'silent' }) });
  try {
    const admin = { authorization: `Bearer ${await tokenOf(app, 'admin@demo.test')}` };
    const agency = { authorization: `Bearer ${await tokenOf(app, 'agency@demo.test')}` };
    const get = async (url: string, headers: Record<string, string>) => {
      const res = await app.inject({ url, headers });
      if (res.statusCode !== 200) throw new Error(`GET ${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      return res.json() as { info: unknown };
    };
    // last year, a month with a full month of installations and readings
    const year = new Date().getUTCFullYear() - 1;
    const month = 6;
    const missCache = () => db.query("UPDATE table_versions SET version = version + 1 WHERE name = 'devices'");
    const calls: Array<Record<string, unknown>> = [];
    const run = async (who: string, call: string, url: string, headers: Record<string, string>, before?: () => Promise<unknown>) => {
      const ms = await measure(() => get(url, headers), before);
      calls.push({ who, call, url, ms, withinTarget: ms.p95 <= TARGET_P95_MS });
      console.log(`  ${label} ${who} ${call}: p50 ${ms.p50} ms, p95 ${ms.p95} ms`);
    };
    for (const line of ['all', 'livelink']) {
      for (const [call, url] of dashboardCalls('/api/dashboard', line, year, month)) await run(`Admin ${line}`, call, url, admin);
    }
    for (const [call, url] of dashboardCalls('/api/agency/dashboard', 'all', year, month)) await run('Agency all', call, url, agency);
    const [, monthAll] = dashboardCalls('/api/dashboard', 'all', year, month)[6] ?? ['', ''];
    await run('Admin all', 'month-device (All), every count a cache miss', monthAll, admin, missCache);
    const [, monthAgency] = dashboardCalls('/api/agency/dashboard', 'all', year, month)[6] ?? ['', ''];
    await run('Agency all', 'month-device (All), every count a cache miss', monthAgency, agency, missCache);
    for (const call of ANALYSIS) await run('Admin', `analysis/${call}`, `/api/analysis/${call}?${['users', 'unsubscribedusers', 'weeklyreports', 'synchedData'].includes(call) ? `year=${year}` : ''}`, admin);
    const counts = (await db.query<{ devices: number; customers: number; readings: number; tallies: number }>(
      `SELECT (SELECT count(*) FROM devices)::int AS devices, (SELECT count(*) FROM customers)::int AS customers,
              (SELECT count(*) FROM device_readings)::int AS readings,
              ((SELECT count(*) FROM device_tallies) + (SELECT count(*) FROM device_months) + (SELECT count(*) FROM energy_monthly)
               + (SELECT count(*) FROM user_tallies))::int AS tallies`,
    )).rows[0];
    const worst = calls.reduce((w, c) => Math.max(w, (c.ms as { p95: number }).p95), 0);
    return { devices: DEVICES, seedMs, rows: counts, worstP95Ms: worst, allWithinTarget: worst <= TARGET_P95_MS, calls };
  } finally {
    await app.close();
  }
}

export async function run(ctx: BenchContext): Promise<Record<string, unknown>> {
  const files = mkdtempSync(path.join(os.tmpdir(), 'fleet-bench-dashboards-files-'));
  const results: Record<string, unknown> = {
    what:
      `Every device-dashboard call (Admin: every line and livelink; the largest agency under /api/agency/dashboard) and every analysis call through app.inject, ` +
      `p50/p95 ms over ${RUNS} runs after ${WARMUP} warm-ups; the monthly device list also with every count a cache miss. Shared 2-core machine: see loadAverage.`,
    targets: `p95 <= ${TARGET_P95_MS} ms for every call`,
  };
  try {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'fleet-bench-dashboards-pglite-'));
    try {
      console.log(`PGlite on disk (${dir}), ${DEVICES} devices`);
      const db = await openDatabase({ dataDir: dir });
      try {
        await migrate(db);
        results.pglite = await benchDatabase(db, 'pglite', path.join(files, 'pglite'));
      } finally {
        await db.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    if (ctx.pgUrl) {
      console.log(`PostgreSQL, ${DEVICES} devices`);
      results.postgres = await onThrowawayPostgres(ctx.pgUrl, 'dashboards', async (db) => {
        await migrate(db);
        return benchDatabase(db, 'postgres', path.join(files, 'postgres'));
      });
    } else {
      results.postgres = 'not run: no PostgreSQL server (BENCH_DATABASE_URL or scripts/pg-server.sh)';
    }
  } finally {
    rmSync(files, { recursive: true, force: true });
  }
  return results;
}
