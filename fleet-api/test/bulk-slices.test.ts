// A bulk call given ids the caller may not touch is refused whole with 404 and writes nothing (issue
// 20, item 6; SECURITY.md 1, 2): resolve many, assigning heat pumps to a company and site, a site
// manager's sites, an OTA group's devices (add and remove) and an OTA push. A list that mixes ids of
// the slice with others is refused whole; the same list without the others is taken.
import { appForFile, bearersFor } from './support/app';

const t = appForFile({}, { devices: 700 });
const tokens = bearersFor(t, ['Admin', 'Agency', 'mscc', 'sm']);

async function ids(sql: string, params: unknown[] = []): Promise<number[]> {
  return (await t.db.query<{ id: number }>(sql, params)).rows.map((r) => r.id);
}

/** Everything these calls can write, and the resolution sequence (a refused resolve takes no number). */
async function fingerprint(): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const table of ['faults', 'heat_pump_events', 'devices', 'ota_group_devices', 'ota_pushes', 'ota_jobs', 'site_managers', 'site_manager_sites', 'multi_site_company_agencies', 'outbox']) {
    out[table] = (await t.db.query<{ h: string }>(`SELECT md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS h FROM ${table} x`)).rows[0]?.h ?? '';
  }
  out.resolutions = String((await t.db.query<{ v: string }>('SELECT last_value::text AS v FROM fault_resolutions_seq')).rows[0]?.v);
  return out;
}

async function send(role: string, method: 'POST' | 'PUT', url: string, payload: object) {
  const res = await t.app.inject({ method, url, headers: tokens[role], payload });
  return { status: res.statusCode, body: res.json<{ status: boolean; message: string; info?: Record<string, number> }>() };
}

/** The devices of each NMS role's slice, written out here (not by the policy layer). */
async function sliceOf(role: string): Promise<string> {
  const email = { Agency: 'agency@demo.test', mscc: 'mscc@demo.test', sm: 'sm@demo.test' }[role];
  const u = (await t.db.query<{ agency_id: number; company_id: number; site_manager_id: number }>('SELECT agency_id::int, company_id::int, site_manager_id::int FROM users WHERE email = $1', [email])).rows[0];
  if (!u) throw new Error(role);
  if (role === 'Agency') return `d.agency_id = ${u.agency_id}`;
  if (role === 'mscc') return `(d.company_id = ${u.company_id} OR d.site_id IN (SELECT id FROM sites WHERE company_id = ${u.company_id}))`;
  return `d.site_id IN (SELECT site_id FROM site_manager_sites WHERE site_manager_id = ${u.site_manager_id})`;
}

/** An open fault of a heat pump inside (or outside) a slice. */
async function openFault(slice: string, inside: boolean, not: number[] = []): Promise<number> {
  const [id] = await ids(
    `SELECT f.id::int AS id FROM faults f JOIN devices d ON d.id = f.device_id
      WHERE f.fault_status = 0 AND d.product_line = 'heat_pump' AND ${inside ? '' : 'NOT'} coalesce(${slice}, false)
        AND NOT (f.id = ANY($1::bigint[])) ORDER BY f.id LIMIT 1`,
    [not],
  );
  if (id === undefined) throw new Error(`no open fault ${inside ? 'inside' : 'outside'} ${slice}`);
  return id;
}

describe('resolve many', () => {
  // the narrowest slice first: a wider one's resolve may take the only open fault of a narrower one
  it.each(['sm', 'mscc', 'Agency'])('as %s: a fault outside the slice, alone or among its own, is 404 and nothing is written', async (role) => {
    const slice = await sliceOf(role);
    const own = await openFault(slice, true);
    const other = await openFault(slice, false);
    const before = await fingerprint();
    for (const fault_ids of [[other], [own, other], [other, own]]) {
      const res = await send(role, 'POST', '/api/heat-pump/faults/resolve', { agent: 'Probe', fault_ids });
      expect([res.status, res.body]).toEqual([404, { status: false, message: 'Fault not found', code: 'faults.notFound' }]);
    }
    // an id that is no fault at all is outside every slice too
    expect((await send(role, 'POST', '/api/heat-pump/faults/resolve', { agent: 'Probe', fault_ids: [own, 99999999] })).status).toBe(404);
    expect(await fingerprint()).toEqual(before);
    const taken = await send(role, 'POST', '/api/heat-pump/faults/resolve', { agent: 'Probe', fault_ids: [own] });
    expect([taken.status, taken.body.info?.devices]).toEqual([200, 1]);
    expect((await t.db.query<{ s: number }>('SELECT fault_status::int AS s FROM faults WHERE id = $1', [other])).rows[0]?.s).toBe(0);
  });
});

