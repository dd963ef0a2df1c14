// Device dashboards (issue 14): every call of spec 7's Dashboards under Admin's prefix and each role's
// (agency, electrician, mscc, sm), each figure checked against the same figure counted here from the
// devices, customers and readings with the slice written out by hand (not by the policy layer); the
// tallies following every kind of write; the customer app's readings and reports.
import { appForFile, bearersFor, answer } from '../support/app';
import { expectTalliesMatchRecount } from './tallies';

const t = appForFile({}, { devices: 1500 });
const tokens = bearersFor(t, ['Admin', 'Agency', 'Electrician', 'mscc', 'sm', 'Customer']);
const ROLES = ['Admin', 'Agency', 'Electrician', 'mscc', 'sm'] as const;
type Role = (typeof ROLES)[number];
const PREFIX: Record<Role, string> = {
  Admin: '/api/dashboard',
  Agency: '/api/agency/dashboard',
  Electrician: '/api/electrician/dashboard',
  mscc: '/api/mscc/dashboard',
  sm: '/api/sm/dashboard',
};

const call = <T,>(role: string, url: string, method: 'GET' | 'POST' | 'PUT' = 'GET', payload?: object) => answer<T>(t.app, tokens[role], url, method, payload);

async function rows<T>(sql: string, params: unknown[] = []): Promise<T[]> {
  return (await t.db.query<T>(sql, params)).rows;
}
async function n(sql: string, params: unknown[] = []): Promise<number> {
  return (await rows<{ n: number }>(sql, params))[0]?.n ?? 0;
}

async function links(email: string) {
  const [row] = await rows<{ agency_id: number; electrician_id: number; company_id: number; site_manager_id: number; customer_id: number }>(
    'SELECT agency_id::int, electrician_id::int, company_id::int, site_manager_id::int, customer_id::int FROM users WHERE email = $1',
    [email],
  );
  if (!row) throw new Error(`no user ${email}`);
  return row;
}

/** Each role's slice over a table `x` with the device keys (devices, device_readings), written out here. */
async function deviceSlices(): Promise<Record<Role, (x: string) => string>> {
  const agency = await links('agency@demo.test');
  const electrician = await links('electrician@demo.test');
  const mscc = await links('mscc@demo.test');
  const sm = await links('sm@demo.test');
  return {
    Admin: () => 'TRUE',
    Agency: (x) => `${x}.agency_id = ${agency.agency_id}`,
    Electrician: (x) => `${x}.electrician_id = ${electrician.electrician_id}`,
    mscc: (x) => `(${x}.company_id = ${mscc.company_id} OR ${x}.site_id IN (SELECT id FROM sites WHERE company_id = ${mscc.company_id}))`,
    sm: (x) => `${x}.site_id IN (SELECT site_id FROM site_manager_sites WHERE site_manager_id = ${sm.site_manager_id})`,
  };
}

/** Each role's customers (the customers slice of spec 6's roles), written out here. */
async function customerSlices(): Promise<Record<Role, string>> {
  const agency = await links('agency@demo.test');
  const electrician = await links('electrician@demo.test');
  const mscc = await links('mscc@demo.test');
  const sm = await links('sm@demo.test');
  const companySites = `SELECT id FROM sites WHERE company_id = ${mscc.company_id}`;
  const smSites = `SELECT site_id FROM site_manager_sites WHERE site_manager_id = ${sm.site_manager_id}`;
  return {
    Admin: 'TRUE',
    Agency: `c.agency_id = ${agency.agency_id}`,
    Electrician: `c.id IN (SELECT customer_id FROM devices WHERE electrician_id = ${electrician.electrician_id})`,
    mscc: `c.id IN (SELECT customer_id FROM properties WHERE company_id = ${mscc.company_id} OR site_id IN (${companySites})
                    UNION SELECT customer_id FROM devices WHERE company_id = ${mscc.company_id} OR site_id IN (${companySites}))`,
    sm: `c.id IN (SELECT customer_id FROM properties WHERE site_id IN (${smSites}) UNION SELECT customer_id FROM devices WHERE site_id IN (${smSites}))`,
  };
}

