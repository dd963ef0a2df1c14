// Heat pumps and faulty systems (issue 10): the heat-pump list through the device engine, the
// Attention list per role with its tabs, Resolve Fault with the spec's rules (a refusal changes
// nothing), resolving many as one job, and the fault history; an id from another slice is 404.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { appForFile, bearersOf, SETUP_TIMEOUT } from '../support/app';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fleet-faults-'));
const t = appForFile({ dataDir }, { devices: 700 });
const tokens: Record<string, Record<string, string>> = {};

beforeAll(async () => {
  Object.assign(tokens, await bearersOf(t.app, ['Admin', 'Agency', 'mscc', 'sm', 'User', 'Electrician']));
}, SETUP_TIMEOUT);
afterAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
});

type Json = Record<string, unknown>;
interface FaultRowJson {
  id: number;
  device_id: number;
  fault_code: string;
  fault_status: number;
  history_datetime: string;
  related_history: Array<{ fault_code: string; count: number; last_record: string }>;
  heatpump: { serial_number: string; heat_pump_model: { model_name: string | null }; customer: { email: string | null } };
}
interface Reply<T = Json> {
  status: number;
  body: { status: boolean; message: string; info: T & { total: number; data: Json[] } };
}

async function call<T = Json>(role: string, method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown): Promise<Reply<T>> {
  const res = await t.app.inject({ method, url, headers: tokens[role], ...(payload === undefined ? {} : { payload: payload as object }) });
  return { status: res.statusCode, body: res.json() };
}

const filter = (items: Json[]) => `filter=${encodeURIComponent(JSON.stringify(items))}`;
const tab = (status: 0 | 1) => ({ key: 'fault_status', value: status, type: 'single' });

async function rows<T>(sql: string, params: unknown[] = []): Promise<T[]> {
  return (await t.db.query<T>(sql, params)).rows;
}
async function n(sql: string, params: unknown[] = []): Promise<number> {
  return (await rows<{ n: number }>(sql, params))[0]?.n ?? 0;
}

/** Heat pumps with a fault of `status`, in the slice SQL `scope` on devices d. */
const faultyDevices = (status: 0 | 1, scope = 'TRUE') =>
  n(`SELECT count(DISTINCT f.device_id)::int AS n FROM faults f JOIN devices d ON d.id = f.device_id
      WHERE f.fault_status = ${status} AND d.product_line = 'heat_pump' AND ${scope}`);

async function userLinks(email: string) {
  const [u] = await rows<{ agency_id: number; company_id: number; site_manager_id: number; customer_id: number }>(
    'SELECT agency_id::int, company_id::int, site_manager_id::int, customer_id::int FROM users WHERE email = $1',
    [email],
  );
  if (!u) throw new Error(`no user ${email}`);
  return u;
}

