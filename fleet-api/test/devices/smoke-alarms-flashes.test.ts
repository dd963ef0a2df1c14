// Smoke alarms of safelink hubs and the flashes CSV (issue 9): the hub's slice decides who sees an
// alarm, another slice's id answers 404; the CSV prices energy with the rate and tariff in effect,
// corrections included, and refuses bad periods with a message (the console shows it).
import { appForFile, bearersOf, SETUP_TIMEOUT } from '../support/app';
import { FLASHES_HEADER, MAX_FLASH_DAYS } from '../../src/modules/devices/flashes';

const t = appForFile({}, { devices: 120 });
const tokens: Record<string, Record<string, string>> = {};
let agencyId = 0;

beforeAll(async () => {
  Object.assign(tokens, await bearersOf(t.app, ['Admin', 'Agency', 'Electrician', 'Customer']));
  agencyId = (await t.db.query<{ id: number }>("SELECT agency_id::int AS id FROM users WHERE email = 'agency@demo.test'")).rows[0]?.id ?? 0;
}, SETUP_TIMEOUT);

type Alarm = Record<string, unknown> & { id: number; safelink_device_id: number; serial_number: string; alarm_status: string };
interface Reply {
  status: number;
  body: { status: boolean; message: string; info: Record<string, unknown> & { total: number; data: Alarm[] } };
}

async function call(role: string, url: string): Promise<Reply> {
  const res = await t.app.inject({ method: 'GET', url, headers: tokens[role] });
  return { status: res.statusCode, body: res.json() };
}

async function ids(sql: string, params: unknown[] = []): Promise<number[]> {
  return (await t.db.query<{ id: number }>(sql, params)).rows.map((r) => r.id);
}

const q = (params: Record<string, unknown>) =>
  new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, typeof v === 'string' ? v : JSON.stringify(v)])).toString();

