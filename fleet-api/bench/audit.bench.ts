/**
 * The audit trail's figures (issue 23, "Scale and cost"; docs/audit.md), on PGlite on disk and on
 * PostgreSQL, each beside a baseline measured in the same run:
 *
 * - Recording: real write calls through app.inject (the real sign-in check) on an app built with the
 *   audit trail, alternated call by call with the same calls on an app built with `auditTrail: false`
 *   (same routes, same database, same token). p50/p95 of each and their ratio; target <= 1.10x. Beside them
 *   the floor: one entry appended bare in a transaction of its own (BEGIN, INSERT, COMMIT), the least that
 *   writing the entry in the write's transaction adds to a write that had none.
 * - Lists at BENCH_AUDIT_ENTRIES entries (10,000,000), spread over 2,000 users, 100 organisations and
 *   about 1.2 million objects, written by SQL (the chain trigger off for the fill: the chain of these
 *   entries is not what is measured here): Admin's list by object and by user, an agency's own list,
 *   p50/p95 with their exact totals, beside the statements the call sends run bare. Target p95 <= 150 ms.
 *   BENCH_AUDIT_PGLITE_DIR / BENCH_AUDIT_PG_URL keep (or fill) that database between runs; otherwise it
 *   is filled in a new folder / a throwaway database and dropped afterwards (the fill's time is reported).
 * - Verify: `GET /api/audit/verify` over a valid chain of 100,000 and then 1,000,000 entries (computed
 *   in SQL with the very hash function verify recomputes: fleet_audit_hash), its time beside one bare
 *   statement that recomputes every hash, and the process's peak memory growth while it runs (sampled
 *   every 10 ms): flat from 100,000 to 1,000,000 when it streams. Target < 30 s for 1,000,000.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp } from '../src/app';
import { testConfig } from '../src/config';
import type { Db } from '../src/db';
import { seedDemoFleet } from '../src/seed';
import { entrySelection } from '../src/modules/audit/entries';
import type { Caller } from '../src/policy/roles';
import type { ListQuery } from '../src/server/listing';
import { SqlParams, whereClause } from '../src/server/sql';
import type { BenchContext } from './types';
import { onKeptOrNewPglite, onKeptOrNewPostgres } from './databases';
import { answerOf, measure, signedInToken, stats, statementRecorder, type Stats } from './measure';

export const name = 'audit';

const WRITES = Number(process.env.BENCH_AUDIT_WRITES ?? 500);
const ENTRIES = Number(process.env.BENCH_AUDIT_ENTRIES ?? 10_000_000);
const PGLITE_ENTRIES = Number(process.env.BENCH_AUDIT_PGLITE_ENTRIES ?? ENTRIES);
const VERIFY_SIZES = (process.env.BENCH_AUDIT_VERIFY ?? '100000,1000000').split(',').map(Number);
const RUNS = Number(process.env.BENCH_AUDIT_RUNS ?? 30);
/** Which parts run (all by default): recording, lists, verify, counting (0041's trigger alone). */
const PARTS = new Set((process.env.BENCH_AUDIT_PARTS ?? 'recording,lists,verify,counting').split(','));
const WARMUP = 3;
const FLEET = 1_000;
const TARGET_RATIO = 1.1;
const TARGET_LIST_P95_MS = 150;
const TARGET_VERIFY_MS = 30_000;
/** Entries written per statement while filling: each batch is one transaction. */
const FILL_BATCH = 1_000_000;
/**
 * The list's own statements (its total: a count, the kept count of 0041, or one object's two counts with
 * its page's ids; and its page), not the sign-in check's nor the slice's keys.
 */
const LIST_STATEMENT = /^SELECT count\(\*\)::int AS n FROM audit_entries|^WITH own AS MATERIALIZED|^SELECT coalesce\(sum\(entries\), 0\)::int AS n FROM audit_slice_counts|^SELECT e\.id::int AS id/;
/** Entries written one per transaction, alternately with and without 0041's count trigger. */
const COUNT_WRITES = Number(process.env.BENCH_AUDIT_COUNT_WRITES ?? 300);
const COUNT_BLOCK = 30;

const round = (n: number, places = 1) => Math.round(n * 10 ** places) / 10 ** places;
const secondsSince = (t0: number) => round((performance.now() - t0) / 1000);
const log = (label: string, message: string) => console.log(`  ${label} ${message}`);

async function countOf(db: Db, sql: string, params: unknown[] = []): Promise<number> {
  return (await db.query<{ n: number }>(sql, params)).rows[0]?.n ?? 0;
}

