// Migration 0045's counts per version a rollout's devices run now, when an install runs while the rollout's
// rows are being counted (PostgreSQL: PGlite is one connection, nothing races there). The count locks the
// devices' OTA rows against writes, so whichever comes second waits for the other: an install before it
// is in the count, one after it moves the counts (the rollout is counted by then).
import { openDatabase, type Db } from '../../src/db';
import { addFirmware, otaAppForFile } from '../ota/support';
import { SETUP_TIMEOUT } from '../support/app';
import { countRunningVersions, creationLimits } from '../../src/modules/rollouts/creation';
import { RolloutOrchestrator } from '../../src/modules/rollouts/orchestrator';
import { addBody, bulbsOn, startRollout, untilSomeoneWaits } from './support';

const describeOnPostgres = process.env.TEST_DATABASE_URL ? describe : describe.skip;

describeOnPostgres("an install racing the count of a rollout's versions (PostgreSQL)", () => {
  const t = otaAppForFile();
  const saved = { ...creationLimits };
  let second: Db;
  let rollout = 0;
  let devices: number[] = [];

  beforeAll(async () => {
    creationLimits.writtenAtAdd = 10;
    await addFirmware(t, 'bulb', '7.9.0');
    devices = await bulbsOn(t.db, '7.5.1', 14);
    rollout = await startRollout(t, addBody('7.5.1', '7.9.0'));
    await new RolloutOrchestrator(t.db).tick(t.clock.now());
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
  /** The rollout as if its last rows had just been written: not counted yet. */
  const uncounted = async () => {
    await t.db.query('DELETE FROM rollout_versions_counted WHERE rollout_id = $1', [rollout]);
    await t.db.query('DELETE FROM rollout_current_version_counts WHERE rollout_id = $1', [rollout]);
  };
  const installedRows = async () =>
    (
      await t.db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM rollout_devices rd JOIN devices d ON d.id = rd.device_id WHERE rd.rollout_id = $1 AND d.firmware_version = '7.9.0'",
        [rollout],
      )
    ).rows[0]?.n ?? 0;
  const installed = async () =>
    (
      await t.db.query<{ n: number }>(
        "SELECT coalesce(sum(devices), 0)::int AS n FROM rollout_current_version_counts WHERE rollout_id = $1 AND firmware_version = '7.9.0'",
        [rollout],
      )
    ).rows[0]?.n ?? 0;
  const install = (db: Db, device: number) => db.query("UPDATE devices SET firmware_version = '7.9.0' WHERE id = $1", [device]);
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
    await untilSomeoneWaits(t.db, () => ended);
    const endedWhileHeld = ended;
    release();
    await Promise.all([first, other]);
    // the second step waited: it did not end while the first held its rows
    expect(endedWhileHeld).toBe(false);
  }

  it('counts a device whose install was in progress when the count began under the version it installed', async () => {
    await uncounted();
    const before = await installedRows();
    await race(
      (tx) => install(tx, devices[0]!),
      (db) => countRunningVersions(db, rollout),
    );
    expect(await keptMatchesRows()).toBe(0);
    expect(await installed()).toBe(before + 1);
  });

  it('moves the counts for a device installed while the count is in progress, once it is done', async () => {
    await uncounted();
    const before = await installedRows();
    await race(
      (tx) => countRunningVersions(tx, rollout),
      (db) => install(db, devices[1]!),
    );
    expect(await keptMatchesRows()).toBe(0);
    expect(await installed()).toBe(before + 1);
  });
});
