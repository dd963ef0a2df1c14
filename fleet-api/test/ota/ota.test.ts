// Rules, groups, the OTA device list with availability, pushes, history and the simulator
// (docs/ota-calls.md). Devices of the airlink line get versions 7.x here, which no seeded device has.
// The machine is shared by several engineers' builds: generous budgets, no timing assertions.
jest.setTimeout(120_000);
import { OtaSimulator, jobFails } from '../../src/simulator/simulator';
import { addDevices, addFirmware, call, q, otaAppForFile } from './support';

const t = otaAppForFile();
let onOld: number[] = []; // 7.0.0
let onMid: number[] = []; // 7.1.0
const AIR = 'airlink';

beforeAll(async () => {
  for (const v of ['7.0.0', '7.1.0', '7.2.0', '7.3.0']) await addFirmware(t, AIR, v);
  onOld = await addDevices(t.db, AIR, 'OTAOLD', '7.0.0', 12);
  onMid = await addDevices(t.db, AIR, 'OTAMID', '7.1.0', 6);
});

type Row = { id: number; serial_number: string; firmware_version: string; available_firmware: string | null; upgradable: boolean; group_id: number | null; update_state: string | null };

async function devices(filter: unknown[] = [], extra: Record<string, unknown> = {}) {
  const res = await call(t, 'GET', `/api/ota/devices?${q({ deviceType: AIR, limit: 100, filter, ...extra })}`);
  expect(res.status).toBe(200);
  return res.body.info as { data: Row[]; total: number; current_page: number; last_page: number };
}

async function deviceRow(id: number): Promise<Row> {
  const serial = (await t.db.query<{ s: string }>('SELECT serial_number AS s FROM devices WHERE id = $1', [id])).rows[0]?.s ?? '';
  const found = (await devices([{ key: 'serial_number', value: serial, type: 'single' }])).data.find((r) => r.id === id);
  if (!found) throw new Error(`device ${id} not listed`);
  return found;
}

describe('rules', () => {
  let ruleId = 0;

  it('adds, lists, toggles Upgrade, and checks versions against the type firmware', async () => {
    const add = await call(t, 'POST', '/api/ota/rule/add', { name: 'Old to 7.2', from_version: '7.0.0', to_version: '7.2.0', immediate_update: false, deviceType: AIR });
    expect(add.body.message).toBe('Rule added successfully');
    ruleId = add.body.info.id;

    const list = await call(t, 'GET', `/api/ota/rule/list?${q({ deviceType: AIR, filter: [{ key: 'name', value: 'old', type: 'single' }] })}`);
    expect(list.body.info.total).toBe(1);
    expect(list.body.info.data[0]).toMatchObject({ id: ruleId, name: 'Old to 7.2', from_version: '7.0.0', to_version: '7.2.0', immediate_update: false });

    expect((await call(t, 'POST', '/api/ota/rule/add', { name: 'x', from_version: '7.0.0', to_version: '9.9.9', deviceType: AIR })).body.message).toBe('Unknown firmware version 9.9.9');
    const twin = await call(t, 'POST', '/api/ota/rule/add', { name: 'x', from_version: '7.0.0', to_version: '7.3.0', deviceType: AIR });
    expect([twin.status, twin.body.message]).toEqual([409, 'A rule for version 7.0.0 already exists']);
    expect((await call(t, 'POST', '/api/ota/rule/add', { name: 'x', from_version: '7.1', to_version: '7.x', deviceType: AIR })).body.message).toBe('Invalid firmware version');
    expect((await call(t, 'POST', '/api/ota/rule/add', { name: 'x'.repeat(41), from_version: '7.1.0', to_version: '7.3.0', deviceType: AIR })).body.message).toBe('Name must be at most 40 characters');
    expect((await call(t, 'POST', '/api/ota/rule/add', { name: 'x', from_version: '7.1.0', to_version: '7.3.0', deviceType: AIR, role: 'Admin' })).body.message).toBe('role is not an accepted field');
    // The type matters: airlink firmware is unknown to bulb.
    expect((await call(t, 'POST', '/api/ota/rule/add', { name: 'x', from_version: '7.0.0', to_version: '7.2.0', deviceType: 'bulb' })).body.message).toBe('Unknown firmware version 7.0.0');

    // The device on 7.0.0 now has 7.2.0 available, not upgradable until Upgrade is ticked.
    expect(await deviceRow(onOld[0]!)).toMatchObject({ available_firmware: '7.2.0', upgradable: false });
    const toggle = await call(t, 'PUT', '/api/ota/rule/update', { id: ruleId, name: 'Old to 7.2', from_version: '7.0.0', to_version: '7.2.0', immediate_update: true, deviceType: AIR });
    expect(toggle.body.message).toBe('Rule updated successfully');
    expect(await deviceRow(onOld[0]!)).toMatchObject({ available_firmware: '7.2.0', upgradable: true });
    // Devices on 7.1.0 have no rule.
    expect(await deviceRow(onMid[0]!)).toMatchObject({ available_firmware: null, upgradable: false });
  });

  it('answers 404 for unknown rules and rules of another type', async () => {
    expect((await call(t, 'PUT', '/api/ota/rule/update', { id: 999999, name: 'n', from_version: '7.0.0', to_version: '7.2.0', deviceType: AIR })).status).toBe(404);
    expect((await call(t, 'DELETE', '/api/ota/rule/delete', { id: ruleId, deviceType: 'bulb' })).status).toBe(404);
  });
});