describe('heat-pump devices', () => {
  it('Admin lists heat pumps only, with soft_version and agent_name, and the exact total', async () => {
    const res = await call('Admin', 'GET', '/api/heat-pump/list?limit=100');
    expect(res.status).toBe(200);
    expect(res.body.info.total).toBe(await n("SELECT count(*)::int AS n FROM devices WHERE product_line = 'heat_pump'"));
    for (const row of res.body.info.data) {
      expect(row.product_line).toBe('heat_pump');
      expect(row.soft_version).toBe(row.firmware_version);
    }
    expect(res.body.info.data.some((r) => typeof r.agent_name === 'string' && r.agent_name.includes(' '))).toBe(true);
  });

  it('each role sees its slice; a heat pump of another slice or another line is 404', async () => {
    const agency = await userLinks('agency@demo.test');
    const res = await call('Agency', 'GET', '/api/heat-pump/list');
    expect(res.body.info.total).toBe(
      await n("SELECT count(*)::int AS n FROM devices WHERE product_line = 'heat_pump' AND agency_id = $1", [agency.agency_id]),
    );
    const [foreign] = await rows<{ id: number }>(
      "SELECT id::int FROM devices WHERE product_line = 'heat_pump' AND agency_id <> $1 ORDER BY id LIMIT 1",
      [agency.agency_id],
    );
    expect((await call('Agency', 'GET', `/api/heat-pump/info/${foreign?.id}`)).status).toBe(404);
    const [bulb] = await rows<{ id: number }>("SELECT id::int FROM devices WHERE product_line = 'bulb' ORDER BY id LIMIT 1");
    expect((await call('Admin', 'GET', `/api/heat-pump/info/${bulb?.id}`)).status).toBe(404);
    const own = await call('Admin', 'GET', `/api/heat-pump/info/${foreign?.id}`);
    expect(own.status).toBe(200);
    expect(own.body.info).toMatchObject({ id: foreign?.id, product_line: 'heat_pump' });
    expect(typeof own.body.info.open_faults).toBe('number');
  });

  it("User's list (its home, /user/dashboard) is the heat pumps of the properties it belongs to, and it has some", async () => {
    const user = await userLinks('user@demo.test');
    const res = await call('User', 'GET', '/api/heat-pump/list');
    expect(res.status).toBe(200);
    const expected = await n(
      `SELECT count(*)::int AS n FROM devices d WHERE d.product_line = 'heat_pump'
          AND d.property_id IN (SELECT property_id FROM property_members WHERE customer_id = $1
                                UNION SELECT id FROM properties WHERE customer_id = $1)`,
      [user.customer_id],
    );
    expect(expected).toBeGreaterThan(0);
    expect(res.body.info.total).toBe(expected);
  });

  it("exports the site manager's heat pumps only, as a job with a signed link", async () => {
    const sm = await userLinks('sm@demo.test');
    const started = await call('sm', 'POST', '/api/heat-pump/export', { filter: '[]' });
    expect(started.status).toBe(200);
    let done: Json = started.body.info;
    for (let i = 0; i < 100 && done.status === 'running'; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      done = (await call('sm', 'GET', `/api/export/${started.body.info.id}`)).body.info;
    }
    const expected = await n(
      `SELECT count(*)::int AS n FROM devices d WHERE d.product_line = 'heat_pump'
          AND d.site_id IN (SELECT site_id FROM site_manager_sites WHERE site_manager_id = $1)`,
      [sm.site_manager_id],
    );
    expect(expected).toBeGreaterThan(0);
    expect(done).toMatchObject({ status: 'done', rows_written: expected });
    const file = await t.app.inject({ url: String(done.download_link) });
    const lines = file.body.trim().split(/\r?\n/).slice(1);
    expect(lines).toHaveLength(expected);
    // the Product column names the product as the console does
    for (const line of lines) expect(line.split(',')[1]).toBe('Heat Pump');
  });

  it('sorts by soft_version and filters with the spec keys', async () => {
    const res = await call('Admin', 'GET', `/api/heat-pump/list?sortBy=soft_version&orderBy=asc&${filter([{ key: 'device_status', value: ['Active'], type: 'multi' }])}`);
    expect(res.status).toBe(200);
    expect(res.body.info.total).toBe(
      await n("SELECT count(*)::int AS n FROM devices WHERE product_line = 'heat_pump' AND device_status = 'Active'"),
    );
  });
});

