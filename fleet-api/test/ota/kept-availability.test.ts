// The kept OTA rows (ota_devices, migration 0023) stay what the availability rule says after every
// kind of write that can change it, their counts (ota_device_counts) those of the rows, and the device
// list's pages and totals follow them.
jest.setTimeout(120_000);
import { addDevices, addFirmware, call, q, otaAppForFile } from './support';

const t = otaAppForFile();
const AIR = 'airlink';

/** Rows where the kept table and the rule (the view) differ, both ways; [] when they agree. */
async function drift(): Promise<unknown[]> {
  const { rows } = await t.db.query(
    `(SELECT 'kept' AS side, * FROM ota_devices EXCEPT SELECT 'kept', * FROM ota_device_availability)
     UNION ALL
     (SELECT 'rule', * FROM ota_device_availability EXCEPT SELECT 'rule', * FROM ota_devices)
     LIMIT 5`,
  );
  // and the kept counts are those of the kept rows
  const grouped = `SELECT device_type, coalesce(group_id, 0) AS group_id, coalesce(firmware_version, '') AS firmware_version,
                           coalesce(available_firmware, '') AS available_firmware, upgradable, count(*)::int AS devices
                      FROM ota_devices GROUP BY 1, 2, 3, 4, 5`;
  const kept = `SELECT device_type, group_id, firmware_version, available_firmware, upgradable, devices::int AS devices
                   FROM ota_device_counts WHERE devices <> 0`;
  const counts = await t.db.query(
    `(SELECT 'counted' AS side, * FROM (${kept}) k EXCEPT SELECT 'counted', * FROM (${grouped}) g)
     UNION ALL
     (SELECT 'rows', * FROM (${grouped}) g EXCEPT SELECT 'rows', * FROM (${kept}) k)
     LIMIT 5`,
  );
  return [...rows, ...counts.rows];
}

async function listed(deviceType: string, filter: unknown[] = [], extra: Record<string, unknown> = {}) {
  const res = await call(t, 'GET', `/api/ota/devices?${q({ deviceType, limit: 25, filter, ...extra })}`);
  expect(res.status).toBe(200);
  return res.body.info as { data: Array<{ id: number; available_firmware: string | null; upgradable: boolean; group_name: string | null }>; total: number };
}

const upgradable = [{ key: 'upgradable', value: '1', type: 'single' }];

let onOld: number[] = [];
let onMid: number[] = [];

beforeAll(async () => {
  for (const v of ['8.0.0', '8.1.0', '8.2.0']) await addFirmware(t, AIR, v);
  onOld = await addDevices(t.db, AIR, 'KEPTOLD', '8.0.0', 6);
  onMid = await addDevices(t.db, AIR, 'KEPTMID', '8.1.0', 4);
});

afterEach(async () => {
  expect(await drift()).toEqual([]);
});

