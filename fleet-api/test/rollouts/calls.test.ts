// Rollout calls (issue 22): Admin only, the 400s that name the field, the preview's split and
// exclusions, stratified waves, the device list, and the actions with a finished rollout read only.
import { bearersFor, DEMO_ACCOUNTS, SETUP_TIMEOUT } from '../support/app';
import { addDevices, addFirmware, call, otaAppForFile, q } from '../ota/support';
import { RolloutOrchestrator } from '../../src/modules/rollouts/orchestrator';
import { addBody, bulbsOn, deviceStates, infoOf, report, startRollout } from './support';

const t = otaAppForFile();
const OTHER_ROLES = [...new Set(DEMO_ACCOUNTS.map((a) => a.userType))].filter((r) => r !== 'Admin');
const others = bearersFor(t, OTHER_ROLES);
const TARGET = '7.9.0';
/** The device choice of an add body: what a preview takes. */
const choiceOf = ({ deviceType, firmware_version, from_versions, waves }: Record<string, unknown>) => ({ deviceType, firmware_version, from_versions, waves });

beforeAll(async () => {
  await addFirmware(t, 'bulb', TARGET);
  await addFirmware(t, 'airlink', '7.8.0');
}, SETUP_TIMEOUT);

describe('who may call', () => {
  const calls: Array<[string, string, object | undefined]> = [
    ['POST', '/api/ota/rollout/preview', choiceOf(addBody('7.0.1', TARGET))],
    ['POST', '/api/ota/rollout/add', addBody('7.0.1', TARGET)],
    ['GET', '/api/ota/rollout/list?deviceType=bulb', undefined],
    ['GET', '/api/ota/rollout/info?deviceType=bulb&rollout_id=1', undefined],
    ['GET', '/api/ota/rollout/devices?deviceType=bulb&rollout_id=1', undefined],
    ...['pause', 'resume', 'approve', 'abort', 'retry-failed'].map((a): [string, string, object] => ['PUT', `/api/ota/rollout/${a}`, { rollout_id: 1, deviceType: 'bulb' }]),
  ];

  it.each(OTHER_ROLES)('refuses %s every rollout call with 403 and stores nothing', async (role) => {
    await bulbsOn(t.db, '7.0.1', 2);
    for (const [method, url, payload] of calls) {
      const res = await t.app.inject({ method: method as 'GET', url, headers: others[role], ...(payload ? { payload } : {}) });
      expect([role, url, res.statusCode]).toEqual([role, url, 403]);
    }
    expect((await t.db.query('SELECT 1 FROM rollouts')).rowCount).toBe(0);
  });
});

describe('bad input: 400 naming the field, nothing stored', () => {
  const cases: Array<[string, Record<string, unknown>, RegExp]> = [
    ['waves that do not increase', { waves: [{ percent: 10 }, { percent: 10 }] }, /waves\[1\] must be larger/],
    ['waves past 100 %', { waves: [{ percent: 50 }, { percent: 120 }] }, /waves\[1\]\.percent must be at most 100/],
    ['no waves', { waves: [] }, /waves must hold at least one wave/],
    ['a wave with percent and count', { waves: [{ percent: 5, count: 3 }] }, /waves\[0\] must have percent or count/],
    ['a threshold over 100', { failure_threshold_percent: 101 }, /failure_threshold_percent must be from 0 to 100/],
    ['a negative threshold', { failure_threshold_percent: -1 }, /failure_threshold_percent must be from 0 to 100/],
    ['a firmware not uploaded', { firmware_version: '7.9.9' }, /firmware_version 7\.9\.9 is not an uploaded firmware of bulb/],
    ['a firmware of another line', { firmware_version: '7.8.0' }, /firmware_version 7\.8\.0 is a firmware of airlink, not of bulb/],
    ['no device choice', { from_versions: undefined }, /Choose the devices: from_versions, group_id or filter/],
    ['an empty device choice', { from_versions: [] }, /from_versions must name at least one version/],
    ['two device choices', { group_id: 1 }, /one way only/],
    ['a choice that reaches nothing', { from_versions: ['6.6.6'] }, /reaches no device/],
    ['no in-flight cap', { max_in_flight: 0 }, /max_in_flight must be a whole number/],
    ['a bad window', { window: { start: '25:00', end: '03:00' } }, /window\.start must be a time HH:MM/],
    ['a fault guard on bulbs', { fault_guard: { hours: 24, points: 5 } }, /fault_guard is for heat_pump rollouts only/],
    ['an unknown filter key', { from_versions: undefined, filter: [{ key: 'colour', value: 'red', type: 'single' }] }, /colour/],
  ];
  it.each(cases)('%s', async (_name, change, message) => {
    await bulbsOn(t.db, '7.0.2', 3);
    const res = await call(t, 'POST', '/api/ota/rollout/add', { ...addBody('7.0.2', TARGET), ...change });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(message);
    expect((await t.db.query('SELECT 1 FROM rollouts')).rowCount).toBe(0);
  });
});

