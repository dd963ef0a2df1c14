// Two fleet-api instances on one PostgreSQL, each with its own pool and orchestrator, ticking at the
// same time: no device is dispatched twice and the caps hold across both.
import { openDatabase, type Db } from '../../src/db';
import { creationLimits } from '../../src/modules/rollouts/creation';
import { RolloutOrchestrator } from '../../src/modules/rollouts/orchestrator';
import { SETUP_TIMEOUT } from '../support/app';
import { call, otaAppForFile } from '../ota/support';
import { addBody, bulbsOn, report, startRollout } from './support';

// npm test runs the PGlite suite with TEST_DATABASE_URL set to '' (scripts/test.mjs)
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
// PGlite is one connection in one process: there is no second instance to race with.
const describeOnPostgres = onPostgres ? describe : describe.skip;

describeOnPostgres('two orchestrators on one PostgreSQL', () => {
  const t = otaAppForFile();
  let second: Db;
  beforeAll(async () => {
    second = await openDatabase({ databaseUrl: t.db.url });
    await t.db.query("INSERT INTO firmwares (product_line, device_type, version, file_name) VALUES ('bulb', 'bulb', '9.9.0', 'b.bin')");
  }, SETUP_TIMEOUT);
  afterAll(async () => {
    await second?.close();
  });

  it('never dispatch a device twice, and keep max_in_flight between them', async () => {
    const devices = await bulbsOn(t.db, '9.0.1', 300);
    const id = await startRollout(t, addBody('9.0.1', '9.9.0', { max_in_flight: 120, max_per_minute: 100_000, min_finished: 1000 }));
    const one = new RolloutOrchestrator(t.db);
    const two = new RolloutOrchestrator(second);
    let now = Date.parse('2026-11-02T10:00:00Z');
    for (let round = 0; round < 6; round += 1) {
      await Promise.all([one.tick(new Date(now)), two.tick(new Date(now)), one.tick(new Date(now)), two.tick(new Date(now))]);
      const flying = await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM rollout_devices WHERE rollout_id = $1 AND state = 'in_flight'", [id]);
      expect(flying.rows[0]?.n).toBeLessThanOrEqual(120);
      const { rows } = await t.db.query<{ device_id: number }>(
        "SELECT device_id::int AS device_id FROM rollout_devices WHERE rollout_id = $1 AND state = 'in_flight'",
        [id],
      );
      await report(t.db, rows.map((r) => r.device_id), 'installed', '9.9.0');
      now += 60_000;
    }
    const jobs = await t.db.query<{ device_id: number; n: number }>(
      'SELECT device_id::int AS device_id, count(*)::int AS n FROM ota_jobs WHERE push_id = (SELECT push_id FROM rollouts WHERE id = $1) GROUP BY device_id',
      [id],
    );
    expect(jobs.rows.filter((j) => j.n > 1)).toEqual([]);
    expect(jobs.rows.length).toBe(devices.length);
    const info = await call(t, 'GET', `/api/ota/rollout/info?rollout_id=${id}&deviceType=bulb`);
    expect(info.body.info.total).toMatchObject({ installed: 300, in_flight: 0 });
  });

  it('write the rows an add left in turns (each batch once) and still dispatch no device twice', async () => {
    const saved = { ...creationLimits };
    Object.assign(creationLimits, { writtenAtAdd: 10, rowsPerBatch: 100 });
    try {
      const devices = await bulbsOn(t.db, '9.0.2', 250);
      const id = await startRollout(t, addBody('9.0.2', '9.9.0', { waves: [{ percent: 10 }, { percent: 100 }], max_in_flight: 100, min_finished: 1000 }));
      const one = new RolloutOrchestrator(t.db);
      const two = new RolloutOrchestrator(second);
      let now = Date.parse('2026-11-02T12:00:00Z');
      for (let round = 0; round < 8; round += 1) {
        await Promise.all([one.tick(new Date(now)), two.tick(new Date(now))]);
        const { rows } = await t.db.query<{ device_id: number }>(
          "SELECT device_id::int AS device_id FROM rollout_devices WHERE rollout_id = $1 AND state = 'in_flight'",
          [id],
        );
        await report(t.db, rows.map((r) => r.device_id), 'installed', '9.9.0');
        now += 60_000;
      }
      const rows = await t.db.query<{ n: number; distinct: number }>(
        'SELECT count(*)::int AS n, count(DISTINCT device_id)::int AS distinct FROM rollout_devices WHERE rollout_id = $1',
        [id],
      );
      expect(rows.rows[0]).toEqual({ n: 250, distinct: 250 });
      const jobs = await t.db.query<{ device_id: number; n: number }>(
        'SELECT device_id::int AS device_id, count(*)::int AS n FROM ota_jobs WHERE push_id = (SELECT push_id FROM rollouts WHERE id = $1) GROUP BY device_id',
        [id],
      );
      expect(jobs.rows.filter((j) => j.n > 1)).toEqual([]);
      expect(jobs.rows.length).toBe(devices.length);
    } finally {
      Object.assign(creationLimits, saved);
    }
  });
});

if (!onPostgres) {
  it('is skipped on PGlite: one connection in one process has no second instance to race (run with TEST_DATABASE_URL)', () => {
    expect(onPostgres).toBe(false);
  });
}
