// Each push's job counts per state, kept by migration 0043's statement triggers on ota_jobs: after a
// push's jobs, the simulator's and the orchestrator's batches, deletes of jobs, devices and pushes, and
// from the migration's own backfill, they equal a count of the jobs; two transactions changing jobs of
// the same pushes wait for each other rather than deadlock, and neither's changes are lost (PostgreSQL).
jest.setTimeout(60_000);
import { migrate, openDatabase, type Db } from '../../src/db';
import { pushCounts } from '../../src/modules/ota/rollouts';
import { OtaSimulator } from '../../src/simulator/simulator';
import { openTestDb, type TestDb } from '../support/db';
import { addDevices } from './support';

type Counts = Record<number, Record<string, number>>;

/** What the jobs say: per push, per state, the jobs counted. */
async function counted(db: Db): Promise<Counts> {
  const { rows } = await db.query<{ push_id: number; state: string; n: number }>(
    'SELECT push_id::int AS push_id, state, count(*)::int AS n FROM ota_jobs GROUP BY push_id, state',
  );
  const out: Counts = {};
  for (const r of rows) (out[r.push_id] ??= {})[r.state] = r.n;
  return out;
}

/** What the counters say, as pushCounts reads them for the history and the live events (zeros left out). */
async function kept(db: Db): Promise<Counts> {
  const ids = (await db.query<{ id: number }>('SELECT id::int AS id FROM ota_pushes')).rows.map((r) => r.id);
  const out: Counts = {};
  for (const c of await pushCounts(db, ids)) {
    for (const state of ['queued', 'downloading', 'installed', 'failed'] as const) {
      if (c[state] !== 0) (out[c.push_id] ??= {})[state] = c[state];
    }
  }
  return out;
}

async function expectExact(db: Db): Promise<Counts> {
  const truth = await counted(db);
  expect(await kept(db)).toEqual(truth);
  return truth;
}

async function newPush(db: Db, line = 'bulb'): Promise<number> {
  const { rows } = await db.query<{ id: number }>("INSERT INTO ota_pushes (product_line, target_version) VALUES ($1, '2.0.0') RETURNING id::int AS id", [line]);
  return rows[0]!.id;
}

/** One statement writing queued jobs of several pushes, as a push (or the seed) writes them. */
async function queueJobs(db: Db, jobs: Array<[push: number, devices: number[]]>): Promise<void> {
  await db.query(
    `INSERT INTO ota_jobs (push_id, device_id, from_version, to_version, state)
     SELECT x.push_id, x.device_id, '1.0.0', '2.0.0', 'queued' FROM unnest($1::bigint[], $2::bigint[]) AS x(push_id, device_id)`,
    [jobs.flatMap(([p, ds]) => ds.map(() => p)), jobs.flatMap(([, ds]) => ds)],
  );
}

describe('the job counts kept per push', () => {
  let db: TestDb;
  beforeAll(async () => {
    db = await openTestDb();
  });
  afterAll(async () => {
    await db?.close();
  });

  it('equal a count of the jobs after pushes, simulator and orchestrator batches, and deletes', async () => {
    const devices = await addDevices(db, 'bulb', 'CNT', '1.0.0', 500);
    const [a, b, empty] = [await newPush(db), await newPush(db), await newPush(db)];
    await queueJobs(db, [
      [a, devices.slice(0, 300)],
      [b, devices.slice(300)],
    ]);
    expect(await expectExact(db)).toEqual({ [a]: { queued: 300 }, [b]: { queued: 200 } });
    expect((await pushCounts(db, [empty]))[0]).toMatchObject({ push_id: empty, queued: 0, downloading: 0, installed: 0, failed: 0 });

    // the simulator's batches: each tick finishes what was downloading and starts the next queued jobs
    const sim = new OtaSimulator(db, { batchSize: 170 });
    for (let tick = 0; tick < 3; tick += 1) {
      await sim.tick(new Date());
      await expectExact(db);
    }
    const moved = await counted(db);
    expect(Object.values(moved).some((c) => (c.installed ?? 0) + (c.failed ?? 0) > 0)).toBe(true);

    // the orchestrator's: its timed-out jobs failed in one statement, and jobs dispatched into a rollout's push
    const lost = (await db.query<{ id: number }>("SELECT id::int AS id FROM ota_jobs WHERE state IN ('queued', 'downloading') ORDER BY id DESC LIMIT 40")).rows;
    await db.query("UPDATE ota_jobs SET state = 'failed', updated_at = now() WHERE id = ANY($1::bigint[]) AND state IN ('queued', 'downloading')", [lost.map((r) => r.id)]);
    await expectExact(db);
    const more = await addDevices(db, 'bulb', 'CNU', '1.0.0', 30);
    await db.query(
      `WITH jobs AS (
         INSERT INTO ota_jobs (push_id, device_id, from_version, to_version, state, created_at, updated_at)
         SELECT $1, d.id, d.firmware_version, '2.0.0', 'queued', now(), now() FROM devices d WHERE d.id = ANY($2::bigint[])
         RETURNING id
       ) SELECT count(*) FROM jobs`,
      [empty, more],
    );
    expect((await expectExact(db))[empty]).toEqual({ queued: 30 });

    // a write that keeps every state leaves the counter rows unwritten (no lock, no new row version)
    const versions = async () => (await db.query<{ v: string }>('SELECT push_id::text || xmin::text AS v FROM ota_push_counts ORDER BY push_id')).rows;
    const before = await versions();
    await db.query('UPDATE ota_jobs SET updated_at = now() + interval \'1 second\'');
    expect(await versions()).toEqual(before);
    await expectExact(db);

    // deletes: jobs directly, a device's (its jobs go with it), and a whole push (its counter row too)
    await db.query("DELETE FROM ota_jobs WHERE push_id = $1 AND state = 'failed'", [a]);
    await expectExact(db);
    await db.query('DELETE FROM devices WHERE id = ANY($1::bigint[])', [[devices[0], devices[350], more[0]]]);
    await expectExact(db);
    await db.query('DELETE FROM ota_pushes WHERE id = $1', [b]);
    expect((await db.query('SELECT 1 FROM ota_push_counts WHERE push_id = $1', [b])).rowCount).toBe(0);
    const left = await expectExact(db);
    expect(Object.keys(left).map(Number).sort()).toEqual([a, empty].sort());
  });

  it('are counted by the migration for the pushes written before it', async () => {
    const devices = await addDevices(db, 'heat_pump', 'OLD', '1.0.0', 40);
    const push = await newPush(db, 'heat_pump');
    await queueJobs(db, [[push, devices]]);
    await db.query("UPDATE ota_jobs SET state = 'installed' WHERE push_id = $1 AND device_id % 3 = 0", [push]);
    const truth = await counted(db);
    // as before 0043: no counters; then the migration applied again
    await db.query('DROP TABLE ota_push_counts');
    await db.query('DROP FUNCTION fleet_ota_push_count() CASCADE');
    await db.query("DELETE FROM schema_migrations WHERE name LIKE '0043\\_%'");
    await migrate(db);
    expect(await expectExact(db)).toEqual(truth);
    // and its triggers count again
    await db.query("UPDATE ota_jobs SET state = 'failed' WHERE push_id = $1 AND state = 'queued'", [push]);
    await expectExact(db);
  });

  it('are cleared with the jobs by a TRUNCATE', async () => {
    await db.query('TRUNCATE ota_jobs');
    expect(await kept(db)).toEqual({});
  });
});

