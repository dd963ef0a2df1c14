// The devices module (issue 9): lists per line and per role with the caller's slice, one device,
// the impulse-rate edit with the spec's rules, corrections and the histories; an id from another
// slice answers 404.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { csvField, inlineParams, sqlLiteral } from '../../src/modules/devices/export';
import { appForFile, bearersOf, SETUP_TIMEOUT } from '../support/app';
import { ageStagedFile } from '../support/files';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fleet-devices-'));
const t = appForFile({ dataDir }, { devices: 120 });
const tokens: Record<string, Record<string, string>> = {};
let agencyId = 0;
let electricianId = 0;
let customerId = 0;


beforeAll(async () => {
  Object.assign(tokens, await bearersOf(t.app, ['Admin', 'Agency', 'Electrician', 'Customer']));
  const ids = await t.db.query<{ agency_id: number; electrician_id: number; customer_id: number; user_type: string }>(
    `SELECT user_type, agency_id::int, electrician_id::int, customer_id::int FROM users
      WHERE email IN ('agency@demo.test', 'electrician@demo.test', 'customer@demo.test')`,
  );
  for (const row of ids.rows) {
    if (row.user_type === 'Agency') agencyId = row.agency_id;
    if (row.user_type === 'Electrician') electricianId = row.electrician_id;
    if (row.user_type === 'Customer') customerId = row.customer_id;
  }
}, SETUP_TIMEOUT);
afterAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
});

type Row = Record<string, unknown> & { id: number; product_line: string; mac_address: string; event: string };

interface Reply {
  status: number;
  body: { status: boolean; message: string; info: Record<string, unknown> & { total: number; data: Row[] } };
}

async function call(role: string, method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown): Promise<Reply> {
  const res = await t.app.inject({ method, url, headers: tokens[role], ...(payload === undefined ? {} : { payload: payload as object }) });
  return { status: res.statusCode, body: res.json() };
}

const q = (params: Record<string, unknown>) =>
  new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, typeof v === 'string' ? v : JSON.stringify(v)])).toString();