describe('groups and availability', () => {
  let groupId = 0;

  it('creates a group with devices; its target beats the rule; the Update Flag needs a target', async () => {
    const add = await call(t, 'POST', '/api/ota/group/add', { group_name: 'Pilot', device_ids: onOld.slice(0, 4), all: false, deviceType: AIR });
    expect(add.body.message).toBe('Group added successfully');
    groupId = add.body.info.id;

    // In a group without target: the rule still decides.
    expect(await deviceRow(onOld[0]!)).toMatchObject({ available_firmware: '7.2.0', upgradable: true, group_id: groupId });

    const noTarget = await call(t, 'PUT', '/api/ota/group/update-data', { group_id: groupId, group_name: 'Pilot', current_version: '7.0.0', target_version: null, upgradable: true, deviceType: AIR });
    expect(noTarget).toEqual({ status: 400, body: { status: false, message: 'Please select Target Version before sending Firmware Update', code: 'otaGroups.targetRequired' } });
    expect((await call(t, 'PUT', '/api/ota/group/update-data', { group_id: groupId, target_version: '9.9.9', deviceType: AIR })).body.message).toBe('Unknown firmware version 9.9.9');

    const target = await call(t, 'PUT', '/api/ota/group/update-data', { group_id: groupId, group_name: 'Pilot', current_version: '7.0.0', target_version: '7.3.0', upgradable: false, deviceType: AIR });
    expect(target.body.message).toBe('Group updated successfully');
    expect(await deviceRow(onOld[0]!)).toMatchObject({ available_firmware: '7.3.0', upgradable: false });
    expect(await deviceRow(onOld[5]!)).toMatchObject({ available_firmware: '7.2.0', upgradable: true });
    await call(t, 'PUT', '/api/ota/group/update-data', { group_id: groupId, group_name: 'Pilot', current_version: '7.0.0', target_version: '7.3.0', upgradable: true, deviceType: AIR });
    expect(await deviceRow(onOld[0]!)).toMatchObject({ available_firmware: '7.3.0', upgradable: true });

    const groups = await call(t, 'GET', `/api/ota/group/all?${q({ deviceType: AIR, filter: [{ key: 'name', value: 'pil', type: 'single' }] })}`);
    expect(groups.body.info.data).toEqual([
      expect.objectContaining({ id: groupId, name: 'Pilot', target_version: '7.3.0', current_version: '7.0.0', upgradable: true, device_count: 4 }),
    ]);
  });

  it('filters the device list by availability and version', async () => {
    const upgradable = await devices([{ key: 'upgradable', value: '1', type: 'single' }]);
    expect(upgradable.total).toBe(12);
    expect(upgradable.data.every((r) => r.upgradable)).toBe(true);
    const to73 = await devices([{ key: 'available_firmware', value: '7.3.0', type: 'single' }]);
    expect(to73.data.map((r) => r.id).sort()).toEqual(onOld.slice(0, 4).sort());
    const mid = await devices([{ key: 'firmware_version', value: '7.1.0', type: 'single' }], { sortBy: 'serial_number', orderBy: 'asc', limit: 5, page: 2 });
    expect(mid.total).toBe(6);
    expect(mid.last_page).toBe(2);
    expect(mid.data.map((r) => r.serial_number)).toEqual(['OTAMID000006']);
    // Letters and digits only: the dashes are ignored.
    expect((await devices([{ key: 'serial_number', value: 'otamid', type: 'single' }])).total).toBe(6);
    expect((await devices([{ key: 'serial_number', value: 'M-I-D 00000', type: 'single' }])).total).toBe(6);
    expect((await devices([{ key: 'serial_number', value: 'mid000003', type: 'single' }])).total).toBe(1);
    const bad = await call(t, 'GET', `/api/ota/devices?${q({ deviceType: AIR, sortBy: 'password_hash' })}`);
    expect(bad.status).toBe(400);
  });

  it('moves a device to another group, shows group info, removes a filtered selection', async () => {
    const other = await call(t, 'POST', '/api/ota/group/add', { group_name: 'Mid devices', device_ids: [...onMid, onOld[0]!], all: false, deviceType: AIR });
    const otherId = other.body.info.id as number;
    // onOld[0] moved: Pilot has 3, the new group 7.
    const pilot = await call(t, 'GET', `/api/ota/group/info?${q({ group_id: groupId, deviceType: AIR })}`);
    expect(pilot.body.info.group_info).toMatchObject({ id: groupId, name: 'Pilot', device_count: 3 });
    expect(pilot.body.info.devices.total).toBe(3);
    const mid = await call(t, 'GET', `/api/ota/group/info?${q({ group_id: otherId, deviceType: AIR, filter: [{ key: 'serial_number', value: 'MID', type: 'single' }] })}`);
    expect(mid.body.info.devices.total).toBe(6);

    // Remove every device of the group whose serial matches MID, in one call.
    const removed = await call(t, 'PUT', '/api/ota/group/remove-devices', { group_id: otherId, all: true, filter: [{ key: 'serial_number', value: 'MID', type: 'single' }], deviceType: AIR });
    expect(removed.body.message).toBe('Devices removed successfully');
    const after = await call(t, 'GET', `/api/ota/group/info?${q({ group_id: otherId, deviceType: AIR })}`);
    expect(after.body.info.devices.data.map((r: Row) => r.id)).toEqual([onOld[0]]);

    // Add devices (by id) and remove one by id.
    await call(t, 'PUT', '/api/ota/group/add-devices', { group_id: otherId, group_name: 'Mid devices', device_ids: onMid.slice(0, 2), all: false, deviceType: AIR });
    await call(t, 'PUT', '/api/ota/group/remove-devices', { group_id: otherId, device_ids: [onOld[0]!], all: false, deviceType: AIR });
    const final = await call(t, 'GET', `/api/ota/group/info?${q({ group_id: otherId, deviceType: AIR })}`);
    expect(final.body.info.devices.data.map((r: Row) => r.id).sort()).toEqual(onMid.slice(0, 2).sort());

    // A device of another line is not found; nothing changes.
    const bulb = (await t.db.query<{ id: number }>("SELECT id FROM devices WHERE product_line = 'bulb' LIMIT 1")).rows[0]!.id;
    const foreign = await call(t, 'PUT', '/api/ota/group/add-devices', { group_id: otherId, device_ids: [onMid[2]!, bulb], all: false, deviceType: AIR });
    expect(foreign.status).toBe(404);
    expect((await call(t, 'GET', `/api/ota/group/info?${q({ group_id: otherId, deviceType: AIR })}`)).body.info.devices.total).toBe(2);

    const del = await call(t, 'DELETE', '/api/ota/group/delete', { group_id: otherId, deviceType: AIR });
    expect(del.body.message).toBe('Group deleted successfully');
    expect((await call(t, 'GET', `/api/ota/group/info?${q({ group_id: otherId, deviceType: AIR })}`)).status).toBe(404);
    expect((await call(t, 'GET', `/api/ota/group/info?${q({ group_id: groupId, deviceType: 'bulb' })}`)).status).toBe(404);
  });

  it('adds every device of the line with all: true and removes them all again', async () => {
    const lineCount = (await t.db.query<{ n: number }>("SELECT count(*) AS n FROM devices WHERE product_line = 'airlink'")).rows[0]!.n;
    const all = await call(t, 'POST', '/api/ota/group/add', { group_name: 'Everything', all: true, deviceType: AIR });
    const id = all.body.info.id as number;
    const info = await call(t, 'GET', `/api/ota/group/info?${q({ group_id: id, deviceType: AIR })}`);
    expect(info.body.info.devices.total).toBe(lineCount);
    expect(info.body.info.group_info.device_count).toBe(lineCount);
    await call(t, 'PUT', '/api/ota/group/remove-devices', { group_id: id, all: true, deviceType: AIR });
    expect((await call(t, 'GET', `/api/ota/group/info?${q({ group_id: id, deviceType: AIR })}`)).body.info.devices.total).toBe(0);
    await call(t, 'DELETE', '/api/ota/group/delete', { group_id: id, deviceType: AIR });
  });
});