it('previews the reach by version and the exclusions, and the rollout takes exactly those devices', async () => {
  const fresh = await bulbsOn(t.db, '7.1.1', 8);
  const offline = await bulbsOn(t.db, '7.1.2', 3);
  await t.db.query("UPDATE devices SET is_online = 0, updated_at = now() - interval '3 days' WHERE id = ANY($1::bigint[])", [offline]);
  const onTarget = await bulbsOn(t.db, TARGET, 1);
  const choice = { ...addBody('7.1.1', TARGET), from_versions: ['7.1.1', '7.1.2', TARGET], exclude_offline_minutes: 60 };
  const seen = await call(t, 'POST', '/api/ota/rollout/preview', { ...choiceOf(choice), exclude_offline_minutes: 60 });
  expect(seen.status).toBe(200);
  expect(seen.body.info.excluded).toEqual({ on_target: onTarget.length, in_other_rollout: 0, offline: 3 });
  expect(seen.body.info.by_version).toEqual([{ version: '7.1.1', devices: 8 }]);
  expect(seen.body.info.devices).toBe(8);

  const id = await startRollout(t, choice);
  expect((await deviceStates(t.db, id)).map((d) => d.device_id).sort()).toEqual([...fresh].sort());
  // the same devices are now in a rollout that is not over
  const again = await call(t, 'POST', '/api/ota/rollout/preview', { ...choiceOf(choice), exclude_offline_minutes: 60 });
  expect(again.body.info.excluded.in_other_rollout).toBe(8);
  await call(t, 'PUT', '/api/ota/rollout/abort', { rollout_id: id, deviceType: 'bulb' });
});

it('leaves out devices offline for longer than the limit by when they went offline, not by their last edit', async () => {
  const [long, lately, online] = [await bulbsOn(t.db, '7.4.1', 2), await bulbsOn(t.db, '7.4.2', 2), await bulbsOn(t.db, '7.4.3', 2)];
  const all = [...long, ...lately, ...online];
  await t.db.query('UPDATE devices SET is_online = 1 WHERE id = ANY($1::bigint[])', [all]);
  // went offline 3 days ago, then edited now (a new version reported): still offline for 3 days
  await t.db.query("UPDATE devices SET is_online = 0, updated_at = now() - interval '3 days' WHERE id = ANY($1::bigint[])", [long]);
  await t.db.query("UPDATE devices SET firmware_version = '7.4.4', updated_at = now() WHERE id = ANY($1::bigint[])", [all]);
  // went offline 10 minutes ago
  await t.db.query("UPDATE devices SET is_online = 0, updated_at = now() - interval '10 minutes' WHERE id = ANY($1::bigint[])", [lately]);
  const since = await t.db.query<{ id: number; offline_for: number | null }>(
    'SELECT id::int AS id, round(extract(epoch FROM now() - offline_since) / 60)::int AS offline_for FROM devices WHERE id = ANY($1::bigint[]) ORDER BY id',
    [all],
  );
  expect(since.rows.map((r) => r.offline_for)).toEqual([4320, 4320, 10, 10, null, null]);
  const preview = await call(t, 'POST', '/api/ota/rollout/preview', { ...choiceOf(addBody('7.4.4', TARGET)), exclude_offline_minutes: 60 });
  expect(preview.body.info).toMatchObject({ devices: 4, excluded: { on_target: 0, in_other_rollout: 0, offline: 2 } });
  // back online: no longer offline since anything
  await t.db.query('UPDATE devices SET is_online = 1 WHERE id = ANY($1::bigint[])', [long]);
  const back = await call(t, 'POST', '/api/ota/rollout/preview', { ...choiceOf(addBody('7.4.4', TARGET)), exclude_offline_minutes: 60 });
  expect(back.body.info).toMatchObject({ devices: 6, excluded: { offline: 0 } });
});

