/**
 * Staged rollouts at fleet size (issue 22, docs/rollouts.md): BENCH_ROLLOUT_DEVICES (default
 * 1,000,000) bulbs of one version beside the demo fleet, on PGlite on disk and on PostgreSQL. For each
 * database, each figure beside a baseline measured in the same run:
 *
 * - creating a rollout over all of them through `POST /api/ota/rollout/add` (four waves, stratified),
 *   beside the bare `CREATE TABLE ... AS SELECT` of the same devices (the floor of writing them once)
 *   and a bare count of them (the floor of reading them once); the add answers with exact counts and
 *   its rows follow in the background (docs/rollouts.md, Creation), so also the time from the call to
 *   its first wave's rows and to its last wave's rows being written (the first wave may start then);
 * - `GET /api/ota/rollout/info` p50/p95 while 1,000 device state changes a second go through
 *   rollout_devices in batches (BENCH_ROLLOUT_BATCH_MS, default 1,000 every second, two statements each
 *   with its counter update), beside the same calls without them;
 * - the halt latency: from a failure-share condition becoming true (the failures written) to the
 *   rollout being halted, with the orchestrator on its 5 s interval, over 20 runs, beside one tick's
 *   own duration.
 */
import os from 'node:os';
import { buildApp } from '../src/app';
import { testConfig } from '../src/config';
import type { Db } from '../src/db';
import { RolloutOrchestrator } from '../src/modules/rollouts/orchestrator';
import { seedDemoFleet } from '../src/seed';
import type { BenchContext } from './types';
import { onEachDatabase } from './databases';
import { measure, signedInToken, stats } from './measure';

export const name = 'rollouts';

const DEVICES = Number(process.env.BENCH_ROLLOUT_DEVICES ?? 1_000_000);
const RUNS = Number(process.env.BENCH_ROLLOUT_RUNS ?? 100);
const HALT_RUNS = 20;
const TICK_MS = 5000;
const CHANGES_PER_SECOND = 1000;
/** How often a batch of changes is written (100 ms: 100 changes a batch; the orchestrator's tick is 5 s). */
const BATCH_MS = Number(process.env.BENCH_ROLLOUT_BATCH_MS ?? 1000);
/** How long info is read under the changes. */
const LOAD_SECONDS = Number(process.env.BENCH_ROLLOUT_LOAD_SECONDS ?? 20);

const round = (n: number) => Math.round(n * 10) / 10;

async function time(fn: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await fn();
  return round(performance.now() - t0);
}

/** The waves of a rollout whose rows are still to be written (0 when all are). */
async function unwrittenWaves(db: Db, id: number): Promise<{ first: number; all: number }> {
  const { rows } = await db.query<{ first: number; all: number }>(
    'SELECT coalesce(sum(unwritten) FILTER (WHERE wave = 0), 0)::int AS first, coalesce(sum(unwritten), 0)::int AS "all" FROM rollout_waves WHERE rollout_id = $1',
    [id],
  );
  return rows[0] ?? { first: 0, all: 0 };
}

