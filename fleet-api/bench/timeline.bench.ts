/**
 * One device's timeline (issue 23): a heat pump with 10,000 events of every kind (BENCH_TIMELINE_EVENTS)
 * among a modest fleet (BENCH_TIMELINE_DEVICES, every other heat pump with some activity of its own), on
 * PGlite on disk and on PostgreSQL. p50/p95 of the timeline call through app.inject (token, scope,
 * validation, SQL, serialisation) for its first page, a deep page, its last page, a kind filter and
 * under the agency's prefix, each beside the same statements the call sends (recorded from the call),
 * run bare in the same run. Target: p95 <= 100 ms.
 */
import { buildApp } from '../src/app';
import { testConfig } from '../src/config';
import type { Db } from '../src/db';
import { seedDemoFleet } from '../src/seed';
import type { BenchContext } from './types';
import { onEachDatabase } from './databases';
import { answerOf, measure as measureRuns, signedInToken, statementRecorder } from './measure';

export const name = 'timeline';

const DEVICES = Number(process.env.BENCH_TIMELINE_DEVICES ?? 5_000);
const EVENTS = Number(process.env.BENCH_TIMELINE_EVENTS ?? 10_000);
const RUNS = Number(process.env.BENCH_TIMELINE_RUNS ?? 30);
const WARMUP = 3;
const TARGET_P95_MS = 100;
const measure = (fn: () => Promise<unknown>) => measureRuns(fn, { runs: RUNS, warmup: WARMUP });
/** The timeline's own statements (its scope check, its count, its page), not the sign-in hook's. */
const TIMELINE_STATEMENT = /^SELECT 1 FROM devices d WHERE d\.id =|^SELECT \(\(SELECT count\(\*\)|^SELECT t\.src, t\.ref::int/;

/**
 * The device's events, one statement per source, spread over the last year (`n` of each): online and
 * offline 40 %, work-state steps 30 %, faults 10 % (every other one resolved), OTA jobs 5 % (one push),
 * device history 5 %, audit entries 9 % (a third of them bulk moves naming it in touched_ids) and 10
 * rollouts it joined. The other heat pumps get 20 activity events each, so the indexes are not the
 * device's alone.
 */
async function writeEvents(db: Db, device: number, admin: number): Promise<void> {
  const share = (p: number) => Math.round(EVENTS * p);
  const when = (n: number) => `now() - ((g::bigint * 31536000 / ${n}) || ' seconds')::interval`;
  await db.query(
    `INSERT INTO heat_pump_events (device_id, at, event)
     SELECT $1, ${when(share(0.4))}, CASE WHEN g % 2 = 0 THEN 'online' ELSE 'offline' END FROM generate_series(1, ${share(0.4)}) g`,
    [device],
  );
  await db.query(`INSERT INTO heat_pump_events (device_id, at, event, work_state) SELECT $1, ${when(share(0.3))}, 'work_state', g % 3 FROM generate_series(1, ${share(0.3)}) g`, [device]);
  await db.query(
    `INSERT INTO faults (device_id, fault_code, fault_description, history_datetime, fault_status, resolved_at, resolved_by, resolved_by_name)
     SELECT $1, 'E' || (g % 30), 'bench fault', ${when(share(0.1))}, (g % 2)::smallint,
            CASE WHEN g % 2 = 1 THEN ${when(share(0.1))} + interval '1 hour' END, CASE WHEN g % 2 = 1 THEN $2::bigint END, CASE WHEN g % 2 = 1 THEN 'Bench Admin' END
       FROM generate_series(1, ${share(0.1)}) g`,
    [device, admin],
  );
  const push = (await db.query<{ id: number }>(`INSERT INTO ota_pushes (product_line, created_by, target_version, device_count) VALUES ('heat_pump', $1, '9.9.9', 1) RETURNING id::int AS id`, [admin])).rows[0]?.id;
  await db.query(
    `INSERT INTO ota_jobs (push_id, device_id, from_version, to_version, state, created_at, updated_at)
     SELECT $1, $2, '1.0.' || g, '1.0.' || (g + 1), CASE WHEN g % 4 = 0 THEN 'failed' ELSE 'installed' END, ${when(share(0.05))}, ${when(share(0.05))} + interval '10 minutes'
       FROM generate_series(1, ${share(0.05)}) g`,
    [push, device],
  );
  await db.query(
    `INSERT INTO device_history (device_id, event, serial_number, note, created_at)
     SELECT $1, (ARRAY['installed', 'replaced', 'removed'])[1 + g % 3], 'HP' || g, 'bench', ${when(share(0.05))} FROM generate_series(1, ${share(0.05)}) g`,
    [device],
  );
  await db.query(
    `INSERT INTO audit_entries (created_at, actor_id, actor_email, actor_role, action, entity, entity_id, touched_ids, label, changes, prev_hash, hash)
     SELECT ${when(share(0.09))}, $2, 'admin@demo.test', 'Admin', CASE WHEN g % 3 = 0 THEN 'assign' ELSE 'update' END, 'heat_pump',
            CASE WHEN g % 3 = 0 THEN NULL ELSE $1::bigint END, CASE WHEN g % 3 = 0 THEN ARRAY[$1::bigint, $1::bigint + 1] END,
            'bench', '[{"field": "wifi_name", "old": "a", "new": "b"}]', '', ''
       FROM generate_series(1, ${share(0.09)}) g`,
    [device, admin],
  );
  for (let r = 1; r <= 10; r += 1) {
    const rollout = (
      await db.query<{ id: number }>(
        `INSERT INTO rollouts (product_line, name, firmware_version, push_id, selection, max_in_flight, max_per_minute, failure_threshold_percent,
                               min_finished, timeout_minutes, max_device_failures, created_by, created_at)
         VALUES ('heat_pump', $1, '9.9.9', $2, '{}', 10, 10, 5, 10, 30, 2, $3, now() - ($4 || ' days')::interval) RETURNING id::int AS id`,
        [`Bench wave ${r}`, push, admin, r * 30],
      )
    ).rows[0]?.id;
    await db.query(
      `INSERT INTO rollout_devices (rollout_id, device_id, wave, position, time_zone, state, dispatched_at, finished_at)
       VALUES ($1, $2, 1, 1, 'Australia/Sydney', 'installed', now() - ($3 || ' days')::interval, now() - ($3 || ' days')::interval + interval '1 hour')`,
      [rollout, device, r * 30 - 1],
    );
  }
  await db.query(
    `INSERT INTO heat_pump_events (device_id, at, event)
     SELECT d.id, now() - (g || ' hours')::interval, CASE WHEN g % 2 = 0 THEN 'online' ELSE 'offline' END
       FROM devices d CROSS JOIN generate_series(1, 20) g WHERE d.product_line = 'heat_pump' AND d.id <> $1`,
    [device],
  );
  for (const table of ['heat_pump_events', 'faults', 'ota_jobs', 'device_history', 'audit_entries', 'rollout_devices', 'rollouts']) await db.query(`VACUUM ANALYZE ${table}`);
}

async function benchDatabase(db: Db, label: string, dataDir: string): Promise<Record<string, unknown>> {
  await seedDemoFleet(db, { devices: DEVICES, log: (m) => console.log(`  ${label} ${m}`) });
  // the agency's first heat pump, so the agency's prefix reads the same device
  const picked = (
    await db.query<{ device: number; admin: number }>(
      `SELECT d.id::int AS device, (SELECT id::int FROM users WHERE email = 'admin@demo.test') AS admin
         FROM devices d JOIN users u ON u.email = 'agency@demo.test' AND u.agency_id = d.agency_id
        WHERE d.product_line = 'heat_pump' ORDER BY d.id LIMIT 1`,
    )
  ).rows[0];
  if (!picked) throw new Error('the seeded fleet has no heat pump of the demo agency');
  await writeEvents(db, picked.device, picked.admin);

  // the app's database, recording the statements of one call (the bare baseline runs them again)
  const recorder = statementRecorder(db);
  const app = await buildApp({ db: recorder.db, config: testConfig({ dataDir, logLevel: 'silent' }) });
  try {
    const admin = { authorization: `Bearer ${await signedInToken(app, 'admin@demo.test')}` };
    const agency = { authorization: `Bearer ${await signedInToken(app, 'agency@demo.test')}` };
    const get = (url: string, headers: Record<string, string>) => answerOf<{ info: { total: number; data: unknown[] } }>(app, url, headers);
    const total = (await get(`/api/device/timeline?id=${picked.device}&limit=1`, admin)).info.total;
    const last = Math.ceil(total / 25);
    const kinds = encodeURIComponent(JSON.stringify([{ key: 'kind', value: ['edit', 'assignment'], type: 'multi' }]));
    const cases: Array<[string, string, Record<string, string>]> = [
      ['Admin, first page', `/api/device/timeline?id=${picked.device}&page=1&limit=25`, admin],
      ['Admin, page 40 (rows 976-1000)', `/api/device/timeline?id=${picked.device}&page=40&limit=25`, admin],
      [`Admin, last page (${last})`, `/api/device/timeline?id=${picked.device}&page=${last}&limit=25`, admin],
      ['Admin, edits and assignments, first page', `/api/device/timeline?id=${picked.device}&page=1&limit=25&filter=${kinds}`, admin],
      ['Agency, first page', `/api/agency/device/timeline?id=${picked.device}&page=1&limit=25`, agency],
    ];
    const calls: Array<Record<string, unknown>> = [];
    for (const [what, url, headers] of cases) {
      const { result: answer, statements: sent } = await recorder.recorded(() => get(url, headers));
      const statements = sent.filter((s) => TIMELINE_STATEMENT.test(s.sql));
      const callMs = await measure(() => get(url, headers));
      const bareSqlMs = await measure(async () => {
        for (const s of statements) await db.query(s.sql, s.params);
      });
      if (statements.length !== 3) throw new Error(`${what}: recorded ${statements.length} timeline statements, not 3`);
      calls.push({ what, url, total: answer.info.total, rows: answer.info.data.length, statements: statements.length, callMs, bareSqlMs, withinTarget: callMs.p95 <= TARGET_P95_MS });
      console.log(`  ${label} ${what}: call p50 ${callMs.p50} ms, p95 ${callMs.p95} ms; bare SQL p95 ${bareSqlMs.p95} ms (total ${answer.info.total})`);
    }
    const worst = calls.reduce((w, c) => Math.max(w, (c.callMs as { p95: number }).p95), 0);
    const fleet = (await db.query<{ devices: number; events: number }>(`SELECT (SELECT count(*) FROM devices)::int AS devices, (SELECT count(*) FROM heat_pump_events)::int AS events`)).rows[0];
    return { devices: fleet?.devices, heatPumpEventsInFleet: fleet?.events, deviceEvents: total, worstP95Ms: worst, allWithinTarget: worst <= TARGET_P95_MS, calls };
  } finally {
    await app.close();
  }
}

export async function run(ctx: BenchContext): Promise<Record<string, unknown>> {
  return {
    what:
      `GET /api/device/timeline of one heat pump with ${EVENTS} events of every kind among ${DEVICES} devices, through app.inject, p50/p95 ms over ${RUNS} runs ` +
      `after ${WARMUP} warm-ups, beside the call's own statements (recorded from it) run bare on the same database. Shared 2-core machine: see loadAverage.`,
    targets: `p95 <= ${TARGET_P95_MS} ms for every case`,
    ...(await onEachDatabase(name, ctx.pgUrl, benchDatabase)),
  };
}