it('chooses by the OTA device-list filter, as GET /api/ota/devices reads it', async () => {
  await bulbsOn(t.db, '7.1.3', 4);
  const filter = [{ key: 'firmware_version', value: '7.1.3', type: 'single' }];
  const list = await call(t, 'GET', `/api/ota/devices?${q({ deviceType: 'bulb', filter })}`);
  const res = await call(t, 'POST', '/api/ota/rollout/preview', { ...choiceOf(addBody('7.1.3', TARGET)), from_versions: undefined, filter });
  expect(res.body.info.devices).toBe(list.body.info.total);
  expect(res.body.info.devices).toBe(4);
});

it('spreads every company and site over the waves (a canary is not one customer)', async () => {
  const [a, b] = (await t.db.query<{ id: number }>('SELECT id::int AS id FROM agencies ORDER BY id LIMIT 2')).rows.map((r) => r.id);
  const ids = await addDevices(t.db, 'bulb', 'STRAT', '7.1.4', 40);
  await t.db.query('UPDATE devices SET agency_id = CASE WHEN id % 4 = 0 THEN $2::bigint ELSE $3::bigint END WHERE id = ANY($1::bigint[])', [ids, a, b]);
  const id = await startRollout(t, addBody('7.1.4', TARGET, { waves: [{ percent: 10 }, { percent: 50 }, { percent: 100 }] }));
  const { rows } = await t.db.query<{ wave: number; agency: number; n: number }>(
    `SELECT rd.wave, d.agency_id::int AS agency, count(*)::int AS n FROM rollout_devices rd JOIN devices d ON d.id = rd.device_id
      WHERE rd.rollout_id = $1 GROUP BY 1, 2 ORDER BY 1, 2`,
    [id],
  );
  // 10 of agency a, 30 of b: the 4-device first wave holds one of a and three of b
  expect(rows.filter((r) => r.wave === 0)).toEqual([
    { wave: 0, agency: a, n: 1 },
    { wave: 0, agency: b, n: 3 },
  ]);
  const info = await infoOf(t, id);
  expect(info.waves.map((w) => w.devices)).toEqual([4, 16, 20]);
  // stable: the same rollout and device give the same place
  const again = await deviceStates(t.db, id);
  expect(again).toEqual(await deviceStates(t.db, id));
  await call(t, 'PUT', '/api/ota/rollout/abort', { rollout_id: id, deviceType: 'bulb' });
});