async function benchDatabase(db: Db, label: string, dataDir: string): Promise<Record<string, unknown>> {
  // a kept PGlite folder (BENCH_ROLLOUTS_PGLITE_DIR) of an earlier run has its bulbs already
  const kept = (await db.query<{ n: number }>("SELECT count(*)::int AS n FROM devices WHERE serial_number LIKE 'RLB%'")).rows[0]?.n ?? 0;
  if (kept === 0) await seedDemoFleet(db, { devices: 700, log: (m) => console.log(`  ${label} ${m}`) });
  const agencies = (await db.query<{ id: number }>('SELECT id::int AS id FROM agencies ORDER BY id')).rows.map((r) => r.id);
  console.log(`  ${label}: ${DEVICES} bulbs${kept > 0 ? ` (kept: ${kept})` : ''}`);
  const loadMs = kept > 0 ? null : await time(() =>
    db.query(
      `INSERT INTO devices (product_line, serial_number, mac_address, firmware_version, agency_id, created_at)
       SELECT 'bulb', 'RLB' || lpad(n::text, 8, '0'), upper(lpad(to_hex(n), 12, '0')), '0.9.0', ($2::bigint[])[1 + n % array_length($2::bigint[], 1)],
              now() - n * interval '1 second'
         FROM generate_series(1, $1::int) AS n`,
      [DEVICES, agencies],
    ),
  );
  if (kept === 0) {
    await db.query("INSERT INTO firmwares (product_line, device_type, version, file_name) VALUES ('bulb', 'bulb', '0.9.9', 'bench.bin'), ('bulb', 'bulb', '0.9.8', 'bench.bin')");
  } else {
    // the earlier run's rollouts are over: none holds the bulbs, and its halt runs' bulbs go back
    await db.query("UPDATE rollouts SET state = 'aborted', finished_at = now() WHERE state <> 'finished' AND state <> 'aborted'");
    await db.query("UPDATE devices SET firmware_version = '0.9.0' WHERE serial_number LIKE 'RLB%' AND firmware_version <> '0.9.0'");
  }
  await db.query('ANALYZE devices');
  // rollouts on: the add's own job writes the rows once it has answered (no orchestrator ticks here)
  const app = await buildApp({ db, config: testConfig({ dataDir, logLevel: 'silent', rollouts: { enabled: true, intervalMs: TICK_MS } }) });
  try {
    const auth = { authorization: `Bearer ${await signedInToken(app, 'admin@demo.test')}` };
    const call = async (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) => {
      let res = await app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });
      if (res.statusCode === 401) {
        // a run on a loaded machine outlasts the access token: sign in again, as the console would
        auth.authorization = `Bearer ${await signedInToken(app, 'admin@demo.test')}`;
        res = await app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });
      }
      if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      return res.json() as { info: Record<string, unknown> };
    };
    const body = (from: string, target: string, extra: object = {}) => ({
      deviceType: 'bulb',
      name: `Bench ${target}`,
      firmware_version: target,
      from_versions: [from],
      waves: [{ percent: 1 }, { percent: 10 }, { percent: 50 }, { percent: 100 }],
      max_in_flight: 500,
      max_per_minute: 100_000,
      failure_threshold_percent: 10,
      min_finished: 50,
      timeout_minutes: 60,
      max_device_failures: 2,
      ...extra,
    });

    // 1. creation over every bulb of the version, beside writing the same rows once
    const bareMs = await time(async () => {
      await db.query(
        "CREATE TABLE bench_rollout_floor AS SELECT d.id, d.firmware_version FROM devices d WHERE d.product_line = 'bulb' AND d.firmware_version = '0.9.0'",
      );
      await db.query('DROP TABLE bench_rollout_floor');
    });
    const countMs = await time(() => db.query("SELECT count(*) FROM devices d WHERE d.product_line = 'bulb' AND d.firmware_version = '0.9.0'"));
    let rolloutId = 0;
    let answer: Record<string, unknown> = {};
    const started = performance.now();
    const createMs = await time(async () => {
      answer = (await call('POST', '/api/ota/rollout/add', body('0.9.0', '0.9.9'))).info;
      rolloutId = Number(answer.id);
    });
    // the rows written after the answer, in position order: the first wave's first
    let firstWaveReadyMs: number | null = null;
    for (;;) {
      const left = await unwrittenWaves(db, rolloutId);
      if (left.first === 0 && firstWaveReadyMs === null) firstWaveReadyMs = round(performance.now() - started);
      if (left.all === 0) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const readyMs = round(performance.now() - started);
    const created = await call('GET', `/api/ota/rollout/info?deviceType=bulb&rollout_id=${rolloutId}`);
    const waveDevices = (created.info.waves as Array<{ devices: number }>).map((w) => w.devices);
    console.log(
      `  ${label}: added over ${String(answer.devices)} devices in ${createMs} ms (bare write ${bareMs} ms, bare count ${countMs} ms); first wave written at ${firstWaveReadyMs} ms, all at ${readyMs} ms`,
    );

    // 2. info while 1,000 state changes a second flow through the rollout's rows
    const infoUrl = `/api/ota/rollout/info?deviceType=bulb&rollout_id=${rolloutId}`;
    const quiet = await measure(() => call('GET', infoUrl), { runs: RUNS, warmup: 5 });

    // the devices in the rollout's order, so each change finds its rows by key
    const order = (
      await db.query<{ device_id: number }>('SELECT device_id::int AS device_id FROM rollout_devices WHERE rollout_id = $1 ORDER BY position', [rolloutId])
    ).rows.map((r) => r.device_id);
    let position = 0;
    let changes = 0;
    let loading = true;
    // Devices' reports reach rollout_devices in batches, as the orchestrator writes them (one UPDATE of
    // the reported devices per tick, one of the dispatched ones): every BATCH_MS, half the batch starts
    // and the half before it finishes, two statements each with its counter update.
    const half = Math.max(1, Math.round((CHANGES_PER_SECOND * BATCH_MS) / 1000 / 2));
    const load = (async () => {
      while (loading) {
        const started = performance.now();
        await db.query(`UPDATE rollout_devices SET state = 'in_flight', dispatched_at = now() WHERE rollout_id = $1 AND device_id = ANY($2::bigint[])`, [
          rolloutId,
          order.slice(position, position + half),
        ]);
        await db.query(`UPDATE rollout_devices SET state = 'installed', finished_at = now() WHERE rollout_id = $1 AND device_id = ANY($2::bigint[])`, [
          rolloutId,
          order.slice(Math.max(0, position - half), position),
        ]);
        position += half;
        changes += position > half ? 2 * half : half;
        await new Promise((r) => setTimeout(r, Math.max(0, BATCH_MS - (performance.now() - started))));
      }
    })();
    // info as a console reads it (every 50 ms) for LOAD_SECONDS, so the calls see many batches
    const loadStarted = performance.now();
    const samples: number[] = [];
    while (performance.now() - loadStarted < LOAD_SECONDS * 1000) {
      samples.push(await time(() => call('GET', infoUrl)));
      await new Promise((r) => setTimeout(r, 50));
    }
    const loaded = stats(samples);
    const changesPerSecond = Math.round(changes / ((performance.now() - loadStarted) / 1000));
    loading = false;
    await load;
    const loadAverageAfterLoad = os.loadavg();
    // the rollout's device list (its rows written, and the load's ~20,000 devices in flight or installed at
    // the start of the rollout's order): a page of 25 with its exact total, as the console asks it, for
    // every filter kind and sort of docs/rollouts.md, and the deepest pages
    const list = (query: string) => `/api/ota/rollout/devices?deviceType=bulb&rollout_id=${rolloutId}&limit=25&${query}`;
    const filter = (key: string, value: unknown, type: 'single' | 'multi' = 'single') => `filter=${encodeURIComponent(JSON.stringify([{ key, value, type }]))}`;
    const sorted = (key: string, dir: 'asc' | 'desc') => `sortBy=${key}&orderBy=${dir}`;
    const middle = Math.ceil(DEVICES / 25 / 2);
    const listQueries: Record<string, string> = {
      firstPage: 'page=1',
      stateQueued: filter('state', ['queued'], 'multi'),
      statesInFlightInstalled: filter('state', ['in_flight', 'installed'], 'multi'),
      waveTwo: filter('wave', 2),
      serialSearch: filter('serial_number', 'RLB0012'),
      firmwareVersion: filter('firmware_version', '0.9.0'),
      fromVersion: filter('from_version', '0.9.0'),
      bySerialDesc: sorted('serial_number', 'desc'),
      byMacAsc: sorted('mac_address', 'asc'),
      byStateDesc: sorted('state', 'desc'),
      byWaveAsc: sorted('wave', 'asc'),
      byFailuresDesc: sorted('failures', 'desc'),
      byDispatchedDesc: sorted('dispatched_at', 'desc'),
      byFinishedAsc: sorted('finished_at', 'asc'),
      byFirmwareDesc: sorted('firmware_version', 'desc'),
      lastPage: `page=${Math.ceil(DEVICES / 25)}`,
      middlePage: `page=${middle}`,
      // the middle pages of the other sorts: offset paging's deepest, each found from rollout_devices alone
      // (serial, MAC and firmware version from the copies each row keeps, 0047)
      middleByStateDesc: `${sorted('state', 'desc')}&page=${middle}`,
      middleByWaveAsc: `${sorted('wave', 'asc')}&page=${middle}`,
      middleByFailuresDesc: `${sorted('failures', 'desc')}&page=${middle}`,
      middleByDispatchedDesc: `${sorted('dispatched_at', 'desc')}&page=${middle}`,
      middleByFinishedAsc: `${sorted('finished_at', 'asc')}&page=${middle}`,
      middleBySerialDesc: `${sorted('serial_number', 'desc')}&page=${middle}`,
      middleByMacAsc: `${sorted('mac_address', 'asc')}&page=${middle}`,
      middleByFirmwareDesc: `${sorted('firmware_version', 'desc')}&page=${middle}`,
    };
    const deviceList: Record<string, unknown> = {};
    for (const [key, query] of Object.entries(listQueries)) {
      const total = Number((await call('GET', list(query))).info.total);
      // the middle page (offset paging's deepest) and the counted version filters are seconds a call: fewer runs
      const runs = ['middlePage', 'firmwareVersion', 'fromVersion'].includes(key) ? 5 : Math.min(RUNS, 30);
      deviceList[key] = { total, query, ...(await measure(() => call('GET', list(query)), { runs, warmup: 1 })) };
      console.log(`  ${label}: device list ${key} p95 ${(deviceList[key] as { p95: number }).p95} ms (total ${total})`);
    }
    // the baseline of the middle pages by the rollout's columns: the same page read as before 2026-11-28,
    // every row before it joined to its device (bare SQL, seconds a run: 3 runs)
    const middleByStateJoined = await measure(
      () =>
        db.query(
          `SELECT rd.device_id, d.serial_number, d.mac_address, rd.wave, rd.state, rd.failures, d.firmware_version
             FROM rollout_devices rd JOIN devices d ON d.id = rd.device_id AND rd.rollout_id = $1 AND d.product_line = 'bulb'
            ORDER BY rd.state DESC NULLS LAST, rd.position DESC LIMIT 25 OFFSET $2`,
          [rolloutId, (middle - 1) * 25],
        ),
      { runs: 3, warmup: 0 },
    );
    console.log(`  ${label}: middle page by state, every row before it joined (bare) p95 ${middleByStateJoined.p95} ms`);
    // and of the middle page by serial as read before 0047: the devices' OTA rows in serial order, each
    // looked up in the rollout (bare SQL, seconds a run: 3 runs)
    const middleBySerialJoined = await measure(
      () =>
        db.query(
          `SELECT rd.device_id, d.serial_number, d.mac_address, rd.wave, rd.state, rd.failures, d.firmware_version
             FROM rollout_devices rd JOIN ota_device_rows d ON d.device_id = rd.device_id AND rd.rollout_id = $1 AND d.device_type = 'bulb'
            ORDER BY d.serial_number DESC NULLS LAST, rd.device_id DESC LIMIT 25 OFFSET $2`,
          [rolloutId, (middle - 1) * 25],
        ),
      { runs: 3, warmup: 0 },
    );
    console.log(`  ${label}: middle page by serial, the devices' order looked up in the rollout (bare) p95 ${middleBySerialJoined.p95} ms`);
    await call('PUT', '/api/ota/rollout/abort', { rollout_id: rolloutId, deviceType: 'bulb' });

    // 3. halt latency: failures written past the threshold, the orchestrator on its interval
    const orchestrator = new RolloutOrchestrator(db);
    const latencies: number[] = [];
    const ticks: number[] = [];
    await db.query("UPDATE devices SET firmware_version = '0.9.5' WHERE id IN (SELECT id FROM devices WHERE product_line = 'bulb' ORDER BY id LIMIT 200)");
    for (let run = 0; run < HALT_RUNS; run += 1) {
      const id = Number((await call('POST', '/api/ota/rollout/add', body('0.9.5', '0.9.8', { name: `Halt ${run}`, waves: [{ percent: 100 }] }))).info.id);
      ticks.push(await time(() => orchestrator.tick(new Date())));
      orchestrator.start(TICK_MS, () => new Date(), (err) => console.error(err));
      // a random moment of the interval
      await new Promise((r) => setTimeout(r, Math.random() * TICK_MS));
      await db.query(
        `UPDATE ota_jobs SET state = 'failed' WHERE id IN (SELECT job_id FROM rollout_devices WHERE rollout_id = $1 AND state = 'in_flight' ORDER BY position LIMIT 60)`,
        [id],
      );
      const conditionAt = performance.now();
      for (;;) {
        const info = await call('GET', `/api/ota/rollout/info?deviceType=bulb&rollout_id=${id}`);
        if (info.info.state === 'halted') break;
        await new Promise((r) => setTimeout(r, 50));
      }
      latencies.push(performance.now() - conditionAt);
      await orchestrator.stop();
      await call('PUT', '/api/ota/rollout/abort', { rollout_id: id, deviceType: 'bulb' });
      await db.query("UPDATE ota_jobs SET state = 'failed' WHERE state IN ('queued', 'downloading')");
    }
    const halt = stats(latencies);
    const tick = stats(ticks);
    console.log(`  ${label}: info p95 ${loaded.p95} ms under ${changesPerSecond} changes/s (quiet ${quiet.p95}); halt p95 ${halt.p95} ms (tick p95 ${tick.p95})`);
    return {
      devices: DEVICES,
      loadDevicesMs: loadMs,
      create: {
        ms: createMs,
        devices: answer.devices,
        waveDevices,
        target: '<= 2000 ms',
        how: 'POST /api/ota/rollout/add through app.inject: the answer with the exact counts per wave; the rows follow in the background',
        firstWaveWrittenMs: firstWaveReadyMs,
        allWavesWrittenMs: readyMs,
        baselineBareWriteMs: bareMs,
        baselineBareCountMs: countMs,
      },
      infoUnderLoad: {
        ...loaded,
        changesPerSecond,
        changesPerBatch: 2 * half,
        batchEveryMs: BATCH_MS,
        seconds: LOAD_SECONDS,
        how: 'state changes written in batches (half the batch dispatched, the half before it installed), as the orchestrator writes reports and dispatches per tick',
        target: 'p95 <= 50 ms at 1,000 changes/s',
        baselineQuiet: quiet,
      },
      haltLatency: { ...halt, intervalMs: TICK_MS, target: 'p95 <= 30000 ms', baselineOneTick: tick },
      deviceList: {
        ...deviceList,
        how: 'GET /api/ota/rollout/devices through app.inject, page of 25 with its exact total, after the info load (so ~20,000 devices in flight or installed)',
        loadAverageBefore: loadAverageAfterLoad,
        target: 'p95 <= 150 ms with exact totals',
        baselineInfo: quiet,
        baselineMiddleByStateJoined: { ...middleByStateJoined, how: 'the middle page by state as read before 2026-11-28: OFFSET over the rollout rows joined to their devices, bare SQL' },
        baselineMiddleBySerialJoined: {
          ...middleBySerialJoined,
          how: "the middle page by serial as read before 0047: OFFSET over the devices' OTA rows in serial order, each looked up in the rollout, bare SQL",
        },
      },
    };
  } finally {
    await app.close();
  }
}

export async function run(ctx: BenchContext): Promise<Record<string, unknown>> {
  return onEachDatabase(name, ctx.pgUrl, benchDatabase);
}