async function bearer(app: FastifyInstance, email: string): Promise<Record<string, string>> {
  return { authorization: `Bearer ${await signedInToken(app, email)}` };
}

// ---------------------------------------------------------------------------------------------
// Recording cost

/**
 * The least that recording can add to a write without a transaction of its own, while the entry is written
 * in the write's transaction: BEGIN, one entry's INSERT (its chain trigger, indexes and kept counts), COMMIT.
 * Run bare beside the calls, one after each pair.
 */
const BARE_ENTRY = `INSERT INTO audit_entries (actor_id, actor_email, actor_role, ip, user_agent, request_id, route, action, entity, entity_id, label, changes, slice_keys, prev_hash, hash)
  VALUES (1, 'admin@demo.test', 'Admin', '127.0.0.1', 'lightMyRequest', $1, 'PUT /api/bench', 'update', 'aggregator', 1, 'Bench Energy',
          '[{"field": "name", "old": "a", "new": "b"}]', '{}', '', '')`;

interface WriteCall {
  what: string;
  request: (i: number) => { method: InjectOptions['method']; url: string; payload: object };
}

async function recordingCost(db: Db, label: string, dataDir: string): Promise<Record<string, unknown>> {
  await seedDemoFleet(db, { devices: FLEET, log: (m) => log(label, m) });
  const config = testConfig({ dataDir, logLevel: 'silent' });
  const recording = await buildApp({ db, config });
  const bare = await buildApp({ db, config, auditTrail: false });
  try {
    const headers = await bearer(recording, 'admin@demo.test');
    const aggregator = await countOf(db, 'SELECT min(id)::int AS n FROM aggregators');
    // an empty group with a target version: its Update Flag may go on and off
    const group = (
      await db.query<{ id: number; line: string }>(
        "INSERT INTO ota_groups (product_line, name, target_version) VALUES ('livelink', 'Bench group', '9.9.9') RETURNING id::int AS id, product_line AS line",
      )
    ).rows[0];
    if (!group) throw new Error('no OTA group was made');
    const writes: WriteCall[] = [
      {
        what: 'rename an aggregator (PUT /api/aggregators/edit/:id: a check and an UPDATE)',
        request: (i) => ({ method: 'PUT', url: `/api/aggregators/edit/${aggregator}`, payload: { name: `Bench Energy ${i}` } }),
      },
      {
        what: "an OTA group's Update Flag on and off (PUT /api/ota/group/update-data: its own transaction, a lock, checks, an UPDATE)",
        request: (i) => ({ method: 'PUT', url: '/api/ota/group/update-data', payload: { deviceType: group.line, group_id: group.id, upgradable: i % 2 === 0 } }),
      },
    ];
    const results: Array<Record<string, unknown>> = [];
    let n = 0;
    for (const write of writes) {
      const call = async (app: FastifyInstance): Promise<number> => {
        const { method, url, payload } = write.request(n);
        n += 1;
        const t0 = performance.now();
        await answerOf(app, url, headers, { method, payload });
        return performance.now() - t0;
      };
      const entriesBefore = await countOf(db, 'SELECT count(*)::int AS n FROM audit_entries');
      const on: number[] = [];
      const off: number[] = [];
      const floor: number[] = [];
      // alternated call by call, each app first every other time, so drift and caches fall on both alike
      for (let i = -WARMUP * 10; i < WRITES; i += 1) {
        const pair = i % 2 === 0 ? [recording, bare] : [bare, recording];
        for (const app of pair) {
          const ms = await call(app);
          if (i >= 0) (app === recording ? on : off).push(ms);
        }
        const t0 = performance.now();
        await db.transaction((tx) => tx.query(BARE_ENTRY, [`bench-floor-${n}`]));
        if (i >= 0) floor.push(performance.now() - t0);
      }
      const recorded = (await countOf(db, 'SELECT count(*)::int AS n FROM audit_entries')) - entriesBefore;
      const calls = WRITES + WARMUP * 10;
      // the premise of the figure: one entry per recorded call, none from the bare app (and the floor's own)
      if (recorded !== 2 * calls) throw new Error(`${write.what}: ${recorded - calls} entries for ${calls} recorded calls`);
      const withEntry = stats(on);
      const without = stats(off);
      const floorMs = stats(floor);
      const ratio = { p50: round(withEntry.p50 / without.p50, 2), p95: round(withEntry.p95 / without.p95, 2) };
      const floorRatio = { p50: round((without.p50 + floorMs.p50) / without.p50, 2), p95: round((without.p95 + floorMs.p95) / without.p95, 2) };
      results.push({ what: write.what, recordingMs: withEntry, withoutRecordingMs: without, ratio, withinTarget: ratio.p50 <= TARGET_RATIO, entryBareMs: floorMs, floorRatio });
      log(
        label,
        `${write.what}: p50 ${withEntry.p50} vs ${without.p50} ms (${ratio.p50}x), p95 ${withEntry.p95} vs ${without.p95} ms (${ratio.p95}x); ` +
          `an entry bare p50 ${floorMs.p50} ms (floor ${floorRatio.p50}x)`,
      );
    }
    return { callsEach: WRITES, writes: results };
  } finally {
    await recording.close();
    await bare.close();
  }
}

