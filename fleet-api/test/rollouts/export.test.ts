// A rollout's devices as a CSV export job (issue 22): exactly the filtered devices in the list's
// order, with why each failed; Admin only, 400 for a bad id, 404 for another type's or no rollout.
import { bearersFor, DEMO_ACCOUNTS, SETUP_TIMEOUT } from '../support/app';
import { addFirmware, call, otaAppForFile } from '../ota/support';
import { addBody, bulbsOn, report, startRollout } from './support';

const t = otaAppForFile();
const OTHER_ROLES = [...new Set(DEMO_ACCOUNTS.map((a) => a.userType))].filter((r) => r !== 'Admin');
const others = bearersFor(t, OTHER_ROLES);
const TARGET = '7.9.5';
const EXPORT = '/api/ota/rollout/devices/export';

beforeAll(async () => {
  await addFirmware(t, 'bulb', TARGET);
  // PGlite copies in ranges of this many rows: small, so a rollout's few devices cross several
  t.app.fleetContext.exports.chunkRows = 2;
}, SETUP_TIMEOUT);

/** The CSV of a started export, once its job is done, as lines. */
async function csvOf(started: Awaited<ReturnType<typeof call>>): Promise<string[]> {
  expect([started.status, started.body.message]).toEqual([200, 'Export started']);
  await t.app.fleetContext.exports.settle();
  const job = await call(t, 'GET', `/api/export/${started.body.info.id as number}`);
  expect(job.body.info.status).toBe('done');
  const file = await t.app.inject({ url: String(job.body.info.download_link) });
  expect(file.headers['content-disposition']).toBe('attachment; filename="Rollout Devices.csv"');
  return file.body.trim().split(/\r?\n/);
}

it("writes exactly the devices the list's filter shows, in its sort, with why each failed", async () => {
  const ids = await bulbsOn(t.db, '7.2.1', 6);
  const id = await startRollout(t, addBody('7.2.1', TARGET));
  const [failed, backOnOld, timedOut] = ids;
  // dispatched and reported as the orchestrator records it: a failed job, an install that came back on the old image, a timeout
  await t.db.query(
    `UPDATE rollout_devices SET state = CASE device_id WHEN $2 THEN 'timed_out' ELSE 'failed' END, failures = 1,
            dispatched_at = now(), finished_at = now()
      WHERE rollout_id = $1 AND device_id = ANY($3::bigint[])`,
    [id, timedOut, [failed, backOnOld, timedOut]],
  );
  const push = (await t.db.query<{ push_id: number }>('SELECT push_id::int AS push_id FROM rollouts WHERE id = $1', [id])).rows[0]?.push_id;
  const { rows: jobs } = await t.db.query<{ id: number; device_id: number }>(
    `INSERT INTO ota_jobs (push_id, device_id, from_version, to_version, state, created_at, updated_at)
     SELECT $1, x, '7.2.1', $2, 'queued', now(), now() FROM unnest($3::bigint[]) AS x RETURNING id::int AS id, device_id::int AS device_id`,
    [push, TARGET, [failed, backOnOld]],
  );
  for (const j of jobs) await t.db.query('UPDATE rollout_devices SET job_id = $3 WHERE rollout_id = $1 AND device_id = $2', [id, j.device_id, j.id]);
  await report(t.db, [failed as number], 'failed', null);
  await report(t.db, [backOnOld as number], 'installed', '7.2.1');

  const filter = JSON.stringify([{ key: 'state', value: ['failed', 'timed_out'], type: 'multi' }]);
  const started = await call(t, 'POST', EXPORT, { rollout_id: id, filter, sortBy: 'serial_number', orderBy: 'desc', deviceType: 'bulb' });
  expect(started.body.info).toMatchObject({ status: 'running', total: 3 });
  const lines = await csvOf(started);
  expect(lines[0]).toBe('Serial Number,MAC Address,From Version,Wave,State,Attempts,Last Change,Failure Reason');
  const { rows: devices } = await t.db.query<{ id: number; serial_number: string }>(
    'SELECT id::int AS id, serial_number FROM devices WHERE id = ANY($1::bigint[]) ORDER BY serial_number DESC',
    [[failed, backOnOld, timedOut]],
  );
  const reasons = new Map([
    [failed, 'failed,1,Install failed'],
    [backOnOld, 'failed,1,Did not come back on the target version'],
    [timedOut, 'timed_out,1,No report within the timeout'],
  ]);
  const rows = lines.slice(1).map((line) => line.split(','));
  expect(rows.map((r) => r[0])).toEqual(devices.map((d) => d.serial_number));
  for (const [i, d] of devices.entries()) {
    const row = rows[i] ?? [];
    const [state, attempts, reason] = String(reasons.get(d.id)).split(',');
    expect([row[2], row[3], row[4], row[5], row[7]]).toEqual(['7.2.1', '1', state, attempts, reason]);
    expect(row[6]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  }

  // without a filter: every device of this rollout, none of another rollout's, in the rollout's order (the screen's default sort)
  await bulbsOn(t.db, '7.2.2', 2);
  await startRollout(t, addBody('7.2.2', TARGET));
  const all = await csvOf(await call(t, 'POST', EXPORT, { rollout_id: id, sortBy: 'position', orderBy: 'asc', deviceType: 'bulb' }));
  const { rows: ordered } = await t.db.query<{ serial_number: string }>(
    'SELECT d.serial_number FROM rollout_devices rd JOIN devices d ON d.id = rd.device_id WHERE rd.rollout_id = $1 ORDER BY rd.position',
    [id],
  );
  expect(all.slice(1).map((l) => l.split(',')[0])).toEqual(ordered.map((r) => r.serial_number));
  expect(ordered).toHaveLength(6);
});

it('refuses every other role with 403, a bad id or filter with 400, and a rollout not of this type with 404, starting no job', async () => {
  await bulbsOn(t.db, '7.2.3', 2);
  const id = await startRollout(t, addBody('7.2.3', TARGET));
  const jobs = async () => (await t.db.query('SELECT 1 FROM export_jobs')).rowCount;
  const before = await jobs();
  for (const role of OTHER_ROLES) {
    const res = await t.app.inject({ method: 'POST', url: EXPORT, headers: others[role], payload: { rollout_id: id, deviceType: 'bulb' } });
    expect([role, res.statusCode]).toEqual([role, 403]);
  }
  for (const bad of [{ rollout_id: 'x' }, { rollout_id: 0 }, {}, { rollout_id: id, filter: '[{"key":"colour","value":"red"}]' }, { rollout_id: id, sortBy: 'colour' }]) {
    const res = await call(t, 'POST', EXPORT, { ...bad, deviceType: 'bulb' });
    expect([bad, res.status]).toEqual([bad, 400]);
  }
  for (const [rolloutId, deviceType] of [[id + 1000, 'bulb'], [id, 'airlink']] as const) {
    const res = await call(t, 'POST', EXPORT, { rollout_id: rolloutId, deviceType });
    expect([rolloutId, deviceType, res.status, res.body.message]).toEqual([rolloutId, deviceType, 404, 'Rollout not found']);
  }
  expect(await jobs()).toBe(before);
});
