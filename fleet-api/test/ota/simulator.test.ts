// The device simulator on its own: the failure draw is stable per job id, a started simulator moves
// jobs on its interval until stopped, and a stopped one moves nothing.
jest.setTimeout(120_000);
import type { Db } from '../../src/db';
import { jobFails, OtaSimulator } from '../../src/simulator/simulator';
import { openTestDb } from '../support/db';
import { addDevices } from './support';

let db: Db;
beforeAll(async () => {
  db = await openTestDb();
});
afterAll(async () => {
  await db.close();
});

it('fails about one job in twenty, the same ones every time', () => {
  const ids = Array.from({ length: 2000 }, (_, i) => i + 1);
  const failing = ids.filter(jobFails);
  expect(failing.length).toBe(100);
  expect(ids.filter(jobFails)).toEqual(failing);
});

it('runs on its interval until stopped', async () => {
  const devices = await addDevices(db, 'bulb', 'SIM', '1.0.0', 3);
  const { rows } = await db.query<{ id: number }>("INSERT INTO ota_pushes (product_line, target_version) VALUES ('bulb', '1.1.0') RETURNING id");
  await db.query(
    "INSERT INTO ota_jobs (push_id, device_id, from_version, to_version) SELECT $1, unnest($2::bigint[]), '1.0.0', '1.1.0'",
    [rows[0]!.id, devices],
  );
  const sim = new OtaSimulator(db);
  const errors: unknown[] = [];
  sim.start(10, () => new Date(), (err) => errors.push(err));
  const states = async () =>
    (await db.query<{ state: string }>('SELECT state FROM ota_jobs ORDER BY id')).rows.map((r) => r.state);
  for (let i = 0; i < 500 && (await states()).some((s) => s === 'queued' || s === 'downloading'); i += 1) {
    await new Promise((r) => setTimeout(r, 20));
  }
  await sim.stop();
  expect(errors).toEqual([]);
  expect((await states()).every((s) => s === 'installed' || s === 'failed')).toBe(true);
  const versions = (await db.query<{ v: string }>('SELECT firmware_version AS v FROM devices WHERE id = ANY($1::bigint[])', [devices])).rows;
  expect(versions.filter((r) => r.v === '1.1.0').length).toBe((await states()).filter((s) => s === 'installed').length);

  // Stopped: new jobs stay queued.
  await db.query("INSERT INTO ota_jobs (push_id, device_id, to_version) VALUES ($1, $2, '1.2.0')", [rows[0]!.id, devices[0]]);
  await new Promise((r) => setTimeout(r, 100));
  expect((await states()).at(-1)).toBe('queued');
});