it('lists rollouts and their devices with filters, sort and exact totals', async () => {
  await bulbsOn(t.db, '7.1.5', 6);
  const id = await startRollout(t, addBody('7.1.5', TARGET, { name: 'Listed one', waves: [{ count: 2 }, { count: 6 }] }));
  const list = await call(t, 'GET', `/api/ota/rollout/list?${q({ deviceType: 'bulb', filter: [{ key: 'name', value: 'listed', type: 'single' }] })}`);
  expect(list.body.info.total).toBe(1);
  expect(list.body.info.data[0]).toMatchObject({ id, name: 'Listed one', state: 'running', devices: 6, queued: 6 });
  const wave1 = await call(t, 'GET', `/api/ota/rollout/devices?${q({ deviceType: 'bulb', rollout_id: id, filter: [{ key: 'wave', value: 1, type: 'single' }], sortBy: 'serial_number', orderBy: 'asc' })}`);
  expect(wave1.status).toBe(200);
  expect(wave1.body.info.total).toBe(2);
  const serials = wave1.body.info.data.map((d: { serial_number: string }) => d.serial_number);
  expect(serials).toEqual([...serials].sort());
  const bad = await call(t, 'GET', `/api/ota/rollout/devices?${q({ deviceType: 'bulb', rollout_id: id, sortBy: 'colour' })}`);
  expect(bad.status).toBe(400);
  const other = await call(t, 'GET', `/api/ota/rollout/info?${q({ deviceType: 'airlink', rollout_id: id })}`);
  expect(other.status).toBe(404);
  await call(t, 'PUT', '/api/ota/rollout/abort', { rollout_id: id, deviceType: 'bulb' });
});

it('keeps a rollout readable when its firmware is deleted', async () => {
  await addFirmware(t, 'bulb', '7.9.5');
  await bulbsOn(t.db, '7.1.6', 2);
  const id = await startRollout(t, addBody('7.1.6', '7.9.5'));
  const firmware = (await t.db.query<{ id: number }>("SELECT id::int AS id FROM firmwares WHERE product_line = 'bulb' AND version = '7.9.5'")).rows[0]?.id;
  expect((await call(t, 'DELETE', '/api/ota/delete', { ota_id: firmware, deviceType: 'bulb' })).status).toBe(200);
  expect(await infoOf(t, id)).toMatchObject({ firmware_version: '7.9.5', total: { devices: 2 } });
  await call(t, 'PUT', '/api/ota/rollout/abort', { rollout_id: id, deviceType: 'bulb' });
});