const LINES: Record<string, string[]> = {
  all: ['ihd', 'ihd_livelink', 'livelink', 'safelink', 'airlink', 'bulb'],
  livelink: ['livelink', 'ihd_livelink'],
  bulb: ['bulb'],
  heat_pump: ['heat_pump'],
};
/** The lines each role is checked on: the multi-site roles' fleet is heat pumps. */
const linesOf = (role: Role) => (role === 'mscc' || role === 'sm' ? ['heat_pump', 'all'] : ['all', 'livelink', 'heat_pump']);
const inLine = (line: string, x = 'd') => `${x}.product_line = ANY(ARRAY[${(LINES[line] ?? []).map((l) => `'${l}'`).join(', ')}])`;

describe('the device figures of each role', () => {
  it("overview: each role's devices of the line by status and Wi-Fi, and per line, of its slice only", async () => {
    const slice = await deviceSlices();
    for (const role of ROLES) {
      for (const line of linesOf(role)) {
        const res = await call<{ total: number; active: number; inactive: number; replaced: number; online: number; offline: number; lines: Array<{ product_line: string; total: number }> }>(
          role,
          `${PREFIX[role]}/getdeviceoverview?deviceType=${line}`,
        );
        expect(res.status).toBe(200);
        const where = `${inLine(line)} AND ${slice[role]('d')}`;
        const [expected] = await rows<Record<string, number>>(
          `SELECT count(*)::int AS total, count(*) FILTER (WHERE device_status = 'Active')::int AS active,
                  count(*) FILTER (WHERE device_status = 'In-active')::int AS inactive, count(*) FILTER (WHERE device_status = 'Replaced')::int AS replaced,
                  count(*) FILTER (WHERE device_status = 'Active' AND is_online = 1)::int AS online,
                  count(*) FILTER (WHERE device_status = 'Active' AND is_online = 0)::int AS offline
             FROM devices d WHERE ${where}`,
        );
        const { lines, ...counts } = res.info;
        expect({ role, line, ...counts }).toEqual({ role, line, ...expected });
        expect(lines.reduce((s, l) => s + l.total, 0)).toBe(counts.total);
      }
    }
    // the slices are real slices: each role sees devices, fewer than Admin
    const admin = (await call<{ total: number }>('Admin', `${PREFIX.Admin}/getdeviceoverview?deviceType=all`)).info.total;
    for (const role of ['Agency', 'Electrician'] as const) {
      const mine = (await call<{ total: number }>(role, `${PREFIX[role]}/getdeviceoverview`)).info.total;
      expect(mine).toBeGreaterThan(0);
      expect(mine).toBeLessThan(admin);
    }
    for (const role of ['mscc', 'sm'] as const) {
      expect((await call<{ total: number }>(role, `${PREFIX[role]}/getdeviceoverview?deviceType=heat_pump`)).info.total).toBeGreaterThan(0);
    }
  });

  it('yearly device graph: installations per month of the year and the running total, per slice', async () => {
    const slice = await deviceSlices();
    for (const role of ROLES) {
      for (const line of linesOf(role)) {
        const year = 2024;
        const res = await call<Array<{ month: number; installed: number; total: number }>>(role, `${PREFIX[role]}/getdevicegraphdata?year=${year}&deviceType=${line}`);
        expect(res.status).toBe(200);
        const installedOn = "coalesce(d.installation_date, (d.created_at AT TIME ZONE 'UTC')::date)";
        const where = `${inLine(line)} AND ${slice[role]('d')}`;
        const perMonth = await rows<{ month: number; n: number }>(
          `SELECT extract(month FROM ${installedOn})::int AS month, count(*)::int AS n FROM devices d
            WHERE ${where} AND ${installedOn} >= '2024-01-01' AND ${installedOn} < '2025-01-01' GROUP BY 1`,
        );
        let total = await n(`SELECT count(*)::int AS n FROM devices d WHERE ${where} AND ${installedOn} < '2024-01-01'`);
        const expected = Array.from({ length: 12 }, (_, i) => {
          const installed = perMonth.find((r) => r.month === i + 1)?.n ?? 0;
          total += installed;
          return { month: i + 1, installed, total };
        });
        expect({ role, line, months: res.info }).toEqual({ role, line, months: expected });
      }
    }
  });

  it("user counts: the customers of the role's slice with a device of the line, by status; and the firmware versions its active devices run", async () => {
    const devices = await deviceSlices();
    const customers = await customerSlices();
    for (const role of ROLES) {
      for (const line of linesOf(role)) {
        const res = await call<{ users: Record<string, number>; versions: Array<{ product_line: string; version: string; devices: number }> }>(
          role,
          `${PREFIX[role]}/getusercountandversion?deviceType=${line}`,
        );
        expect(res.status).toBe(200);
        const byStatus = await rows<{ status: string; n: number }>(
          `SELECT c.status, count(*)::int AS n FROM customers c
            WHERE ${customers[role]} AND EXISTS (SELECT 1 FROM devices d WHERE d.customer_id = c.id AND ${inLine(line)}) GROUP BY 1`,
        );
        const of = (s: string) => byStatus.find((r) => r.status === s)?.n ?? 0;
        expect({ role, line, ...res.info.users }).toEqual({
          role,
          line,
          total: of('Completed') + of('Pending') + of('Incomplete'),
          completed: of('Completed'),
          pending: of('Pending'),
          incomplete: of('Incomplete'),
          deleted: of('Deleted'),
        });
        const versions = await rows<{ product_line: string; version: string; devices: number }>(
          `SELECT d.product_line, d.firmware_version AS version, count(*)::int AS devices FROM devices d
            WHERE ${inLine(line)} AND ${devices[role]('d')} AND d.device_status = 'Active' AND d.firmware_version IS NOT NULL
            GROUP BY 1, 2 ORDER BY 1, fleet_version_key(d.firmware_version) DESC`,
        );
        expect({ role, line, versions: res.info.versions }).toEqual({ role, line, versions });
      }
    }
    // an agency counts its own customers only
    const admin = (await call<{ users: { total: number } }>('Admin', `${PREFIX.Admin}/getusercountandversion`)).info.users.total;
    const agency = (await call<{ users: { total: number } }>('Agency', `${PREFIX.Agency}/getusercountandversion`)).info.users.total;
    expect(agency).toBeGreaterThan(0);
    expect(agency).toBeLessThan(admin);
  });

  it("monthly consumption and its average: the readings of the slice's devices of the line, per month of a year", async () => {
    const slice = await deviceSlices();
    for (const role of ROLES) {
      for (const line of linesOf(role)) {
        const year = 2025;
        const total = await call<Array<{ month: number; kwh: number; devices: number }>>(role, `${PREFIX[role]}/getdevicemonthlyconsumptionnew?year=${year}&deviceType=${line}`);
        const average = await call<Array<{ month: number; average_kwh: number; devices: number }>>(role, `${PREFIX[role]}/getdevicemonthlyAverageConsumtion?year=${year}&deviceType=${line}`);
        expect([total.status, average.status]).toEqual([200, 200]);
        const perMonth = await rows<{ month: number; kwh: number; devices: number }>(
          `SELECT extract(month FROM r.month)::int AS month, sum(r.kwh)::float8 AS kwh, count(*)::int AS devices FROM device_readings r
            WHERE ${inLine(line, 'r')} AND ${slice[role]('r')} AND r.month >= '2025-01-01' AND r.month < '2026-01-01' GROUP BY 1`,
        );
        const round1 = (x: number) => Math.round(x * 10) / 10;
        expect({ role, line, months: total.info }).toEqual({
          role,
          line,
          months: Array.from({ length: 12 }, (_, i) => {
            const m = perMonth.find((r) => r.month === i + 1);
            return { month: i + 1, kwh: round1(m?.kwh ?? 0), devices: m?.devices ?? 0 };
          }),
        });
        expect({ role, line, months: average.info }).toEqual({
          role,
          line,
          months: Array.from({ length: 12 }, (_, i) => {
            const m = perMonth.find((r) => r.month === i + 1);
            return { month: i + 1, average_kwh: m ? round1(m.kwh / m.devices) : 0, devices: m?.devices ?? 0 };
          }),
        });
      }
    }
    // seasons: an Australian home uses more in July than in April, an air conditioner more in January than in October
    const ll = (await call<Array<{ kwh: number; devices: number }>>('Admin', `${PREFIX.Admin}/getdevicemonthlyAverageConsumtion?year=2025&deviceType=livelink`)).info;
    expect(ll[6]!.devices).toBeGreaterThan(0);
    const avg = (m: number) => (ll[m] as unknown as { average_kwh: number }).average_kwh;
    expect(avg(6)).toBeGreaterThan(avg(3));
    const air = (await call<Array<{ average_kwh: number }>>('Admin', `${PREFIX.Admin}/getdevicemonthlyAverageConsumtion?year=2025&deviceType=airlink`)).info;
    expect(air[0]!.average_kwh).toBeGreaterThan(air[9]!.average_kwh);
    // safelink hubs report no energy
    const safelink = (await call<Array<{ kwh: number }>>('Admin', `${PREFIX.Admin}/getdevicemonthlyconsumptionnew?year=2025&deviceType=safelink`)).info;
    expect(safelink.every((m) => m.kwh === 0)).toBe(true);
  });

  it('consumption overview: this month so far, last month against a year before, this year and last, the average device', async () => {
    const slice = await deviceSlices();
    const now = t.clock.now();
    const y = now.getUTCFullYear();
    const m = now.getUTCMonth() + 1;
    const [ly, lm] = m === 1 ? [y - 1, 12] : [y, m - 1];
    const month = (yy: number, mm: number) => `${yy}-${String(mm).padStart(2, '0')}-01`;
    for (const role of ['Admin', 'Agency', 'Electrician'] as const) {
      const res = await call<Record<string, number | null>>(role, `${PREFIX[role]}/getdeviceconsumptionoverviewnew?deviceType=all`);
      expect(res.status).toBe(200);
      const sum = async (from: string, to: string) =>
        (await rows<{ kwh: number; n: number }>(
          `SELECT coalesce(sum(r.kwh), 0)::float8 AS kwh, count(*)::int AS n FROM device_readings r
            WHERE ${inLine('all', 'r')} AND ${slice[role]('r')} AND r.month >= $1 AND r.month < $2`,
          [from, to],
        ))[0] ?? { kwh: 0, n: 0 };
      const next = (yy: number, mm: number) => (mm === 12 ? month(yy + 1, 1) : month(yy, mm + 1));
      const round1 = (x: number) => Math.round(x * 10) / 10;
      const last = await sum(month(ly, lm), next(ly, lm));
      const before = await sum(month(ly - 1, lm), next(ly - 1, lm));
      expect(res.info).toEqual({
        this_month_kwh: round1((await sum(month(y, m), next(y, m))).kwh),
        last_month_kwh: round1(last.kwh),
        same_month_last_year_kwh: round1(before.kwh),
        change_percent: before.kwh > 0 ? round1(((last.kwh - before.kwh) / before.kwh) * 100) : null,
        this_year_kwh: round1((await sum(month(y, 1), month(y + 1, 1))).kwh),
        last_year_kwh: round1((await sum(month(y - 1, 1), month(y, 1))).kwh),
        average_device_kwh: last.n > 0 ? round1(last.kwh / last.n) : 0,
        reporting_devices: last.n,
      });
      expect(res.info.last_month_kwh).toBeGreaterThan(0);
    }
  });
});