describe('push, history and the simulator', () => {
  let pushId = 0;

  it('creates one job per selected device with an available firmware, skipping the rest', async () => {
    // Pilot (target 7.3.0) is empty now; put onOld[1..3] back into it.
    await call(t, 'POST', '/api/ota/group/add', { group_name: 'Wave 1', device_ids: onOld.slice(1, 4), all: false, deviceType: AIR });
    const groupId = (await t.db.query<{ id: number }>("SELECT id FROM ota_groups WHERE name = 'Wave 1'")).rows[0]!.id;
    await call(t, 'PUT', '/api/ota/group/update-data', { group_id: groupId, target_version: '7.3.0', upgradable: false, deviceType: AIR });

    const selection = [...onOld.slice(1, 6), ...onMid.slice(0, 2)]; // 3 in the group, 2 by rule, 2 without anything
    const res = await call(t, 'PUT', '/api/ota/update-firmware', { devices: selection, all: false, deviceType: AIR });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Firmware update sent to 5 devices');
    expect(res.body.info).toMatchObject({ device_count: 5, skipped: 2 });
    pushId = res.body.info.push_id;
    const jobs = (await t.db.query<{ device_id: number; to_version: string; from_version: string }>(
      'SELECT device_id, to_version, from_version FROM ota_jobs WHERE push_id = $1 ORDER BY device_id',
      [pushId],
    )).rows;
    expect(jobs).toEqual(
      [...onOld.slice(1, 4).map((id) => ({ device_id: id, to_version: '7.3.0', from_version: '7.0.0' })),
        ...onOld.slice(4, 6).map((id) => ({ device_id: id, to_version: '7.2.0', from_version: '7.0.0' }))].sort((a, b) => a.device_id - b.device_id),
    );
    // A second push of the same devices skips those with an update in flight.
    const again = await call(t, 'PUT', '/api/ota/update-firmware', { devices: selection, all: false, deviceType: AIR });
    expect(again).toEqual({ status: 400, body: { status: false, message: 'None of the selected devices has a firmware update available', code: 'ota.noUpdateAvailable' } });
    expect((await call(t, 'PUT', '/api/ota/update-firmware', { devices: [999999], deviceType: AIR })).status).toBe(404);
  });

  it('lists the push with its states, its device jobs and each device history', async () => {
    const history = await call(t, 'GET', `/api/ota/history?${q({ deviceType: AIR })}`);
    expect(history.body.info.total).toBe(1);
    expect(history.body.info.data[0]).toMatchObject({
      id: pushId,
      created_by_email: 'admin@demo.test',
      target_version: '7.2.0, 7.3.0',
      device_count: 5,
      queued: 5,
      downloading: 0,
      installed: 0,
      failed: 0,
    });
    const byVersion = await call(t, 'GET', `/api/ota/history?${q({ deviceType: AIR, filter: [{ key: 'version', value: '7.9', type: 'single' }] })}`);
    expect(byVersion.body.info.total).toBe(0);
    const jobs = await call(t, 'GET', `/api/ota/history/devices?${q({ push_id: pushId, deviceType: AIR })}`);
    expect(jobs.body.info.total).toBe(5);
    expect(jobs.body.info.data[0]).toMatchObject({ push_id: pushId, state: 'queued', from_version: '7.0.0' });
    expect((await call(t, 'GET', `/api/ota/history/devices?${q({ push_id: pushId, deviceType: 'bulb' })}`)).status).toBe(404);
    const device = await call(t, 'GET', `/api/device/ota-history?${q({ device_id: onOld[4], deviceType: AIR })}`);
    expect(device.body.info.data).toEqual([expect.objectContaining({ device_id: onOld[4], to_version: '7.2.0', state: 'queued' })]);
    expect((await call(t, 'GET', `/api/device/ota-history?${q({ device_id: onOld[4], deviceType: 'bulb' })}`)).status).toBe(404);
    expect((await deviceRow(onOld[4]!)).update_state).toBe('queued');
  });

  it('the simulator moves jobs queued -> downloading -> installed or failed and updates device versions', async () => {
    const sim = new OtaSimulator(t.db);
    expect(await sim.tick(new Date())).toEqual({ downloading: 5, installed: 0, failed: 0 });
    const ids = (await t.db.query<{ id: number; device_id: number; to_version: string }>('SELECT id, device_id, to_version FROM ota_jobs WHERE push_id = $1', [pushId])).rows;
    const failing = ids.filter((j) => jobFails(j.id)).length;
    expect(await sim.tick(new Date())).toEqual({ downloading: 0, installed: 5 - failing, failed: failing });
    for (const j of ids) {
      const { rows } = await t.db.query<{ v: string; state: string }>(
        'SELECT d.firmware_version AS v, j.state FROM devices d JOIN ota_jobs j ON j.device_id = d.id WHERE j.id = $1',
        [j.id],
      );
      expect(rows[0]).toEqual(jobFails(j.id) ? { v: '7.0.0', state: 'failed' } : { v: j.to_version, state: 'installed' });
    }
    expect(await sim.tick(new Date())).toEqual({ downloading: 0, installed: 0, failed: 0 });
  });

  it("totals a push's device jobs by state as its jobs count them (the kept counts, 0043)", async () => {
    const count = async (states: string[] | null) =>
      (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM ota_jobs WHERE push_id = $1 AND ($2::text[] IS NULL OR state = ANY($2::text[]))', [pushId, states])).rows[0]!.n;
    const listed = async (filter: unknown[]) => {
      const res = await call(t, 'GET', `/api/ota/history/devices?${q({ push_id: pushId, deviceType: AIR, limit: 2, filter })}`);
      expect(res.status).toBe(200);
      return res.body.info as { total: number; data: Array<{ state: string }>; last_page: number };
    };
    const state = (value: unknown) => ({ key: 'state', value, type: 'multi' });
    const cases: Array<[unknown[], string[] | null]> = [
      [[], null],
      [[state(['installed'])], ['installed']],
      [[state(['installed', 'failed', 'installed'])], ['installed', 'failed']],
      [[state('failed, queued')], ['failed', 'queued']],
      [[state(['bogus'])], []],
      [[state(' , ')], []],
      [[state(['installed', 'failed']), state(['failed'])], ['failed']],
      [[state(['installed']), { key: 'isOpen', value: 'true', type: 'single' }], ['installed']],
    ];
    for (const [filter, states] of cases) {
      const info = await listed(filter);
      const expected = await count(states);
      expect({ filter, total: info.total, last_page: info.last_page }).toEqual({ filter, total: expected, last_page: Math.max(1, Math.ceil(expected / 2)) });
      if (states) expect(info.data.every((j) => states.includes(j.state))).toBe(true);
    }
    // another key beside the state is counted from the jobs
    const serial = (await t.db.query<{ s: string }>('SELECT d.serial_number AS s FROM ota_jobs j JOIN devices d ON d.id = j.device_id WHERE j.push_id = $1 LIMIT 1', [pushId])).rows[0]!.s;
    expect((await listed([state(['installed', 'failed']), { key: 'serial_number', value: serial, type: 'single' }])).total).toBe(1);
    expect((await call(t, 'GET', `/api/ota/history/devices?${q({ push_id: pushId, deviceType: AIR, filter: [{ key: 'nope', value: 'x', type: 'single' }] })}`)).status).toBe(400);
  });

  it('pushes all devices matching a filter', async () => {
    // Devices still on 7.0.0 with rule 7.0.0 -> 7.2.0: onOld[0] and onOld[6..11], plus any failed job's device.
    const expected = (await devices([{ key: 'firmware_version', value: '7.0.0', type: 'single' }, { key: 'upgradable', value: '1', type: 'single' }])).total;
    const res = await call(t, 'PUT', '/api/ota/update-firmware', {
      all: true,
      filter: [{ key: 'firmware_version', value: '7.0.0', type: 'single' }],
      deviceType: AIR,
    });
    expect(res.body).toMatchObject({ status: true, info: { device_count: expected } });
    expect(res.body.info.skipped).toBe(0);
  });
});