describe('Attention [Heat Pump]', () => {
  it('UnResolved (the default tab) is one row per faulty heat pump: its newest open fault, others by code', async () => {
    const res = await call<{ data: FaultRowJson[] }>('Admin', 'GET', '/api/heat-pump/faults?limit=500');
    expect(res.status).toBe(200);
    expect(res.body.info.total).toBeGreaterThan(0);
    expect(res.body.info.total).toBe(await faultyDevices(0));
    const data = res.body.info.data as unknown as FaultRowJson[];
    // newest first by default
    const times = data.map((r) => r.history_datetime);
    expect([...times].sort().reverse()).toEqual(times);
    for (const row of data.slice(0, 20)) {
      expect(row.fault_status).toBe(0);
      const [newest] = await rows<{ id: number }>(
        'SELECT id::int FROM faults WHERE device_id = $1 AND fault_status = 0 ORDER BY history_datetime DESC, id DESC LIMIT 1',
        [row.device_id],
      );
      expect(row.id).toBe(newest?.id);
      const open = await n('SELECT count(*)::int AS n FROM faults WHERE device_id = $1 AND fault_status = 0', [row.device_id]);
      expect(row.related_history.reduce((s, r) => s + r.count, 0)).toBe(open);
      expect(row.heatpump.serial_number).toMatch(/^\d{12}$/);
    }
  });

  it('the Resolved tab and the search fields', async () => {
    const resolved = await call('Admin', 'GET', `/api/heat-pump/faults?${filter([tab(1)])}`);
    expect(resolved.body.info.total).toBe(await faultyDevices(1));
    const e96 = await call('Admin', 'GET', `/api/heat-pump/faults?limit=500&${filter([tab(0), { key: 'fault_code', value: 'E96', type: 'single' }])}`);
    expect(e96.body.info.data.every((r) => r.fault_code === 'E96')).toBe(true);
    const [model] = await rows<{ model_name: string }>('SELECT model_name FROM heat_pump_models ORDER BY id LIMIT 1');
    const byModel = await call<{ data: FaultRowJson[] }>(
      'Admin',
      'GET',
      `/api/heat-pump/faults?limit=500&${filter([{ key: 'model_name', value: model?.model_name ?? '', type: 'single' }])}`,
    );
    for (const r of byModel.body.info.data as unknown as FaultRowJson[]) expect(r.heatpump.heat_pump_model.model_name).toBe(model?.model_name);
    expect((await call('Admin', 'GET', `/api/heat-pump/faults?${filter([{ key: 'fault_status', value: 7, type: 'single' }])}`)).status).toBe(400);
    expect((await call('Admin', 'GET', `/api/heat-pump/faults?${filter([{ key: 'nope', value: 1, type: 'single' }])}`)).status).toBe(400);
  });

  it('Agency, mscc and sm see only their slice', async () => {
    const agency = await userLinks('agency@demo.test');
    const mscc = await userLinks('mscc@demo.test');
    const sm = await userLinks('sm@demo.test');
    const agencyRes = await call('Agency', 'GET', '/api/heat-pump/faults');
    expect(agencyRes.body.info.total).toBe(await faultyDevices(0, `d.agency_id = ${agency.agency_id}`));
    const msccRes = await call('mscc', 'GET', '/api/heat-pump/faults');
    expect(msccRes.body.info.total).toBe(
      await faultyDevices(0, `(d.company_id = ${mscc.company_id} OR d.site_id IN (SELECT id FROM sites WHERE company_id = ${mscc.company_id}))`),
    );
    const smRes = await call('sm', 'GET', '/api/heat-pump/faults');
    expect(smRes.body.info.total).toBe(
      await faultyDevices(0, `d.site_id IN (SELECT site_id FROM site_manager_sites WHERE site_manager_id = ${sm.site_manager_id})`),
    );
    expect(smRes.body.info.total).toBeLessThanOrEqual(msccRes.body.info.total);
    // the demo fleet gives each of them a faulty heat pump to look after (seed: demo devices 7 and 8)
    for (const res of [agencyRes, msccRes, smRes]) expect(res.body.info.total).toBeGreaterThan(0);
    // User and Electrician have no Attention list
    expect((await call('User', 'GET', '/api/heat-pump/faults')).status).toBe(403);
    expect((await call('Electrician', 'GET', '/api/heat-pump/faults')).status).toBe(403);
  });
});