describe('the monthly device list', () => {
  it("pages the slice's devices of the line installed in one month, of one device status (All by default)", async () => {
    const slice = await deviceSlices();
    const busiest = await rows<{ y: number; m: number }>(
      `SELECT extract(year FROM installation_date)::int AS y, extract(month FROM installation_date)::int AS m FROM devices
        WHERE product_line <> 'heat_pump' GROUP BY 1, 2 ORDER BY count(*) DESC LIMIT 1`,
    );
    const { y, m } = busiest[0] ?? { y: 2024, m: 1 };
    const from = `${y}-${String(m).padStart(2, '0')}-01`;
    for (const role of ROLES) {
      for (const status of ['All', 'Active', 'In-active']) {
        const res = await call<{ data: Array<{ id: number; installation_date: string; device_status: string; product_line: string }>; total: number; last_page: number }>(
          role,
          `${PREFIX[role]}/month-device?deviceType=all&month=${m}&year=${y}&deviceStatus=${status}&limit=500`,
        );
        expect(res.status).toBe(200);
        const expected = await rows<{ id: number }>(
          `SELECT d.id::int AS id FROM devices d WHERE ${inLine('all')} AND ${slice[role]('d')}
             AND d.installation_date >= $1::date AND d.installation_date < ($1::date + interval '1 month')
             ${status === 'All' ? '' : `AND d.device_status = '${status}'`}`,
          [from],
        );
        expect({ role, status, total: res.info.total }).toEqual({ role, status, total: expected.length });
        expect(res.info.data.map((d) => d.id).sort((a, b) => a - b)).toEqual(expected.map((d) => d.id).sort((a, b) => a - b));
      }
    }
    // newest first by default, 25 a page; the per-line calls name their line
    const page = await call<{ data: Array<{ created_at: string; product_line: string }>; total: number }>('Admin', `${PREFIX.Admin}/month-device-livelink?month=${m}&year=${y}`);
    expect(page.info.data.length).toBeLessThanOrEqual(25);
    expect(page.info.data.every((d) => ['livelink', 'ihd_livelink'].includes(d.product_line))).toBe(true);
    const created = page.info.data.map((d) => d.created_at);
    expect([...created].sort().reverse()).toEqual(created);
    // sorted by a column of a joined row, and by one of the device's; the drawer's filters apply
    const byAgency = await call<{ data: Array<{ agency_name: string | null }>; total: number }>('Admin', `${PREFIX.Admin}/month-device?month=${m}&year=${y}&sortBy=agency_name&orderBy=asc&limit=500`);
    const names = byAgency.info.data.map((d) => d.agency_name ?? '');
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(new Set(names).size).toBeGreaterThan(1);
    const bySerial = await call<{ data: Array<{ serial_number: string }> }>('Admin', `${PREFIX.Admin}/month-device?month=${m}&year=${y}&sortBy=serial_number&orderBy=desc&page=2&limit=5`);
    const serials = bySerial.info.data.map((d) => d.serial_number);
    expect(serials).toEqual([...serials].sort().reverse());
    const one = byAgency.info.data[0] as unknown as { id: number };
    const filtered = await call<{ data: Array<{ id: number }>; total: number }>(
      'Admin',
      `${PREFIX.Admin}/month-device?month=${m}&year=${y}&filter=${encodeURIComponent(JSON.stringify([{ key: 'id', value: one.id, type: 'single' }]))}`,
    );
    expect(filtered.info).toMatchObject({ total: 1, data: [{ id: one.id }] });
    const heatPumps = await call<{ data: Array<{ product_line: string }>; total: number }>('sm', `${PREFIX.sm}/month-device-heat_pump?month=${m}&year=${y}`);
    expect(heatPumps.status).toBe(200);
    expect(heatPumps.info.data.every((d) => d.product_line === 'heat_pump')).toBe(true);
  });

  it('refuses a month, year or status that is not one, with a message', async () => {
    const thisYear = t.clock.now().getUTCFullYear();
    for (const [query, message] of [
      ['month=13', 'month must be from 1 to 12'],
      ['month=0', 'month must be from 1 to 12'],
      ['year=2020', `year must be from 2021 to ${thisYear}`],
      [`year=${thisYear + 1}`, `year must be from 2021 to ${thisYear}`],
      ['deviceStatus=Gone', 'deviceStatus must be one of All, Active, In-active, Replaced'],
      ['deviceType=toaster', 'deviceType must be one of all, ihd, livelink, safelink, airlink, bulb, heat_pump'],
    ]) {
      const res = await call<null>('Admin', `${PREFIX.Admin}/month-device?${query}`);
      expect({ query, status: res.status, message: res.message }).toEqual({ query, status: 400, message });
    }
    expect((await call<null>('Agency', `${PREFIX.Agency}/getdevicegraphdata?year=2019`)).status).toBe(400);
    // a line-fixed call takes no deviceType
    expect((await call<null>('Admin', `${PREFIX.Admin}/month-device-bulb?deviceType=livelink`)).status).toBe(400);
  });
});