// ---------------------------------------------------------------------------------------------
// Lists at ten million entries

const ENTITIES = ['device', 'heat_pump', 'customer', 'property', 'ota_group', 'user', 'site', 'agency'];

/**
 * Adds entries up to `target`, FILL_BATCH per transaction, with the chain trigger off (session_replication_role:
 * the bench runs as a superuser) and seq taken on from the chain's head, which is moved past them. Entry g:
 * by one of 2,000 users (bucket 0 is the demo agency's user) of one of 100 agencies (bucket 0 the demo agency),
 * about one of 8 x 150,000 objects (every 1,000th about one busy device), every 50th a bulk update of 5
 * devices (every 5,000th touching the busy device), 6 s apart over the last two years.
 */
export async function fillEntries(db: Db, label: string, target: number, who: { userId: number; agencyId: number; busyDevice: number }): Promise<{ added: number; seconds: number }> {
  const present = await countOf(db, 'SELECT count(*)::int AS n FROM audit_entries');
  const t0 = performance.now();
  let added = 0;
  while (present + added < target) {
    const rows = Math.min(FILL_BATCH, target - present - added);
    await db.transaction(async (tx) => {
      await tx.query("SELECT set_config('session_replication_role', 'replica', true)");
      const head = (await tx.query<{ last_seq: number }>('SELECT last_seq FROM audit_chain WHERE id = 1 FOR UPDATE')).rows[0]?.last_seq ?? 0;
      await tx.query(
        `INSERT INTO audit_entries (seq, created_at, actor_id, actor_email, actor_role, actor_org_kind, actor_org_id, actor_org_name, ip, user_agent,
                                    request_id, route, action, entity, entity_id, label, changes, bulk, touched_ids, slice_keys, prev_hash, hash)
         SELECT g, now() - interval '730 days' + g * interval '6 seconds',
                CASE WHEN g % 2000 = 0 THEN $3 ELSE 1000000 + g % 2000 END, 'user' || g % 2000 || '@bench.test', 'Agency',
                'agency', CASE WHEN g % 100 = 0 THEN $4 ELSE 1000000 + g % 100 END, 'Bench Agency ' || g % 100, '10.0.' || g % 250 || '.1', 'bench',
                'bench-' || g, 'PUT /api/bench', CASE WHEN g % 50 = 0 THEN 'bulk_update' ELSE 'update' END,
                CASE WHEN g % 1000 = 0 OR g % 50 = 0 THEN 'device' ELSE (ARRAY['${ENTITIES.join("','")}'])[1 + (g / 7) % 8] END,
                CASE WHEN g % 1000 = 0 THEN $5 WHEN g % 50 = 0 THEN NULL ELSE 1 + (g / 56) % 150000 END,
                'Bench object ' || (g / 56) % 150000,
                jsonb_build_array(jsonb_build_object('field', 'name', 'old', 'before ' || g, 'new', 'after ' || g)),
                CASE WHEN g % 50 = 0 THEN '{"count": 5}'::jsonb END,
                CASE WHEN g % 50 = 0 THEN ARRAY[(g / 50) % 150000 + 1, (g / 50) % 150000 + 2, (g / 50) % 150000 + 3, (g / 50) % 150000 + 4,
                                                CASE WHEN g % 5000 = 0 THEN $5 ELSE (g / 50) % 150000 + 5 END]::bigint[] END,
                ARRAY['agency:' || CASE WHEN g % 100 = 0 THEN $4 ELSE 1000000 + g % 100 END, 'customer:' || 1 + g % 50000],
                '', ''
           FROM generate_series($1::bigint + 1, $1::bigint + $2) g`,
        [head, rows, who.userId, who.agencyId, who.busyDevice],
      );
      await tx.query('UPDATE audit_chain SET last_seq = last_seq + $1 WHERE id = 1', [rows]);
    });
    added += rows;
    log(label, `audit entries: ${present + added} (${secondsSince(t0)} s)`);
  }
  if (added > 0) {
    // the fill ran with triggers off: 0041's kept counts are made again from the entries
    await db.query('SELECT fleet_audit_recount()');
    await db.query('VACUUM ANALYZE audit_entries');
  }
  return { added, seconds: secondsSince(t0) };
}