describe('smoke alarms', () => {
  it('lists every alarm for Admin with the exact total, newest first, with its hub and address', async () => {
    const all = await ids('SELECT id::int AS id FROM smoke_alarms ORDER BY created_at DESC, id DESC');
    expect(all.length).toBeGreaterThan(5);
    const page = await call('Admin', '/api/safelink/smokealarm/list?limit=5');
    expect(page.status).toBe(200);
    expect(page.body.info.total).toBe(all.length);
    expect(page.body.info.data.map((a) => a.id)).toEqual(all.slice(0, 5));
    const first = page.body.info.data[0];
    expect(first).toMatchObject({ hub_serial_number: expect.any(String), location: expect.any(String) });
    expect(Object.keys(first ?? {})).toEqual(expect.arrayContaining(['battery_level', 'expires_on', 'last_tested_at', 'postal_code', 'hub_is_online']));
  });

  it('filters by status and serial number ("contains"), sorts by a whitelisted key only', async () => {
    const faults = await ids("SELECT id::int AS id FROM smoke_alarms WHERE alarm_status IN ('Fault', 'Alarm')");
    const filtered = await call('Admin', `/api/safelink/smokealarm/list?${q({ limit: 500, filter: [{ key: 'alarm_status', value: ['Fault', 'Alarm'], type: 'multi' }] })}`);
    expect(filtered.body.info.total).toBe(faults.length);
    expect(filtered.body.info.data.every((a) => ['Fault', 'Alarm'].includes(a.alarm_status))).toBe(true);

    const one = (await t.db.query<{ serial_number: string }>('SELECT serial_number FROM smoke_alarms ORDER BY id LIMIT 1')).rows[0]?.serial_number ?? '';
    const part = one.slice(-5);
    const expected = await ids('SELECT id::int AS id FROM smoke_alarms WHERE serial_number ILIKE $1', [`%${part}%`]);
    const found = await call('Admin', `/api/safelink/smokealarm/list?${q({ limit: 500, filter: [{ key: 'serial_number', value: `-${part}-`, type: 'single' }] })}`);
    expect(found.body.info.data.map((a) => a.id).sort((a, b) => a - b)).toEqual(expected.sort((a, b) => a - b));
    // a value that cleans to nothing matches nothing, never everything
    const nothing = await call('Admin', `/api/safelink/smokealarm/list?${q({ filter: [{ key: 'serial_number', value: '--', type: 'single' }] })}`);
    expect(nothing.body.info.total).toBe(0);

    const sorted = await call('Admin', '/api/safelink/smokealarm/list?sortBy=battery_level&orderBy=asc&limit=500');
    const levels = sorted.body.info.data.map((a) => Number(a.battery_level));
    expect(levels).toEqual([...levels].sort((a, b) => a - b));
    for (const bad of ['constructor', 'hub_serial_number', 'password']) {
      expect((await call('Admin', `/api/safelink/smokealarm/list?sortBy=${bad}`)).status).toBe(400);
    }
    expect((await call('Admin', `/api/safelink/smokealarm/list?${q({ filter: [{ key: 'nope', value: 1, type: 'single' }] })}`)).status).toBe(400);
  });

  it("answers one hub's alarms and one alarm inside the caller's slice, 404 outside it", async () => {
    const mineHub = (await ids(
      "SELECT d.id::int AS id FROM devices d WHERE d.product_line = 'safelink' AND d.agency_id = $1 AND EXISTS (SELECT 1 FROM smoke_alarms s WHERE s.safelink_device_id = d.id) ORDER BY d.id LIMIT 1",
      [agencyId],
    ))[0];
    const otherHub = (await ids(
      "SELECT d.id::int AS id FROM devices d WHERE d.product_line = 'safelink' AND d.agency_id IS DISTINCT FROM $1 AND EXISTS (SELECT 1 FROM smoke_alarms s WHERE s.safelink_device_id = d.id) ORDER BY d.id LIMIT 1",
      [agencyId],
    ))[0];
    expect(mineHub).toBeDefined();
    expect(otherHub).toBeDefined();
    const expected = await ids('SELECT id::int AS id FROM smoke_alarms WHERE safelink_device_id = $1 ORDER BY created_at DESC, id DESC', [mineHub]);
    const hub = await call('Agency', `/api/safelink/smokealarm/${mineHub}`);
    expect([hub.status, hub.body.info.data.map((a) => a.id)]).toEqual([200, expected]);
    expect((await call('Agency', `/api/safelink/smokealarm/${otherHub}`)).status).toBe(404);
    expect((await call('Admin', `/api/safelink/smokealarm/${otherHub}`)).status).toBe(200);

    const alarm = expected[0] ?? 0;
    expect((await call('Agency', `/api/safelink/smokealarm/info/${alarm}`)).body.info).toMatchObject({ id: alarm, safelink_device_id: mineHub });
    const othersAlarm = (await ids('SELECT id::int AS id FROM smoke_alarms WHERE safelink_device_id = $1 LIMIT 1', [otherHub]))[0];
    expect((await call('Agency', `/api/safelink/smokealarm/info/${othersAlarm}`)).status).toBe(404);
    // a device that is not a safelink hub has no alarms to list
    const bulb = (await ids("SELECT id::int AS id FROM devices WHERE product_line = 'bulb' LIMIT 1"))[0];
    expect((await call('Admin', `/api/safelink/smokealarm/${bulb}`)).status).toBe(404);
    // the list of every alarm is Admin's
    expect((await call('Agency', '/api/safelink/smokealarm/list')).status).toBe(403);
  });
});