describe('the tallies follow every write', () => {
  it('devices moving status, Wi-Fi, firmware, slice and customer; new devices; customers changing and going away', async () => {
    await expectTalliesMatchRecount(t.db);
    const before = (await call<{ active: number; inactive: number }>('Admin', `${PREFIX.Admin}/getdeviceoverview?deviceType=bulb`)).info;
    const bulbs = await rows<{ id: number }>("SELECT id::int AS id FROM devices WHERE product_line = 'bulb' AND device_status = 'Active' ORDER BY id LIMIT 3");
    await t.db.query("UPDATE devices SET device_status = 'In-active', is_online = 0 WHERE id = ANY($1::bigint[])", [bulbs.map((b) => b.id)]);
    const after = (await call<{ active: number; inactive: number }>('Admin', `${PREFIX.Admin}/getdeviceoverview?deviceType=bulb`)).info;
    expect([after.active, after.inactive]).toEqual([before.active - 3, before.inactive + 3]);
    // the simulator's kinds of writes: Wi-Fi flips, firmware installed, work-state steps
    await t.db.query("UPDATE devices SET is_online = 1 - is_online WHERE product_line = 'heat_pump' AND id % 3 = 0");
    await t.db.query("UPDATE devices SET firmware_version = '3.3.0' WHERE product_line = 'livelink' AND id % 5 = 0");
    await t.db.query("UPDATE devices SET device_operation_status = 2 WHERE product_line = 'heat_pump'");
    // an agency's devices moved to another agency, a device to another customer and line, a new device
    const [a1, a2] = await rows<{ id: number }>('SELECT id::int AS id FROM agencies ORDER BY id LIMIT 2');
    await t.db.query('UPDATE devices SET agency_id = $2 WHERE agency_id = $1 AND id % 7 = 0', [a1?.id, a2?.id]);
    await t.db.query("UPDATE devices SET customer_id = (SELECT max(id) FROM customers WHERE status = 'Pending'), product_line = 'airlink' WHERE id = (SELECT max(id) FROM devices WHERE product_line = 'bulb')");
    await t.db.query(
      `INSERT INTO devices (product_line, serial_number, device_status, is_online, firmware_version, installation_date, agency_id, customer_id)
       VALUES ('safelink', 'SLNEW0000001', 'Active', 1, '1.2.0', '2024-03-05', $1, (SELECT min(id) FROM customers WHERE agency_id = $1))`,
      [a2?.id],
    );
    // customers: switches and status changed, one marked Deleted by the API, one removed outright
    await t.db.query('UPDATE customers SET auto_sync = NOT coalesce(auto_sync, false), weekly_report = NULL WHERE id % 4 = 1');
    const [victim] = await rows<{ id: number }>("SELECT id::int AS id FROM customers WHERE status = 'Completed' AND email NOT LIKE '%@demo.test' ORDER BY id DESC LIMIT 1");
    const del = await t.app.inject({ method: 'DELETE', url: `/api/customer/delete?customer_id=${victim?.id}`, headers: tokens.Admin });
    expect(del.statusCode).toBe(200);
    const [gone] = await rows<{ id: number }>("SELECT id::int AS id FROM customers WHERE email NOT LIKE '%@demo.test' ORDER BY id DESC LIMIT 1 OFFSET 3");
    await t.db.query('DELETE FROM customers WHERE id = $1', [gone?.id]);
    // sync events, smoke alarms and the customer app
    await t.db.query("INSERT INTO customer_sync_events (customer_id, sync_type, status, created_at) SELECT id, 'weekly_report', 'failed', now() FROM customers WHERE id % 9 = 0");
    await t.db.query("UPDATE smoke_alarms SET battery_level = 8, alarm_status = 'Low battery' WHERE id % 10 = 0");
    await t.db.query('DELETE FROM smoke_alarms WHERE id % 13 = 0');
    await t.db.query("UPDATE customer_apps SET app_version = '2.4.0' WHERE customer_id % 2 = 0");
    await expectTalliesMatchRecount(t.db);
  });

  it("a heat pump assigned to a multi-site company joins that company's figures", async () => {
    const mscc = await links('mscc@demo.test');
    const before = (await call<{ total: number }>('mscc', `${PREFIX.mscc}/getdeviceoverview?deviceType=heat_pump`)).info.total;
    const [free] = await rows<{ id: number }>("SELECT id::int AS id FROM devices WHERE product_line = 'heat_pump' AND company_id IS NULL AND site_id IS NULL ORDER BY id LIMIT 1");
    const res = await call<null>('Admin', '/api/nms/devices/assign', 'PUT', { device_ids: [free?.id], company_id: mscc.company_id });
    expect(res.status).toBe(200);
    expect((await call<{ total: number }>('mscc', `${PREFIX.mscc}/getdeviceoverview?deviceType=heat_pump`)).info.total).toBe(before + 1);
    await expectTalliesMatchRecount(t.db);
  });
});

