// Network dashboards (issue 11): today's counts of each NMS role's slice, the months of a year from
// the recorded daily history (seeded since 2021, today recorded by the server), the live device list.
import { recordDay } from '../../src/modules/nms/history';
import { addressSuggester } from '../../src/modules/nms/addresses';
import { bearer, signIn, appForFile, bearersFor, answer, countOf } from '../support/app';

const t = appForFile({}, { devices: 1500 });
const tokens = bearersFor(t, ['Admin', 'Agency', 'mscc', 'sm', 'Customer']);

const call = <T,>(role: string, url: string, method: 'GET' | 'POST' | 'PUT' = 'GET', payload?: object) => answer<T>(t.app, tokens[role], url, method, payload);

const n = (sql: string, params: unknown[] = []) => countOf(t.db, sql, params);

async function links(email: string) {
  const { rows } = await t.db.query<{ agency_id: number; company_id: number; site_manager_id: number }>(
    'SELECT agency_id::int, company_id::int, site_manager_id::int FROM users WHERE email = $1',
    [email],
  );
  return rows[0] ?? { agency_id: 0, company_id: 0, site_manager_id: 0 };
}

/** The slice of each NMS role over devices d, written out here (not by the policy layer). */
async function slices(): Promise<Record<string, string>> {
  const agency = await links('agency@demo.test');
  const mscc = await links('mscc@demo.test');
  const sm = await links('sm@demo.test');
  return {
    Admin: 'TRUE',
    Agency: `d.agency_id = ${agency.agency_id}`,
    mscc: `(d.company_id = ${mscc.company_id} OR d.site_id IN (SELECT id FROM sites WHERE company_id = ${mscc.company_id}))`,
    sm: `d.site_id IN (SELECT site_id FROM site_manager_sites WHERE site_manager_id = ${sm.site_manager_id})`,
  };
}

const PREFIX: Record<string, string> = { Admin: '/api/nms', Agency: '/api/agency/nms', mscc: '/api/mscc/nms', sm: '/api/sm/nms' };