describe('Resolve Fault', () => {
  async function openRow(scope = 'TRUE'): Promise<{ id: number; device_id: number }> {
    const [row] = await rows<{ id: number; device_id: number }>(
      `SELECT DISTINCT ON (f.device_id) f.id::int, f.device_id::int FROM faults f JOIN devices d ON d.id = f.device_id
        WHERE f.fault_status = 0 AND ${scope}
          AND (SELECT count(*) FROM faults o WHERE o.device_id = f.device_id AND o.fault_status = 0) > 1
        ORDER BY f.device_id, f.history_datetime DESC, f.id DESC LIMIT 1`,
    );
    if (!row) throw new Error('no heat pump with two open faults');
    return row;
  }

  it("refuses without an agent or with comments of 500+ characters, and changes nothing", async () => {
    const row = await openRow();
    const before = await rows('SELECT * FROM faults WHERE device_id = $1 ORDER BY id', [row.device_id]);
    const noAgent = await call('Admin', 'PUT', `/api/heat-pump/faults/${row.id}/resolve`, { agent: '  ', job_comments: 'x' });
    expect(noAgent.status).toBe(400);
    expect(noAgent.body.message).toBe('Agent is required');
    const missing = await call('Admin', 'PUT', `/api/heat-pump/faults/${row.id}/resolve`, {});
    expect(missing.body.message).toBe('Agent is required');
    const long = await call('Admin', 'PUT', `/api/heat-pump/faults/${row.id}/resolve`, { agent: 'Sam', job_comments: 'x'.repeat(501) });
    expect(long.status).toBe(400);
    expect(long.body.message).toBe('Please enter less than 500 characters');
    expect(await rows('SELECT * FROM faults WHERE device_id = $1 ORDER BY id', [row.device_id])).toEqual(before);
  });

  it("resolves the row's fault and the heat pump's older open ones, records who and when, then refuses again", async () => {
    const row = await openRow();
    t.clock.advance(60);
    const at = t.clock.now().toISOString();
    const res = await call('Admin', 'PUT', `/api/heat-pump/faults/${row.id}/resolve`, { agent: 'Sam Field', job_comments: 'Replaced the fan board' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Fault resolved successfully');
    expect(res.body.info).toMatchObject({ devices: 1 });
    expect(await n('SELECT count(*)::int AS n FROM faults WHERE device_id = $1 AND fault_status = 0', [row.device_id])).toBe(0);
    const [fault] = await rows<Json>('SELECT agent, job_comments, resolved_by_name, resolved_at FROM faults WHERE id = $1', [row.id]);
    expect(fault).toMatchObject({ agent: 'Sam Field', job_comments: 'Replaced the fan board' });
    expect(fault?.resolved_by_name).toEqual(expect.any(String));
    expect(new Date(String(fault?.resolved_at)).toISOString()).toBe(at);
    expect((await rows<{ fault_code: string | null }>('SELECT fault_code FROM devices WHERE id = $1', [row.device_id]))[0]?.fault_code).toBeNull();
    const again = await call('Admin', 'PUT', `/api/heat-pump/faults/${row.id}/resolve`, { agent: 'Sam Field' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This fault is already resolved');
    // the history says how long it took
    const history = await call<{ data: Json[]; device: Json }>('Admin', 'GET', `/api/heat-pump/faults/history/${row.device_id}?limit=500`);
    const event = history.body.info.data.find((e) => e.id === row.id);
    expect(event).toMatchObject({ fault_status: 1, agent: 'Sam Field', resolve_seconds: expect.any(Number) });
    expect(history.body.info.device).toMatchObject({ id: row.device_id });
  });

  it("an agency cannot resolve or read another agency's heat pump", async () => {
    const agency = await userLinks('agency@demo.test');
    const row = await openRow(`d.agency_id <> ${agency.agency_id}`);
    expect((await call('Agency', 'PUT', `/api/heat-pump/faults/${row.id}/resolve`, { agent: 'Sam' })).status).toBe(404);
    expect((await call('Agency', 'GET', `/api/heat-pump/faults/history/${row.device_id}`)).status).toBe(404);
    // resolving it among many is refused whole (issue 20, item 6)
    const bulk = await call('Agency', 'POST', '/api/heat-pump/faults/resolve', { agent: 'Sam', fault_ids: [row.id] });
    expect([bulk.status, bulk.body.message]).toEqual([404, 'Fault not found']);
    expect(await n('SELECT count(*)::int AS n FROM faults WHERE id = $1 AND fault_status = 0', [row.id])).toBe(1);
  });

  it('resolves every row matching a filter as one job with one resolution id, within the slice', async () => {
    const agency = await userLinks('agency@demo.test');
    const scope = `d.agency_id = ${agency.agency_id}`;
    const code = (await rows<{ fault_code: string }>(
      `SELECT DISTINCT ON (f.device_id) f.fault_code FROM faults f JOIN devices d ON d.id = f.device_id
        WHERE f.fault_status = 0 AND ${scope} ORDER BY f.device_id, f.history_datetime DESC, f.id DESC LIMIT 1`,
    ))[0]?.fault_code;
    expect(code).toBeDefined();
    const listed = await call('Agency', 'GET', `/api/heat-pump/faults?${filter([tab(0), { key: 'fault_code', value: code, type: 'single' }])}`);
    const othersOpen = await faultyDevices(0, `d.agency_id <> ${agency.agency_id}`);
    const res = await call('Agency', 'POST', '/api/heat-pump/faults/resolve', {
      agent: 'Night shift',
      all: true,
      filter: [tab(0), { key: 'fault_code', value: code, type: 'single' }],
    });
    expect(res.status).toBe(200);
    expect(res.body.info).toMatchObject({ devices: listed.body.info.total });
    const resolutionId = (res.body.info as unknown as { resolution_id: number }).resolution_id;
    expect(await n('SELECT count(*)::int AS n FROM faults WHERE resolution_id = $1', [resolutionId])).toBe(
      (res.body.info as unknown as { faults: number }).faults,
    );
    // other agencies' faults are untouched
    expect(await faultyDevices(0, `d.agency_id <> ${agency.agency_id}`)).toBe(othersOpen);
    const after = await call('Agency', 'GET', `/api/heat-pump/faults?${filter([tab(0), { key: 'fault_code', value: code, type: 'single' }])}`);
    expect(after.body.info.total).toBe(0);
    // a selection of nothing is refused; resolving by the Resolved tab is refused
    expect((await call('Agency', 'POST', '/api/heat-pump/faults/resolve', { agent: 'x', fault_ids: [] })).status).toBe(400);
    expect((await call('Agency', 'POST', '/api/heat-pump/faults/resolve', { agent: 'x', all: true, filter: [tab(1)] })).status).toBe(400);
  });
});

describe('activity logs', () => {
  const dmy = (d: Date) => `${String(d.getUTCDate()).padStart(2, '0')}-${String(d.getUTCMonth() + 1).padStart(2, '0')}-${d.getUTCFullYear()}`;

  it("answers a heat pump's week of activity by default, newest first, by id, serial number or MAC address", async () => {
    const [hp] = await rows<{ id: number; serial_number: string; mac_address: string }>(
      `SELECT d.id::int, d.serial_number, d.mac_address FROM devices d
        WHERE d.product_line = 'heat_pump' AND EXISTS (SELECT 1 FROM heat_pump_events e WHERE e.device_id = d.id) ORDER BY d.id LIMIT 1`,
    );
    expect(hp).toBeDefined();
    const res = await call<{ data: Array<{ at: string; event: string }>; device: Json; start_date: string; end_date: string }>(
      'Admin',
      'GET',
      `/api/admin/heat-pump/activity-logs?device_id=${hp?.id}&source=nms&limit=500`,
    );
    expect(res.status).toBe(200);
    const { start_date, end_date } = res.body.info;
    expect(res.body.info.total).toBe(
      await n(`SELECT count(*)::int AS n FROM heat_pump_events WHERE device_id = $1 AND at >= $2::date AND at < ($3::date + 1)`, [hp?.id, start_date, end_date]),
    );
    expect(res.body.info.total).toBeGreaterThan(0);
    const times = res.body.info.data.map((e) => e.at);
    expect([...times].sort().reverse()).toEqual(times);
    const bySerial = await call('Admin', 'GET', `/api/admin/heat-pump/activity-logs?serial_number=${hp?.serial_number}`);
    const byMac = await call('Admin', 'GET', `/api/admin/heat-pump/activity-logs?mac_address=${hp?.mac_address.toLowerCase()}`);
    expect(bySerial.body.info.total).toBe(res.body.info.total);
    expect(byMac.body.info.total).toBe(res.body.info.total);
  });

  it('takes a period DD-MM-YYYY of at most 92 days, and refuses what is not one', async () => {
    const [hp] = await rows<{ id: number }>("SELECT id::int FROM devices WHERE product_line = 'heat_pump' ORDER BY id LIMIT 1");
    const today = new Date();
    const url = (q: string) => `/api/admin/heat-pump/activity-logs?device_id=${hp?.id}&${q}`;
    expect((await call('Admin', 'GET', url(`start_date=${dmy(new Date(today.getTime() - 30 * 86400000))}&end_date=${dmy(today)}`))).status).toBe(200);
    const long = await call('Admin', 'GET', url(`start_date=01-01-2025&end_date=${dmy(today)}`));
    expect(long.status).toBe(400);
    expect(long.body.message).toBe('Choose at most 92 days');
    expect((await call('Admin', 'GET', url('start_date=2025-01-01'))).status).toBe(400);
    expect((await call('Admin', 'GET', url('start_date=31-02-2025&end_date=01-03-2025'))).status).toBe(400);
    expect((await call('Admin', 'GET', url('start_date=10-03-2025&end_date=01-03-2025'))).status).toBe(400);
    expect((await call('Admin', 'GET', '/api/admin/heat-pump/activity-logs')).status).toBe(400);
    expect((await call('Admin', 'GET', url('source=other'))).status).toBe(400);
  });

  it('is each role\'s own (its prefix, its slice), and a resolution shows in it', async () => {
    const agency = await userLinks('agency@demo.test');
    const [foreign] = await rows<{ id: number }>("SELECT id::int FROM devices WHERE product_line = 'heat_pump' AND agency_id <> $1 ORDER BY id LIMIT 1", [agency.agency_id]);
    expect((await call('Agency', 'GET', `/api/agency/heat-pump/activity-logs?device_id=${foreign?.id}`)).status).toBe(404);
    expect((await call('Agency', 'GET', `/api/admin/heat-pump/activity-logs?device_id=${foreign?.id}`)).status).toBe(403);
    const [bulb] = await rows<{ id: number }>("SELECT id::int FROM devices WHERE product_line = 'bulb' ORDER BY id LIMIT 1");
    expect((await call('Admin', 'GET', `/api/admin/heat-pump/activity-logs?device_id=${bulb?.id}`)).status).toBe(404);
    const [open] = await rows<{ id: number; device_id: number }>(
      `SELECT f.id::int, f.device_id::int FROM faults f JOIN devices d ON d.id = f.device_id
        WHERE f.fault_status = 0 AND d.agency_id = $1 ORDER BY f.history_datetime DESC LIMIT 1`,
      [agency.agency_id],
    );
    expect(open).toBeDefined();
    await call('Agency', 'PUT', `/api/heat-pump/faults/${open?.id}/resolve`, { agent: 'Ari Tech' });
    const log = await call<{ data: Array<{ event: string; detail: string | null }> }>('Agency', 'GET', `/api/agency/heat-pump/activity-logs?device_id=${open?.device_id}`);
    expect(log.body.info.data.some((e) => e.event === 'resolved' && e.detail === 'Ari Tech')).toBe(true);
  });
});

