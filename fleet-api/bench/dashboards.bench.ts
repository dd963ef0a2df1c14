/**
 * The device dashboards and the analysis page at fleet size (issue 14): 1,000,000 devices
 * (BENCH_DEVICES overrides) seeded with seedDemoFleet, on PGlite on disk and on PostgreSQL (ctx.pgUrl).
 * For each database, p50/p95 through app.inject (routing, token, validation, SQL, serialisation) of
 * every dashboard call as Admin (every line, and livelink, the largest) and under the agency prefix
 * as the largest agency, the monthly device list with every count a cache miss too, and every
 * analysis call. Target: p95 <= 200 ms for each.
 */
import { buildApp } from '../src/app';
import { testConfig } from '../src/config';
import type { Db } from '../src/db';
import { seedDemoFleet } from '../src/seed';
import type { BenchContext } from './types';
import { onEachDatabase } from './databases';
import { answerOf, measure as measureRuns, signedInToken } from './measure';

export const name = 'dashboards';

const DEVICES = Number(process.env.BENCH_DEVICES ?? 1_000_000);
const RUNS = Number(process.env.BENCH_DASHBOARD_RUNS ?? 30);
const WARMUP = 3;
const TARGET_P95_MS = 200;

/** p50/p95 of `fn` over RUNS calls after the warm-ups; `before` runs untimed before each call. */
const measure = (fn: () => Promise<unknown>, before?: () => Promise<unknown>) => measureRuns(fn, { runs: RUNS, warmup: WARMUP, before });

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
    const admin = { authorization: `Bearer ${await signedInToken(app, 'admin@demo.test')}` };
    const agency = { authorization: `Bearer ${await signedInToken(app, 'agency@demo.test')}` };
    const get = (url: string, headers: Record<string, string>) => answerOf(app, url, headers);
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
  return {
    what:
    `Every device-dashboard call (Admin: every line and livelink; the largest agency under /api/agency/dashboard) and every analysis call through app.inject, ` +
    `p50/p95 ms over ${RUNS} runs after ${WARMUP} warm-ups; the monthly device list also with every count a cache miss. Shared 2-core machine: see loadAverage.`,
    targets: `p95 <= ${TARGET_P95_MS} ms for every call`,
    ...(await onEachDatabase(name, ctx.pgUrl, benchDatabase)),
  };
}
