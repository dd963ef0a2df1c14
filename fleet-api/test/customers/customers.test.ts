// Customers (issue 12): each role's customer list of its slice only (totals checked against SQL
// written out here, not through the policy layer), one customer, its edit and deletion, its properties
// and members, a property's tariff edit with the spec's messages, and 404 for every id of another slice.
import { bearer, signIn, appForFile, bearersFor, answer, countOf } from '../support/app';

const t = appForFile({}, { devices: 1500 });
const tokens = bearersFor(t, ['Admin', 'Agency', 'mscc', 'sm', 'Customer']);
const PREFIX: Record<string, string> = { Admin: '/api/customer', Agency: '/api/agency/customer', mscc: '/api/mscc/customer', sm: '/api/sm/customer' };

const call = <T,>(role: string, url: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE' = 'GET', payload?: object) => answer<T>(t.app, tokens[role], url, method, payload);
const n = (sql: string, params: unknown[] = []) => countOf(t.db, sql, params);
async function link(email: string, column: 'agency_id' | 'company_id' | 'site_manager_id'): Promise<number> {
  return n(`SELECT ${column}::int AS n FROM users WHERE email = $1`, [email]);
}

interface Page<T> {
  data: T[];
  total: number;
}
interface CustomerRow {
  id: number;
  email: string;
  full_name: string;
  status: string;
  auto_sync: boolean | null;
  firstproperty: { id: number; address_type: string | null } | null;
}

/** Each role's customers written out: Agency its agency's, mscc/sm those with a property or a heat pump at their sites. */
async function slices(): Promise<Record<string, string>> {
  const agency = await link('agency@demo.test', 'agency_id');
  const company = await link('mscc@demo.test', 'company_id');
  const manager = await link('sm@demo.test', 'site_manager_id');
  const companySites = `SELECT id FROM sites WHERE company_id = ${company}`;
  const managerSites = `SELECT site_id FROM site_manager_sites WHERE site_manager_id = ${manager}`;
  return {
    Admin: 'TRUE',
    Agency: `c.agency_id = ${agency}`,
    mscc: `c.id IN (SELECT customer_id FROM properties WHERE company_id = ${company} OR site_id IN (${companySites}))
           OR c.id IN (SELECT customer_id FROM devices WHERE company_id = ${company} OR site_id IN (${companySites}))`,
    sm: `c.id IN (SELECT customer_id FROM properties WHERE site_id IN (${managerSites}))
         OR c.id IN (SELECT customer_id FROM devices WHERE site_id IN (${managerSites}))`,
  };
}

async function someCustomerOutside(role: string): Promise<number> {
  const slice = (await slices())[role];
  return n(`SELECT c.id::int AS n FROM customers c WHERE NOT (${slice}) ORDER BY c.id LIMIT 1`);
}
async function someCustomerInside(role: string): Promise<number> {
  const slice = (await slices())[role];
  return n(`SELECT c.id::int AS n FROM customers c WHERE (${slice}) AND c.status <> 'Deleted' ORDER BY c.id LIMIT 1`);
}

describe('customer list', () => {
  it("answers each role its slice only, with the exact total, newest first", async () => {
    const s = await slices();
    for (const role of ['Admin', 'Agency', 'mscc', 'sm']) {
      const expected = await n(`SELECT count(*)::int AS n FROM customers c WHERE ${s[role]}`);
      expect(expected).toBeGreaterThan(0);
      const res = await call<Page<CustomerRow>>(role, `${PREFIX[role]}/get/all?limit=100`);
      expect(res.status).toBe(200);
      expect(res.info.total).toBe(expected);
      const ids = res.info.data.map((r) => r.id);
      const inside = await n(`SELECT count(*)::int AS n FROM customers c WHERE c.id = ANY($1::bigint[]) AND (${s[role]})`, [ids]);
      expect(inside).toBe(ids.length);
    }
    // the slices differ: an agency sees fewer than Admin
    const all = (await call<Page<CustomerRow>>('Admin', `${PREFIX.Admin}/get/all`)).info.total;
    expect((await call<Page<CustomerRow>>('Agency', `${PREFIX.Agency}/get/all`)).info.total).toBeLessThan(all);
  });

  it('filters by the drawer (email, name, status, property type) and by product; refuses unknown keys and sorts', async () => {
    const demo = await call<Page<CustomerRow>>('Admin', `${PREFIX.Admin}/get/all?filter=${encodeURIComponent(JSON.stringify([{ key: 'email', value: 'customer%40demo', type: 'single' }]))}`);
    expect(demo.info.data.map((r) => r.email)).toEqual(['customer@demo.test']);
    expect(demo.info.data[0]?.full_name).toBe('Chris Demo');
    expect(demo.info.data[0]?.firstproperty?.address_type).toBe('residential');

    const statuses = await call<Page<CustomerRow>>('Admin', `${PREFIX.Admin}/get/all?limit=200&filter=${encodeURIComponent(JSON.stringify([{ key: 'status', value: ['Pending', 'Deleted'], type: 'multi' }]))}`);
    expect(statuses.info.total).toBe(await n("SELECT count(*)::int AS n FROM customers WHERE status IN ('Pending', 'Deleted')"));
    expect(new Set(statuses.info.data.map((r) => r.status))).toEqual(new Set(['Pending', 'Deleted']));

    const commercial = await call<Page<CustomerRow>>('Admin', `${PREFIX.Admin}/get/all?deviceType=heat_pump&filter=${encodeURIComponent(JSON.stringify([{ key: 'address_type', value: 'commercial', type: 'single' }]))}`);
    expect(commercial.info.total).toBe(
      await n(`SELECT count(*)::int AS n FROM customers c WHERE EXISTS (SELECT 1 FROM properties p WHERE p.customer_id = c.id AND p.address_type = 'commercial')
                 AND EXISTS (SELECT 1 FROM devices d WHERE d.customer_id = c.id AND d.product_line = 'heat_pump')`),
    );

    const byName = await call<Page<CustomerRow>>('Admin', `${PREFIX.Admin}/get/all?sortBy=full_name&orderBy=asc&limit=50`);
    const names = byName.info.data.map((r) => r.full_name.toLowerCase());
    expect(names).toEqual([...names].sort());

    expect((await call('Admin', `${PREFIX.Admin}/get/all?filter=${encodeURIComponent('[{"key":"password","value":"x"}]')}`)).status).toBe(400);
    expect((await call('Admin', `${PREFIX.Admin}/get/all?sortBy=constructor`)).status).toBe(400);
    expect((await call('Admin', `${PREFIX.Admin}/get/all?deviceType=toaster`)).status).toBe(400);
  });

  it('refuses another role prefix and roles without customers', async () => {
    expect((await call('Agency', `${PREFIX.Admin}/get/all`)).status).toBe(403);
    expect((await call('mscc', `${PREFIX.Agency}/get/all`)).status).toBe(403);
    expect((await call('Customer', `${PREFIX.Admin}/get/all`)).status).toBe(403);
  });
});

describe('one customer', () => {
  it('answers a customer of the slice and 404 for one outside it, for every role and call', async () => {
    for (const role of ['Agency', 'mscc', 'sm']) {
      const inside = await someCustomerInside(role);
      const outside = await someCustomerOutside(role);
      expect((await call(role, `${PREFIX[role]}/get-info?customer_id=${inside}`)).status).toBe(200);
      for (const path of ['get-info', 'login-data', 'email-history', 'property/list', 'property/shared-list']) {
        expect((await call(role, `${PREFIX[role]}/${path}?customer_id=${outside}`)).status).toBe(404);
      }
      const before = await n('SELECT count(*)::int AS n FROM customers WHERE id = $1 AND first_name = $2', [outside, 'Intruder']);
      const edit = await call(role, `${PREFIX[role]}/update`, 'PUT', { customer_id: outside, first_name: 'Intruder', last_name: 'X', phone_no: '0411111111', email: 'intruder@example.com' });
      expect(edit.status).toBe(404);
      expect(await n('SELECT count(*)::int AS n FROM customers WHERE id = $1 AND first_name = $2', [outside, 'Intruder'])).toBe(before);
    }
  });

  it('edits a customer with the spec messages, keeps its sign-in in step, and refuses an email in use', async () => {
    const id = await n("SELECT id::int AS n FROM customers WHERE email = 'customer@demo.test'");
    const base = { customer_id: id, first_name: 'Chris', last_name: 'Demo', phone_no: '0412345678', email: 'customer@demo.test' };
    const tries: Array<[object, string]> = [
      [{ email: '' }, 'Email is required'],
      [{ email: 'chris@nowhere' }, 'Email address is invalid'],
      [{ first_name: ' ' }, 'First Name is required'],
      [{ last_name: '' }, 'Last Name is required'],
      [{ phone_no: '0412' }, 'Phone Number must be 8 to 13 characters.'],
      [{ phone_no: '04123456789012' }, 'Phone Number must be 8 to 13 characters.'],
    ];
    for (const [change, message] of tries) {
      const res = await call('Admin', `${PREFIX.Admin}/update`, 'PUT', { ...base, ...change });
      expect([res.status, res.message]).toEqual([400, message]);
    }
    const taken = await call('Admin', `${PREFIX.Admin}/update`, 'PUT', { ...base, email: 'admin@demo.test' });
    expect([taken.status, taken.message, taken.info]).toEqual([409, 'This email address is already used by another customer', { field: 'email' }]);
    expect(await n("SELECT count(*)::int AS n FROM customers WHERE id = $1 AND first_name = 'Chris'", [id])).toBe(1);

    const ok = await call('Agency', `${PREFIX.Agency}/update`, 'PUT', { ...base, first_name: ' Christa ' });
    expect([ok.status, ok.message]).toEqual([200, 'Customer updated successfully']);
    expect(await n("SELECT count(*)::int AS n FROM users WHERE customer_id = $1 AND first_name = 'Christa'", [id])).toBe(1);
    await call('Agency', `${PREFIX.Agency}/update`, 'PUT', base);
  });

  it("tells the customer's sign-in and the mails it was sent", async () => {
    const id = await n("SELECT id::int AS n FROM customers WHERE email = 'customer@demo.test'");
    const login = await call<{ has_account: boolean; last_login_at: string | null; sessions: number }>('Admin', `${PREFIX.Admin}/login-data?customer_id=${id}`);
    expect(login.info.has_account).toBe(true);
    expect(login.info.last_login_at).not.toBeNull();
    expect(login.info.sessions).toBeGreaterThan(0);
    const mails = await call<Page<{ subject: string; to_email: string }>>('Admin', `${PREFIX.Admin}/email-history?customer_id=${id}`);
    expect(mails.info.total).toBe(await n("SELECT count(*)::int AS n FROM outbox WHERE lower(to_email) = 'customer@demo.test'"));
    expect(mails.info.total).toBeGreaterThan(0);
    expect(mails.info.data.every((m) => m.to_email === 'customer@demo.test')).toBe(true);
  });

  it('deletes on agency and admin paths only: marked Deleted, its sign-in ended; another slice is 404 and unchanged', async () => {
    const role = 'Agency';
    const target = await n(
      `SELECT c.id::int AS n FROM customers c WHERE c.agency_id = $1 AND c.status = 'Completed' AND NOT EXISTS (SELECT 1 FROM users u WHERE u.customer_id = c.id) ORDER BY c.id DESC LIMIT 1`,
      [await link('agency@demo.test', 'agency_id')],
    );
    const outside = await someCustomerOutside(role);
    const statusOf = (id: number) => t.db.query<{ status: string }>('SELECT status FROM customers WHERE id = $1', [id]).then((r) => r.rows[0]?.status);
    const before = await statusOf(outside);
    expect((await call(role, `${PREFIX[role]}/delete?customer_id=${outside}`, 'DELETE')).status).toBe(404);
    expect(await statusOf(outside)).toBe(before);
    // no delete under the multi-site prefixes
    expect((await call('mscc', `${PREFIX.mscc}/delete?customer_id=${await someCustomerInside('mscc')}`, 'DELETE')).status).toBe(404);
    const res = await call(role, `${PREFIX[role]}/delete?customer_id=${target}`, 'DELETE');
    expect([res.status, res.message]).toEqual([200, 'Customer deleted successfully']);
    expect(await statusOf(target)).toBe('Deleted');

    // a customer with a sign-in: the sign-in is disabled and its tokens stop working
    const member = await n("SELECT id::int AS n FROM customers WHERE email = 'user@demo.test'");
    const user = bearer((await signIn(t.app, 'user@demo.test')).token);
    expect((await t.app.inject({ url: '/api/customer/devices', headers: user })).statusCode).toBe(200);
    expect((await call('Admin', `${PREFIX.Admin}/delete?customer_id=${member}`, 'DELETE')).status).toBe(200);
    expect((await t.app.inject({ url: '/api/customer/devices', headers: user })).statusCode).toBe(401);
    expect(await n("SELECT count(*)::int AS n FROM users WHERE email = 'user@demo.test' AND status = 'disabled'")).toBe(1);
  });
});

describe('properties and members', () => {
  async function demoProperty(): Promise<number> {
    return n("SELECT p.id::int AS n FROM properties p JOIN customers c ON c.id = p.customer_id WHERE c.email = 'customer@demo.test'");
  }

  it("lists a customer's own and shared properties and answers one with its devices and current tariff", async () => {
    const id = await n("SELECT id::int AS n FROM customers WHERE email = 'customer@demo.test'");
    const property = await demoProperty();
    const own = await call<Page<{ id: number; devices: number; members: number }>>('Agency', `${PREFIX.Agency}/property/list?customer_id=${id}`);
    expect(own.info.data.map((p) => p.id)).toEqual([property]);
    expect(own.info.data[0]?.devices).toBe(await n('SELECT count(*)::int AS n FROM devices WHERE property_id = $1', [property]));
    const info = await call<{ street: string; customer_email: string; tariff: { company_name: string; is_flat_rate: boolean; retailer_name: string } | null }>(
      'Agency',
      `${PREFIX.Agency}/property/get-info?property_id=${property}`,
    );
    expect(info.info).toMatchObject({ street: 'Wattle', customer_email: 'customer@demo.test' });
    expect(info.info.tariff).toMatchObject({ company_name: 'Endeavour Energy', is_flat_rate: true, retailer_name: 'AGL' });
    const devices = await call<Array<{ product_line: string }>>('Agency', `${PREFIX.Agency}/property/devices?property_id=${property}&type=heat_pump`);
    expect(devices.info.every((d) => d.product_line === 'heat_pump')).toBe(true);
    expect(devices.info.length).toBe(await n("SELECT count(*)::int AS n FROM devices WHERE property_id = $1 AND product_line = 'heat_pump'", [property]));
    // its timeline: test/customers/property-timeline.test.ts
  });

  it('adds and removes members with the spec messages; a property of another slice is 404 and unchanged', async () => {
    const property = await demoProperty();
    const base = { property_id: property, email: 'new.member@example.com', first_name: 'Nia', last_name: 'Member', phone_no: '0400111222' };
    const tries: Array<[object, string]> = [
      [{ email: '' }, 'Email is required'],
      [{ email: 'nia@' }, 'Email address is invalid'],
      [{ first_name: '' }, 'First Name is required'],
      [{ last_name: '' }, 'Last Name is required'],
      [{ phone_no: '' }, 'Phone Number must be 8 to 13 characters.'],
      [{ phone_no: '12345' }, 'Phone Number must be 8 to 13 characters.'],
    ];
    const members = () => n('SELECT count(*)::int AS n FROM property_members WHERE property_id = $1', [property]);
    const count = await members();
    for (const [change, message] of tries) {
      const res = await call('sm', `${PREFIX.sm}/property/add-member`, 'POST', { ...base, ...change });
      expect([res.status, res.message]).toEqual([400, message]);
    }
    const missing = await t.app.inject({ url: `${PREFIX.Admin}/property/add-member`, method: 'POST', headers: tokens.Admin, payload: { property_id: property, first_name: 'A', last_name: 'B', phone_no: '0400111222' } });
    expect(missing.json()).toMatchObject({ message: 'Email is required' });
    expect(await members()).toBe(count);

    // the sm's sites hold none of the demo customer's devices: not its property
    const smSees = await n(
      `SELECT count(*)::int AS n FROM devices WHERE property_id = $1 AND site_id IN (SELECT site_id FROM site_manager_sites WHERE site_manager_id = $2)`,
      [property, await link('sm@demo.test', 'site_manager_id')],
    );
    if (smSees === 0) expect((await call('sm', `${PREFIX.sm}/property/add-member`, 'POST', base)).status).toBe(404);

    const added = await call<{ id: number }>('Admin', `${PREFIX.Admin}/property/add-member`, 'POST', { ...base, email: ' New.Member@Example.com ' });
    expect([added.status, added.message]).toEqual([200, 'Member added successfully']);
    const again = await call('Admin', `${PREFIX.Admin}/property/add-member`, 'POST', base);
    expect([again.status, again.message, again.info]).toEqual([409, 'This email address is already a member of this property', { field: 'email' }]);
    const owner = await call('Admin', `${PREFIX.Admin}/property/add-member`, 'POST', { ...base, email: 'customer@demo.test' });
    expect([owner.status, owner.message, owner.info]).toEqual([409, 'The owner of the property cannot be added as a member', { field: 'email' }]);
    const list = await call<Array<{ id: number; email: string }>>('Agency', `${PREFIX.Agency}/property/member?property_id=${property}`);
    expect(list.info.map((m) => m.email)).toContain('new.member@example.com');

    // another property's member id is not found here
    const otherMember = await n('SELECT id::int AS n FROM property_members WHERE property_id <> $1 ORDER BY id LIMIT 1', [property]);
    if (otherMember) expect((await call('Admin', `${PREFIX.Admin}/property/remove-member?property_id=${property}&member_id=${otherMember}`, 'DELETE')).status).toBe(404);
    const removed = await call('Agency', `${PREFIX.Agency}/property/remove-member?property_id=${property}&member_id=${added.info.id}`, 'DELETE');
    expect([removed.status, removed.message]).toEqual([200, 'Member removed successfully']);
    expect(await members()).toBe(count);
  });

  it("edits a property's tariff through the cascade with each rule's message; a save adds to its history", async () => {
    const property = await demoProperty();
    const distributor = await n("SELECT id::int AS n FROM tariff_companies WHERE company_name = 'Endeavour Energy'");
    const other = await n("SELECT id::int AS n FROM tariff_companies WHERE company_name = 'Ausgrid'");
    const flat = await n("SELECT id::int AS n FROM tariff_structures WHERE company_id = $1 AND is_flat_rate", [distributor]);
    const tou = await n("SELECT id::int AS n FROM tariff_structures WHERE company_id = $1 AND NOT is_flat_rate", [distributor]);
    const othersFlat = await n("SELECT id::int AS n FROM tariff_structures WHERE company_id = $1 AND is_flat_rate", [other]);
    const retailer = await n("SELECT id::int AS n FROM electricity_retailers WHERE retailer_name = 'Origin Energy'");

    // the cascade: distributors of the postal code, retailers, the distributor's structures
    const distributors = await call<Array<{ id: number; company_name: string }>>('Agency', '/api/tariff/get-companies?post_code=2150');
    expect(distributors.info.map((d) => d.company_name)).toEqual(['Endeavour Energy']);
    const retailers = await call<{ electricity_retailers: Array<{ retailer_name: string; is_top_listed: number }> }>('mscc', '/api/electricity-retailer/list');
    expect(retailers.info.electricity_retailers[0]?.is_top_listed).toBe(1);
    const structures = await call<{ tariff_structure: Array<{ tariff_structure_id: number; is_flat_rate: boolean; tariff_plan: Array<{ key: string }> }> }>('sm', `/api/tarrif/company/get-structure?company_id=${distributor}`);
    expect(structures.info.tariff_structure.map((s) => s.tariff_structure_id)).toEqual([flat, tou]);
    expect(structures.info.tariff_structure[1]?.tariff_plan.map((p) => p.key)).toEqual(['peak', 'shoulder', 'offPeak']);
    expect((await call('Customer', '/api/electricity-retailer/list')).status).toBe(403);

    const history = () => n('SELECT count(*)::int AS n FROM customer_tariff_details WHERE property_id = $1', [property]);
    const rows = await history();
    const base = { property_id: property, property_name: 'Home', postal_code: '2150', company_id: distributor, electricity_retailer_id: retailer, tariff_structure_id: flat, unit_charge: 0.3, discount_type: 'value', discount_percentage: 0.05 };
    const tries: Array<[Record<string, unknown>, string]> = [
      [{ property_name: ' ' }, 'Property Name is required'],
      [{ postal_code: '21' }, 'Valid postal code is required'],
      [{ postal_code: '21500' }, 'Valid postal code is required'],
      [{ company_id: undefined }, 'Please select the electricity distributor'],
      [{ electricity_retailer_id: undefined }, 'Please select the electricity retailer'],
      [{ tariff_structure_id: undefined }, 'Please select the tariff structure'],
      [{ unit_charge: undefined }, 'Cost per unit is required'],
      [{ discount_percentage: 0.3 }, 'Discount value must be less than unit charge'],
      [{ discount_percentage: 0.5 }, 'Discount value must be less than unit charge'],
      [{ discount_type: 'percentage', discount_percentage: 120 }, 'Discount must be a number from 0'],
      [{ postal_code: '2000' }, 'The electricity distributor does not serve this postal code'],
      [{ tariff_structure_id: othersFlat }, "The tariff structure is not one of the distributor's"],
      [{ tariff_structure_id: tou, tariff_plan: [{ key: 'peak', unit_charge: 0.5 }] }, 'Cost per unit is required'],
      [{ tariff_structure_id: tou, tariff_plan: [{ key: 'peak', unit_charge: 0.5, discount_type: 'value', discount_percentage: 0.6 }, { key: 'shoulder', unit_charge: 0.3 }, { key: 'offPeak', unit_charge: 0.2 }] }, 'Discount value must be less than unit charge'],
    ];
    for (const [change, message] of tries) {
      const body = Object.fromEntries(Object.entries({ ...base, ...change }).filter(([, v]) => v !== undefined));
      const res = await call('Agency', `${PREFIX.Agency}/property/update-details`, 'PUT', body);
      expect([res.status, res.message]).toEqual([400, message]);
    }
    expect(await history()).toBe(rows);

    const saved = await call('Agency', `${PREFIX.Agency}/property/update-details`, 'PUT', {
      ...base,
      property_name: 'Beach House',
      tariff_structure_id: tou,
      unit_charge: null,
      tariff_plan: [
        { key: 'peak', unit_charge: 0.52, discount_type: 'percentage', discount_percentage: 10 },
        { key: 'shoulder', unit_charge: 0.29 },
        { key: 'offPeak', unit_charge: 0.18 },
      ],
    });
    expect([saved.status, saved.message]).toEqual([200, 'Property details updated successfully']);
    expect(await history()).toBe(rows + 1);
    const info = await call<{ property_name: string; tariff: { tariff_structure_type: string; retailer_name: string; impulse_rate: number; tariff_plan: Array<{ key: string; unit_charge: number }> } }>(
      'Agency',
      `${PREFIX.Agency}/property/get-info?property_id=${property}`,
    );
    expect(info.info.property_name).toBe('Beach House');
    expect(info.info.tariff).toMatchObject({ tariff_structure_type: 'Time of Use', retailer_name: 'Origin Energy', impulse_rate: 1000 });
    expect(info.info.tariff.tariff_plan.map((p) => [p.key, p.unit_charge])).toEqual([
      ['peak', 0.52],
      ['shoulder', 0.29],
      ['offPeak', 0.18],
    ]);
    const tariffs = await call<Page<{ tariff_structure_type: string }>>('Admin', `${PREFIX.Admin}/property/tariff-history?property_id=${property}`);
    expect(tariffs.info.data.map((r) => r.tariff_structure_type)).toEqual(['Time of Use', 'Flat Rate']);

    // another agency's property: 404, nothing written
    const foreign = await n('SELECT p.id::int AS n FROM properties p WHERE p.agency_id <> $1 AND p.customer_id IN (SELECT id FROM customers WHERE agency_id <> $1) ORDER BY p.id LIMIT 1', [
      await link('agency@demo.test', 'agency_id'),
    ]);
    const foreignRows = await n('SELECT count(*)::int AS n FROM customer_tariff_details WHERE property_id = $1', [foreign]);
    expect((await call('Agency', `${PREFIX.Agency}/property/update-details`, 'PUT', { ...base, property_id: foreign })).status).toBe(404);
    expect(await n('SELECT count(*)::int AS n FROM customer_tariff_details WHERE property_id = $1', [foreign])).toBe(foreignRows);
    expect((await call('Agency', `${PREFIX.Agency}/property/get-info?property_id=${foreign}`)).status).toBe(404);
    expect((await call('Agency', `${PREFIX.Agency}/property/delete?property_id=${foreign}`, 'DELETE')).status).toBe(404);
    expect(await n('SELECT count(*)::int AS n FROM properties WHERE id = $1', [foreign])).toBe(1);
  });

  it('deletes a property of the slice with its members and tariffs; its devices stay without it', async () => {
    const property = await n(
      `SELECT p.id::int AS n FROM properties p WHERE p.agency_id = $1 AND EXISTS (SELECT 1 FROM devices d WHERE d.property_id = p.id) ORDER BY p.id DESC LIMIT 1`,
      [await link('agency@demo.test', 'agency_id')],
    );
    const devices = await n('SELECT count(*)::int AS n FROM devices WHERE property_id = $1', [property]);
    expect(devices).toBeGreaterThan(0);
    const deviceIds = (await t.db.query<{ id: number }>('SELECT id::int AS id FROM devices WHERE property_id = $1', [property])).rows.map((r) => r.id);
    const res = await call('Agency', `${PREFIX.Agency}/property/delete?property_id=${property}`, 'DELETE');
    expect([res.status, res.message]).toEqual([200, 'Property deleted successfully']);
    expect(await n('SELECT count(*)::int AS n FROM properties WHERE id = $1', [property])).toBe(0);
    expect(await n('SELECT count(*)::int AS n FROM devices WHERE id = ANY($1::bigint[]) AND property_id IS NULL', [deviceIds])).toBe(devices);
    // sm has no property delete
    expect((await call('sm', `${PREFIX.sm}/property/delete?property_id=${property}`, 'DELETE')).status).toBe(404);
  });
});

describe('customer export', () => {
  async function finished(role: string, id: number): Promise<{ status: string; rows_written: number; total: number; download_link: string | null }> {
    for (let i = 0; i < 100; i += 1) {
      const res = await call<{ status: string; rows_written: number; total: number; download_link: string | null }>(role, `/api/export/${id}`);
      if (res.info.status !== 'running') return res.info;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('the export did not finish');
  }

  it("writes the whole filtered list of the caller's slice as a CSV job, and nothing of another slice", async () => {
    const s = await slices();
    for (const role of ['Agency', 'mscc']) {
      const filter = JSON.stringify([{ key: 'status', value: ['Completed', 'Pending'], type: 'multi' }]);
      const started = await call<{ id: number; total: number }>(role, '/api/export/customers', 'POST', { filter });
      expect(started.status).toBe(200);
      const expected = await n(`SELECT count(*)::int AS n FROM customers c WHERE (${s[role]}) AND c.status IN ('Completed', 'Pending')`);
      expect(started.info.total).toBe(expected);
      const done = await finished(role, started.info.id);
      expect(done).toMatchObject({ status: 'done', rows_written: expected });
      const file = await t.app.inject({ url: String(done.download_link) });
      expect(file.headers['content-disposition']).toBe('attachment; filename="Customers.csv"');
      const lines = file.body.trim().split(/\r?\n/);
      expect(lines[0]).toBe('Record ID,Email ID,Name,Phone,Status,Auto Sync,Weekly Report,Street Address,Property Type,Agency,Created');
      expect(lines).toHaveLength(expected + 1);
      const ids = lines.slice(1).map((line) => Number(line.split(',')[0]));
      expect(await n(`SELECT count(*)::int AS n FROM customers c WHERE c.id = ANY($1::bigint[]) AND NOT (${s[role]})`, [ids])).toBe(0);
      // another user's job is not found
      expect((await call('Admin', `/api/export/${started.info.id}`)).status).toBe(404);
    }
    expect((await call('Customer', '/api/export/customers', 'POST', {})).status).toBe(403);
    expect((await call('Admin', '/api/export/customers', 'POST', { filter: '[{"key":"password","value":"x"}]' })).status).toBe(400);
  });

  it("writes the rows in the list's order: its sortBy and orderBy, else the list's default", async () => {
    for (const sort of [{ sortBy: 'email', orderBy: 'asc' }, { sortBy: 'full_name', orderBy: 'desc' }, {}] as Array<Record<string, string>>) {
      const started = await call<{ id: number }>('Agency', '/api/export/customers', 'POST', sort);
      expect(started.status).toBe(200);
      const done = await finished('Agency', started.info.id);
      const ids = (await t.app.inject({ url: String(done.download_link) })).body.trim().split(/\r?\n/).slice(1).map((line) => Number(line.split(',')[0]));
      const listed = await call<{ data: Array<{ id: number }>; total: number }>('Agency', `${PREFIX.Agency}/get/all?${new URLSearchParams({ limit: '500', ...sort }).toString()}`);
      expect(listed.info.total).toBeLessThanOrEqual(500);
      expect([sort, ids]).toEqual([sort, listed.info.data.map((c) => c.id)]);
    }
  });
});

describe('sync histories and feedback', () => {
  it("answers a customer's auto syncs, weekly reports and feedback by type; another slice's customer is 404", async () => {
    const id = await n("SELECT id::int AS n FROM customers WHERE email = 'customer@demo.test'");
    const syncs = await call<Page<{ status: string; detail: string | null }>>('Agency', `${PREFIX.Agency}/sync-history?customer_id=${id}&sync_type=auto_sync`);
    expect(syncs.info.total).toBe(await n("SELECT count(*)::int AS n FROM customer_sync_events WHERE customer_id = $1 AND sync_type = 'auto_sync'", [id]));
    expect(syncs.info.total).toBeGreaterThan(0);
    expect(syncs.info.data.map((e) => e.status)).toContain('failed');
    const reports = await call<Page<{ detail: string | null }>>('Admin', `${PREFIX.Admin}/sync-history?customer_id=${id}&sync_type=weekly_report`);
    expect(reports.info.data.some((e) => e.detail === 'Weekly report sent')).toBe(true);
    const feedback = await call<Page<{ rating: number; sync_type: string }>>('Admin', `${PREFIX.Admin}/feedback-history?customer_id=${id}&sync_type=survey`);
    expect(feedback.info.data.map((f) => [f.sync_type, f.rating])).toEqual([['survey', 5]]);
    expect((await call('Admin', `${PREFIX.Admin}/sync-history?customer_id=${id}&sync_type=survey`)).status).toBe(400);

    const outside = await someCustomerOutside('sm');
    for (const path of [`sync-history?customer_id=${outside}&sync_type=auto_sync`, `feedback-history?customer_id=${outside}&sync_type=survey`, `export-feedback?customer_id=${outside}`]) {
      expect((await call('sm', `${PREFIX.sm}/${path}`)).status).toBe(404);
    }
  });

  it("records the customer's own feedback from its app, with the rules, and exports it", async () => {
    const customer = bearer((await signIn(t.app, 'customer@demo.test')).token);
    const id = await n("SELECT id::int AS n FROM customers WHERE email = 'customer@demo.test'");
    const post = (payload: object) => t.app.inject({ method: 'POST', url: '/api/customer/feedback', headers: customer, payload });
    expect((await post({ sync_type: 'weekly_report', rating: 6 })).json()).toMatchObject({ message: 'Rating is 1 to 5' });
    expect((await post({ sync_type: 'weekly_report' })).json()).toMatchObject({ message: 'Rating is required' });
    expect((await post({ sync_type: 'weekly_report', rating: 4, comment: 'x'.repeat(1001) })).statusCode).toBe(400);
    const saved = await post({ sync_type: 'weekly_report', rating: 4, comment: '=cmd|calc' });
    expect(saved.json()).toMatchObject({ message: 'Thank you for your feedback' });
    // an operator may not write a customer's feedback
    expect((await call('Admin', '/api/customer/feedback', 'POST', { sync_type: 'survey', rating: 5 })).status).toBe(403);

    const csv = await t.app.inject({ url: `${PREFIX.Agency}/export-feedback?customer_id=${id}`, headers: tokens.Agency });
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\n');
    expect(lines[0]).toBe('Date,Email ID,Type,Rating,Comment');
    expect(lines).toHaveLength(1 + (await n('SELECT count(*)::int AS n FROM customer_feedback WHERE customer_id = $1', [id])));
    // a formula is written as text
    expect(csv.body).toContain("'=cmd|calc");
    // export-feedback-email: the same CSV, mailed to the operator who asked
    const mailed = await call('Agency', `${PREFIX.Agency}/export-feedback-email?customer_id=${id}`);
    expect([mailed.status, mailed.message]).toEqual([200, 'The feedback was sent to agency@demo.test']);
    const mail = (await t.db.query<{ subject: string; text_body: string }>("SELECT subject, text_body FROM outbox WHERE to_email = 'agency@demo.test' ORDER BY id DESC LIMIT 1")).rows[0];
    expect(mail?.subject).toBe('Feedback of customer@demo.test');
    expect(mail?.text_body).toContain(csv.body.trim());
    expect((await call('sm', `${PREFIX.sm}/export-feedback-email?customer_id=${id}`)).status).toBe(404);
  });

  it("exports one type of feedback, or all of it, of the caller's filtered customers", async () => {
    const s = await slices();
    const finished = async (role: string, jobId: number) => {
      for (let i = 0; i < 100; i += 1) {
        const res = await call<{ status: string; rows_written: number; download_link: string | null }>(role, `/api/export/${jobId}`);
        if (res.info.status !== 'running') return res.info;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error('the export did not finish');
    };
    const survey = await call<{ id: number; total: number }>('Agency', '/api/export/feedback', 'POST', { sync_type: 'survey' });
    const expected = await n(`SELECT count(*)::int AS n FROM customer_feedback f JOIN customers c ON c.id = f.customer_id WHERE f.sync_type = 'survey' AND (${s.Agency})`);
    expect(expected).toBeGreaterThan(0);
    expect(survey.info.total).toBe(expected);
    const done = await finished('Agency', survey.info.id);
    const file = await t.app.inject({ url: String(done.download_link) });
    expect(file.headers['content-disposition']).toBe('attachment; filename="Survey Feedback.csv"');
    const lines = file.body.trim().split(/\r?\n/);
    expect(lines[0]).toBe('Record ID,Date,Customer ID,Email ID,Name,Type,Rating,Comment');
    expect(lines).toHaveLength(expected + 1);
    expect(lines.slice(1).every((l) => l.split(',')[5] === 'survey')).toBe(true);

    const all = await call<{ id: number; total: number }>('mscc', '/api/export/feedback-all', 'POST', {});
    expect(all.info.total).toBe(await n(`SELECT count(*)::int AS n FROM customer_feedback f JOIN customers c ON c.id = f.customer_id WHERE (${s.mscc})`));
    await finished('mscc', all.info.id);
    expect((await call('Agency', '/api/export/feedback', 'POST', { sync_type: 'gossip' })).status).toBe(400);

    // in the customer list's order (each customer's feedback oldest first)
    const byEmail = await call<{ id: number }>('Agency', '/api/export/feedback-all', 'POST', { sortBy: 'email', orderBy: 'desc' });
    const sorted = await t.app.inject({ url: String((await finished('Agency', byEmail.info.id)).download_link) });
    const owners = sorted.body.trim().split(/\r?\n/).slice(1).map((l) => Number(l.split(',')[2]));
    const listed = await call<{ data: Array<{ id: number }> }>('Agency', `${PREFIX.Agency}/get/all?limit=500&sortBy=email&orderBy=desc`);
    const place = new Map(listed.info.data.map((c, i) => [c.id, i]));
    const places = owners.map((id) => place.get(id) ?? -1);
    expect(new Set(owners).size).toBeGreaterThan(1);
    expect(places).toEqual([...places].sort((a, b) => a - b));
    expect(places).not.toContain(-1);
  });
});

describe('suppression list', () => {
  it('lists, adds and removes addresses for Admin only, with the messages', async () => {
    const list = await call<Page<{ id: number; email: string; reason: string }>>('Admin', '/api/customer/suspension-list?limit=200');
    expect(list.status).toBe(200);
    expect(list.info.total).toBe(await n('SELECT count(*)::int AS n FROM suppression_list'));
    expect(list.info.total).toBeGreaterThan(0);
    const filtered = await call<Page<{ reason: string }>>('Admin', `/api/customer/suspension-list?filter=${encodeURIComponent(JSON.stringify([{ key: 'reason', value: ['Bounced'], type: 'multi' }]))}`);
    expect(filtered.info.data.every((r) => r.reason === 'Bounced')).toBe(true);

    const tries: Array<[object, string]> = [
      [{ reason: 'Bounced' }, 'Email is required'],
      [{ email: '', reason: 'Bounced' }, 'Email is required'],
      [{ email: 'x@', reason: 'Bounced' }, 'Email address is invalid'],
      [{ email: 'chris@example.com' }, 'Please select a reason'],
      [{ email: 'chris@example.com', reason: 'Bored' }, 'Please select a reason'],
    ];
    for (const [body, message] of tries) {
      const res = await call('Admin', '/api/customer/suspension-list', 'POST', body);
      expect([res.status, res.message]).toEqual([400, message]);
    }
    const added = await call<{ id: number }>('Admin', '/api/customer/suspension-list', 'POST', { email: ' Customer@Demo.test ', reason: 'Requested by customer' });
    expect([added.status, added.message]).toEqual([200, 'Email address added to the suppression list']);
    expect(await n("SELECT count(*)::int AS n FROM suppression_list s JOIN customers c ON c.id = s.customer_id WHERE s.email = 'customer@demo.test' AND c.email = 'customer@demo.test'")).toBe(1);
    const again = await call('Admin', '/api/customer/suspension-list', 'POST', { email: 'customer@demo.test', reason: 'Bounced' });
    expect([again.status, again.message]).toEqual([409, 'This email address is already on the suppression list']);
    for (const role of ['Agency', 'mscc', 'sm', 'Customer']) {
      expect((await call(role, '/api/customer/suspension-list')).status).toBe(403);
      expect((await call(role, `/api/customer/suspension-list?id=${added.info.id}`, 'DELETE')).status).toBe(403);
    }
    const removed = await call('Admin', `/api/customer/suspension-list?id=${added.info.id}`, 'DELETE');
    expect([removed.status, removed.message]).toEqual([200, 'Email address removed from the suppression list']);
    expect((await call('Admin', `/api/customer/suspension-list?id=${added.info.id}`, 'DELETE')).status).toBe(404);
  });
});

describe('airlink trials', () => {
  it("shows a customer's trials, extends a running one and ends it; an ended one stays as it ended", async () => {
    const id = await n("SELECT id::int AS n FROM customers WHERE email = 'customer@demo.test'");
    const trials = await call<Array<{ id: number; status: string; serial_number: string | null; ends_on: string; started_on: string; days_left: number | null }>>('Admin', `/api/customer/trial?customer_id=${id}`);
    expect(trials.status).toBe(200);
    expect(trials.info.length).toBe(await n('SELECT count(*)::int AS n FROM airlink_trials WHERE customer_id = $1', [id]));
    expect(trials.info.length).toBeGreaterThan(0);
    expect(trials.info[0]?.serial_number).toBe((await t.db.query<{ s: string }>("SELECT d.serial_number AS s FROM airlink_trials t JOIN devices d ON d.id = t.device_id WHERE t.customer_id = $1 AND d.product_line = 'airlink' ORDER BY t.started_on DESC, t.id DESC LIMIT 1", [id])).rows[0]?.s);
    for (const role of ['Agency', 'mscc', 'Customer']) expect((await call(role, `/api/customer/trial?customer_id=${id}`)).status).toBe(403);

    // a running trial to work on
    const { rows } = await t.db.query<{ id: number }>(
      "INSERT INTO airlink_trials (customer_id, started_on, ends_on) VALUES ($1, current_date - 10, current_date + 20) RETURNING id::int AS id",
      [id],
    );
    const trial = rows[0]?.id ?? 0;
    const put = (body: object) => call('Admin', '/api/customer/trial/update', 'PUT', { trial_id: trial, ...body });
    expect((await put({})).message).toBe('Give a new end date or how the trial ended');
    expect((await put({ ends_on: '2026-02-30' })).message).toBe('End date must be a date YYYY-MM-DD');
    expect((await put({ ends_on: '20-01-2026' })).message).toBe('Enter a date YYYY-MM-DD');
    expect((await put({ ends_on: '2001-01-01' })).message).toBe('The end date must be on or after the start date');
    expect((await put({ status: 'lost' })).status).toBe(400);
    const later = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
    expect((await put({ ends_on: later })).message).toBe('Trial extended');
    expect(await n("SELECT count(*)::int AS n FROM airlink_trials WHERE id = $1 AND ends_on = $2::date AND status = 'active'", [trial, later])).toBe(1);
    expect((await put({ status: 'purchased' })).message).toBe('Trial ended');
    expect(await n("SELECT count(*)::int AS n FROM airlink_trials WHERE id = $1 AND status = 'purchased' AND ended_on IS NOT NULL", [trial])).toBe(1);
    const again = await put({ status: 'returned' });
    expect([again.status, again.message]).toEqual([409, 'This trial has ended']);
    expect((await call('Admin', '/api/customer/trial/update', 'PUT', { trial_id: 999999, status: 'returned' })).status).toBe(404);
  });
});

describe('survey answers', () => {
  it('saves the answers by the spec rules: digits, one point, options, trimmed text, follow-ups cleared by No and by a new air-conditioner type', async () => {
    const property = await n("SELECT p.id::int AS n FROM properties p JOIN customers c ON c.id = p.customer_id WHERE c.email = 'customer@demo.test'");
    const questions = await call<Array<{ key: string; sub_questions?: unknown[] }>>('mscc', '/api/survey/questions');
    expect(questions.info.map((q) => q.key)).toEqual(['occupants', 'air_conditioner', 'pool_pump', 'solar', 'notes']);
    const before = await t.db.query<{ survey_data: unknown }>('SELECT survey_data FROM properties WHERE id = $1', [property]);
    const save = (answers: object) => call('Agency', `${PREFIX.Agency}/property/survey`, 'PUT', { property_id: property, answers });
    expect((await save({ occupants: '3.5' })).message).toBe('How many people live at the property?: Please enter digits only');
    expect((await save({ pool_pump: 'Yes', pool_pump_kw: '1.2.3' })).message).toBe('Pool pump power (kW): Please enter a number with at most one decimal point');
    expect((await save({ solar: 'Huge' })).message).toBe('Solar panels: Please choose one of the options');
    expect((await save({ favourite_colour: 'blue' })).message).toBe('favourite_colour is not a question of the survey');
    expect((await t.db.query<{ survey_data: unknown }>('SELECT survey_data FROM properties WHERE id = $1', [property])).rows[0]?.survey_data).toEqual(before.rows[0]?.survey_data);

    // the demo property has a split system with 2 units; a new type clears the unit count, and No clears the pool pump's power
    const saved = await save({ occupants: '4', air_conditioner: 'Yes', air_conditioner_type: 'Ducted', air_conditioner_units: '2', air_conditioner_kw: '7.1', pool_pump: 'No', pool_pump_kw: '1.5', solar: 'No', solar_battery: 'Yes', notes: '  Dog in the yard  ' });
    expect([saved.status, saved.message]).toEqual([200, 'Survey answers saved successfully']);
    const info = await call<{ survey_data: Array<{ key: string; given_answer: string | null; sub_questions: Array<{ key: string; given_answer: string | null; sub_questions: Array<{ key: string; given_answer: string | null }> }> }> }>(
      'Agency',
      `${PREFIX.Agency}/property/get-info?property_id=${property}`,
    );
    const answer = (key: string): string | null | undefined => {
      const find = (qs: Array<{ key: string; given_answer: string | null; sub_questions?: unknown }>): string | null | undefined => {
        for (const q of qs) {
          if (q.key === key) return q.given_answer;
          const sub = find((q.sub_questions ?? []) as Array<{ key: string; given_answer: string | null }>);
          if (sub !== undefined) return sub;
        }
        return undefined;
      };
      return find(info.info.survey_data);
    };
    expect([answer('occupants'), answer('air_conditioner_type'), answer('air_conditioner_units'), answer('air_conditioner_kw')]).toEqual(['4', 'Ducted', null, '7.1']);
    expect([answer('pool_pump'), answer('pool_pump_kw'), answer('solar'), answer('solar_battery'), answer('notes')]).toEqual(['No', null, 'No', null, 'Dog in the yard']);
    // another slice's property is 404 and unchanged
    const foreign = await someCustomerOutside('sm');
    const foreignProperty = await n('SELECT id::int AS n FROM properties WHERE customer_id = $1 LIMIT 1', [foreign]);
    expect((await call('sm', `${PREFIX.sm}/property/survey`, 'PUT', { property_id: foreignProperty, answers: { occupants: '9' } })).status).toBe(404);
  });
});