// PGlite is one connection: there is no second transaction to race with.
const describeOnPostgres = process.env.TEST_DATABASE_URL ? describe : describe.skip;

describeOnPostgres('two transactions changing jobs of the same pushes (PostgreSQL)', () => {
  let db: TestDb;
  let second: Db;
  beforeAll(async () => {
    db = await openTestDb();
    second = await openDatabase({ databaseUrl: db.url });
  });
  afterAll(async () => {
    await second?.close();
    await db?.close();
  });

  it('wait for each other instead of deadlocking, and both count', async () => {
    const devices = await addDevices(db, 'bulb', 'RACE', '1.0.0', 400);
    const pushes = [await newPush(db), await newPush(db), await newPush(db), await newPush(db)];
    // each push 100 jobs; job ids interleave the pushes
    await queueJobs(db, pushes.map((p, i) => [p, devices.filter((_, k) => k % 4 === i)]));
    // every other job of a push: the two transactions never change the same job
    const jobsOf = async (push: number, half: 0 | 1) =>
      (await db.query<{ id: number }>('SELECT id::int AS id FROM ota_jobs WHERE push_id = $1 ORDER BY id', [push])).rows
        .map((r) => r.id)
        .filter((_, k) => k % 2 === half);
    const start = async (ids: number[], tx: Db) => tx.query("UPDATE ota_jobs SET state = 'downloading' WHERE id = ANY($1::bigint[])", [ids]);

    // The first holds the first push's counter; the second's one statement needs every push's (its jobs
    // listed last push first) and waits at the first; the first then takes the last push's and commits.
    // Had the second taken the last push's row before waiting, the two would deadlock here.
    let secondWaiting: () => void = () => undefined;
    const waited = new Promise<void>((resolve) => {
      secondWaiting = resolve;
    });
    let firstHolds: () => void = () => undefined;
    const holding = new Promise<void>((resolve) => {
      firstHolds = resolve;
    });
    const first = db.transaction(async (tx) => {
      await start(await jobsOf(pushes[0]!, 0), tx);
      firstHolds();
      await waited;
      await start(await jobsOf(pushes[3]!, 0), tx);
    });
    await holding;
    const secondIds = [...(await jobsOf(pushes[3]!, 1)), ...(await jobsOf(pushes[2]!, 1)), ...(await jobsOf(pushes[1]!, 1)), ...(await jobsOf(pushes[0]!, 1))];
    const other = second.transaction((tx) => start(secondIds, tx));
    // until PostgreSQL shows the second waiting on a lock (no timed wait)
    for (;;) {
      const { rows } = await db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
      );
      if ((rows[0]?.n ?? 0) > 0) break;
      await new Promise((r) => setImmediate(r));
    }
    secondWaiting();
    await expect(Promise.all([first, other])).resolves.toBeDefined();
    const truth = await expectExact(db);
    expect(truth[pushes[0]!]).toEqual({ downloading: 100 });
    expect(truth[pushes[3]!]).toEqual({ downloading: 100 });
    expect(truth[pushes[1]!]).toEqual({ queued: 50, downloading: 50 });
  });
});