describe('network dashboard', () => {
  it("counts each role's heat pumps in service today: offline, online, total and faulty of its slice only", async () => {
    const slice = await slices();
    for (const role of ['Admin', 'Agency', 'mscc', 'sm']) {
      const res = await call<{ offline: number; online: number; total: number; faulty: number }>(role, `${PREFIX[role]}/dashboard/counts?deviceType=heat_pump`);
      expect(res.status).toBe(200);
      const where = `d.product_line = 'heat_pump' AND d.device_status <> 'In-active' AND ${slice[role]}`;
      const expected = {
        total: await n(`SELECT count(*)::int AS n FROM devices d WHERE ${where}`),
        online: await n(`SELECT count(*)::int AS n FROM devices d WHERE ${where} AND d.is_online = 1`),
        offline: await n(`SELECT count(*)::int AS n FROM devices d WHERE ${where} AND d.is_online = 0`),
        faulty: await n(`SELECT count(DISTINCT d.id)::int AS n FROM devices d JOIN faults f ON f.device_id = d.id AND f.fault_status = 0 WHERE ${where}`),
      };
      expect({ role, ...res.info }).toEqual({ role, ...expected });
      // the total is of the heat pumps in service, so online and offline add up to it (docs/dashboard-calls.md)
      expect(res.info.online + res.info.offline).toBe(res.info.total);
      expect(res.info.total).toBeGreaterThan(0);
      if (role !== 'Admin') expect(res.info.total).toBeLessThan(await n("SELECT count(*)::int AS n FROM devices WHERE product_line = 'heat_pump' AND device_status <> 'In-active'"));
    }
  });

  it('answers the months of a year from the recorded history of the slice', async () => {
    const slice = await slices();
    const year = 2024;
    for (const role of ['Admin', 'Agency', 'sm']) {
      const onOff = await call<Array<{ month: number; online: number; offline: number }>>(role, `${PREFIX[role]}/dashboard/month-online-offline-device?year=${year}`);
      const faulty = await call<Array<{ month: number; faulty: number }>>(role, `${PREFIX[role]}/dashboard/month-faulty-device?year=${year}&deviceType=heat_pump`);
      expect(onOff.info.map((m) => m.month)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
      // June: the state of 30 June, summed over the slice's history rows (history rows carry the slice keys as d.*)
      const june = `FROM heat_pump_daily d WHERE d.day = '${year}-06-30' AND ${slice[role]}`;
      expect(onOff.info[5]).toEqual({ month: 6, online: await n(`SELECT coalesce(sum(online), 0)::int AS n ${june}`), offline: await n(`SELECT coalesce(sum(offline), 0)::int AS n ${june}`) });
      const peak = await n(
        `SELECT coalesce(max(s), 0)::int AS n FROM (SELECT sum(faulty) AS s FROM heat_pump_daily d
          WHERE d.day >= '${year}-06-01' AND d.day < '${year}-07-01' AND ${slice[role]} GROUP BY d.day) x`,
      );
      expect(faulty.info[5]).toEqual({ month: 6, faulty: peak });
    }
    const admin = await call<Array<{ online: number; offline: number }>>('Admin', `/api/nms/dashboard/month-online-offline-device?year=${year}`);
    expect(admin.info.some((m) => m.online > 0 && m.offline > 0)).toBe(true);
  });

  it('refuses a year outside 2021 to this year, and another role\'s prefix', async () => {
    expect((await call('Admin', '/api/nms/dashboard/month-faulty-device?year=2020')).status).toBe(400);
    expect((await call('Admin', `/api/nms/dashboard/month-faulty-device?year=${new Date().getUTCFullYear() + 1}`)).status).toBe(400);
    expect((await call('Admin', '/api/nms/dashboard/counts?deviceType=bulb')).status).toBe(400);
    expect((await call('Agency', '/api/nms/dashboard/counts')).status).toBe(403);
    expect((await call('Customer', '/api/sm/nms/dashboard/counts')).status).toBe(403);
  });

  it("records today from the devices' state, and the month shows it", async () => {
    const now = new Date();
    await t.db.query("UPDATE devices SET is_online = 0 WHERE id = (SELECT min(id) FROM devices WHERE product_line = 'heat_pump' AND is_online = 1 AND device_status = 'Active')");
    await recordDay(t.db, now);
    const counts = await call<{ online: number; offline: number }>('Admin', '/api/nms/dashboard/counts');
    const months = await call<Array<{ month: number; online: number; offline: number }>>('Admin', `/api/nms/dashboard/month-online-offline-device?year=${now.getUTCFullYear()}`);
    expect(months.info[now.getUTCMonth()]).toEqual({ month: now.getUTCMonth() + 1, online: counts.info.online, offline: counts.info.offline });
    // a second recording of the same day replaces it
    await recordDay(t.db, now);
    expect(await n('SELECT count(*)::int AS n FROM heat_pump_daily WHERE day = $1::date', [now.toISOString().slice(0, 10)])).toBe(
      await n("SELECT count(*)::int AS n FROM (SELECT DISTINCT agency_id, company_id, site_id FROM devices WHERE product_line = 'heat_pump' AND device_status <> 'In-active') x"),
    );
  });

  it('lists the live devices of the slice with their Wi-Fi, work state and fault code', async () => {
    const res = await call<{ total: number; data: Array<{ id: number; device_operation_status: number | null; fault_code: string | null; soft_version: string | null }> }>(
      'sm',
      '/api/sm/nms/dashboard/ws/devices/all?deviceType=heat_pump&limit=100',
    );
    const slice = await slices();
    expect(res.info.total).toBe(await n(`SELECT count(*)::int AS n FROM devices d WHERE d.product_line = 'heat_pump' AND ${slice.sm}`));
    for (const row of res.info.data) {
      const [state] = (await t.db.query<{ s: number | null; f: string | null }>('SELECT device_operation_status::int AS s, fault_code AS f FROM devices WHERE id = $1', [row.id])).rows;
      expect([row.device_operation_status, row.fault_code]).toEqual([state?.s, state?.f]);
    }
  });
});

describe("a company's and a site's dashboards", () => {
  async function otherCompany(company: number): Promise<number> {
    const found = (await t.db.query<{ id: number }>('SELECT id::int FROM multi_site_companies WHERE id <> $1 ORDER BY id LIMIT 1', [company])).rows[0];
    if (found) return found.id;
    return (await t.db.query<{ id: number }>("INSERT INTO multi_site_companies (company_name) VALUES ('Elsewhere Pty') RETURNING id::int")).rows[0]?.id ?? 0;
  }

  it("answers mscc its company (its counts, sites, devices and fault trend) and 404 for another company", async () => {
    const { company_id: company } = await links('mscc@demo.test');
    const info = await call<{ id: number; company_name: string; sites_count: number }>('mscc', `/api/nms/dashboard/msc/${company}/get`);
    expect(info.status).toBe(200);
    expect(info.info.sites_count).toBe(await n('SELECT count(*)::int AS n FROM sites WHERE company_id = $1', [company]));
    const place = `d.product_line = 'heat_pump' AND (d.company_id = ${company} OR d.site_id IN (SELECT id FROM sites WHERE company_id = ${company}))`;
    const counts = await call<{ total: number; online: number }>('mscc', `/api/nms/dashboard/msc/${company}/counts`);
    expect(counts.info.total).toBe(await n(`SELECT count(*)::int AS n FROM devices d WHERE ${place} AND d.device_status <> 'In-active'`));
    const sites = await call<{ total: number; data: Array<{ heat_pumps: number; id: number }> }>('mscc', `/api/nms/dashboard/msc/${company}/sites?page=1&limit=25&orderBy=desc&sortBy=created_at`);
    expect(sites.info.total).toBe(info.info.sites_count);
    const devices = await call<{ total: number }>('mscc', `/api/nms/dashboard/msc/${company}/ws/devices/all`);
    expect(devices.info.total).toBe(await n(`SELECT count(*)::int AS n FROM devices d WHERE ${place}`));
    const trend = await call<Array<{ month: string; raised: number; resolved: number; mean_resolve_hours: number | null }>>('mscc', `/api/nms/dashboard/msc/${company}/fault-trend`);
    expect(trend.info).toHaveLength(12);
    const first = trend.info[0]?.month ?? '';
    expect(trend.info.reduce((sum, m) => sum + m.raised, 0)).toBe(
      await n(`SELECT count(*)::int AS n FROM faults f JOIN devices d ON d.id = f.device_id WHERE ${place} AND to_char(f.history_datetime AT TIME ZONE 'UTC', 'YYYY-MM') >= $1`, [first]),
    );
    const other = await otherCompany(company);
    for (const path of ['get', 'counts', 'sites', 'ws/devices/all', 'fault-trend']) {
      expect((await call('mscc', `/api/nms/dashboard/msc/${other}/${path}`)).status).toBe(404);
    }
    expect((await call('Admin', `/api/nms/dashboard/msc/${other}/get`)).status).toBe(200);
  });

  it('answers sm its sites (counts, properties, devices) and 404 for a site it does not manage', async () => {
    const { site_manager_id: sm } = await links('sm@demo.test');
    const mine = (await t.db.query<{ id: number }>('SELECT site_id::int AS id FROM site_manager_sites WHERE site_manager_id = $1 ORDER BY site_id LIMIT 1', [sm])).rows[0]?.id;
    const info = await call<{ id: number; site_name: string; heat_pumps: number }>('sm', `/api/nms/dashboard/site/${mine}/get`);
    expect(info.status).toBe(200);
    expect(info.info.heat_pumps).toBe(await n("SELECT count(*)::int AS n FROM devices WHERE site_id = $1 AND product_line = 'heat_pump'", [mine]));
    const counts = await call<{ total: number }>('sm', `/api/nms/dashboard/site/${mine}/counts`);
    expect(counts.info.total).toBe(await n("SELECT count(*)::int AS n FROM devices WHERE site_id = $1 AND product_line = 'heat_pump' AND device_status <> 'In-active'", [mine]));
    // with the list state's paging and sort, as the console sends it
    const properties = await call<{ total: number }>('sm', `/api/nms/dashboard/site/${mine}/properties?page=1&limit=25&orderBy=desc&sortBy=created_at`);
    expect(properties.info.total).toBe(await n('SELECT count(*)::int AS n FROM properties WHERE site_id = $1', [mine]));
    const theirs = (await t.db.query<{ id: number }>('SELECT id::int FROM sites WHERE id NOT IN (SELECT site_id FROM site_manager_sites WHERE site_manager_id = $1) ORDER BY id LIMIT 1', [sm])).rows[0]?.id;
    expect(theirs).toBeDefined();
    for (const path of ['get', 'counts', 'properties', 'ws/devices/all', 'fault-trend']) {
      expect((await call('sm', `/api/nms/dashboard/site/${theirs}/${path}`)).status).toBe(404);
    }
  });
});

describe('multi-site lists', () => {
  it('lists the companies and sites of each slice, searchable by name', async () => {
    const agency = await links('agency@demo.test');
    const mscc = await links('mscc@demo.test');
    const sm = await links('sm@demo.test');
    const all = await call<{ total: number; data: Array<{ id: number; company_name: string; sites_count: number }> }>('Admin', '/api/nms/multi-site-company/list');
    expect(all.info.total).toBe(await n('SELECT count(*)::int AS n FROM multi_site_companies'));
    const agencyList = await call<{ total: number }>('Agency', '/api/nms/multi-site-company/list');
    expect(agencyList.info.total).toBe(
      await n('SELECT count(*)::int AS n FROM multi_site_companies c WHERE c.created_by_agency_id = $1 OR c.id IN (SELECT company_id FROM multi_site_company_agencies WHERE agency_id = $1)', [agency.agency_id]),
    );
    const own = await call<{ total: number; data: Array<{ id: number }> }>('mscc', '/api/nms/multi-site-company/list');
    expect(own.info.data.map((c) => c.id)).toEqual([mscc.company_id]);
    const name = all.info.data[0]?.company_name ?? '';
    const searched = await call<{ data: Array<{ company_name: string }> }>('Admin', `/api/nms/multi-site-company/list?filter=${encodeURIComponent(JSON.stringify([{ key: 'company_name', value: name.slice(0, 5), type: 'single' }]))}`);
    expect(searched.info.data.every((c) => c.company_name.toLowerCase().includes(name.slice(0, 5).toLowerCase()))).toBe(true);
    const smSites = await call<{ total: number }>('sm', '/api/nms/sites/list');
    expect(smSites.info.total).toBe(await n('SELECT count(*)::int AS n FROM site_manager_sites WHERE site_manager_id = $1', [sm.site_manager_id]));
    const msccSites = await call<{ total: number }>('mscc', '/api/nms/sites/list');
    expect(msccSites.info.total).toBe(await n('SELECT count(*)::int AS n FROM sites WHERE company_id = $1', [mscc.company_id]));
    expect((await call('sm', '/api/nms/multi-site-company/list')).status).toBe(403);
    // a company's sites (the assignment's second step)
    const bySite = await call<{ total: number; data: Array<{ company_id: number }> }>('Admin', `/api/nms/sites/list?filter=${encodeURIComponent(JSON.stringify([{ key: 'company_id', value: String(mscc.company_id), type: 'single' }]))}`);
    expect(bySite.status).toBe(200);
    expect(bySite.info.total).toBe(await n('SELECT count(*)::int AS n FROM sites WHERE company_id = $1', [mscc.company_id]));
  });
});

describe('multi-site companies and sites: new and updated (spec modals 2 and 4)', () => {
  const companies = () => n('SELECT count(*)::int AS n FROM multi_site_companies');
  const sites = () => n('SELECT count(*)::int AS n FROM sites');
  const company = { company_name: 'Harbour Homes', company_address: '9 Quay St Sydney NSW 2000', contact_person_email: 'Admin@Harbour.test' };

  it('refuses with the spec messages and saves nothing', async () => {
    const before = await companies();
    const agencyId = (await links('agency@demo.test')).agency_id;
    const tries: Array<[object, string]> = [
      [{ ...company }, 'Please Select Agency'],
      [{ ...company, agency_ids: [] }, 'Please Select Agency'],
      [{ ...company, agency_ids: [agencyId], company_name: ' ' }, 'Company Name is required'],
      [{ ...company, agency_ids: [agencyId], company_name: 'x'.repeat(61) }, 'Company Name must be at most 60 characters'],
      [{ ...company, agency_ids: [agencyId], company_address: '' }, 'Company Address is required'],
      [{ company_name: 'A', company_address: 'B', agency_ids: [agencyId] }, 'Contact Person Email is required'],
      [{ ...company, agency_ids: [agencyId], contact_person_email: 'a b@c.de' }, 'Please enter a valid email address'],
      [{ ...company, agency_ids: [agencyId], contact_person_email: 'nope' }, 'Please enter a valid email address'],
    ];
    for (const [body, message] of tries) {
      const res = await call('Admin', '/api/nms/multi-site-company/save', 'POST', body);
      expect([res.status, res.message]).toEqual([400, message]);
    }
    // an agency that is not there is outside every slice: 404 (issue 20, item 5)
    const unknownAgency = await call('Admin', '/api/nms/multi-site-company/save', 'POST', { ...company, agency_ids: [99999999] });
    expect([unknownAgency.status, unknownAgency.message]).toEqual([404, 'Agency not found']);
    expect(await companies()).toBe(before);
    const siteBefore = await sites();
    const site = { site_name: 'Dock 1', site_address: '1 Dock Rd', site_manager_name: 'Pat Lee', site_manager_email: 'pat@harbour.test' };
    for (const [body, message] of [
      [site, 'Please Select MSC Contact'],
      [{ ...site, company_id: 1, site_name: '' }, 'Site Name is required'],
      [{ ...site, company_id: 1, site_address: ' ' }, 'Site Address is required'],
      [{ ...site, company_id: 1, site_manager_name: 'y'.repeat(61) }, 'Site Manager Name must be at most 60 characters'],
      [{ ...site, company_id: 1, site_manager_email: '' }, 'Please enter a valid email address'],
    ] as Array<[object, string]>) {
      const res = await call('Admin', '/api/nms/sites/save', 'POST', body);
      expect([res.status, res.message]).toEqual([400, message]);
    }
    expect(await sites()).toBe(siteBefore);
  });

  it('Admin adds a company for chosen agencies and a site to it; the agency sees both, updates them, not others', async () => {
    const agencyId = (await links('agency@demo.test')).agency_id;
    const saved = await call('Admin', '/api/nms/multi-site-company/save', 'POST', { ...company, agency_ids: [agencyId] });
    expect([saved.status, saved.message]).toEqual([200, 'Multi-site company added successfully']);
    const id = (await t.db.query<{ id: number; contact_person_email: string }>("SELECT id::int, contact_person_email FROM multi_site_companies WHERE company_name = 'Harbour Homes'")).rows[0];
    expect(id?.contact_person_email).toBe('admin@harbour.test');
    const site = await call('Admin', '/api/nms/sites/save', 'POST', { company_id: id?.id, site_name: 'Dock 1', site_address: '1 Dock Rd', site_manager_name: 'Pat Lee', site_manager_email: 'pat@harbour.test' });
    expect(site.message).toBe('Site added successfully');
    const agencyList = await call<{ data: Array<{ id: number }> }>('Agency', '/api/nms/multi-site-company/list?limit=500');
    expect(agencyList.info.data.map((c) => c.id)).toContain(id?.id);
    const updated = await call('Agency', '/api/nms/multi-site-company/update', 'PUT', { id: id?.id, company_name: 'Harbour Homes Group', company_address: '9 Quay St Sydney NSW 2000' });
    expect(updated.message).toBe('Multi-site company updated successfully');
    // the account admin email is fixed: the update does not take it
    expect((await call('Agency', '/api/nms/multi-site-company/update', 'PUT', { id: id?.id, ...company })).status).toBe(400);
    const siteId = (await t.db.query<{ id: number }>("SELECT id::int FROM sites WHERE site_name = 'Dock 1'")).rows[0]?.id;
    const siteUpdate = await call('Agency', '/api/nms/sites/update', 'PUT', { id: siteId, site_name: 'Dock One', site_address: '1 Dock Rd', site_manager_name: 'Pat Lee', site_manager_email: 'pat@harbour.test' });
    expect(siteUpdate.message).toBe('Site updated successfully');
    // another agency's company is not found for this agency
    const foreign = (await t.db.query<{ id: number }>("INSERT INTO multi_site_companies (company_name) VALUES ('Not Theirs Pty') RETURNING id::int")).rows[0]?.id;
    expect((await call('Agency', '/api/nms/multi-site-company/update', 'PUT', { id: foreign, company_name: 'X', company_address: 'Y' })).status).toBe(404);
    expect((await call('Agency', '/api/nms/sites/save', 'POST', { company_id: foreign, site_name: 'S', site_address: 'A', site_manager_name: 'N', site_manager_email: 'n@x.test' })).status).toBe(404);
    expect(await n("SELECT count(*)::int AS n FROM multi_site_companies WHERE id = $1 AND company_name = 'Not Theirs Pty'", [foreign])).toBe(1);
  });

  it("mscc adds a site to its own company only, and cannot add companies", async () => {
    const mscc = await links('mscc@demo.test');
    const res = await call('mscc', '/api/nms/sites/save', 'POST', { site_name: 'Annex', site_address: '3 Side St', site_manager_name: 'Kim Roe', site_manager_email: 'kim@annex.test' });
    expect(res.status).toBe(200);
    expect(await n("SELECT count(*)::int AS n FROM sites WHERE site_name = 'Annex' AND company_id = $1", [mscc.company_id])).toBe(1);
    expect((await call('mscc', '/api/nms/multi-site-company/save', 'POST', company)).status).toBe(403);
    const agencies = await call<{ data: Array<{ agency_name: string }> }>('Admin', '/api/nms/agencies/options?agency_name=%25');
    expect(agencies.info.data).toEqual([]);
  });
});

describe('site managers and contacts (spec modals 5 and 6)', () => {
  it('mscc adds a site manager of its sites and a contact, with the spec messages; sm sees only itself', async () => {
    const mscc = await links('mscc@demo.test');
    const own = (await t.db.query<{ id: number }>('SELECT id::int FROM sites WHERE company_id = $1 ORDER BY id', [mscc.company_id])).rows.map((r) => r.id);
    const foreignSite = (await t.db.query<{ id: number }>('SELECT id::int FROM sites WHERE company_id <> $1 ORDER BY id LIMIT 1', [mscc.company_id])).rows[0]?.id;
    const manager = { site_ids: own.slice(0, 1), first_name: 'Rae', last_name: 'Quinn', email: 'rae@acme.test' };
    const managers = () => n('SELECT count(*)::int AS n FROM site_managers');
    const before = await managers();
    for (const [body, message] of [
      [{ ...manager, site_ids: [] }, 'Please Select Site'],
      [{ ...manager, first_name: '' }, 'First Name is required'],
      [{ ...manager, last_name: ' ' }, 'Last Name is required'],
      [{ ...manager, first_name: 'z'.repeat(61) }, 'First Name must be at most 60 characters'],
      [{ ...manager, email: 'rae at acme' }, 'Please enter a valid email address'],
      [{ site_ids: own.slice(0, 1), first_name: 'R', last_name: 'Q' }, 'Site Manager Email is required'],
    ] as Array<[object, string]>) {
      const res = await call('mscc', '/api/nms/site-managers/save', 'POST', body);
      expect([res.status, res.message]).toEqual([400, message]);
    }
    // a site of another company is outside the slice: 404 (issue 20, item 5)
    if (foreignSite) expect((await call('mscc', '/api/nms/site-managers/save', 'POST', { ...manager, site_ids: [foreignSite] })).status).toBe(404);
    expect(await managers()).toBe(before);
    expect((await call('mscc', '/api/nms/site-managers/save', 'POST', manager)).message).toBe('Site manager added successfully');
    const list = await call<{ data: Array<{ email: string; site_ids: number[]; id: number }> }>('mscc', '/api/nms/site-managers/list?limit=500');
    const added = list.info.data.find((m) => m.email === 'rae@acme.test');
    expect(added?.site_ids).toEqual(own.slice(0, 1));
    expect((await call('mscc', '/api/nms/site-managers/update', 'PUT', { id: added?.id, site_ids: own, first_name: 'Rae', last_name: 'Quinn-Lee' })).message).toBe('Site manager updated successfully');
    const smList = await call<{ data: Array<{ email: string }> }>('sm', '/api/nms/site-managers/list');
    expect(smList.info.data.map((m) => m.email)).toEqual(['sm@demo.test']);

    const contact = { first_name: 'Lou', last_name: 'Park', contact_no: '0412345678', email: 'lou@acme.test' };
    for (const [body, message] of [
      [{ ...contact, contact_no: '1234567' }, 'Please enter a valid contact no.'],
      [{ ...contact, contact_no: '12345678901234' }, 'Please enter a valid contact no.'],
      [{ ...contact, contact_no: '04 1234 5678' }, 'Please enter a valid contact no.'],
      [{ first_name: 'Lou', last_name: 'Park', email: 'lou@acme.test' }, 'Contact Number is required'],
      [{ ...contact, email: '' }, 'Please enter a valid email address'],
    ] as Array<[object, string]>) {
      const res = await call('mscc', '/api/nms/contacts/save', 'POST', body);
      expect([res.status, res.message]).toEqual([400, message]);
    }
    expect((await call('mscc', '/api/nms/contacts/save', 'POST', contact)).message).toBe('Contact added successfully');
    const contacts = await call<{ data: Array<{ email: string; company_id: number }> }>('mscc', '/api/nms/contacts/list?limit=500');
    expect(contacts.info.data.find((c) => c.email === 'lou@acme.test')?.company_id).toBe(mscc.company_id);
    expect(contacts.info.data.every((c) => c.company_id === mscc.company_id)).toBe(true);
    expect((await call('sm', '/api/nms/contacts/list')).status).toBe(403);
    // Admin chooses the company
    const noCompany = await call('Admin', '/api/nms/contacts/save', 'POST', { ...contact, email: 'ann@acme.test' });
    expect([noCompany.status, noCompany.message]).toEqual([400, 'Please Select Multisite']);
    expect((await call('Admin', '/api/nms/contacts/save', 'POST', { ...contact, email: 'ann@acme.test', company_id: mscc.company_id })).message).toBe('Contact added successfully');
    // a company contact cannot put one into another company: refused, nothing stored (issue 20, item 5)
    expect((await call('mscc', '/api/nms/contacts/save', 'POST', { ...contact, email: 'x@acme.test', company_id: 999999 })).status).toBe(404);
    expect(await n("SELECT count(*)::int AS n FROM multi_site_contacts WHERE email = 'x@acme.test'")).toBe(0);
  });
});

describe('assigning heat pumps to a company and a site (spec modals 1 and 3)', () => {
  it('assigns the chosen heat pumps of the slice, or every one matching a filter; refuses without a company or with a site of another company', async () => {
    const agency = await links('agency@demo.test');
    const company = (await t.db.query<{ id: number }>("INSERT INTO multi_site_companies (company_name, created_by_agency_id) VALUES ('Assign Co', $1) RETURNING id::int", [agency.agency_id])).rows[0]?.id ?? 0;
    await t.db.query('INSERT INTO multi_site_company_agencies (company_id, agency_id) VALUES ($1, $2)', [company, agency.agency_id]);
    const site = (await t.db.query<{ id: number }>("INSERT INTO sites (company_id, site_name) VALUES ($1, 'Assign Site') RETURNING id::int", [company])).rows[0]?.id ?? 0;
    const otherSite = (await t.db.query<{ id: number }>('SELECT id::int FROM sites WHERE company_id <> $1 ORDER BY id LIMIT 1', [company])).rows[0]?.id;
    const own = (await t.db.query<{ id: number }>("SELECT id::int FROM devices WHERE product_line = 'heat_pump' AND agency_id = $1 ORDER BY id LIMIT 3", [agency.agency_id])).rows.map((r) => r.id);
    const foreign = (await t.db.query<{ id: number }>("SELECT id::int FROM devices WHERE product_line = 'heat_pump' AND agency_id <> $1 ORDER BY id LIMIT 1", [agency.agency_id])).rows[0]?.id ?? 0;
    const bulb = (await t.db.query<{ id: number }>("SELECT id::int FROM devices WHERE product_line = 'bulb' AND agency_id = $1 ORDER BY id LIMIT 1", [agency.agency_id])).rows[0]?.id ?? 0;
    const noCompany = await call('Agency', '/api/nms/devices/assign', 'PUT', { device_ids: own });
    expect([noCompany.status, noCompany.message]).toEqual([400, 'Please Select Mulitisite']);
    if (otherSite !== undefined) {
      const wrongSite = await call('Admin', '/api/nms/devices/assign', 'PUT', { device_ids: own, company_id: company, site_id: otherSite });
      expect([wrongSite.status, wrongSite.message]).toEqual([400, 'Please select a site']);
    }
    // another agency's heat pump or a device of another line refuses the list whole (issue 20, item 6)
    for (const other of [foreign, bulb]) {
      const mixed = await call('Agency', '/api/nms/devices/assign', 'PUT', { device_ids: [...own, other], company_id: company, site_id: site });
      expect([mixed.status, mixed.message]).toEqual([404, 'Device not found']);
    }
    expect(await n('SELECT count(*)::int AS n FROM devices WHERE company_id = $1', [company])).toBe(0);
    const res = await call<{ devices: number }>('Agency', '/api/nms/devices/assign', 'PUT', { device_ids: own, company_id: company, site_id: site });
    expect(res.info.devices).toBe(own.length);
    expect(await n('SELECT count(*)::int AS n FROM devices WHERE company_id = $1 AND site_id = $2', [company, site])).toBe(own.length);
    // skip the site: the company only
    const skipped = await call<{ devices: number }>('Agency', '/api/nms/devices/assign', 'PUT', { device_ids: own.slice(0, 1), company_id: company });
    expect(skipped.info.devices).toBe(1);
    expect(await n('SELECT count(*)::int AS n FROM devices WHERE id = $1 AND company_id = $2 AND site_id IS NULL', [own[0], company])).toBe(1);
    // every heat pump of the slice matching a filter
    const filter = JSON.stringify([{ key: 'id', value: String(own[1]), type: 'single' }]);
    const all = await call<{ devices: number }>('Admin', '/api/nms/devices/assign', 'PUT', { all: true, filter, company_id: company });
    expect(all.info.devices).toBe(1);
  });
});

describe('sign-ins for a new company admin and a new site manager (invitations)', () => {
  it('makes an mscc account for the account admin email and an sm account for a site manager, each with a single-use link that sets the password', async () => {
    const agencyId = (await links('agency@demo.test')).agency_id;
    const saved = await call('Agency', '/api/nms/multi-site-company/save', 'POST', { company_name: 'Invite Co', company_address: '4 Bay St', contact_person_email: 'Boss@Invite.test' });
    expect(saved.message).toBe('Multi-site company added successfully');
    const company = (await t.db.query<{ id: number }>("SELECT id::int FROM multi_site_companies WHERE company_name = 'Invite Co'")).rows[0]?.id ?? 0;
    const account = (await t.db.query<{ user_type: string; company_id: number; password_hash: string }>("SELECT user_type, company_id::int, password_hash FROM users WHERE email = 'boss@invite.test'")).rows[0];
    expect(account).toMatchObject({ user_type: 'mscc', company_id: company });
    expect(account?.password_hash.startsWith('$argon2')).toBe(false);
    // no password signs in until the link sets one
    expect((await t.app.inject({ method: 'POST', url: '/api/authenticate/login', payload: { email: 'boss@invite.test', password: 'Harbour9Lights' } })).statusCode).toBe(401);
    const mail = (await t.db.query<{ text_body: string }>("SELECT text_body FROM outbox WHERE to_email = 'boss@invite.test' ORDER BY id DESC LIMIT 1")).rows[0]?.text_body ?? '';
    const link = /\/msc\/reset-password\?token=([^&\s]+)&email=([^\s]+)/.exec(mail);
    expect(link).not.toBeNull();
    const token = decodeURIComponent(link?.[1] ?? '');
    const reset = await t.app.inject({ method: 'POST', url: '/api/reset-password', payload: { token, email: 'boss@invite.test', password: 'Harbour9Lights', confirm_password: 'Harbour9Lights', type: 'msc' } });
    expect(reset.statusCode).toBe(200);
    const boss = bearer((await signIn(t.app, 'boss@invite.test', 'Harbour9Lights')).token);
    const own = await t.app.inject({ url: `/api/nms/dashboard/msc/${company}/get`, headers: boss });
    expect(own.statusCode).toBe(200);
    // the link is single use
    expect((await t.app.inject({ method: 'POST', url: '/api/reset-password', payload: { token, email: 'boss@invite.test', password: 'Other9Lights', confirm_password: 'Other9Lights', type: 'msc' } })).statusCode).toBe(400);

    // the new company admin adds a site and its manager: the manager gets an sm sign-in on that site
    const site = (await t.db.query<{ id: number }>("INSERT INTO sites (company_id, site_name) VALUES ($1, 'Invite Site') RETURNING id::int", [company])).rows[0]?.id ?? 0;
    const added = await t.app.inject({ method: 'POST', url: '/api/nms/site-managers/save', headers: boss, payload: { site_ids: [site], first_name: 'Noor', last_name: 'Ali', email: 'noor@invite.test' } });
    expect(added.statusCode).toBe(200);
    const manager = (await t.db.query<{ user_type: string; first_name: string; site_manager_id: number }>("SELECT user_type, first_name, site_manager_id::int FROM users WHERE email = 'noor@invite.test'")).rows[0];
    expect(manager).toMatchObject({ user_type: 'sm', first_name: 'Noor' });
    expect(await n('SELECT count(*)::int AS n FROM site_manager_sites WHERE site_manager_id = $1 AND site_id = $2', [manager?.site_manager_id, site])).toBe(1);
    expect(await n("SELECT count(*)::int AS n FROM outbox WHERE to_email = 'noor@invite.test' AND text_body LIKE '%/sm/reset-password?token=%'")).toBe(1);

    // an address that already signs in keeps its one account, gets no mail, and the answer is the same
    const mailsBefore = await n("SELECT count(*)::int AS n FROM outbox WHERE to_email = 'agency@demo.test'");
    const again = await call('Agency', '/api/nms/multi-site-company/save', 'POST', { company_name: 'Invite Co Two', company_address: '5 Bay St', contact_person_email: 'agency@demo.test' });
    expect(again.message).toBe('Multi-site company added successfully');
    expect((await t.db.query<{ user_type: string; agency_id: number }>("SELECT user_type, agency_id::int FROM users WHERE email = 'agency@demo.test'")).rows[0]).toEqual({ user_type: 'Agency', agency_id: agencyId });
    expect(await n("SELECT count(*)::int AS n FROM outbox WHERE to_email = 'agency@demo.test'")).toBe(mailsBefore);
  });
});

describe("an agency's assignment to a company it did not create (spec 6: the exact contact email)", () => {
  it('finds the company by its exact contact email only, links the agency on assignment, and refuses anything less', async () => {
    const agency = await links('agency@demo.test');
    const company = (await t.db.query<{ id: number }>("INSERT INTO multi_site_companies (company_name, contact_person_email) VALUES ('Elsewhere Co', 'Owner@Elsewhere.test') RETURNING id::int")).rows[0]?.id ?? 0;
    const own = (await t.db.query<{ id: number }>("SELECT id::int FROM devices WHERE product_line = 'heat_pump' AND agency_id = $1 ORDER BY id DESC LIMIT 2", [agency.agency_id])).rows.map((r) => r.id);
    const listed = async () => (await call<{ data: Array<{ id: number }> }>('Agency', '/api/nms/multi-site-company/list?limit=100')).info.data.some((c) => c.id === company);
    expect(await listed()).toBe(false);
    // a partial email is not an email; another address finds nothing; the id alone is outside the slice
    expect((await call('Agency', '/api/nms/multi-site-company/by-contact?email=owner')).status).toBe(400);
    const nobody = await call('Agency', '/api/nms/multi-site-company/by-contact?email=nobody%40elsewhere.test');
    expect([nobody.status, nobody.message]).toEqual([404, 'No multi-site company has this contact email']);
    const found = await call<{ id: number; company_name: string }>('Agency', '/api/nms/multi-site-company/by-contact?email=owner%40elsewhere.test');
    expect(found.info).toEqual({ id: company, company_name: 'Elsewhere Co' });
    expect((await call('Agency', '/api/nms/devices/assign', 'PUT', { device_ids: own, company_id: company })).status).toBe(404);
    const wrong = await call('Agency', '/api/nms/devices/assign', 'PUT', { device_ids: own, contact_person_email: 'nobody@elsewhere.test' });
    expect([wrong.status, wrong.message]).toEqual([400, 'No multi-site company has this contact email']);
    // Admin sees every company and chooses by id: an email is not its way
    const admin = await call('Admin', '/api/nms/devices/assign', 'PUT', { device_ids: own, contact_person_email: 'owner@elsewhere.test' });
    expect([admin.status, admin.message]).toEqual([400, 'Please Select Mulitisite']);
    expect(await n('SELECT count(*)::int AS n FROM devices WHERE company_id = $1', [company])).toBe(0);
    expect(await n('SELECT count(*)::int AS n FROM multi_site_company_agencies WHERE company_id = $1', [company])).toBe(0);
    // the exact email (case aside): the agency's heat pumps go to the company, which joins its slice
    const res = await call<{ devices: number }>('Agency', '/api/nms/devices/assign', 'PUT', { device_ids: own, contact_person_email: ' OWNER@elsewhere.test ' });
    expect([res.status, res.info.devices]).toEqual([200, own.length]);
    expect(await n('SELECT count(*)::int AS n FROM devices WHERE company_id = $1 AND site_id IS NULL', [company])).toBe(own.length);
    expect(await listed()).toBe(true);
    // the by-contact call is the agency's alone
    expect((await call('Admin', '/api/nms/multi-site-company/by-contact?email=owner%40elsewhere.test')).status).toBe(403);
  });
});

describe('address suggestions (one interface: the maps service or the fleet)', () => {
  it("suggests the fleet's addresses the caller may see, and postcodes without streets", async () => {
    const agency = await links('agency@demo.test');
    const street = (await t.db.query<{ street: string; city: string }>('SELECT street, city FROM properties WHERE agency_id = $1 AND street IS NOT NULL ORDER BY id LIMIT 1', [agency.agency_id])).rows[0];
    const res = await call<Array<{ label: string; source: string }>>('Agency', `/api/nms/addresses/suggest?q=${encodeURIComponent(street?.street ?? '')}`);
    expect(res.status).toBe(200);
    expect(res.info.some((a) => a.source === 'fleet' && a.label.includes(street?.street ?? '?'))).toBe(true);
    // another agency's customers' streets never show; a postcode line carries no street
    const foreignStreet = (await t.db.query<{ street: string }>(
      "SELECT p.street FROM properties p WHERE p.agency_id <> $1 AND p.street IS NOT NULL AND p.street NOT IN (SELECT street FROM properties WHERE agency_id = $1 AND street IS NOT NULL) LIMIT 1",
      [agency.agency_id],
    )).rows[0]?.street;
    if (foreignStreet) {
      const foreign = await call<Array<{ label: string; source: string }>>('Agency', `/api/nms/addresses/suggest?q=${encodeURIComponent(foreignStreet)}`);
      expect(foreign.info.filter((a) => a.source === 'fleet')).toEqual([]);
    }
    const postcode = (await t.db.query<{ postal_code: string }>('SELECT postal_code FROM properties WHERE postal_code IS NOT NULL LIMIT 1')).rows[0]?.postal_code ?? '';
    const byPostcode = await call<Array<{ label: string; source: string }>>('Agency', `/api/nms/addresses/suggest?q=${postcode}`);
    expect(byPostcode.info.some((a) => a.source === 'postcode' && a.label.endsWith(postcode))).toBe(true);
    expect((await call('Agency', '/api/nms/addresses/suggest?q=a')).status).toBe(400);
    expect((await call('sm', '/api/nms/addresses/suggest?q=ab')).status).toBe(403);
  });

  it('asks the maps service, restricted to the configured country, when a key is set; the fleet when it finds nothing', async () => {
    const asked: URL[] = [];
    const fakeFetch = (async (input: string | URL | Request) => {
      const url = new URL(String(input));
      asked.push(url);
      const found = url.searchParams.get('input') === 'quay' ? [{ description: '9 Quay St, Sydney NSW, Australia' }] : [];
      return new Response(JSON.stringify({ predictions: found }), { status: 200 });
    }) as typeof fetch;
    const suggester = addressSuggester(t.db, { key: 'k-123', country: 'au' }, fakeFetch);
    const caller = { userId: 1, userType: 'Admin' as const, email: 'a', sessionId: 's', agencyId: null, electricianId: null, companyId: null, siteManagerId: null, customerId: null };
    expect(await suggester.suggest(caller, 'quay', 10)).toEqual([{ label: '9 Quay St, Sydney NSW, Australia', source: 'maps' }]);
    expect(asked[0]?.searchParams.get('components')).toBe('country:au');
    expect(asked[0]?.searchParams.get('key')).toBe('k-123');
    const postcode = (await t.db.query<{ postal_code: string }>('SELECT postal_code FROM properties WHERE postal_code IS NOT NULL LIMIT 1')).rows[0]?.postal_code ?? '';
    const fallback = await suggester.suggest(caller, postcode, 10);
    expect(fallback.length).toBeGreaterThan(0);
    expect(fallback.every((a) => a.source !== 'maps')).toBe(true);
  });
});