async function count(sql: string, params: unknown[] = []): Promise<number> {
  const { rows } = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM devices d WHERE ${sql}`, params);
  return rows[0]?.n ?? 0;
}

async function oneDevice(where: string, params: unknown[] = []): Promise<{ id: number; serial_number: string; mac_address: string }> {
  const { rows } = await t.db.query<{ id: number; serial_number: string; mac_address: string }>(
    `SELECT id::int, serial_number, mac_address FROM devices d WHERE ${where} ORDER BY id LIMIT 1`,
    params,
  );
  if (!rows[0]) throw new Error(`no device where ${where}`);
  return rows[0];
}

describe('device lists', () => {
  it('Admin lists every line but heat pump, and each line, with exact totals', async () => {
    const all = await call('Admin', 'GET', '/api/device/all/devices');
    expect(all.status).toBe(200);
    expect(all.body.info.total).toBe(await count("d.product_line <> 'heat_pump'"));
    expect(all.body.info.data).toHaveLength(25);
    for (const [url, lines] of [
      ['/api/bulb/list', ['bulb']],
      ['/api/safelink', ['safelink']],
      ['/api/airlink/list', ['airlink']],
      ['/api/livelink/list', ['livelink', 'ihd_livelink']],
      ['/api/device/get/all', ['ihd']],
    ] as const) {
      const res = await call('Admin', 'GET', url);
      expect([url, res.status]).toEqual([url, 200]);
      expect([url, res.body.info.total]).toEqual([url, await count('d.product_line = ANY($1::text[])', [lines])]);
      for (const row of res.body.info.data) expect(lines).toContain(row.product_line);
    }
  });

  it('filters, sorts and pages like every list (the spec filters of the Lighting list)', async () => {
    const filter = [
      { key: 'device_status', value: ['Active'], type: 'multi' },
      { key: 'connection_type', value: ['AP'], type: 'multi' },
    ];
    const res = await call('Admin', 'GET', `/api/device/all/devices?${q({ filter, sortBy: 'mac_address', orderBy: 'asc', limit: '10' })}`);
    expect(res.status).toBe(200);
    expect(res.body.info.total).toBe(await count("d.product_line <> 'heat_pump' AND d.device_status = 'Active' AND d.connection_type = 'AP'"));
    const macs = res.body.info.data.map((r: { mac_address: string }) => r.mac_address);
    expect(macs).toEqual([...macs].sort());
    const bulb = await oneDevice("d.product_line = 'bulb'");
    const byMac = await call('Admin', 'GET', `/api/bulb/list?${q({ filter: [{ key: 'mac_address', value: bulb.mac_address.slice(-5).toLowerCase(), type: 'single' }] })}`);
    expect(byMac.body.info.data.map((r: { id: number }) => r.id)).toContain(bulb.id);
    // a value that cleans to nothing matches nothing, an unknown key is refused
    const nothing = await call('Admin', 'GET', `/api/bulb/list?${q({ filter: [{ key: 'mac_address', value: '--', type: 'single' }] })}`);
    expect(nothing.body.info.total).toBe(0);
    const unknown = await call('Admin', 'GET', `/api/bulb/list?${q({ filter: [{ key: 'constructor', value: 'x', type: 'single' }] })}`);
    expect(unknown.status).toBe(400);
    const badSort = await call('Admin', 'GET', `/api/bulb/list?${q({ sortBy: '__proto__' })}`);
    expect(badSort.body.message).toBe('sortBy __proto__ is not a sortable field');
  });

  it('Agency sees only its devices, Electrician only those it installed, Customer only its properties’', async () => {
    const agency = await call('Agency', 'GET', '/api/agency/devices/all?limit=100');
    expect(agency.body.info.total).toBe(await count("d.product_line <> 'heat_pump' AND d.agency_id = $1", [agencyId]));
    const electrician = await call('Electrician', 'GET', '/api/electrician/devices/all?limit=100');
    expect(electrician.body.info.total).toBe(await count("d.product_line <> 'heat_pump' AND d.electrician_id = $1", [electricianId]));
    const customer = await call('Customer', 'GET', '/api/customer/devices?deviceType=all');
    expect(customer.body.info.total).toBe(
      await count(
        `d.product_line <> 'heat_pump' AND (d.customer_id = $1 OR d.property_id IN (
           SELECT id FROM properties WHERE customer_id = $1 UNION SELECT property_id FROM property_members WHERE customer_id = $1))`,
        [customerId],
      ),
    );
    expect(customer.body.info.total).toBeGreaterThan(0);
    // the agency's bulb list is a line of its slice
    const bulbs = await call('Agency', 'GET', '/api/agency/devices/all?deviceType=bulb');
    expect(bulbs.body.info.total).toBe(await count("d.product_line = 'bulb' AND d.agency_id = $1", [agencyId]));
  });
});

describe('one device', () => {
  it('answers the device with its address, agency and customer; 404 from another slice', async () => {
    const mine = await oneDevice("d.product_line <> 'heat_pump' AND d.agency_id = $1", [agencyId]);
    const other = await oneDevice("d.product_line <> 'heat_pump' AND d.agency_id <> $1", [agencyId]);
    const admin = await call('Admin', 'GET', `/api/device/get-info?device_id=${mine.id}`);
    expect(admin.status).toBe(200);
    expect(admin.body.info).toMatchObject({ id: mine.id, serial_number: mine.serial_number });
    expect(Object.keys(admin.body.info)).toEqual(expect.arrayContaining(['postal_code', 'agency_name', 'impulse_rate', 'customer_email']));
    expect((await call('Agency', 'GET', `/api/agency/device/get-info?device_id=${mine.id}`)).status).toBe(200);
    const foreign = await call('Agency', 'GET', `/api/agency/device/get-info?device_id=${other.id}`);
    expect(foreign.status).toBe(404);
    expect((await call('Electrician', 'GET', `/api/electrician/device/get-info?device_id=${other.id}`)).status).toBe(404);
    // per-line detail of the wrong line is not found
    const bulb = await oneDevice("d.product_line = 'bulb'");
    expect((await call('Admin', 'GET', `/api/bulb/info/${bulb.id}`)).status).toBe(200);
    expect((await call('Admin', 'GET', `/api/airlink/info/${bulb.id}`)).status).toBe(404);
    // heat pumps are the NMS module's
    const pump = await oneDevice("d.product_line = 'heat_pump'");
    expect((await call('Admin', 'GET', `/api/device/get-info?device_id=${pump.id}`)).status).toBe(404);
  });
});

describe('impulse rate edit', () => {
  it('saves a valid rate, keeps it in the impulse-rate history, and refuses bad ones with the spec message, saving nothing', async () => {
    const device = await oneDevice("d.product_line = 'ihd'");
    const ok = await call('Admin', 'PUT', `/api/device/edit/${device.id}`, { impulse_rate: 125, impulse_rate_type: 'Wh/imp', force_sync_date: '2026-01-15' });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe('Device updated successfully');
    const saved = await t.db.query<{ impulse_rate: number; impulse_rate_type: string; d: string }>(
      "SELECT impulse_rate, impulse_rate_type, to_char(force_sync_date AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS d FROM devices WHERE id = $1",
      [device.id],
    );
    expect(saved.rows[0]).toEqual({ impulse_rate: 125, impulse_rate_type: 'Wh/imp', d: '2026-01-15' });
    const history = await call('Admin', 'GET', `/api/device/impulse-rate?device_id=${device.id}`);
    expect(history.body.info.data[0]).toMatchObject({ impulse_rate: 125, impulse_rate_type: 'Wh/imp', changed_by: 'admin@demo.test' });

    for (const [body, message] of [
      [{ impulse_rate: -1, impulse_rate_type: 'imp/kWh' }, 'Please enter a valid impulse rate'],
      [{ impulse_rate: 333, impulse_rate_type: 'Wh/imp' }, 'Please enter a valid impulse rate'], // 1000/3: not whole
      [{ impulse_rate: 0, impulse_rate_type: 'Wh/imp' }, 'Please enter a valid impulse rate'],
      [{ impulse_rate: 1.5, impulse_rate_type: 'imp/kWh' }, 'impulse_rate has the wrong type'],
      [{ impulse_rate: '1000', impulse_rate_type: 'imp/kWh' }, 'impulse_rate has the wrong type'],
      [{ impulse_rate_type: 'imp/kWh' }, 'Impulse rate is required'],
      [{ impulse_rate: 1000, impulse_rate_type: 'kWh' }, 'Please select the impulse rate type'],
      [{ impulse_rate: 1000, impulse_rate_type: 'imp/kWh', force_sync_date: '2026-02-30' }, 'force_sync_date must be a date YYYY-MM-DD'],
    ] as const) {
      const res = await call('Admin', 'PUT', `/api/device/edit/${device.id}`, body);
      expect([JSON.stringify(body), res.status, res.body.message]).toEqual([JSON.stringify(body), 400, message]);
    }
    const after = await t.db.query<{ impulse_rate: number }>('SELECT impulse_rate FROM devices WHERE id = $1', [device.id]);
    expect(after.rows[0]?.impulse_rate).toBe(125);
  });

  it('lets Agency and Electrician edit only devices of their slice', async () => {
    const mine = await oneDevice("d.product_line <> 'heat_pump' AND d.agency_id = $1", [agencyId]);
    const other = await oneDevice("d.product_line <> 'heat_pump' AND d.agency_id <> $1", [agencyId]);
    expect((await call('Agency', 'POST', '/api/agency/device/update', { id: mine.id, impulse_rate: 1000, impulse_rate_type: 'imp/kWh' })).status).toBe(200);
    const refused = await call('Agency', 'POST', '/api/agency/device/update', { id: other.id, impulse_rate: 1000, impulse_rate_type: 'imp/kWh' });
    expect(refused.status).toBe(404);
    const notInstalled = await oneDevice("d.product_line <> 'heat_pump' AND (d.electrician_id IS DISTINCT FROM $1)", [electricianId]);
    expect((await call('Electrician', 'PUT', '/api/electrician/device/update', { id: notInstalled.id, impulse_rate: 1000, impulse_rate_type: 'imp/kWh' })).status).toBe(404);
  });

  it('keeps a correction of a past period in the update-rate history', async () => {
    const device = await oneDevice("d.product_line = 'livelink'");
    const res = await call('Admin', 'PUT', `/api/device/correction/${device.id}`, {
      device_data: { start_date: '2025-01-01', end_date: '2025-02-01', rate: 1000, type: 'imp/kWh' },
      update: 'both',
      tariff_data: { unit_charge: 0.3125 },
    });
    expect(res.status).toBe(200);
    const history = await call('Admin', 'GET', `/api/device/update-rate?device_id=${device.id}`);
    expect(history.body.info.data[0]).toMatchObject({
      start_date: '2025-01-01',
      end_date: '2025-02-01',
      impulse_rate: 1000,
      update_section: 'both',
      unit_charge: 0.3125,
    });
    // a tariff correction without its unit charge is refused and keeps nothing
    for (const tariff_data of [undefined, {}, { unit_charge: null }]) {
      const refused = await call('Admin', 'PUT', `/api/device/correction/${device.id}`, {
        device_data: { start_date: '2025-03-01', end_date: '2025-03-02', rate: 1000, type: 'imp/kWh' },
        update: 'tariffRate',
        ...(tariff_data ? { tariff_data } : {}),
      });
      expect(refused.status).toBe(400);
    }
    expect((await call('Admin', 'GET', `/api/device/update-rate?device_id=${device.id}`)).body.info.total).toBe(1);
    const backwards = await call('Admin', 'PUT', `/api/device/correction/${device.id}`, {
      device_data: { start_date: '2025-02-01', end_date: '2025-01-01', rate: 1000, type: 'imp/kWh' },
      update: 'impulseRate',
    });
    expect([backwards.status, backwards.body.message]).toEqual([400, 'end_date must be on or after start_date']);
  });
});

describe('histories', () => {
  it('answers install and device histories of the slice; another slice gets 404 or nothing', async () => {
    const replaced = await oneDevice("d.product_line <> 'heat_pump' AND d.device_status = 'Replaced'");
    const events = await call('Admin', 'GET', `/api/device/history?device_id=${replaced.id}`);
    expect(events.status).toBe(200);
    expect(events.body.info.data.map((e: { event: string }) => e.event)).toContain('replaced');
    const install = await call('Admin', 'GET', `/api/device/install-history?${q({ serial_number: replaced.serial_number })}`);
    expect(install.body.info.total).toBeGreaterThan(0);
    const other = await oneDevice("d.product_line <> 'heat_pump' AND d.device_status = 'Replaced' AND d.agency_id <> $1", [agencyId]);
    expect((await call('Agency', 'GET', `/api/device/history?device_id=${other.id}`)).status).toBe(404);
    const foreignInstall = await call('Agency', 'GET', `/api/device/install-history?${q({ serial_number: other.serial_number })}`);
    expect(foreignInstall.body.info.total).toBe(0);
    const { rows } = await t.db.query<{ product_line: string }>('SELECT product_line FROM devices WHERE id = $1', [replaced.id]);
    const firmware = await call('Admin', 'GET', `/api/device/ota-history?device_id=${replaced.id}&deviceType=${rows[0]?.product_line}`);
    expect(firmware.status).toBe(200);
    expect(Array.isArray(firmware.body.info.data)).toBe(true);
  });
});

describe('CSV export job', () => {
  async function finished(role: string, id: number) {
    for (let i = 0; i < 100; i += 1) {
      const res = await call(role, 'GET', `/api/export/${id}`);
      if (res.body.info.status !== 'running') return res.body.info;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('the export did not finish');
  }

  it('exports the whole filtered list as a job, with progress and a signed link to the file', async () => {
    const filter = JSON.stringify([{ key: 'device_status', value: ['Active'], type: 'multi' }]);
    const started = await call('Admin', 'POST', '/api/device/export', { deviceType: 'all', filter });
    expect(started.status).toBe(200);
    const expected = await count("d.product_line <> 'heat_pump' AND d.device_status = 'Active'");
    expect(started.body.info).toMatchObject({ status: 'running', total: expected });
    const done = await finished('Admin', started.body.info.id as number);
    expect(done).toMatchObject({ status: 'done', rows_written: expected, total: expected });
    const link = String(done.download_link);
    expect(link).toMatch(/^\/api\/export\/download\/\d+\/csv\?expires=\d+&signature=[0-9a-f]{64}$/);
    const file = await t.app.inject({ url: link });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toBe('attachment; filename="Devices.csv"');
    const lines = file.body.trim().split(/\r?\n/);
    expect(lines[0]).toBe('Record ID,Product,Serial Number,MAC Address,Firmware Version,WiFi Name,Address,Connection Type,Date Installed,Customer State,Device Status,Installed Via,Agency Name,Agent Name,Agent ID');
    expect(lines).toHaveLength(expected + 1);
    // a tampered link, and another user's export, are refused
    // one character of the signature changed (to another one: a signature may start with 0)
    const tampered = link.replace(/signature=(.)/, (_, first: string) => `signature=${first === '0' ? '1' : '0'}`);
    expect((await t.app.inject({ url: tampered })).statusCode).toBe(403);
    expect((await call('Agency', 'GET', `/api/export/${started.body.info.id}`)).status).toBe(404);
  });

  it("sweeps at start-up the half-written file of an export a killed instance left, keeping the done ones' files", async () => {
    const jobs = t.app.fleetContext.exports;
    const files = t.app.fleetContext.files.exports;
    const done = await finished('Admin', (await call('Admin', 'POST', '/api/device/export', { deviceType: 'all' })).body.info.id as number);
    const cut = await files.stage(Readable.from([Buffer.from('Record ID,Product\n1,')]));
    await ageStagedFile(t.db, files, cut.id);
    await jobs.recover();
    expect((await files.inventory()).staged).not.toContain(cut.id);
    expect((await t.app.inject({ url: String(done.download_link) })).statusCode).toBe(200);
  });

  it("names each device's product as the console does, not by the server's key", async () => {
    const started = await call('Admin', 'POST', '/api/device/export', { deviceType: 'all' });
    const done = await finished('Admin', started.body.info.id as number);
    const rows = (await t.app.inject({ url: String(done.download_link) })).body.trim().split(/\r?\n/).slice(1).map((line) => line.split(','));
    const { rows: lines } = await t.db.query<{ id: number; product_line: string }>("SELECT id::int AS id, product_line FROM devices WHERE product_line <> 'heat_pump'");
    const lineOf = new Map(lines.map((d) => [d.id, d.product_line]));
    // shared-api's productOfDeviceType and productLabel: ihd is Electricity Advisor, ihd_livelink is listed with Livelink
    const names: Record<string, string> = { ihd: 'Electricity Advisor', ihd_livelink: 'Livelink', livelink: 'Livelink', safelink: 'Safelink', airlink: 'Airlink', bulb: 'Lighting' };
    expect(new Set(rows.map((r) => lineOf.get(Number(r[0]))))).toEqual(new Set(Object.keys(names)));
    for (const [id, product] of rows) expect([id, product]).toEqual([id, names[String(lineOf.get(Number(id)))]]);
  });

  it("writes the rows in the list's order (its sortBy and orderBy, else the list's default), across PGlite's ranges too", async () => {
    const jobs = t.app.fleetContext.exports;
    const chunkRows = jobs.chunkRows;
    jobs.chunkRows = 7; // the 120-device fleet crosses many ranges
    try {
      const sorts: Array<Record<string, string>> = [{ sortBy: 'serial_number', orderBy: 'asc' }, { sortBy: 'agency_name', orderBy: 'desc' }, { sortBy: 'firmware_version', orderBy: 'asc' }, {}];
      for (const sort of sorts) {
        const started = await call('Admin', 'POST', '/api/device/export', { deviceType: 'all', ...sort });
        expect(started.status).toBe(200);
        const done = await finished('Admin', started.body.info.id as number);
        const lines = (await t.app.inject({ url: String(done.download_link) })).body.trim().split(/\r?\n/);
        expect(lines[0]).toMatch(/^Record ID,Product,/);
        const ids = lines.slice(1).map((line) => Number(line.split(',')[0]));
        const listed = (await call('Admin', 'GET', `/api/device/all/devices?${q({ limit: '500', ...sort })}`)).body.info;
        expect(listed.total).toBeLessThanOrEqual(500);
        expect([sort, ids]).toEqual([sort, listed.data.map((d) => d.id)]);
      }
      // a sort the list does not have is refused before anything starts
      const bad = await call('Admin', 'POST', '/api/device/export', { deviceType: 'all', sortBy: 'password_hash' });
      expect([bad.status, bad.body.message]).toEqual([400, 'sortBy password_hash is not a sortable field']);
    } finally {
      jobs.chunkRows = chunkRows;
    }
  });

  it("holds only the agency's rows in an agency export", async () => {
    const started = await call('Agency', 'POST', '/api/agency/devices/download-csv', { csvtype: 'devices', all: true, group: 'agency' });
    expect(started.status).toBe(200);
    const done = await finished('Agency', started.body.info.id as number);
    expect(done.rows_written).toBe(await count("d.product_line <> 'heat_pump' AND d.agency_id = $1", [agencyId]));
    const file = await t.app.inject({ url: String(done.download_link) });
    const ids = file.body.trim().split(/\r?\n/).slice(1).map((line) => Number(line.split(',')[0]));
    const { rows } = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM devices WHERE id = ANY($1::bigint[]) AND agency_id IS DISTINCT FROM $2', [ids, agencyId]);
    expect(rows[0]?.n).toBe(0);
  });

  it("exports the agency's Devices - VEU (group veu): its devices at Victorian properties and no others", async () => {
    const veu = "d.product_line <> 'heat_pump' AND d.agency_id = $1 AND d.property_id IN (SELECT p.id FROM properties p WHERE p.state = 'VIC')";
    // one of the agency's devices moves to a Victorian property for this test
    const vic = ((await t.db.query<{ id: number }>("SELECT min(id)::int AS id FROM properties WHERE state = 'VIC'")).rows[0]?.id ?? 0);
    const moved = (await t.db.query<{ id: number; property_id: number | null }>(
      "SELECT id::int AS id, property_id::int AS property_id FROM devices WHERE agency_id = $1 AND product_line <> 'heat_pump' ORDER BY id LIMIT 1",
      [agencyId],
    )).rows[0];
    expect(vic).toBeGreaterThan(0);
    await t.db.query('UPDATE devices SET property_id = $2 WHERE id = $1', [moved?.id, vic]);
    const expected = await count(veu, [agencyId]);
    expect(expected).toBeGreaterThan(0);
    expect(expected).toBeLessThan(await count("d.product_line <> 'heat_pump' AND d.agency_id = $1", [agencyId]));
    const started = await call('Agency', 'POST', '/api/agency/devices/download-csv', { csvtype: 'devices', all: true, group: 'veu' });
    const done = await finished('Agency', started.body.info.id as number);
    expect(done.rows_written).toBe(expected);
    const file = await t.app.inject({ url: String(done.download_link) });
    const ids = file.body.trim().split(/\r?\n/).slice(1).map((line) => Number(line.split(',')[0]));
    expect(ids).toHaveLength(expected);
    const listed = (await call('Agency', 'GET', '/api/agency/dataforce-devices?limit=500')).body.info;
    expect(new Set(ids)).toEqual(new Set((listed.data as Array<{ id: number }>).map((d) => d.id)));
    // an electrician's group names no subset of its own: its whole slice
    const electrician = await call('Electrician', 'POST', '/api/electrician/devices/download-csv', { csvtype: 'devices', all: true, group: 'veu' });
    expect(electrician.status).toBe(200);
    await t.db.query('UPDATE devices SET property_id = $2 WHERE id = $1', [moved?.id, moved?.property_id]);
  });

  it('writes a cell a spreadsheet would run as a formula as text, and quotes what needs it', async () => {
    const { rows } = await t.db.query<{ id: number }>(
      `INSERT INTO devices (product_line, serial_number, mac_address, installed_via) VALUES ('airlink', '=HYPERLINK("x")', 'A1B2C3D4E5F6', 'a, "b"') RETURNING id::int AS id`,
    );
    const filter = JSON.stringify([{ key: 'id', value: String(rows[0]?.id), type: 'single' }]);
    const started = await call('Admin', 'POST', '/api/device/export', { deviceType: 'airlink', filter });
    const done = await finished('Admin', started.body.info.id as number);
    expect(done.rows_written).toBe(1);
    const line = (await t.app.inject({ url: String(done.download_link) })).body.trim().split(/\r?\n/)[1];
    expect(line).toContain(`,"'=HYPERLINK(""x"")",`);
    expect(line).toContain(`,"a, ""b""",`);
    await t.db.query('DELETE FROM devices WHERE id = $1', [rows[0]?.id]);
  });

  it('writes COPY parameters as literals that cannot break out of their quotes', () => {
    expect(sqlLiteral("O'Brien")).toBe("'O''Brien'");
    expect(sqlLiteral(['a', "b'c"])).toBe("ARRAY['a', 'b''c']");
    expect(sqlLiteral([])).toBe("'{}'");
    expect(inlineParams('x = $1 AND y = ANY($2::text[]) AND z = $10', [1, ['q'], 0, 0, 0, 0, 0, 0, 0, 'ten'])).toBe(
      "x = 1 AND y = ANY(ARRAY['q']::text[]) AND z = 'ten'",
    );
    expect(() => sqlLiteral('a\u0000b')).toThrow();
  });

  it('refuses a bad filter before starting, and defuses spreadsheet formulas in cells', async () => {
    const bad = await call('Admin', 'POST', '/api/device/export', { filter: JSON.stringify([{ key: 'constructor', value: 'x' }]) });
    expect(bad.status).toBe(400);
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvField('+61 400')).toBe("'+61 400");
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField(null)).toBe('');
  });
});

describe('exact totals at scale', () => {
  it('keeps a list total exact after writes from anywhere (the cached count is recounted after a write)', async () => {
    const filter = JSON.stringify([{ key: 'installed_via', value: 'Console', type: 'single' }]);
    const url = `/api/bulb/list?${q({ filter })}`;
    const before = (await call('Admin', 'GET', url)).body.info.total;
    expect((await call('Admin', 'GET', url)).body.info.total).toBe(before);
    // a write that does not go through the API (the simulator, a script): the statement trigger bumps the version
    const { rows } = await t.db.query<{ id: number }>(
      `INSERT INTO devices (product_line, serial_number, mac_address, installed_via) VALUES ('bulb', 'BLTOTAL1', 'A4C1FFFF0001', 'Console') RETURNING id::int AS id`,
    );
    expect((await call('Admin', 'GET', url)).body.info.total).toBe(before + 1);
    await t.db.query('UPDATE devices SET installed_via = $2 WHERE id = $1', [rows[0]?.id, 'Customer App']);
    expect((await call('Admin', 'GET', url)).body.info.total).toBe(before);
    await t.db.query('DELETE FROM devices WHERE id = $1', [rows[0]?.id]);
  });

  it('finds a serial number or MAC address by any part of it (trigram index)', async () => {
    const device = await oneDevice("d.product_line = 'livelink'");
    const part = device.serial_number.slice(-6, -1);
    const res = await call('Admin', 'GET', `/api/livelink/list?${q({ filter: [{ key: 'serial_number', value: part, type: 'single' }] })}`);
    expect(res.body.info.data.map((r) => r.id)).toContain(device.id);
    // a digits-only part is matched by LIKE (no case to fold): the same rows as ILIKE
    const ilike = await count("fleet_ota_line(d.product_line) = 'livelink' AND d.serial_number ILIKE $1", [`%${part.slice(0, 3)}%`]);
    const short = await call('Admin', 'GET', `/api/livelink/list?${q({ filter: [{ key: 'serial_number', value: part.slice(0, 3), type: 'single' }] })}`);
    expect(short.body.info.total).toBe(ilike);
    const { rows } = await t.db.query<{ indexname: string }>("SELECT indexname FROM pg_indexes WHERE tablename = 'devices' AND indexname LIKE '%trgm%' ORDER BY 1");
    expect(rows.map((r) => r.indexname)).toEqual(['devices_mac_trgm_idx', 'devices_serial_trgm_idx']);
  });
});

describe('paging from either end', () => {
  it('answers every page of a sorted list in order, the last pages read from the end', async () => {
    const filter = [{ key: 'device_status', value: ['Active'], type: 'multi' }];
    for (const [sortBy, orderBy] of [
      ['mac_address', 'asc'],
      ['created_at', 'desc'],
      ['agency_name', 'asc'],
    ] as const) {
      const all = await call('Admin', 'GET', `/api/device/all/devices?${q({ filter, sortBy, orderBy, limit: '500' })}`);
      const total = all.body.info.total;
      const expected = all.body.info.data.map((r) => r.id);
      expect(expected).toHaveLength(Math.min(500, total));
      const paged: number[] = [];
      for (let page = 1; page <= Math.ceil(total / 7); page += 1) {
        const res = await call('Admin', 'GET', `/api/device/all/devices?${q({ filter, sortBy, orderBy, limit: '7', page: String(page) })}`);
        paged.push(...res.body.info.data.map((r) => r.id));
      }
      expect([sortBy, paged]).toEqual([sortBy, expected]);
    }
    const beyond = await call('Admin', 'GET', `/api/device/all/devices?${q({ filter, page: '9999' })}`);
    expect(beyond.body.info.data).toEqual([]);
  });
});

describe('Devices - VEU', () => {
  it("lists the agency's devices at Victorian properties only", async () => {
    const res = await call('Agency', 'GET', '/api/agency/dataforce-devices?limit=100');
    expect(res.status).toBe(200);
    const expected = await count(
      "d.product_line <> 'heat_pump' AND d.agency_id = $1 AND d.property_id IN (SELECT id FROM properties WHERE state = 'VIC')",
      [agencyId],
    );
    expect(res.body.info.total).toBe(expected);
    for (const row of res.body.info.data) expect(row.state).toBe('VIC');
    expect((await call('Admin', 'GET', '/api/agency/dataforce-devices')).status).toBe(403);
  });
});