describe('actions', () => {
  const put = (action: string, id: number) => call(t, 'PUT', `/api/ota/rollout/${action}`, { rollout_id: id, deviceType: 'bulb' });

  it('pause stops dispatch, resume starts it again', async () => {
    await bulbsOn(t.db, '7.2.1', 4);
    const id = await startRollout(t, addBody('7.2.1', TARGET));
    expect((await put('pause', id)).status).toBe(200);
    expect((await put('pause', id)).status).toBe(409);
    const orchestrator = new RolloutOrchestrator(t.db);
    await orchestrator.tick(t.clock.now());
    expect((await infoOf(t, id)).total.in_flight).toBe(0);
    expect((await put('resume', id)).status).toBe(200);
    await orchestrator.tick(t.clock.now());
    expect((await infoOf(t, id)).total.in_flight).toBe(4);
    await put('abort', id);
  });

  it('approve lets a wave that waits for approval start', async () => {
    await bulbsOn(t.db, '7.2.2', 4);
    const id = await startRollout(t, addBody('7.2.2', TARGET, { waves: [{ count: 1 }, { count: 4, approval: true }] }));
    const orchestrator = new RolloutOrchestrator(t.db);
    expect((await put('approve', id)).status).toBe(409);
    await orchestrator.tick(t.clock.now());
    const first = (await deviceStates(t.db, id)).filter((d) => d.state === 'in_flight').map((d) => d.device_id);
    expect(first).toHaveLength(1);
    await report(t.db, first, 'installed', TARGET);
    await orchestrator.tick(t.clock.now());
    const waiting = await infoOf(t, id);
    expect(waiting.waves.map((w) => w.state)).toEqual(['done', 'awaiting_approval']);
    expect(waiting.total.in_flight).toBe(0);
    const approved = await put('approve', id);
    expect(approved.body.message).toBe('Wave 2 approved');
    await orchestrator.tick(t.clock.now());
    expect((await infoOf(t, id)).waves[1]?.in_flight).toBe(3);
    await put('abort', id);
  });

  it('abort cancels the queued devices, lets those in flight finish and report, and leaves the rollout read only', async () => {
    await bulbsOn(t.db, '7.2.3', 5);
    const id = await startRollout(t, addBody('7.2.3', TARGET, { max_in_flight: 2 }));
    const orchestrator = new RolloutOrchestrator(t.db);
    await orchestrator.tick(t.clock.now());
    const flying = (await deviceStates(t.db, id)).filter((d) => d.state === 'in_flight').map((d) => d.device_id);
    expect(flying).toHaveLength(2);
    expect((await put('abort', id)).body.message).toBe('Rollout aborted');
    let info = await infoOf(t, id);
    expect(info).toMatchObject({ state: 'aborted', total: { cancelled: 3, in_flight: 2 } });
    await report(t.db, flying, 'installed', TARGET);
    await orchestrator.tick(t.clock.now());
    info = await infoOf(t, id);
    expect(info.total).toMatchObject({ cancelled: 3, in_flight: 0, installed: 2 });
    for (const action of ['pause', 'resume', 'approve', 'abort', 'retry-failed']) {
      const res = await put(action, id);
      expect([action, res.status, res.body.message]).toEqual([action, 409, 'This rollout is aborted: it can no longer be changed']);
    }
  });

  it('retry-failed queues the failed devices again, except those that failed max_device_failures times', async () => {
    await bulbsOn(t.db, '7.2.4', 3);
    const id = await startRollout(t, addBody('7.2.4', TARGET, { max_device_failures: 2, min_finished: 3 }));
    const orchestrator = new RolloutOrchestrator(t.db);
    const devices = (await deviceStates(t.db, id)).map((d) => d.device_id);
    await orchestrator.tick(t.clock.now());
    await report(t.db, devices, 'failed', null);
    await orchestrator.tick(t.clock.now());
    expect(await infoOf(t, id)).toMatchObject({ state: 'halted', total: { failed: 3 } });
    const retried = await put('retry-failed', id);
    expect(retried.body).toMatchObject({ message: '3 failed devices queued again', info: { devices: 3 } });
    expect((await put('resume', id)).status).toBe(200);
    await orchestrator.tick(t.clock.now());
    await report(t.db, devices.slice(0, 1), 'installed', TARGET);
    await report(t.db, devices.slice(1), 'failed', null);
    await orchestrator.tick(t.clock.now());
    // halted again (counted from the resume: 2 failed of 3); two failures each: left out of the rest
    expect(await infoOf(t, id)).toMatchObject({ state: 'halted', total: { installed: 1, failed: 2 } });
    const none = await put('retry-failed', id);
    expect([none.status, none.body.message]).toEqual([409, 'No failed device can be retried']);
    await put('abort', id);
  });

  it('finishes when every wave is done, and a finished rollout is read only', async () => {
    const [device] = await bulbsOn(t.db, '7.2.5', 1);
    const id = await startRollout(t, addBody('7.2.5', TARGET));
    const orchestrator = new RolloutOrchestrator(t.db);
    await orchestrator.tick(t.clock.now());
    await report(t.db, [device!], 'installed', TARGET);
    await orchestrator.tick(t.clock.now());
    await orchestrator.tick(t.clock.now());
    expect(await infoOf(t, id)).toMatchObject({ state: 'finished', total: { installed: 1 } });
    for (const action of ['pause', 'resume', 'approve', 'abort', 'retry-failed']) {
      const res = await put(action, id);
      expect([action, res.status, res.body.message]).toEqual([action, 409, 'This rollout is finished: it can no longer be changed']);
    }
  });
});
