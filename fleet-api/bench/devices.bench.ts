/**
 * Device lists at fleet size (issue 9): 1,000,000 devices (BENCH_DEVICES overrides) seeded with
 * seedDemoFleet, on PGlite on disk and on PostgreSQL (ctx.pgUrl). For each database:
 *
 * - p50/p95 of a page of 25 with its exact total through app.inject: every line newest first, the
 *   Lighting list filtered and sorted, its last page, and a page 20,000 rows deep;
 * - 50 concurrent clients: pages per second of the list with its (cached) total, beside the same page
 *   without a total and beside the same page counting per request (the design before the cache), all
 *   in the same run;
 * - serial-number "contains" searches, every count a cache miss: parts that pick out a few devices,
 *   and a part every serial number of the line shares (the count covers the whole line);
 * - the CSV export of every device as a job, beside a bare COPY of the same rows in the same run, and
 *   the process's RSS growth while it runs.
 */
import { buildApp } from '../src/app';
import { testConfig } from '../src/config';
import type { Db } from '../src/db';
import type { Caller } from '../src/policy/roles';
import { seedDemoFleet } from '../src/seed';
import { CountCache } from '../src/server/count-cache';
import { deviceCopySql, deviceExport } from '../src/modules/devices/export';
import { ExportJobs } from '../src/modules/exports/jobs';
import { listDevices } from '../src/modules/devices/queries';
import type { AppContext } from '../src/server/context';
import { openFileStores } from '../src/storage';
import type { BenchContext } from './types';
import { onEachDatabase } from './databases';
import { measure as measureRuns, signedInToken } from './measure';

export const name = 'devices';

const DEVICES = Number(process.env.BENCH_DEVICES ?? 1_000_000);
const RUNS = Number(process.env.BENCH_DEVICES_RUNS ?? 30);
const WARMUP = 3;
const CLIENTS = 50;
const CONCURRENT_REQUESTS = Number(process.env.BENCH_DEVICES_REQUESTS ?? 1000);

/** p50/p95 of `fn` over RUNS calls after the warm-ups; `before` runs untimed before each call. */
const measure = (fn: (i: number) => Promise<unknown>, before?: () => Promise<unknown>) => measureRuns(fn, { runs: RUNS, warmup: WARMUP, before });

/** Requests per second of `fn` with CLIENTS callers at once, CONCURRENT_REQUESTS in all. */
async function throughput(fn: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < WARMUP; i += 1) await fn();
  let left = CONCURRENT_REQUESTS;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (left > 0) {
        left -= 1;
        await fn();
      }
    }),
  );
  return Math.round((CONCURRENT_REQUESTS / (performance.now() - t0)) * 1000);
}

