// Hostile list and bulk input (issue 8, items 4-6): prototype keys as sort or filter keys, NUL in a
// filter value, filters that clean to nothing, and JSON bodies whose types are not what they claim.
jest.setTimeout(120_000);
import { addDevices, call, q, otaAppForFile } from './support';

const t = otaAppForFile();
let groupId = 0;
let members: number[] = [];
const AIR = 'airlink';
beforeAll(async () => {
  members = await addDevices(t.db, AIR, 'HOSTILE', '1.0.0', 5);
  const made = await call(t, 'POST', '/api/ota/group/add', { group_name: 'Hostile input', device_ids: members, all: false, deviceType: AIR });
  expect(made.status).toBe(200);
  const { rows } = await t.db.query<{ id: number }>("SELECT id FROM ota_groups WHERE name = 'Hostile input'");
  groupId = rows[0]!.id;
});

async function memberCount(): Promise<number> {
  const { rows } = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM ota_group_devices WHERE group_id = $1', [groupId]);
  return rows[0]?.n ?? 0;
}

describe('sortBy and filter keys are own properties of the list only', () => {
  it.each(['constructor', 'toString', '__proto__', 'valueOf', 'hasOwnProperty'])('sortBy=%s answers 400 "not a sortable field"', async (key) => {
    for (const url of [
      `/api/ota/get?${q({ deviceType: AIR, sortBy: key })}`,
      `/api/ota/rule/list?${q({ deviceType: AIR, sortBy: key })}`,
      `/api/ota/group/all?${q({ deviceType: AIR, sortBy: key })}`,
      `/api/ota/devices?${q({ deviceType: AIR, sortBy: key })}`,
      `/api/ota/history?${q({ deviceType: AIR, sortBy: key })}`,
    ]) {
      const res = await call(t, 'GET', url);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(`sortBy ${key} is not a sortable field`);
    }
  });

  it.each(['constructor', 'toString', '__proto__', 'valueOf'])('filter key %s answers 400, in a list and in a bulk call', async (key) => {
    const list = await call(t, 'GET', `/api/ota/devices?${q({ deviceType: AIR, filter: [{ key, value: 'x', type: 'single' }] })}`);
    expect(list.status).toBe(400);
    const bulk = await call(t, 'PUT', '/api/ota/group/remove-devices', {
      group_id: groupId,
      all: true,
      filter: [{ key, value: 'x', type: 'single' }],
      deviceType: AIR,
    });
    expect(bulk.status).toBe(400);
    expect(await memberCount()).toBe(members.length);
  });

  it('an unknown filter key in a bulk call answers 400 and changes nothing', async () => {
    const bulk = await call(t, 'PUT', '/api/ota/update-firmware', { all: true, filter: [{ key: 'agency_id', value: '1' }], deviceType: AIR });
    expect(bulk.status).toBe(400);
    expect(bulk.body.message).toBe('filter agency_id is not a filter of this list');
  });
});

describe('filter values', () => {
  it('%00 (NUL) in a filter value answers 400, not 500', async () => {
    for (const value of ['a%00b', 'a\u0000b']) {
      const res = await call(t, 'GET', `/api/ota/get?${q({ deviceType: AIR, filter: [{ key: 'version', value, type: 'single' }] })}`);
      expect(res.status).toBe(400);
    }
  });

  it('a value that cleans to nothing ("--") matches nothing: a bulk remove with it removes no device', async () => {
    const bulk = await call(t, 'PUT', '/api/ota/group/remove-devices', {
      group_id: groupId,
      all: true,
      filter: [{ key: 'serial_number', value: '--', type: 'single' }],
      deviceType: AIR,
    });
    expect(bulk.status).toBe(200);
    expect(await memberCount()).toBe(members.length);
    const list = await call(t, 'GET', `/api/ota/devices?${q({ deviceType: AIR, filter: [{ key: 'serial_number', value: '--', type: 'single' }] })}`);
    expect(list.status).toBe(200);
    expect(list.body.info.total).toBe(0);
  });
});

describe('JSON body types are not coerced', () => {
  it.each([
    ['true', true],
    ['[26]', [26]],
    ['"26"', '26'],
  ])('%s is not an id (400, nothing changes)', async (_label, id) => {
    const res = await call(t, 'PUT', '/api/ota/group/remove-devices', { group_id: id, all: true, deviceType: AIR });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/group_id/);
    expect(await memberCount()).toBe(members.length);
  });

  it('device ids given as text, or a boolean given as text, answer 400', async () => {
    const texts = await call(t, 'PUT', '/api/ota/group/remove-devices', { group_id: groupId, device_ids: members.map(String), all: false, deviceType: AIR });
    expect(texts.status).toBe(400);
    const flag = await call(t, 'PUT', '/api/ota/group/remove-devices', { group_id: groupId, device_ids: [members[0]], all: 'false', deviceType: AIR });
    expect(flag.status).toBe(400);
    expect(await memberCount()).toBe(members.length);
  });

  it('the right types still work', async () => {
    const ok = await call(t, 'PUT', '/api/ota/group/remove-devices', { group_id: groupId, device_ids: [members[0]], all: false, deviceType: AIR });
    expect(ok.status).toBe(200);
    expect(await memberCount()).toBe(members.length - 1);
  });
});
