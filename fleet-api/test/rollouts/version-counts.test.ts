// Migration 0045's counts per version a rollout's devices run now, when an install commits while the
// rollout's rows are being written (PostgreSQL: PGlite is one connection, nothing races there). Each
// side's trigger cannot see the other's uncommitted rows; the rows' trigger reads the devices FOR SHARE,
// so whichever comes second waits and then sees the other's change, and the count follows the device.
import { openDatabase, type Db } from '../../src/db';
import { addFirmware, otaAppForFile } from '../ota/support';
import { SETUP_TIMEOUT } from '../support/app';
import { creationLimits } from '../../src/modules/rollouts/creation';
import { RolloutOrchestrator } from '../../src/modules/rollouts/orchestrator';
import { addBody, bulbsOn, startRollout } from './support';

const describeOnPostgres = process.env.TEST_DATABASE_URL ? describe : describe.skip;

describeOnPostgres('an install committing while a rollout writes its rows (PostgreSQL)', () => {
  const t = otaAppForFile();
  const saved = { ...creationLimits };
  let second: Db;
  let rollout = 0;
  let spare: number[] = [];

  beforeAll(async () => {
    creationLimits.writtenAtAdd = 10;
    await addFirmware(t, 'bulb', '7.9.0');
    await bulbsOn(t.db, '7.5.1', 4);
    rollout = await startRollout(t, addBody('7.5.1', '7.9.0'));
    await new RolloutOrchestrator(t.db).tick(t.clock.now());
    // devices the test writes rows for by hand, as creation.ts's batches do
    spare = await bulbsOn(t.db, '7.5.2', 2);
    second = await openDatabase({ databaseUrl: t.db.url ?? '' });
  }, SETUP_TIMEOUT);
  afterAll(async () => {
    Object.assign(creationLimits, saved);
    await second?.close();
  });

  const keptMatchesRows = async () => {
    const { rows } = await t.db.query<{ diff: number }>(
      `SELECT count(*)::int AS diff FROM (
         (SELECT rd.rollout_id, rd.wave, d.firmware_version, count(*)::int AS devices
            FROM rollout_devices rd JOIN rollouts r ON r.id = rd.rollout_id JOIN devices d ON d.id = rd.device_id AND d.product_line = r.product_line
           GROUP BY 1, 2, 3
          EXCEPT SELECT rollout_id, wave, firmware_version, devices FROM rollout_current_version_counts)
         UNION ALL
         (SELECT rollout_id, wave, firmware_version, devices FROM rollout_current_version_counts WHERE devices <> 0
          EXCEPT SELECT rd.rollout_id, rd.wave, d.firmware_version, count(*)::int
            FROM rollout_devices rd JOIN rollouts r ON r.id = rd.rollout_id JOIN devices d ON d.id = rd.device_id AND d.product_line = r.product_line
           GROUP BY 1, 2, 3)) x`,
    );
    return rows[0]?.diff;
  };
  const writeRow = (db: Db, device: number) =>
    db.query("INSERT INTO rollout_devices (rollout_id, device_id, wave, position, time_zone, from_version) VALUES ($1, $2, 0, $3, 'Australia/Sydney', '7.5.2')", [
      rollout,
      device,
      1000 + device,
    ]);
  const install = (db: Db, device: number) => db.query("UPDATE devices SET firmware_version = '7.9.0' WHERE id = $1", [device]);
  /** Until PostgreSQL shows a session waiting on a lock (no timed wait), or `done` says the step ended. */
  const someoneWaits = async (done: () => boolean) => {
    while (!done()) {
      const { rows } = await t.db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
      );
      if ((rows[0]?.n ?? 0) > 0) return;
      await new Promise((r) => setImmediate(r));
    }
  };
  /** `firstStep` in a transaction that stays open until `secondStep`, on the other connection, waits on it. */
  async function race(firstStep: (tx: Db) => Promise<unknown>, secondStep: (db: Db) => Promise<unknown>) {
    let holding: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      holding = resolve;
    });
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const first = second.transaction(async (tx) => {
      await firstStep(tx);
      holding();
      await released;
    });
    await held;
    let ended = false;
    const other = t.db.transaction((tx) => secondStep(tx)).finally(() => {
      ended = true;
    });
    await someoneWaits(() => ended);
    const endedWhileHeld = ended;
    release();
    await Promise.all([first, other]);
    // the second step waited: it did not end while the first held its rows
    expect(endedWhileHeld).toBe(false);
  }

  it('counts a device installed before its row is written under the version it installed', async () => {
    const device = spare[0]!;
    await race(
      (tx) => install(tx, device),
      (db) => writeRow(db, device),
    );
    expect(await keptMatchesRows()).toBe(0);
    const { rows } = await t.db.query<{ n: number }>(
      "SELECT devices AS n FROM rollout_current_version_counts WHERE rollout_id = $1 AND wave = 0 AND firmware_version = '7.9.0'",
      [rollout],
    );
    expect(rows[0]?.n).toBeGreaterThan(0);
  });

  it('moves a device installed while its row is being written', async () => {
    const device = spare[1]!;
    await race(
      (tx) => writeRow(tx, device),
      (db) => install(db, device),
    );
    expect(await keptMatchesRows()).toBe(0);
  });
});