it('has a row per device type for new devices: livelink-line devices one for livelink and one for ihd_livelink', async () => {
  const [livelink] = await addDevices(t.db, 'livelink', 'KEPTLL', '8.0.0', 1);
  const [ihd] = await addDevices(t.db, 'ihd_livelink', 'KEPTIL', '8.0.0', 1);
  const { rows } = await t.db.query<{ device_id: number; device_type: string }>(
    'SELECT device_id::int AS device_id, device_type FROM ota_devices WHERE device_id = ANY($1::bigint[]) ORDER BY device_id, device_type',
    [[livelink, ihd]],
  );
  expect(rows).toEqual([
    { device_id: livelink, device_type: 'ihd_livelink' },
    { device_id: livelink, device_type: 'livelink' },
    { device_id: ihd, device_type: 'ihd_livelink' },
    { device_id: ihd, device_type: 'livelink' },
  ]);
  expect((await listed(AIR)).total).toBe((await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM devices WHERE product_line = 'airlink'")).rows[0]?.n);
});

it('follows rules added, ticked, moved to another version and deleted, and the cached total with them', async () => {
  expect((await listed(AIR, upgradable)).total).toBe(0);
  const add = await call(t, 'POST', '/api/ota/rule/add', { name: 'Kept 8.0', from_version: '8.0.0', to_version: '8.2.0', immediate_update: true, deviceType: AIR });
  const ruleId = add.body.info.id as number;
  expect((await listed(AIR, upgradable)).total).toBe(onOld.length);

  await call(t, 'PUT', '/api/ota/rule/update', { id: ruleId, name: 'Kept 8.0', from_version: '8.1.0', to_version: '8.2.0', immediate_update: true, deviceType: AIR });
  const moved = await listed(AIR, upgradable);
  expect(moved.total).toBe(onMid.length);
  expect(moved.data.map((r) => r.id).sort()).toEqual([...onMid].sort());

  await call(t, 'PUT', '/api/ota/rule/update', { id: ruleId, name: 'Kept 8.0', from_version: '8.1.0', to_version: '8.2.0', immediate_update: false, deviceType: AIR });
  expect((await listed(AIR, upgradable)).total).toBe(0);
  expect((await listed(AIR, [{ key: 'available_firmware', value: '8.2.0', type: 'single' }])).total).toBe(onMid.length);

  await call(t, 'DELETE', '/api/ota/rule/delete', { id: ruleId, deviceType: AIR });
  expect((await listed(AIR, [{ key: 'available_firmware', value: '8.2.0', type: 'single' }])).total).toBe(0);
});

it('follows groups: created with devices, moved between, target and Update Flag, removals and deletion', async () => {
  const a = (await call(t, 'POST', '/api/ota/group/add', { group_name: 'Kept A', device_ids: onOld.slice(0, 3), deviceType: AIR })).body.info.id as number;
  const b = (await call(t, 'POST', '/api/ota/group/add', { group_name: 'Kept B', device_ids: onOld.slice(3), deviceType: AIR })).body.info.id as number;
  await call(t, 'PUT', '/api/ota/group/update-data', { group_id: a, target_version: '8.1.0', upgradable: true, deviceType: AIR });
  expect((await listed(AIR, upgradable)).total).toBe(3);

  // a device moved from A to B takes B's (empty) target
  await call(t, 'PUT', '/api/ota/group/add-devices', { group_id: b, device_ids: [onOld[0]], deviceType: AIR });
  expect((await listed(AIR, upgradable)).total).toBe(2);
  const info = await call(t, 'GET', `/api/ota/group/info?${q({ deviceType: AIR, group_id: b })}`);
  expect(info.body.info.devices.total).toBe(4);
  expect(info.body.info.devices.data.every((r: { group_name: string }) => r.group_name === 'Kept B')).toBe(true);

  await call(t, 'PUT', '/api/ota/group/update-data', { group_id: b, group_name: 'Kept B2', target_version: '8.2.0', upgradable: true, deviceType: AIR });
  expect((await listed(AIR, upgradable)).total).toBe(6);
  const renamed = await listed(AIR, upgradable, { sortBy: 'group_name', orderBy: 'asc' });
  expect(renamed.data.map((r) => r.group_name)).toEqual(['Kept A', 'Kept A', 'Kept B2', 'Kept B2', 'Kept B2', 'Kept B2']);

  await call(t, 'PUT', '/api/ota/group/remove-devices', { group_id: b, all: true, filter: [{ key: 'firmware_version', value: '8.0.0', type: 'single' }], deviceType: AIR });
  expect((await listed(AIR, upgradable)).total).toBe(2);

  await call(t, 'DELETE', '/api/ota/group/delete', { group_id: a, deviceType: AIR });
  expect((await listed(AIR, upgradable)).total).toBe(0);
  await call(t, 'DELETE', '/api/ota/group/delete', { group_id: b, deviceType: AIR });
});

it('follows a push and the install that changes the device firmware, and firmware uploads and deletes', async () => {
  await call(t, 'POST', '/api/ota/rule/add', { name: 'Kept push', from_version: '8.0.0', to_version: '8.1.0', immediate_update: true, deviceType: AIR });
  const push = await call(t, 'PUT', '/api/ota/update-firmware', { devices: [onOld[0]], deviceType: AIR });
  expect(push.body.info).toMatchObject({ device_count: 1, skipped: 0 });
  expect((await t.db.query('SELECT to_version FROM ota_jobs WHERE push_id = $1', [push.body.info.push_id])).rows).toEqual([{ to_version: '8.1.0' }]);
  // the install as the simulator writes it
  await t.db.query("UPDATE ota_jobs SET state = 'installed' WHERE push_id = $1", [push.body.info.push_id]);
  await t.db.query("UPDATE devices SET firmware_version = '8.1.0' WHERE id = $1", [onOld[0]]);
  const row = (await listed(AIR, [{ key: 'firmware_version', value: '8.1.0', type: 'single' }])).data.find((r) => r.id === onOld[0]);
  expect(row).toMatchObject({ available_firmware: null, upgradable: false });

  const extra = await addFirmware(t, AIR, '8.9.0');
  expect(await drift()).toEqual([]);
  expect((await call(t, 'DELETE', '/api/ota/delete', { ota_id: extra.id, deviceType: AIR })).status).toBe(200);
});

it('follows a device that changes line or serial number, and one that is deleted', async () => {
  const [id] = await addDevices(t.db, AIR, 'KEPTMOVE', '8.0.0', 1);
  await t.db.query("UPDATE devices SET product_line = 'bulb', serial_number = 'KEPTMOVED' WHERE id = $1", [id]);
  const { rows } = await t.db.query('SELECT device_type, serial_number FROM ota_devices WHERE device_id = $1', [id]);
  expect(rows).toEqual([{ device_type: 'bulb', serial_number: 'KEPTMOVED' }]);
  await t.db.query('DELETE FROM devices WHERE id = $1', [id]);
  expect((await t.db.query('SELECT 1 FROM ota_devices WHERE device_id = $1', [id])).rows).toEqual([]);
});

// Migration 0024: group, availability and Upgradable are joined when read; only the counts per type,
// version and group are kept. A grouped device that is deleted, installs, or changes line moves its counts.
it('keeps the group counts of a member that is deleted, installs a firmware or changes line', async () => {
  const members = await addDevices(t.db, AIR, 'KEPTMEMBER', '8.0.0', 4);
  const g = (await call(t, 'POST', '/api/ota/group/add', { group_name: 'Kept members', device_ids: members, deviceType: AIR })).body.info.id as number;
  await call(t, 'PUT', '/api/ota/group/update-data', { group_id: g, target_version: '8.1.0', upgradable: true, deviceType: AIR });
  const inGroup = async () =>
    (await call(t, 'GET', `/api/ota/group/info?${q({ deviceType: AIR, group_id: g, filter: upgradable })}`)).body.info.devices.total as number;
  expect(await inGroup()).toBe(4);

  await t.db.query('DELETE FROM devices WHERE id = $1', [members[0]]);
  expect(await drift()).toEqual([]);
  expect(await inGroup()).toBe(3);

  // an install of the group's target: still a member, no longer upgradable
  await t.db.query("UPDATE devices SET firmware_version = '8.1.0' WHERE id = $1", [members[1]]);
  expect(await drift()).toEqual([]);
  expect(await inGroup()).toBe(2);

  // a member that moves to the livelink line has a row for both livelink types, still in the group
  await t.db.query("UPDATE devices SET product_line = 'livelink' WHERE id = $1", [members[2]]);
  expect(await drift()).toEqual([]);
  expect(await inGroup()).toBe(1);
  const livelink = await listed('livelink', [{ key: 'available_firmware', value: '8.1.0', type: 'single' }]);
  expect(livelink.data.map((r) => r.id)).toEqual([members[2]]);

  await call(t, 'DELETE', '/api/ota/group/delete', { group_id: g, deviceType: AIR });
  expect((await listed('livelink', [{ key: 'available_firmware', value: '8.1.0', type: 'single' }])).total).toBe(0);
  await t.db.query('DELETE FROM devices WHERE id = ANY($1::bigint[])', [members]);
});

it('counts a whole group filled and emptied in one statement each', async () => {
  const many = await addDevices(t.db, AIR, 'KEPTBULK', '8.1.0', 300);
  const before = (await listed(AIR, upgradable)).total;
  const g = (await call(t, 'POST', '/api/ota/group/add', { group_name: 'Kept bulk', device_ids: [many[0]], deviceType: AIR })).body.info.id as number;
  await t.db.query('INSERT INTO ota_group_devices (group_id, device_id) SELECT $1, unnest($2::bigint[]) ON CONFLICT (device_id) DO NOTHING', [g, many]);
  await call(t, 'PUT', '/api/ota/group/update-data', { group_id: g, target_version: '8.2.0', upgradable: true, deviceType: AIR });
  expect(await drift()).toEqual([]);
  expect((await listed(AIR, upgradable)).total).toBe(before + 300);
  await call(t, 'PUT', '/api/ota/group/remove-devices', { group_id: g, all: true, deviceType: AIR });
  expect(await drift()).toEqual([]);
  expect((await listed(AIR, upgradable)).total).toBe(before);
  expect((await t.db.query('SELECT * FROM ota_member_counts WHERE group_id = $1', [g])).rows).toEqual([]);
  await call(t, 'DELETE', '/api/ota/group/delete', { group_id: g, deviceType: AIR });
  await t.db.query('DELETE FROM devices WHERE id = ANY($1::bigint[])', [many]);
});

describe('pages read by walking an index range and filter first agree with the rule', () => {
  const many = 2_100; // above the list's filter-first threshold (2,000 matches)
  let ids: number[] = [];

  beforeAll(async () => {
    ids = await addDevices(t.db, AIR, 'KEPTMANY', '8.2.0', many);
  });

  /** The ids of a page, as SQL on the rule (the view) orders them. */
  async function expected(order: string, where: string, offset: number, limit = 25): Promise<number[]> {
    const { rows } = await t.db.query<{ id: number }>(
      `SELECT device_id::int AS id FROM ota_device_availability a WHERE device_type = 'airlink' AND ${where} ${order} LIMIT ${limit} OFFSET ${offset}`,
    );
    return rows.map((r) => r.id);
  }

  it.each([
    ['newest first', {}, 'ORDER BY a.created_at DESC NULLS LAST, a.device_id DESC'],
    ['by serial number, ascending', { sortBy: 'serial_number', orderBy: 'asc' }, 'ORDER BY a.serial_number ASC NULLS FIRST, a.device_id ASC'],
  ])('%s: first, middle, past-the-middle and last pages', async (_name, sort, order) => {
    const filter = [{ key: 'firmware_version', value: '8.2.0', type: 'single' }];
    const total = (await listed(AIR, filter)).total;
    expect(total).toBe(many);
    for (const page of [1, 40, 60, Math.ceil(total / 25)]) {
      const got = await listed(AIR, filter, { ...sort, page });
      expect(got.data.map((r) => r.id)).toEqual(await expected(order, "a.firmware_version = '8.2.0'", (page - 1) * 25));
    }
    // a filter with few matches is read filter first: the same order
    const few = [{ key: 'serial_number', value: 'KEPTMANY0001', type: 'single' }];
    const small = await listed(AIR, few, sort);
    expect(small.total).toBe(100);
    expect(small.data.map((r) => r.id)).toEqual(await expected(order, "a.serial_number ILIKE '%KEPTMANY0001%'", 0));
    expect(ids).toHaveLength(many);
  });

  // sorted by a value a (group, version) bucket shares: read value by value from the kept counts
  it.each([
    ['group_name', 'a.group_name'],
    ['available_firmware', 'fleet_version_key(a.available_firmware)'],
    ['upgradable', 'a.upgradable'],
  ])('sorted by %s, both ways: first, middle, past-the-middle and last pages', async (sortBy, column) => {
    const a = (await call(t, 'POST', '/api/ota/group/add', { group_name: 'Kept sort A', device_ids: ids.slice(0, 700), deviceType: AIR })).body.info.id as number;
    const b = (await call(t, 'POST', '/api/ota/group/add', { group_name: 'Kept sort B', device_ids: ids.slice(700, 900), deviceType: AIR })).body.info.id as number;
    await call(t, 'PUT', '/api/ota/group/update-data', { group_id: a, target_version: '8.1.0', upgradable: true, deviceType: AIR });
    await call(t, 'PUT', '/api/ota/group/update-data', { group_id: b, target_version: '8.2.0', upgradable: true, deviceType: AIR });
    const rule = await call(t, 'POST', '/api/ota/rule/add', { name: 'Kept sort', from_version: '8.2.0', to_version: '8.0.0', immediate_update: true, deviceType: AIR });
    try {
      const filter = [{ key: 'firmware_version', value: '8.2.0', type: 'single' }];
      for (const orderBy of ['asc', 'desc']) {
        const direction = orderBy.toUpperCase();
        const order = `ORDER BY ${column} ${direction} NULLS ${orderBy === 'asc' ? 'FIRST' : 'LAST'}, a.device_id ${direction}`;
        for (const page of [1, 28, 36, 60, 85]) {
          const got = await listed(AIR, filter, { sortBy, orderBy, page });
          expect(got.total).toBe(many);
          expect(got.data.map((r) => r.id)).toEqual(await expected(order, "a.firmware_version = '8.2.0'", (page - 1) * 25));
        }
      }
    } finally {
      await call(t, 'DELETE', '/api/ota/rule/delete', { id: rule.body.info.id, deviceType: AIR });
      await call(t, 'DELETE', '/api/ota/group/delete', { group_id: a, deviceType: AIR });
      await call(t, 'DELETE', '/api/ota/group/delete', { group_id: b, deviceType: AIR });
    }
  });
});
