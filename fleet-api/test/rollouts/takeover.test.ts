// A rollout step of an instance that dies (issue 25, "Jobs across instances"): the step holds the
// rollout's row in its transaction, so another instance's tick skips it; once the dying instance's
// connection is gone (kill -9 closes its socket; here the server ends it) the transaction rolls back
// and the next tick of the living instance writes the rows and dispatches. PostgreSQL only: on PGlite
// there is one instance.
import { Client } from 'pg';
import { creationLimits } from '../../src/modules/rollouts/creation';
import { RolloutOrchestrator } from '../../src/modules/rollouts/orchestrator';
import { SETUP_TIMEOUT } from '../support/app';
import { otaAppForFile } from '../ota/support';
import { addBody, bulbsOn, startRollout } from './support';

const onPostgres = process.env.TEST_DATABASE_URL ? describe : describe.skip;

onPostgres('a rollout whose instance died mid-step', () => {
  const t = otaAppForFile();
  const saved = { ...creationLimits };
  beforeAll(async () => {
    await t.db.query("INSERT INTO firmwares (product_line, device_type, version, file_name) VALUES ('bulb', 'bulb', '7.9.1', 'b.bin')");
    Object.assign(creationLimits, { writtenAtAdd: 10, rowsPerBatch: 20 });
  }, SETUP_TIMEOUT);
  afterAll(async () => {
    Object.assign(creationLimits, saved);
  });

  const counts = async (id: number) =>
    (
      await t.db.query<{ rows: number; in_flight: number }>(
        "SELECT count(*)::int AS rows, (count(*) FILTER (WHERE state = 'in_flight'))::int AS in_flight FROM rollout_devices WHERE rollout_id = $1",
        [id],
      )
    ).rows[0];

  it("is taken over by the living instance's next tick once the dead one's connection is gone", async () => {
    await bulbsOn(t.db, '7.1.0', 30);
    const id = await startRollout(t, addBody('7.1.0', '7.9.1', { max_in_flight: 1 }));
    // the dying instance's connection, in the middle of a step: the rollout's row held, as writeStep
    // and the orchestrator's step hold it
    const dying = new Client({ connectionString: t.db.url });
    const lost = new Promise<string>((resolve) => dying.on('error', (err) => resolve(err.message)));
    await dying.connect();
    await dying.query('BEGIN');
    await dying.query('SELECT id FROM rollouts WHERE id = $1 FOR UPDATE', [id]);
    const pid = (await dying.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]?.pid;
    const living = new RolloutOrchestrator(t.db);
    await living.tick(new Date());
    expect(await counts(id)).toEqual({ rows: 0, in_flight: 0 });
    // the process dies: PostgreSQL ends its session and rolls its transaction back
    await t.db.query('SELECT pg_terminate_backend($1)', [pid]);
    expect(await lost).toMatch(/terminat/);
    await dying.end().catch(() => undefined);
    await living.tick(new Date());
    expect(await counts(id)).toEqual({ rows: 30, in_flight: 1 });
  });
});