async function benchDatabase(db: Db, label: string, dataDir: string): Promise<Record<string, unknown>> {
  const seedStarted = performance.now();
  await seedDemoFleet(db, { devices: DEVICES, log: (m) => console.log(`  ${label} ${m}`) });
  const seedMs = Math.round(performance.now() - seedStarted);
  await db.query('ANALYZE devices');
  const config = testConfig({ dataDir, logLevel: 'silent' });
  const app = await buildApp({ db, config });
  try {
    const auth = { authorization: `Bearer ${await signedInToken(app, 'admin@demo.test')}` };
    const get = async (url: string) => {
      const res = await app.inject({ url, headers: auth });
      if (res.statusCode !== 200) throw new Error(`GET ${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      return res.json() as { info: { total: number; data: unknown[] } };
    };
    const enc = (f: unknown) => encodeURIComponent(JSON.stringify(f));
    const lighting = enc([
      { key: 'device_status', value: ['Active'], type: 'multi' },
      { key: 'connection_type', value: ['AP'], type: 'multi' },
    ]);
    const filtered = `/api/bulb/list?filter=${lighting}&sortBy=mac_address&orderBy=asc`;
    const total = (await get(filtered)).info.total;
    const lastPage = Math.max(1, Math.ceil(total / 25));

    const pages = {
      everyLineNewestFirst: await measure(() => get('/api/device/all/devices')),
      lightingFilteredSorted: await measure(() => get(filtered)),
      lightingLastPage: await measure(() => get(`${filtered}&page=${lastPage}`)),
      page800Deep: await measure(() => get('/api/device/all/devices?page=800')),
    };

    // 50 clients at once, in-process (the same query code the call runs), with and without the total.
    const admin: Caller = { userId: 1, userType: 'Admin', email: 'admin@demo.test', sessionId: 'bench', agencyId: null, electricianId: null, companyId: null, siteManagerId: null, customerId: null };
    const query = { filter: decodeURIComponent(lighting), sortBy: 'mac_address', orderBy: 'asc', page: 2 };
    const cache = new CountCache('devices');
    // a total the page never reaches: the same page query, no count at all
    const noTotal = { total: async () => Number.MAX_SAFE_INTEGER } as unknown as CountCache;
    const concurrent = {
      clients: CLIENTS,
      requests: CONCURRENT_REQUESTS,
      withCachedTotalPerSecond: await throughput(() => listDevices(db, admin, 'bulb', query, cache)),
      withoutTotalPerSecond: await throughput(() => listDevices(db, admin, 'bulb', query, noTotal)),
      countingEveryRequestPerSecond: await throughput(() => listDevices(db, admin, 'bulb', query)),
    };
    const ratio = Math.round((concurrent.withCachedTotalPerSecond / concurrent.withoutTotalPerSecond) * 100) / 100;

    // "contains", every count a cache miss (the data version is bumped, untimed, before each run):
    // - the last 5 digits of serial numbers spread over the fleet, a part that picks out a few devices
    //   (what the trigram index serves);
    // - the first 5 characters every serial number of the line shares: the count covers the whole line.
    const missCache = () => db.query("UPDATE table_versions SET version = version + 1 WHERE name = 'devices'");
    const serials = (await db.query<{ s: string }>("SELECT serial_number AS s FROM devices WHERE product_line = 'livelink' AND id % 997 = 0 ORDER BY id LIMIT 60")).rows.map((r) => r.s);
    const containsList = (part: string) => get(`/api/livelink/list?filter=${enc([{ key: 'serial_number', value: part, type: 'single' }])}`);
    const contains = await measure((i) => containsList((serials[(i + serials.length) % serials.length] ?? '000000').slice(-5)), missCache);
    const wholeLinePart = (serials[0] ?? '20000').slice(0, 5);
    const wholeLineMatches = (await containsList(wholeLinePart)).info.total;
    const containsWholeLine = await measure(() => containsList(wholeLinePart), missCache);
    // the same part again with no write in between: the cached total
    const containsWholeLineCached = await measure(() => containsList(wholeLinePart));
    // right after a write, 50 consoles ask for that part at once: they share one count
    const wholeLineQuery = { filter: JSON.stringify([{ key: 'serial_number', value: wholeLinePart, type: 'single' }]) };
    await missCache();
    const [missesBefore, sharedBefore] = [cache.misses, cache.shared];
    const burstStarted = performance.now();
    await Promise.all(Array.from({ length: CLIENTS }, () => listDevices(db, admin, 'livelink', wholeLineQuery, cache)));
    const wholeLineBurst = {
      clients: CLIENTS,
      allAnsweredMs: Math.round(performance.now() - burstStarted),
      countsRun: cache.misses - missesBefore,
      requestsThatWaitedForThatCount: cache.shared - sharedBefore,
    };

    // CSV export of every device but heat pumps in the list's default order (newest first): the job,
    // beside a bare COPY of the same rows in the same order.
    const ctx: Omit<AppContext, 'exports' | 'heartbeat'> = { db, config, instanceId: 'bench', tokens: undefined as never, otpKey: Buffer.alloc(32, 1), live: undefined as never, liveHub: undefined as never, files: openFileStores(db, config.dataDir) };
    const exportsJob = new ExportJobs(ctx, (m) => console.log(m));
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
    }, 100);
    const exportStarted = performance.now();
    const spec = deviceExport(admin, 'all', {});
    const job = await exportsJob.start(admin, spec);
    await exportsJob.settle();
    const exportMs = performance.now() - exportStarted;
    clearInterval(sampler);
    const rows = job.total;
    // the baseline: the same rows and columns by one bare COPY, read and dropped (no job, no file)
    const copyStarted = performance.now();
    let copiedBytes = 0;
    for await (const chunk of db.copyOut(deviceCopySql(["d.product_line <> 'heat_pump'"], true, spec.orderBy))) copiedBytes += chunk.length;
    const copyMs = performance.now() - copyStarted;
    const csvExport = {
      rows,
      jobRowsPerSecond: Math.round(rows / (exportMs / 1000)),
      bareCopyRowsPerSecond: Math.round(rows / (copyMs / 1000)),
      rssGrowthMb: Math.round((rssPeak - rssBefore) / 1048576),
      bytes: copiedBytes,
    };
    return {
      devices: DEVICES,
      seedMs,
      lightingFilteredTotal: total,
      pageOf25WithExactTotalMs: pages,
      concurrent: { ...concurrent, cachedTotalToNoTotalRatio: ratio },
      serialContainsMs: contains,
      serialContainsWholeLine: { part: wholeLinePart, matches: wholeLineMatches, ms: containsWholeLine, cachedMs: containsWholeLineCached, afterAWrite: wholeLineBurst },
      csvExport: { ...csvExport, jobToBareCopyRatio: Math.round((csvExport.jobRowsPerSecond / csvExport.bareCopyRowsPerSecond) * 100) / 100 },
      countCache: { hits: cache.hits, misses: cache.misses, shared: cache.shared },
    };
  } finally {
    await app.close();
  }
}

export async function run(ctx: BenchContext): Promise<Record<string, unknown>> {
  return {
    what:
    'Device lists at fleet size: pages of 25 with exact totals through app.inject (p50/p95 ms over ' +
    `${RUNS} runs after ${WARMUP} warm-ups); ${CLIENTS} concurrent clients in-process with the cached total, without a total, ` +
    'and counting per request; serial "contains" searches missing the count cache each run (identifying parts, and a part ' +
    'the whole line shares, then the same part cached, and 50 clients asking for it at once right after a write); the CSV export job beside a bare ' +
    'COPY of the same rows in the same run, with the RSS growth while it runs. Shared 2-core machine: see loadAverage.',
    targets: 'page p95 <= 150 ms; cached total >= 0.5x no total; contains p95 <= 50 ms; export >= 0.5x bare COPY; RSS growth < 100 MB',
    ...(await onEachDatabase(name, ctx.pgUrl, benchDatabase)),
  };
}