describe('flashes CSV', () => {
  async function meteringDevice(): Promise<{ id: number; rate: number; from: string; to: string }> {
    const { rows } = await t.db.query<{ id: number; rate: number; from: string; to: string }>(
      `SELECT d.id::int AS id, d.impulse_rate AS rate,
              to_char(min(f.read_at) AT TIME ZONE 'Australia/Sydney', 'YYYY-MM-DD') AS "from",
              to_char(max(f.read_at) AT TIME ZONE 'Australia/Sydney', 'YYYY-MM-DD') AS "to"
         FROM devices d JOIN device_flashes f ON f.device_id = d.id
         LEFT JOIN properties p ON p.id = d.property_id
        WHERE coalesce(p.state, 'NSW') NOT IN ('QLD', 'SA', 'NT', 'WA', 'TAS', 'VIC')
        GROUP BY d.id ORDER BY d.id LIMIT 1`,
    );
    if (!rows[0]) throw new Error('no device with flashes');
    return rows[0];
  }

  async function csv(url: string): Promise<{ status: number; text: string; headers: Record<string, unknown> }> {
    const res = await t.app.inject({ method: 'GET', url, headers: tokens.Admin });
    return { status: res.statusCode, text: res.body, headers: res.headers };
  }

  it('writes the half hours of the period with energy from the rate in effect', async () => {
    const device = await meteringDevice();
    const stored = (await t.db.query<{ n: number; flashes: number }>(
      `SELECT count(*)::int AS n, sum(flashes)::int AS flashes FROM device_flashes
        WHERE device_id = $1 AND (read_at AT TIME ZONE 'Australia/Sydney')::date BETWEEN $2 AND $3`,
      [device.id, device.from, device.to],
    )).rows[0];
    const res = await csv(`/api/device/flashes-csv?${q({ device_id: String(device.id), start_date: device.from, end_date: device.to })}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="Flashes-[A-Za-z0-9]+-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.text.trim().split('\r\n');
    expect(lines[0]).toBe(FLASHES_HEADER.join(','));
    expect(lines.length - 1).toBe(stored?.n);
    const cells = lines.slice(1).map((l) => l.split(','));
    expect(cells.reduce((sum, c) => sum + Number(c[1]), 0)).toBe(stored?.flashes);
    for (const c of cells) {
      expect(c[0]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:(00|30)$/);
      expect(Number(c[2])).toBe(device.rate);
      expect(Number(c[3])).toBeCloseTo(Number(c[1]) / device.rate, 3);
    }
  });

  it('prices and re-rates a corrected period, and only that period', async () => {
    const device = await meteringDevice();
    const corrected = await t.app.inject({
      method: 'PUT',
      url: `/api/device/correction/${device.id}`,
      headers: tokens.Admin,
      payload: { device_data: { start_date: device.to, end_date: device.to, rate: 500, type: 'Wh/imp' }, update: 'both', tariff_data: { unit_charge: 0.25 } },
    });
    expect(corrected.statusCode).toBe(200);
    const res = await csv(`/api/device/flashes-csv?${q({ device_id: String(device.id), start_date: device.from, end_date: device.to })}`);
    const cells = res.text.trim().split('\r\n').slice(1).map((l) => l.split(','));
    const inside = cells.filter((c) => c[0]?.startsWith(device.to));
    const outside = cells.filter((c) => !c[0]?.startsWith(device.to));
    expect(inside.length).toBeGreaterThan(0);
    expect(outside.length).toBeGreaterThan(0);
    for (const c of inside) {
      expect([c[2], c[4]]).toEqual(['500', '0.2500']);
      expect(Number(c[5])).toBeCloseTo((Number(c[1]) / 500) * 0.25, 2);
    }
    for (const c of outside) expect(Number(c[2])).toBe(device.rate);
  });

  it('refuses bad periods and other devices with a message, and answers 404 for another slice', async () => {
    const device = await meteringDevice();
    const url = (params: Record<string, string>) => `/api/device/flashes-csv?${q({ device_id: String(device.id), ...params })}`;
    const cases: Array<[Record<string, string>, number, string]> = [
      [{ start_date: '2026-02-10', end_date: '2026-02-01' }, 400, 'end_date must be on or after start_date'],
      [{ start_date: '2025-01-01', end_date: '2025-12-31' }, 400, `Choose a period of at most ${MAX_FLASH_DAYS} days`],
      [{ start_date: '2026-02-30', end_date: '2026-03-01' }, 400, 'start_date must be a date YYYY-MM-DD'],
      [{ start_date: '2001-01-01', end_date: '2001-01-02' }, 404, 'No flashes were recorded between 01-01-2001 and 02-01-2001'],
    ];
    for (const [params, status, message] of cases) {
      const res = await t.app.inject({ method: 'GET', url: url(params), headers: tokens.Admin });
      expect([res.statusCode, res.json().message]).toEqual([status, message]);
    }
    const missing = await t.app.inject({ method: 'GET', url: `/api/device/flashes-csv?device_id=${device.id}`, headers: tokens.Admin });
    expect(missing.statusCode).toBe(400);
    const bulb = (await ids("SELECT id::int AS id FROM devices WHERE product_line = 'bulb' LIMIT 1"))[0];
    const notMetering = await t.app.inject({ method: 'GET', url: `/api/device/flashes-csv?${q({ device_id: String(bulb), start_date: device.from, end_date: device.to })}`, headers: tokens.Admin });
    expect([notMetering.statusCode, notMetering.json().message]).toEqual([400, 'This device does not count meter flashes']);
    const unknown = await t.app.inject({ method: 'GET', url: `/api/device/flashes-csv?${q({ device_id: '99999999', start_date: device.from, end_date: device.to })}`, headers: tokens.Admin });
    expect(unknown.statusCode).toBe(404);
  });
});
