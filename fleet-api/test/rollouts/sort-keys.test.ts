// Migration 0047: each rollout row keeps its device's serial, MAC and firmware version's sort key as they
// are now, the device list's sort keys. Written with the row, moved by the device's edits and installs, left
// alone by the wave counters; and on PostgreSQL a device edited while its rollout's rows were being
// written is set right when the writing ends.
import { openDatabase, type Db } from '../../src/db';
import { call, otaAppForFile } from '../ota/support';
import { SETUP_TIMEOUT } from '../support/app';
import { RolloutOrchestrator } from '../../src/modules/rollouts/orchestrator';
import { addBody, bulbsOn, infoOf, startRollout, rolloutsWrittenInSteps, untilSomeoneWaits } from './support';

const t = otaAppForFile();
const TARGET = '7.9.0';
rolloutsWrittenInSteps(t, TARGET);

/** The rollout's rows whose copies differ from their device (of the rollout's line), as [device, copy, device's]. */
async function behind(rolloutId: number): Promise<unknown[]> {
  const { rows } = await t.db.query<{ device_id: number; copy: string; now: string }>(
    `SELECT rd.device_id::int AS device_id, concat_ws('/', rd.serial_number, rd.mac_address, rd.firmware_version_key::text) AS copy,
            concat_ws('/', d.serial_number, d.mac_address, fleet_version_key(d.firmware_version)::text) AS now
       FROM rollout_devices rd JOIN devices d ON d.id = rd.device_id AND d.product_line = 'bulb'
      WHERE rd.rollout_id = $1
        AND (rd.serial_number, rd.mac_address, rd.firmware_version_key) IS DISTINCT FROM (d.serial_number, d.mac_address, fleet_version_key(d.firmware_version))`,
    [rolloutId],
  );
  return rows.map((r) => [r.device_id, r.copy, r.now]);
}

it("writes each row with its device's serial, MAC and version, and each edit or install of the device moves them, the wave counts untouched", async () => {
  const devices = await bulbsOn(t.db, '7.3.1', 6);
  // at most writtenAtAdd: written by the add itself
  const id = await startRollout(t, addBody('7.3.1', TARGET));
  expect(await behind(id)).toEqual([]);
  const counts = (await infoOf(t, id)).total;

  await t.db.query("UPDATE devices SET serial_number = 'EDITED-' || id, mac_address = NULL WHERE id = $1", [devices[0]]);
  await t.db.query("UPDATE devices SET firmware_version = '7.3.2' WHERE id = ANY($1::bigint[])", [devices.slice(1, 3)]);
  expect(await behind(id)).toEqual([]);
  const edited = await t.db.query<{ serial_number: string; mac_address: string | null }>(
    'SELECT serial_number, mac_address FROM rollout_devices WHERE rollout_id = $1 AND device_id = $2',
    [id, devices[0]],
  );
  expect(edited.rows).toEqual([{ serial_number: `EDITED-${devices[0]}`, mac_address: null }]);
  // a copy is no state change: the counters are as they were
  expect((await infoOf(t, id)).total).toEqual(counts);

  // a copy and a state change in one transaction: the state change still counts
  await t.db.transaction(async (tx) => {
    await tx.query("UPDATE devices SET serial_number = 'AGAIN-' || id WHERE id = $1", [devices[3]]);
    await tx.query("UPDATE rollout_devices SET state = 'cancelled', finished_at = now() WHERE rollout_id = $1 AND device_id = $2", [id, devices[3]]);
  });
  expect(await behind(id)).toEqual([]);
  expect((await infoOf(t, id)).total).toMatchObject({ queued: counts.queued - 1, cancelled: counts.cancelled + 1 });

  // a device that leaves the line keeps its copies (its row is left out of the list), and takes the
  // line's values again when it comes back
  await t.db.query("UPDATE devices SET product_line = 'safelink' WHERE id = $1", [devices[4]]);
  await t.db.query("UPDATE devices SET product_line = 'bulb', serial_number = 'BACK-' || id WHERE id = $1", [devices[4]]);
  expect(await behind(id)).toEqual([]);
});

it('sorts a written rollout by the edited serial on the next read', async () => {
  const devices = await bulbsOn(t.db, '7.3.5', 4);
  const id = await startRollout(t, addBody('7.3.5', TARGET));
  await t.db.query("UPDATE devices SET serial_number = '0-FIRST' WHERE id = $1", [devices[2]]);
  const res = await call(t, 'GET', `/api/ota/rollout/devices?deviceType=bulb&rollout_id=${id}&sortBy=serial_number&orderBy=asc&limit=2`);
  expect(res.body.info.data.map((d: { device_id: number; serial_number: string }) => [d.device_id, d.serial_number])[0]).toEqual([devices[2], '0-FIRST']);
});

const describeOnPostgres = process.env.TEST_DATABASE_URL ? describe : describe.skip;

describeOnPostgres('a device edited while its rollout rows are being written (PostgreSQL)', () => {
  let second: Db;
  beforeAll(async () => {
    second = await openDatabase({ databaseUrl: t.db.url ?? '' });
  }, SETUP_TIMEOUT);
  afterAll(async () => {
    await second?.close();
  });


  it('takes the edit committed after the batch read the device, when the writing ends', async () => {
    const devices = await bulbsOn(t.db, '7.3.7', 30);
    // above writtenAtAdd: the rows are written after the add, by the orchestrator's tick (the add's job is off in tests)
    const id = await startRollout(t, addBody('7.3.7', TARGET));
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let holding: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      holding = resolve;
    });
    // the edit, not committed yet: the rows written meanwhile read the serial before it, and its trigger
    // ran before those rows existed
    const edit = second.transaction(async (tx) => {
      await tx.query("UPDATE devices SET serial_number = 'RACED-' || id WHERE id = $1", [devices[5]]);
      holding();
      await released;
    });
    await held;
    let ended = false;
    const writing = new RolloutOrchestrator(t.db).tick(t.clock.now()).finally(() => {
      ended = true;
    });
    // the writing waits for the edit at its end (the versions' count locks the devices' OTA rows)
    await untilSomeoneWaits(t.db, () => ended);
    const endedWhileHeld = ended;
    release();
    await Promise.all([edit, writing]);
    expect(endedWhileHeld).toBe(false);
    expect((await infoOf(t, id)).waves.every((w) => w.unwritten === 0)).toBe(true);
    expect(await behind(id)).toEqual([]);
  });
});