describe('assigning heat pumps to a company and a site', () => {
  it("refuses a list with another agency's heat pump, or a device of another line, whole", async () => {
    const slice = await sliceOf('Agency');
    const [company] = await ids(
      `SELECT c.id::int AS id FROM multi_site_companies c JOIN multi_site_company_agencies l ON l.company_id = c.id
        WHERE l.agency_id = (SELECT agency_id FROM users WHERE email = 'agency@demo.test') ORDER BY c.id LIMIT 1`,
    );
    const own = await ids(`SELECT d.id::int AS id FROM devices d WHERE d.product_line = 'heat_pump' AND ${slice} ORDER BY d.id LIMIT 2`);
    const [foreign] = await ids(`SELECT d.id::int AS id FROM devices d WHERE d.product_line = 'heat_pump' AND NOT coalesce(${slice}, false) ORDER BY d.id LIMIT 1`);
    const [bulb] = await ids(`SELECT d.id::int AS id FROM devices d WHERE d.product_line <> 'heat_pump' AND ${slice} ORDER BY d.id LIMIT 1`);
    expect([company, foreign, bulb, own.length]).toEqual([expect.any(Number), expect.any(Number), expect.any(Number), 2]);
    const before = await fingerprint();
    for (const device_ids of [[foreign], [...own, foreign], [...own, bulb]]) {
      const res = await send('Agency', 'PUT', '/api/nms/devices/assign', { device_ids, company_id: company });
      expect([res.status, res.body]).toEqual([404, { status: false, message: 'Device not found', code: 'devices.notFound' }]);
    }
    expect(await fingerprint()).toEqual(before);
    const taken = await send('Agency', 'PUT', '/api/nms/devices/assign', { device_ids: own, company_id: company });
    expect([taken.status, taken.body.info?.devices]).toEqual([200, 2]);
  });
});

describe("a site manager's sites", () => {
  it('refuses a list with a site of another company whole', async () => {
    const company = (await t.db.query<{ company_id: number }>("SELECT company_id::int FROM users WHERE email = 'mscc@demo.test'")).rows[0]?.company_id;
    const own = await ids('SELECT id::int AS id FROM sites WHERE company_id = $1 ORDER BY id LIMIT 1', [company]);
    const other = await ids('SELECT id::int AS id FROM sites WHERE company_id <> $1 ORDER BY id LIMIT 1', [company]);
    const before = await fingerprint();
    const res = await send('mscc', 'POST', '/api/nms/site-managers/save', { site_ids: [...own, ...other], first_name: 'Mix', last_name: 'Ed', email: 'mixed.sites@x.test' });
    expect([res.status, res.body]).toEqual([404, { status: false, message: 'Site not found', code: 'sites.notFound' }]);
    expect(await fingerprint()).toEqual(before);
  });
});

describe('OTA groups and pushes (Admin: every device of the line is its to touch)', () => {
  const LINE = 'livelink';
  const lineDevices = (n: number, offset = 0) =>
    ids(`SELECT id::int AS id FROM devices d WHERE fleet_ota_line(d.product_line) = $1 ORDER BY id LIMIT $2 OFFSET $3`, [LINE, n, offset]);
  const otherLine = () => ids(`SELECT id::int AS id FROM devices d WHERE fleet_ota_line(d.product_line) <> $1 ORDER BY id LIMIT 1`, [LINE]);

  it('adding, removing or pushing to a device of another line or none at all is 404 and changes nothing', async () => {
    const members = await lineDevices(2);
    const [outsider] = await lineDevices(1, 50);
    const created = await send('Admin', 'POST', '/api/ota/group/add', { group_name: 'Bulk probe', device_ids: members, deviceType: LINE });
    expect(created.status).toBe(200);
    const group = created.body.info?.id;
    const [foreign] = await otherLine();
    const before = await fingerprint();
    for (const [method, url, body] of [
      ['PUT', '/api/ota/group/add-devices', { group_id: group, device_ids: [...members, foreign], deviceType: LINE }],
      ['PUT', '/api/ota/group/add-devices', { group_id: group, device_ids: [99999999], deviceType: LINE }],
      // a device of the line that is not in the group, beside its members
      ['PUT', '/api/ota/group/remove-devices', { group_id: group, device_ids: [...members, outsider], deviceType: LINE }],
      ['PUT', '/api/ota/group/remove-devices', { group_id: group, device_ids: [foreign], deviceType: LINE }],
      ['PUT', '/api/ota/update-firmware', { devices: [...members, foreign], deviceType: LINE }],
    ] as Array<['PUT', string, object]>) {
      const res = await send('Admin', method, url, body);
      expect([url, res.status]).toEqual([url, 404]);
    }
    expect(await fingerprint()).toEqual(before);
    const removed = await send('Admin', 'PUT', '/api/ota/group/remove-devices', { group_id: group, device_ids: members.slice(0, 1), deviceType: LINE });
    expect(removed.status).toBe(200);
  });
});