describe("the customer app's auto sync of readings", () => {
  const monthly = async (role: Role, year: number, line = 'livelink') =>
    (await call<Array<{ month: number; kwh: number; devices: number }>>(role, `${PREFIX[role]}/getdevicemonthlyconsumptionnew?year=${year}&deviceType=${line}`)).info;

  it("records a device's months, replacing a month sent again, in the slices the device is in", async () => {
    const customer = await links('customer@demo.test');
    const [device] = await rows<{ id: number; installation_date: string }>(
      "SELECT id::int AS id, to_char(installation_date, 'YYYY-MM-DD') AS installation_date FROM devices WHERE customer_id = $1 AND product_line = 'livelink' ORDER BY id LIMIT 1",
      [customer.customer_id],
    );
    const now = t.clock.now();
    const year = now.getUTCFullYear();
    const thisMonth = now.toISOString().slice(0, 7);
    const m = now.getUTCMonth();
    const adminBefore = await monthly('Admin', year);
    const agencyBefore = await monthly('Agency', year);
    const previous = Number((await rows<{ kwh: number }>('SELECT kwh::float8 AS kwh FROM device_readings WHERE device_id = $1 AND month = $2::date', [device?.id, `${thisMonth}-01`]))[0]?.kwh ?? 0);
    const events = await n("SELECT count(*)::int AS n FROM customer_sync_events WHERE customer_id = $1 AND sync_type = 'auto_sync'", [customer.customer_id]);

    const first = await call<{ months: number }>('Customer', '/api/customer/readings', 'POST', { device_id: device?.id, readings: [{ month: thisMonth, kwh: 100 }] });
    expect(first).toMatchObject({ status: 200, message: 'Readings synced', info: { months: 1 } });
    const again = await call<{ months: number }>('Customer', '/api/customer/readings', 'POST', { device_id: device?.id, readings: [{ month: thisMonth, kwh: 250.5 }] });
    expect(again.status).toBe(200);
    // the figures are rounded to 0.1 kWh
    expect((await monthly('Admin', year))[m]?.kwh).toBeCloseTo((adminBefore[m]?.kwh ?? 0) - previous + 250.5, 0);
    expect((await monthly('Agency', year))[m]?.kwh).toBeCloseTo((agencyBefore[m]?.kwh ?? 0) - previous + 250.5, 0);
    expect(await n("SELECT count(*)::int AS n FROM customer_sync_events WHERE customer_id = $1 AND sync_type = 'auto_sync' AND detail = 'Readings synced (1 month)'", [customer.customer_id])).toBe(2);
    expect(await n("SELECT count(*)::int AS n FROM customer_sync_events WHERE customer_id = $1 AND sync_type = 'auto_sync'", [customer.customer_id])).toBe(events + 2);
    await expectTalliesMatchRecount(t.db);
  });

  it('refuses a safelink hub, a month to come or before the install, and a device of another customer, keeping nothing', async () => {
    const customer = await links('customer@demo.test');
    const [safelink] = await rows<{ id: number }>("SELECT id::int AS id FROM devices WHERE customer_id = $1 AND product_line = 'safelink' LIMIT 1", [customer.customer_id]);
    const [mine] = await rows<{ id: number; installed: string }>(
      "SELECT id::int AS id, to_char(installation_date, 'YYYY-MM') AS installed FROM devices WHERE customer_id = $1 AND product_line = 'bulb' LIMIT 1",
      [customer.customer_id],
    );
    const [other] = await rows<{ id: number }>("SELECT id::int AS id FROM devices WHERE customer_id <> $1 AND product_line = 'bulb' AND NOT EXISTS (SELECT 1 FROM property_members pm WHERE pm.property_id = devices.property_id) LIMIT 1", [customer.customer_id]);
    const now = t.clock.now();
    const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString().slice(0, 7);
    const [iy, im] = (mine?.installed ?? '2022-03').split('-').map(Number) as [number, number];
    const beforeInstall = new Date(Date.UTC(iy, im - 2, 1)).toISOString().slice(0, 7);
    const readings = await n('SELECT count(*)::int AS n FROM device_readings');
    const kwh = await n('SELECT sum(kwh)::float8 AS n FROM energy_monthly');
    const events = await n('SELECT count(*)::int AS n FROM customer_sync_events');
    const valid = mine?.installed ?? '2024-01';
    for (const [body, status, message] of [
      [{ device_id: safelink?.id, readings: [{ month: valid, kwh: 1 }] }, 400, 'Safelink devices do not report energy'],
      [{ device_id: mine?.id, readings: [{ month: valid, kwh: 1 }, { month: next, kwh: 1 }] }, 400, 'A reading cannot be for a month after this one'],
      [{ device_id: mine?.id, readings: [{ month: beforeInstall, kwh: 1 }] }, 400, 'A reading cannot be for a month before the device was installed'],
      [{ device_id: other?.id, readings: [{ month: valid, kwh: 1 }] }, 404, 'Device not found'],
      [{ device_id: mine?.id, readings: [{ month: '2024-13', kwh: 1 }] }, 400, 'A reading month is YYYY-MM'],
      [{ device_id: mine?.id, readings: [{ month: valid, kwh: -1 }] }, 400, 'kWh is a number from 0 to 999999'],
      [{ device_id: mine?.id, readings: [] }, 400, 'Send 1 to 24 readings'],
      [{ device_id: mine?.id, readings: [{ month: valid, kwh: 1 }], agency_id: 1 }, 400, undefined],
    ] as const) {
      const res = await call<null>('Customer', '/api/customer/readings', 'POST', body);
      expect({ body, status: res.status }).toEqual({ body, status });
      if (message) expect(res.message).toBe(message);
    }
    expect(await n('SELECT count(*)::int AS n FROM device_readings')).toBe(readings);
    expect(await n('SELECT sum(kwh)::float8 AS n FROM energy_monthly')).toBe(kwh);
    expect(await n('SELECT count(*)::int AS n FROM customer_sync_events')).toBe(events);
    // Admin has no app
    expect((await call<null>('Admin', '/api/customer/readings', 'POST', { device_id: mine?.id, readings: [{ month: valid, kwh: 1 }] })).status).toBe(403);
  });
});