/**
 * What 0041 adds to recording (the kept count and the entry's keys in time order): one entry INSERT in its
 * own transaction (BEGIN, INSERT with the chain trigger, COMMIT, as a write's unit of work ends) with the
 * count trigger and with it disabled, in alternate blocks of COUNT_BLOCK entries (the first two of a block,
 * after the ALTER TABLE, not timed), on the filled table. Entries written while it is off are then given
 * what the trigger would have written.
 */
async function countTriggerCost(db: Db, keys: string[]): Promise<Record<string, unknown>> {
  const toggle = (on: boolean) => db.query(`ALTER TABLE audit_entries ${on ? 'ENABLE' : 'DISABLE'} TRIGGER audit_entries_counted`);
  const write = async (): Promise<{ ms: number; id: number }> => {
    const t0 = performance.now();
    const id = await db.transaction(async (tx) => {
      const { rows } = await tx.query<{ id: number }>(
        `INSERT INTO audit_entries (actor_id, actor_email, actor_role, action, entity, entity_id, label, changes, slice_keys, prev_hash, hash)
         VALUES (1, 'count@bench.test', 'Agency', 'update', 'aggregator', 1, 'Bench count', '[{"field": "name", "old": "a", "new": "b"}]'::jsonb, $1::text[], '', '')
         RETURNING id::int AS id`,
        [keys],
      );
      return rows[0]?.id ?? 0;
    });
    return { ms: performance.now() - t0, id };
  };
  const on: number[] = [];
  const off: number[] = [];
  const uncounted: number[] = [];
  try {
    for (let block = 0; block < (2 * COUNT_WRITES) / COUNT_BLOCK; block += 1) {
      const counted = block % 2 === 0;
      await toggle(counted);
      for (let i = -2; i < COUNT_BLOCK; i += 1) {
        const { ms, id } = await write();
        if (!counted) uncounted.push(id);
        if (i >= 0) (counted ? on : off).push(ms);
      }
    }
  } finally {
    await toggle(true);
  }
  await db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO audit_slice_counts AS c (keys, entries)
       SELECT fleet_audit_counted_keys(slice_keys), count(*) FROM audit_entries WHERE id = ANY($1::bigint[]) GROUP BY 1
       ON CONFLICT (keys) DO UPDATE SET entries = c.entries + excluded.entries`,
      [uncounted],
    );
    await tx.query(
      `INSERT INTO audit_entry_keys (key, created_at, entry_id)
       SELECT k, e.created_at, e.id FROM audit_entries e, unnest(fleet_audit_counted_keys(e.slice_keys)) k WHERE e.id = ANY($1::bigint[])`,
      [uncounted],
    );
  });
  const withCount = stats(on);
  const without = stats(off);
  return {
    what: `an entry's INSERT in its own transaction, ${on.length} each, with 0041's count trigger and without it (blocks of ${COUNT_BLOCK}, alternated)`,
    withCountMs: withCount,
    withoutCountMs: without,
    addedMs: { p50: round(withCount.p50 - without.p50, 2), p95: round(withCount.p95 - without.p95, 2) },
    ratio: { p50: round(withCount.p50 / without.p50, 2), p95: round(withCount.p95 / without.p95, 2) },
  };
}

/** The policy layer's caller of a user, read as the sign-in check reads it. */
async function callerOf(db: Db, email: string): Promise<Caller> {
  const { rows } = await db.query<Caller>(
    `SELECT id::int AS "userId", user_type AS "userType", email, 'bench' AS "sessionId", agency_id::int AS "agencyId",
            electrician_id::int AS "electricianId", company_id::int AS "companyId", site_manager_id::int AS "siteManagerId", customer_id::int AS "customerId"
       FROM users WHERE email = $1`,
    [email],
  );
  const caller = rows[0];
  if (!caller) throw new Error(`no user ${email}`);
  return caller;
}

/**
 * The baseline of a list call measured in the same run: its page and exact total as the list read them
 * before 0041 and the two-query object read (one condition, as the CSV export still selects: the object
 * as one OR, the slice by its GIN index, a count of every matching entry), run bare.
 */
async function singleStatementOf(db: Db, email: string, url: string): Promise<Array<{ sql: string; params: unknown[] }>> {
  const search = new URL(url, 'http://bench').searchParams;
  const query: ListQuery = { page: Number(search.get('page') ?? 1), limit: Number(search.get('limit') ?? 25), ...(search.get('filter') ? { filter: search.get('filter') ?? '' } : {}) };
  const params = new SqlParams();
  const { listing, conditions } = await entrySelection(db, await callerOf(db, email), query, params);
  const source = `FROM audit_entries e ${whereClause(conditions)}`;
  const count = { sql: `SELECT count(*)::int AS n ${source}`, params: params.values.slice() };
  const page = `SELECT e.id::int AS id, e.created_at, e.action, e.entity, e.entity_id, e.label, e.changes ${source} ${listing.orderBy} LIMIT ${params.add(listing.limit)} OFFSET ${params.add(listing.offset)}`;
  return [count, { sql: page, params: params.values }];
}

async function listsAtScale(db: Db, label: string, dataDir: string, entries: number): Promise<Record<string, unknown>> {
  await seedDemoFleet(db, { devices: FLEET, log: (m) => log(label, m) });
  const who = (
    await db.query<{ userId: number; agencyId: number; busyDevice: number }>(
      `SELECT u.id::int AS "userId", u.agency_id::int AS "agencyId", (SELECT min(id)::int FROM devices) AS "busyDevice" FROM users u WHERE u.email = 'agency@demo.test'`,
    )
  ).rows[0];
  if (!who) throw new Error('the seeded fleet has no agency@demo.test');
  const fill = await fillEntries(db, label, entries, who);
  const recorder = statementRecorder(db);
  const app = await buildApp({ db: recorder.db, config: testConfig({ dataDir, logLevel: 'silent' }) });
  try {
    const admin = await bearer(app, 'admin@demo.test');
    const agency = await bearer(app, 'agency@demo.test');
    const filter = (items: object[]) => `&filter=${encodeURIComponent(JSON.stringify(items))}`;
    const object = (entity: string, id: number) => filter([{ key: 'entity', value: [entity], type: 'multi' }, { key: 'entity_id', value: String(id), type: 'single' }]);
    const emailOf = (headers: Record<string, string>) => (headers === admin ? 'admin@demo.test' : 'agency@demo.test');
    const cases: Array<[string, string, Record<string, string>]> = [
      ['Admin, one busy device (entity and entity_id, bulk writes that touched it included)', `/api/audit/list?page=1&limit=25${object('device', who.busyDevice)}`, admin],
      ['Admin, the same device, page 40', `/api/audit/list?page=40&limit=25${object('device', who.busyDevice)}`, admin],
      ['Admin, a typical customer (entity and entity_id)', `/api/audit/list?page=1&limit=25${object('customer', 4242)}`, admin],
      ['Admin, one user (actor_id)', `/api/audit/list?page=1&limit=25${filter([{ key: 'actor_id', value: String(who.userId), type: 'single' }])}`, admin],
      ["Admin's whole list (the kept total)", '/api/audit/list?page=1&limit=25', admin],
      ["An agency's own list (its slice)", '/api/agency/audit/list?page=1&limit=25', agency],
      ["An agency's own list, page 40", '/api/agency/audit/list?page=40&limit=25', agency],
      ["An agency's list, one device", `/api/agency/audit/list?page=1&limit=25${object('device', who.busyDevice)}`, agency],
    ];
    const calls: Array<Record<string, unknown>> = [];
    for (const [what, url, headers] of cases) {
      const get = () => answerOf<{ info: { total: number; data: unknown[] } }>(app, url, headers);
      const { result: answer, statements: sent } = await recorder.recorded(get);
      const statements = sent.filter((s) => LIST_STATEMENT.test(s.sql));
      if (statements.length !== 2) throw new Error(`${what}: recorded ${statements.length} list statements, not 2`);
      const callMs = await measure(get, { runs: RUNS, warmup: WARMUP });
      const bareSqlMs = await measure(
        async () => {
          for (const s of statements) await db.query(s.sql, s.params);
        },
        { runs: RUNS, warmup: WARMUP },
      );
      const before = await singleStatementOf(db, emailOf(headers), url);
      const singleStatementMs = await measure(
        async () => {
          for (const s of before) await db.query(s.sql, s.params);
        },
        { runs: RUNS, warmup: WARMUP },
      );
      calls.push({ what, url, total: answer.info.total, rows: answer.info.data.length, callMs, bareSqlMs, singleStatementMs, withinTarget: callMs.p95 <= TARGET_LIST_P95_MS });
      log(label, `${what}: call p50 ${callMs.p50} ms, p95 ${callMs.p95} ms; bare SQL p95 ${bareSqlMs.p95} ms; one condition and a count p95 ${singleStatementMs.p95} ms (total ${answer.info.total})`);
    }
    const total = await countOf(db, 'SELECT count(*)::int AS n FROM audit_entries');
    // the kept counts hold every entry once (the premise of the figures above)
    const kept = await countOf(db, 'SELECT coalesce(sum(entries), 0)::int AS n FROM audit_slice_counts');
    if (kept !== total) throw new Error(`kept counts say ${kept} entries, the table holds ${total}`);
    const agencyKeys = [`agency:${who.agencyId}`];
    const countTrigger = await countTriggerCost(db, agencyKeys);
    log(label, `count trigger: p50 ${(countTrigger.withCountMs as Stats).p50} vs ${(countTrigger.withoutCountMs as Stats).p50} ms, p95 ${(countTrigger.withCountMs as Stats).p95} vs ${(countTrigger.withoutCountMs as Stats).p95} ms`);
    // the target's calls: Admin's by object or by user (not the whole trail, not an organisation's)
    const worst = calls.filter((c) => String(c.what).startsWith('Admin, ')).reduce((w, c) => Math.max(w, (c.callMs as Stats).p95), 0);
    return { entries: total, fill: { ...fill, entriesPerSecond: fill.added > 0 ? Math.round(fill.added / fill.seconds) : null }, worstByObjectOrUserP95Ms: worst, withinTarget: worst <= TARGET_LIST_P95_MS, calls, countTrigger };
  } finally {
    await app.close();
  }
}

// ---------------------------------------------------------------------------------------------
// Verify of a million entries

/**
 * Appends `count` entries to the chain exactly as the chain trigger would (fleet_audit_hash of each over
 * the hash before it): one INSERT per 100,000 from a recursive query that carries the hash from row to row,
 * the trigger off (it would take the head's row lock once per entry). Rows are made by
 * jsonb_populate_record, so a column added later only stays empty. OFFSET 0 keeps each row one value: since
 * 0040 fleet_audit_hash is inlined, and with the subquery pulled up the row's whole expression was copied
 * into each of the twenty fields it reads.
 */
async function extendChain(db: Db, count: number): Promise<void> {
  for (let done = 0; done < count; done += 100_000) {
    const rows = Math.min(100_000, count - done);
    await db.transaction(async (tx) => {
      await tx.query("SELECT set_config('session_replication_role', 'replica', true)");
      const head = (await tx.query<{ seq: number; hash: string }>('SELECT last_seq AS seq, last_hash AS hash FROM audit_chain WHERE id = 1 FOR UPDATE')).rows[0];
      if (!head) throw new Error('no audit_chain head');
      // entry i of this batch, without its hashes
      const entry = `jsonb_populate_record(NULL::audit_entries, jsonb_build_object(
        'id', nextval(pg_get_serial_sequence('audit_entries', 'id')), 'seq', $1::bigint + i, 'created_at', clock_timestamp(),
        'actor_id', 1000000 + i % 2000, 'actor_email', 'user' || i % 2000 || '@bench.test', 'actor_role', 'Agency',
        'actor_org_kind', 'agency', 'actor_org_id', 1000000 + i % 100, 'actor_org_name', 'Bench Agency ' || i % 100,
        'ip', '10.0.' || i % 250 || '.1', 'request_id', 'bench-' || ($1::bigint + i), 'route', 'PUT /api/bench', 'action', 'update',
        'entity', 'device', 'entity_id', 1 + i % 150000, 'label', 'Bench object ' || i % 150000,
        'changes', jsonb_build_array(jsonb_build_object('field', 'name', 'old', 'before ' || i, 'new', 'after ' || i)),
        'slice_keys', ARRAY['agency:' || 1000000 + i % 100]))`;
      await tx.query(
        `INSERT INTO audit_entries
         WITH RECURSIVE chain(i, e) AS (
           SELECT 1, (SELECT jsonb_populate_record(r, jsonb_build_object('prev_hash', $2::text, 'hash', fleet_audit_hash(r, $2::text)))
                        FROM (SELECT ${entry.replaceAll('i %', '1 %').replaceAll("|| i", '|| 1').replaceAll('+ i', '+ 1')} AS r OFFSET 0) x)
           UNION ALL
           SELECT c.i + 1, (SELECT jsonb_populate_record(r, jsonb_build_object('prev_hash', (c.e).hash, 'hash', fleet_audit_hash(r, (c.e).hash)))
                              FROM (SELECT ${entry.replaceAll('i %', '(c.i + 1) %').replaceAll('|| i', '|| (c.i + 1)').replaceAll('+ i', '+ (c.i + 1)')} AS r OFFSET 0) x)
             FROM chain c WHERE c.i < $3
         )
         SELECT (e).* FROM chain`,
        [head.seq, head.hash, rows],
      );
      await tx.query('UPDATE audit_chain SET last_seq = e.seq, last_hash = e.hash FROM (SELECT seq, hash FROM audit_entries ORDER BY seq DESC LIMIT 1) e WHERE id = 1');
    });
  }
}

/** Runs `fn`, sampling the process's memory every 10 ms: the peak growth of RSS and of the JS heap over where it started. */
async function peakMemory<T>(fn: () => Promise<T>): Promise<{ result: T; rssGrowthMb: number; heapGrowthMb: number }> {
  const start = process.memoryUsage();
  let rss = start.rss;
  let heap = start.heapUsed;
  const sample = () => {
    const m = process.memoryUsage();
    rss = Math.max(rss, m.rss);
    heap = Math.max(heap, m.heapUsed);
  };
  const timer = setInterval(sample, 10);
  try {
    const result = await fn();
    sample();
    const mb = (b: number) => round(b / 2 ** 20);
    return { result, rssGrowthMb: mb(rss - start.rss), heapGrowthMb: mb(heap - start.heapUsed) };
  } finally {
    clearInterval(timer);
  }
}

async function verifyAtScale(db: Db, label: string, dataDir: string): Promise<Record<string, unknown>> {
  await seedDemoFleet(db, { devices: FLEET, log: (m) => log(label, m) });
  const app = await buildApp({ db, config: testConfig({ dataDir, logLevel: 'silent' }) });
  try {
    const admin = await bearer(app, 'admin@demo.test');
    const sizes: Array<Record<string, unknown>> = [];
    for (const size of [...VERIFY_SIZES].sort((a, b) => a - b)) {
      const present = await countOf(db, 'SELECT count(*)::int AS n FROM audit_entries');
      const t0 = performance.now();
      await extendChain(db, size - present);
      const buildSeconds = secondsSince(t0);
      await db.query('VACUUM ANALYZE audit_entries');
      const verifyT0 = performance.now();
      const { result, rssGrowthMb, heapGrowthMb } = await peakMemory(() =>
        answerOf<{ info: { intact: boolean; checked: number } }>(app, '/api/audit/verify', admin),
      );
      const verifyMs = Math.round(performance.now() - verifyT0);
      if (!result.info.intact || result.info.checked !== size) throw new Error(`verify of ${size}: ${JSON.stringify(result.info)}`);
      const bareT0 = performance.now();
      const broken = await countOf(db, 'SELECT count(*)::int AS n FROM audit_entries e WHERE fleet_audit_hash(e, e.prev_hash) <> e.hash');
      const bareMs = Math.round(performance.now() - bareT0);
      if (broken !== 0) throw new Error(`${broken} entries do not match their hash`);
      sizes.push({ entries: size, chainBuiltSeconds: buildSeconds, verifyMs, bareHashScanMs: bareMs, rssGrowthMb, heapGrowthMb, withinTarget: verifyMs < TARGET_VERIFY_MS });
      log(label, `verify of ${size}: ${verifyMs} ms (bare hash scan ${bareMs} ms), peak growth RSS ${rssGrowthMb} MB, heap ${heapGrowthMb} MB`);
    }
    return { sizes };
  } finally {
    await app.close();
  }
}

// ---------------------------------------------------------------------------------------------

const loadAverage = () => os.loadavg().map((l) => round(l, 2));

/**
 * The parts of the results file as it is, each with when it was measured and the load then: a run of
 * some parts (BENCH_AUDIT_PARTS) writes the others back as they were.
 */
function earlierParts(resultsDir: string): Record<string, unknown> {
  let doc: Record<string, unknown>;
  try {
    doc = JSON.parse(readFileSync(path.join(resultsDir, `fleet-api-${name}.json`), 'utf8')) as Record<string, unknown>;
  } catch {
    return {};
  }
  const machine = (doc.machine ?? {}) as Record<string, unknown>;
  const parts: Record<string, unknown> = {};
  for (const key of ['recording', 'lists', 'verify', 'counting']) {
    const value = doc[key];
    if (!value || typeof value !== 'object') continue;
    parts[key] = 'at' in value ? value : { at: doc.at, loadAverageAtStart: machine.loadAverageAtStart, loadAverageAtEnd: machine.loadAverageAtEnd, ...value };
  }
  return parts;
}

export async function run(ctx: BenchContext): Promise<Record<string, unknown>> {
  const files = mkdtempSync(path.join(os.tmpdir(), 'fleet-bench-audit-files-'));
  const dir = (what: string) => path.join(files, what);
  const noServer = 'not run: no PostgreSQL server (BENCH_DATABASE_URL or scripts/pg-server.sh)';
  try {
    const part = async (
      name: string,
      prefix: string,
      keep: { pglite?: string; postgres?: string },
      fn: (db: Db, label: string, dataDir: string) => Promise<Record<string, unknown>>,
    ): Promise<Record<string, unknown> | undefined> => {
      if (!PARTS.has(name)) return undefined;
      const at = new Date().toISOString();
      const loadAtStart = loadAverage();
      const pglite = await onKeptOrNewPglite(keep.pglite, prefix, (db) => fn(db, 'pglite', dir(`${prefix}-pglite`)));
      const postgres = ctx.pgUrl ? await onKeptOrNewPostgres(keep.postgres, ctx.pgUrl, prefix, (db) => fn(db, 'postgres', dir(`${prefix}-postgres`))) : noServer;
      return { at, loadAverageAtStart: loadAtStart, loadAverageAtEnd: loadAverage(), pglite, postgres };
    };
    const recording = await part('recording', 'audit_write', {}, recordingCost);
    const verify = await part('verify', 'audit_verify', {}, verifyAtScale);
    const listDatabases = { pglite: process.env.BENCH_AUDIT_PGLITE_DIR, postgres: process.env.BENCH_AUDIT_PG_URL };
    // the count trigger's cost alone (also measured at the end of the lists), on the lists' kept databases
    const counting = await part('counting', 'audit_lists', listDatabases, async (db, label) => {
      await seedDemoFleet(db, { devices: FLEET, log: (m) => log(label, m) });
      const agencyId = await countOf(db, "SELECT agency_id::int AS n FROM users WHERE email = 'agency@demo.test'");
      const entries = await countOf(db, 'SELECT count(*)::int AS n FROM audit_entries');
      const cost = await countTriggerCost(db, [`agency:${agencyId}`]);
      log(label, `count trigger at ${entries} entries: p50 ${(cost.withCountMs as Stats).p50} vs ${(cost.withoutCountMs as Stats).p50} ms, p95 ${(cost.withCountMs as Stats).p95} vs ${(cost.withoutCountMs as Stats).p95} ms`);
      return { entries, ...cost };
    });
    const lists = await part(
      'lists',
      'audit_lists',
      listDatabases,
      (db, label, dataDir) => listsAtScale(db, label, dataDir, label === 'pglite' ? PGLITE_ENTRIES : ENTRIES),
    );
    // a part left out keeps the figures the file holds when this run ends (another engineer's part, which
    // may have been written while this one ran)
    const earlier = earlierParts(ctx.resultsDir);
    const kept = (partName: string, value: Record<string, unknown> | undefined) => value ?? earlier[partName] ?? 'not run: BENCH_AUDIT_PARTS';
    return {
      what:
        'Issue 23: what recording costs on a write call (through app.inject with its sign-in check, the app with the audit trail ' +
        `alternated call by call with the same app built without it, ${WRITES} calls each after ${WARMUP * 10} warm-ups); ` +
        `the audit lists at ${ENTRIES} entries (PGlite: ${PGLITE_ENTRIES}) by object, by user and an agency's own, p50/p95 ms over ${RUNS} runs ` +
        `after ${WARMUP} warm-ups beside their statements run bare; verify of ${VERIFY_SIZES.join(' and ')} entries with the peak memory growth ` +
        'while it runs, beside one statement that recomputes every hash. Shared 2-core machine: each part has the load average of its own run.',
      targets: `recording <= ${TARGET_RATIO}x at p50; list p95 <= ${TARGET_LIST_P95_MS} ms with exact totals; verify of 1,000,000 < ${TARGET_VERIFY_MS / 1000} s, flat memory`,
      recording: kept('recording', recording),
      lists: kept('lists', lists),
      verify: kept('verify', verify),
      counting: kept('counting', counting),
    };
  } finally {
    rmSync(files, { recursive: true, force: true });
  }
}
