// Issue 13 (electricians): Admin's electricians with add, edit and delete and the spec's messages, the
// electrician view's field workers and devices; field workers for Admin, the agency and the
// electrician itself (its own only: another's answers 404 and changes nothing); the agency's slice.
import { answer, appForFile, bearer, countOf, signIn, SETUP_TIMEOUT } from '../support/app';
import { personFieldCases } from '../support/forms';

const t = appForFile({}, { devices: 300 });
const tokens: Record<string, Record<string, string>> = {};

beforeAll(async () => {
  for (const [role, email] of [
    ['Admin', 'admin@demo.test'],
    ['Agency', 'agency@demo.test'],
    ['West', 'office@sunrise-west.example.com'],
    ['Electrician', 'electrician@demo.test'],
  ] as const) {
    tokens[role] = bearer((await signIn(t.app, email)).token);
  }
}, SETUP_TIMEOUT);

/** A call as a signed-in role (by name) or with these headers. */
const call = <T,>(who: string | Record<string, string>, url: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE' = 'GET', payload?: object) =>
  answer<T>(t.app, typeof who === 'string' ? tokens[who] : who, url, method, payload);
const n = (sql: string, params: unknown[] = []) => countOf(t.db, sql, params);
const one = async <T>(sql: string, params: unknown[] = []) => (await t.db.query<T>(sql, params)).rows[0] as T;
const filter = (key: string, value: string | number) => encodeURIComponent(JSON.stringify([{ key, value, type: 'single' }]));

interface Page<T> {
  data: T[];
  total: number;
  current_page: number;
  last_page: number;
}
interface ElectricianRow {
  id: number;
  full_name: string;
  email: string;
  aggregator_id: number | null;
  aggregator_name: string | null;
  field_workers: number;
}
interface WorkerRow {
  id: number;
  electrician_id: number;
  full_name: string;
  email: string;
  phone: string;
  devices: number;
}

const electrician = {
  first_name: 'Riley',
  last_name: 'Sparks',
  email: 'Riley.Sparks@volt.example.com',
  phone_no: '0412555666',
  company_name: 'Sparks Electrical',
  abn_number: '51824753556',
  eid: 'EL900100',
  address: '4 Volt Lane, Newtown NSW 2042',
  city: 'Newtown',
  state: 'NSW',
  postcode: '2042',
  password: 'Brisk-volt-2026',
};

describe('Admin: electricians', () => {
  let added = 0;

  it('refuses each bad field with the spec message, adds one whose sign-in works, and refuses its email twice', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      ...personFieldCases('phone_no'),
      [{ phone_no: '' }, 'Phone Number must be 8 to 13 characters.'],
      // letters are told they are letters (the console says the same, forms/rules.ts)
      [{ phone_no: '0412abc678' }, 'Phone Number can only contain digits, spaces, brackets, hyphens and a leading +'],
      [{ phone_no: '(0412)5556' }, 'Phone Number must start with + or a digit and end with a digit'],
      [{ company_name: '' }, 'Company Name is required'],
      [{ abn_number: '' }, 'ABN Number is required'],
      [{ abn_number: '5182475' }, 'Invalid ABN'],
      [{ address: '' }, 'Address is required'],
      [{ state: 'XYZ' }, 'Please select a valid state'],
      [{ postcode: '20' }, 'Valid Postal code is required'],
      [{ password: '' }, 'Password must be at least 8 characters and contain an uppercase letter, a lowercase letter and a digit'],
      [{ password: 'password' }, 'Password must be at least 8 characters and contain an uppercase letter, a lowercase letter and a digit'],
      [{ password: 'Password1' }, 'This password is too common. Please choose a less predictable one.'],
      [{ aggregator_id: 999999 }, 'Aggregator not found'],
      [{ role: 'Admin' }, 'role is not an accepted field'],
    ];
    for (const [change, message] of cases) {
      const res = await call('Admin', '/api/electrician/add', 'POST', { ...electrician, ...change });
      expect([res.status, res.message, change]).toEqual([400, message, change]);
    }
    const { password: _password, ...withoutPassword } = electrician;
    expect((await call('Admin', '/api/electrician/add', 'POST', withoutPassword)).message).toBe('Password is required');
    expect(await n("SELECT count(*)::int AS n FROM electricians WHERE lower(email) = 'riley.sparks@volt.example.com'")).toBe(0);

    const res = await call<{ id: number }>('Admin', '/api/electrician/add', 'POST', { ...electrician, first_name: '  Riley ' });
    expect([res.status, res.message]).toEqual([200, 'Electrician added successfully']);
    added = res.info.id;
    expect(await one(`SELECT first_name, email, aggregator_id, state FROM electricians WHERE id = $1`, [added])).toEqual({
      first_name: 'Riley',
      email: 'riley.sparks@volt.example.com',
      aggregator_id: null,
      state: 'NSW',
    });
    const user = await one<{ user_type: string; password_hash: string }>('SELECT user_type, password_hash FROM users WHERE electrician_id = $1', [added]);
    expect(user.user_type).toBe('Electrician');
    expect(user.password_hash).toMatch(/^\$argon2id\$/);
    // the new electrician signs in with the password Admin set, and sees itself only
    const own = bearer((await signIn(t.app, 'riley.sparks@volt.example.com', electrician.password)).token);
    expect((await call<Page<WorkerRow>>(own, '/api/electrician/agents')).info.total).toBe(0);
    expect((await call(own, '/api/electrician/get/all')).status).toBe(403);

    for (const email of ['RILEY.SPARKS@volt.example.com', 'agency@demo.test']) {
      const twin = await call('Admin', '/api/electrician/add', 'POST', { ...electrician, email });
      // the answer names the field, so the console says it beside the Email field
      expect([twin.status, twin.message, twin.info]).toEqual([409, 'An account with this email already exists', { field: 'email' }]);
    }
  });

  it('lists with the drawer filters and reads one, with its field workers and devices paged', async () => {
    const all = await call<Page<ElectricianRow>>('Admin', '/api/electrician/get/all?limit=100');
    expect(all.info.total).toBe(await n('SELECT count(*)::int AS n FROM electricians'));
    expect(all.info.data[0]?.id).toBe(added); // newest first
    const byName = await call<Page<ElectricianRow>>('Admin', `/api/electrician/get/all?filter=${filter('full_name', 'riley spa')}`);
    expect(byName.info.data.map((e) => e.id)).toEqual([added]);
    const aggregatorId = await n("SELECT id::int AS n FROM aggregators WHERE name = 'Reposit Power'");
    const byAggregator = await call<Page<ElectricianRow>>('Admin', `/api/electrician/get/all?limit=100&filter=${filter('aggregator_id', aggregatorId)}`);
    expect(byAggregator.info.total).toBe(await n('SELECT count(*)::int AS n FROM electricians WHERE aggregator_id = $1', [aggregatorId]));
    expect(byAggregator.info.data.every((e) => e.aggregator_name === 'Reposit Power')).toBe(true);
    const sorted = await call<Page<ElectricianRow>>('Admin', '/api/electrician/get/all?sortBy=email&orderBy=asc&limit=3');
    expect(sorted.info.data.map((e) => e.email)).toEqual([...sorted.info.data.map((e) => e.email)].sort());
    expect((await call('Admin', '/api/electrician/get/all?sortBy=password_hash')).status).toBe(400);

    const ben = await n("SELECT id::int AS n FROM electricians WHERE email = 'electrician@demo.test'");
    const detail = await call<{ full_name: string; agency_name: string; devices: number; field_workers: number }>('Admin', `/api/electrician/get/${ben}`);
    expect(detail.info).toMatchObject({ full_name: 'Ben Carter', agency_name: 'Sunrise Installers', field_workers: 2 });
    expect(detail.info.devices).toBe(await n('SELECT count(*)::int AS n FROM devices WHERE electrician_id = $1', [ben]));
    expect(detail.info.devices).toBeGreaterThan(2);

    const workers = await call<Page<WorkerRow>>('Admin', `/api/electrician/get-agents?electrician_id=${ben}&limit=1`);
    expect([workers.info.total, workers.info.data.length, workers.info.last_page]).toEqual([2, 1, 2]);
    expect(workers.info.data[0]?.electrician_id).toBe(ben);
    const devices = await call<Page<{ id: number; product_line: string; field_worker: string | null }>>('Admin', `/api/electrician/get-devices?electrician_id=${ben}&limit=2&page=2`);
    expect([devices.info.total, devices.info.current_page, devices.info.data.length]).toEqual([detail.info.devices, 2, 2]);
    // every line, heat pumps too, and some by its field workers (the seed)
    const everyDevice = await call<Page<{ product_line: string; field_worker: string | null }>>('Admin', `/api/electrician/get-devices?electrician_id=${ben}&limit=500`);
    expect(everyDevice.info.data.some((d) => d.field_worker !== null)).toBe(true);
    expect((await call('Admin', '/api/electrician/get-devices?electrician_id=999999')).status).toBe(404);
    expect((await call('Admin', '/api/electrician/get/999999')).status).toBe(404);
  });

  it('edits: the aggregator is required, a password only when set (and then the sessions end), the sign-in follows the email', async () => {
    const { password: _password, ...form } = electrician;
    const missing = await call('Admin', `/api/electrician/edit/${added}`, 'PUT', form);
    expect([missing.status, missing.message]).toEqual([400, 'Aggregator is required']);
    const aggregatorId = await n("SELECT id::int AS n FROM aggregators WHERE name = 'Evergen'");
    const weak = await call('Admin', `/api/electrician/edit/${added}`, 'PUT', { ...form, aggregator_id: aggregatorId, password: 'short' });
    expect(weak.message).toBe('Password must be at least 8 characters and contain an uppercase letter, a lowercase letter and a digit');
    const session = bearer((await signIn(t.app, electrician.email, electrician.password)).token);
    const hashBefore = await n('SELECT length(password_hash)::int AS n FROM users WHERE electrician_id = $1', [added]);
    const kept = await call('Admin', `/api/electrician/edit/${added}`, 'PUT', { ...form, aggregator_id: aggregatorId, password: '', email: 'riley@volt.example.com', company_name: 'Sparks & Co' });
    expect([kept.status, kept.message]).toEqual([200, 'Electrician updated successfully']);
    expect(await one('SELECT e.company_name, e.aggregator_id::int, u.email FROM electricians e JOIN users u ON u.electrician_id = e.id WHERE e.id = $1', [added])).toEqual({
      company_name: 'Sparks & Co',
      aggregator_id: aggregatorId,
      email: 'riley@volt.example.com',
    });
    expect(await n('SELECT length(password_hash)::int AS n FROM users WHERE electrician_id = $1', [added])).toBe(hashBefore);
    expect((await call(session, '/api/electrician/agents')).status).toBe(200);
    const changed = await call('Admin', `/api/electrician/edit/${added}`, 'PUT', { ...form, email: 'riley@volt.example.com', aggregator_id: aggregatorId, password: 'Fresh-volt-2027' });
    expect(changed.status).toBe(200);
    expect((await call(session, '/api/electrician/agents')).status).toBe(401);
    await signIn(t.app, 'riley@volt.example.com', 'Fresh-volt-2027');

    // In-Active: the record stays, its sign-in ends at once and is refused; Active gives it back
    const live = bearer((await signIn(t.app, 'riley@volt.example.com', 'Fresh-volt-2027')).token);
    const edit = { ...form, email: 'riley@volt.example.com', aggregator_id: aggregatorId };
    const stopped = await call('Admin', `/api/electrician/edit/${added}`, 'PUT', { ...edit, status: 'In-Active' });
    expect(stopped.status).toBe(200);
    expect((await call(live, '/api/electrician/agents')).status).toBe(401);
    await expect(signIn(t.app, 'riley@volt.example.com', 'Fresh-volt-2027')).rejects.toThrow();
    const listed = await call<Page<ElectricianRow & { status: string }>>('Admin', `/api/electrician/get/all?filter=${encodeURIComponent(JSON.stringify([{ key: 'status', value: ['In-Active'], type: 'multi' }]))}`);
    expect(listed.info.data.map((e) => [e.id, e.status])).toEqual([[added, 'In-Active']]);
    // an edit that does not name the status keeps it
    expect((await call('Admin', `/api/electrician/edit/${added}`, 'PUT', edit)).status).toBe(200);
    await expect(signIn(t.app, 'riley@volt.example.com', 'Fresh-volt-2027')).rejects.toThrow();
    expect((await call('Admin', `/api/electrician/edit/${added}`, 'PUT', { ...edit, status: 'Paused' })).status).toBe(400);
    expect((await call('Admin', `/api/electrician/edit/${added}`, 'PUT', { ...edit, status: 'Active' })).status).toBe(200);
    await signIn(t.app, 'riley@volt.example.com', 'Fresh-volt-2027');

    const taken = await call('Admin', `/api/electrician/edit/${added}`, 'PUT', { ...form, aggregator_id: aggregatorId, email: 'electrician@demo.test' });
    expect([taken.status, taken.message, taken.info]).toEqual([409, 'An account with this email already exists', { field: 'email' }]);
    expect((await call('Admin', '/api/electrician/edit/999999', 'PUT', { ...form, aggregator_id: aggregatorId })).status).toBe(404);
  });

  it('deletes one who installed nothing (its field workers and sign-in go too); one who installed devices is kept', async () => {
    const ben = await n("SELECT id::int AS n FROM electricians WHERE email = 'electrician@demo.test'");
    const installed = await n('SELECT count(*)::int AS n FROM devices WHERE electrician_id = $1', [ben]);
    const refused = await call('Admin', `/api/electrician/delete/${ben}`, 'DELETE');
    expect([refused.status, refused.message, refused.info]).toEqual([409, `This electrician has installed ${installed} devices and cannot be deleted`, undefined]);
    expect(await n('SELECT count(*)::int AS n FROM electricians WHERE id = $1', [ben])).toBe(1);

    await t.db.query("INSERT INTO electrician_agents (electrician_id, first_name, last_name, email, phone) VALUES ($1, 'Kim', 'Helper', 'kim.helper@volt.example.com', '0412000111')", [added]);
    const session = bearer((await signIn(t.app, 'riley@volt.example.com', 'Fresh-volt-2027')).token);
    const deleted = await call('Admin', `/api/electrician/delete/${added}`, 'DELETE');
    expect([deleted.status, deleted.message]).toEqual([200, 'Electrician deleted successfully']);
    expect(await n('SELECT count(*)::int AS n FROM electrician_agents WHERE electrician_id = $1', [added])).toBe(0);
    expect(await n('SELECT count(*)::int AS n FROM users WHERE electrician_id = $1 OR email = $2', [added, 'riley@volt.example.com'])).toBe(0);
    expect((await call(session, '/api/electrician/agents')).status).toBe(401);
    expect((await call('Admin', `/api/electrician/delete/${added}`, 'DELETE')).status).toBe(404);
  });

  it('is Admin only', async () => {
    for (const role of ['Agency', 'Electrician']) {
      expect((await call(role, '/api/electrician/get/all')).status).toBe(403);
      expect((await call(role, '/api/electrician/add', 'POST', electrician)).status).toBe(403);
      expect((await call(role, '/api/electrician-agent/get/all')).status).toBe(403);
    }
  });
});

describe('field workers', () => {
  let ben = 0;
  let benWorker = 0;
  let otherWorker = 0;
  beforeAll(async () => {
    ben = await n("SELECT id::int AS n FROM electricians WHERE email = 'electrician@demo.test'");
    benWorker = await n('SELECT min(id)::int AS n FROM electrician_agents WHERE electrician_id = $1', [ben]);
    otherWorker = await n('SELECT min(id)::int AS n FROM electrician_agents WHERE electrician_id <> $1', [ben]);
  });

  const worker = { first_name: 'Jamie', last_name: 'Ladder', email: 'jamie.ladder@volt.example.com', phone: '+61412345678', password: 'Ladder-up-2026' };

  it('the electrician adds, edits and removes its own, with the spec messages', async () => {
    for (const [change, message] of [
      ...personFieldCases('phone'),
      [{ password: 'weakling' }, 'Password must be at least 8 characters and contain an uppercase letter, a lowercase letter and a digit'],
      [{ electrician_id: 1 }, 'electrician_id is not an accepted field'],
    ] as Array<[Record<string, unknown>, string]>) {
      const res = await call('Electrician', '/api/electrician/agent/add', 'POST', { ...worker, ...change });
      expect([res.status, res.message]).toEqual([400, message]);
    }
    const added = await call<{ id: number }>('Electrician', '/api/electrician/agent/add', 'POST', worker);
    expect([added.status, added.message]).toEqual([200, 'Field worker added successfully']);
    const id = added.info.id;
    expect(await one('SELECT electrician_id::int, email FROM electrician_agents WHERE id = $1', [id])).toEqual({ electrician_id: ben, email: 'jamie.ladder@volt.example.com' });
    expect(await n('SELECT count(*)::int AS n FROM electrician_agents WHERE id = $1 AND password_hash LIKE $2', [id, '$argon2id$%'])).toBe(1);
    const twin = await call('Electrician', '/api/electrician/agent/add', 'POST', { ...worker, email: 'JAMIE.LADDER@volt.example.com' });
    expect([twin.status, twin.message, twin.info]).toEqual([409, 'A field worker with this email already exists', { field: 'email' }]);

    const list = await call<Page<WorkerRow>>('Electrician', '/api/electrician/agents');
    expect(list.info.total).toBe(3);
    expect(list.info.data.every((w) => w.electrician_id === ben)).toBe(true);
    const found = await call<Page<WorkerRow>>('Electrician', `/api/electrician/agents?filter=${filter('full_name', 'jamie lad')}`);
    expect(found.info.data.map((w) => w.id)).toEqual([id]);
    const read = await call<{ full_name: string; phone: string }>('Electrician', `/api/electrician/agent/get/${id}`);
    expect(read.info).toMatchObject({ full_name: 'Jamie Ladder', phone: '+61412345678' });
    expect(JSON.stringify(read.info)).not.toContain('argon2');

    const hash = await one<{ password_hash: string }>('SELECT password_hash FROM electrician_agents WHERE id = $1', [id]);
    const edited = await call('Electrician', `/api/electrician/agent/edit/${id}`, 'PUT', { ...worker, last_name: 'Ladders', password: '' });
    expect([edited.status, edited.message]).toEqual([200, 'Field worker updated successfully']);
    expect(await one('SELECT last_name, password_hash FROM electrician_agents WHERE id = $1', [id])).toEqual({ last_name: 'Ladders', password_hash: hash.password_hash });
    const { password: _p, ...noPassword } = worker;
    expect((await call('Electrician', `/api/electrician/agent/edit/${id}`, 'PUT', noPassword)).status).toBe(200);
    expect((await call('Electrician', `/api/electrician/agent/edit/${id}`, 'PUT', { ...worker, password: 'Other-pass-77' })).status).toBe(200);
    expect((await one<{ password_hash: string }>('SELECT password_hash FROM electrician_agents WHERE id = $1', [id])).password_hash).not.toBe(hash.password_hash);

    const removed = await call('Electrician', `/api/electrician/agent/${id}`, 'DELETE');
    expect([removed.status, removed.message]).toEqual([200, 'Field worker deleted successfully']);
    expect(await n('SELECT count(*)::int AS n FROM electrician_agents WHERE id = $1', [id])).toBe(0);
    expect((await call('Electrician', `/api/electrician/agent/${id}`, 'DELETE')).status).toBe(404);
  });

  it("another electrician's field worker answers 404 to every call and nothing changes", async () => {
    const before = await one('SELECT * FROM electrician_agents WHERE id = $1', [otherWorker]);
    expect((await call('Electrician', `/api/electrician/agent/get/${otherWorker}`)).status).toBe(404);
    const edit = await call('Electrician', `/api/electrician/agent/edit/${otherWorker}`, 'PUT', { ...worker, email: 'taken.over@volt.example.com' });
    expect(edit.status).toBe(404);
    expect(JSON.stringify(edit)).not.toContain('fieldwork.example.com');
    expect((await call('Electrician', `/api/electrician/agent/${otherWorker}`, 'DELETE')).status).toBe(404);
    expect(await one('SELECT * FROM electrician_agents WHERE id = $1', [otherWorker])).toEqual(before);
    const list = await call<Page<WorkerRow>>('Electrician', '/api/electrician/agents?limit=100');
    expect(list.info.data.map((w) => w.id)).not.toContain(otherWorker);
  });

  it('removing a field worker who installed devices keeps the devices with the electrician', async () => {
    const theirs = await n('SELECT count(*)::int AS n FROM devices WHERE electrician_agent_id = $1', [benWorker]);
    expect(theirs).toBeGreaterThan(0);
    const electricianDevices = await n('SELECT count(*)::int AS n FROM devices WHERE electrician_id = $1', [ben]);
    const admin = await call<Page<{ id: number; field_worker: string }>>('Admin', `/api/electrician-agent/devices?elect_agent_id=${benWorker}&limit=100`);
    expect(admin.info.total).toBe(theirs);
    expect((await call('Electrician', `/api/electrician/agent/${benWorker}`, 'DELETE')).status).toBe(200);
    expect(await n('SELECT count(*)::int AS n FROM devices WHERE electrician_id = $1', [ben])).toBe(electricianDevices);
    expect(await n('SELECT count(*)::int AS n FROM devices WHERE id = ANY($1::bigint[]) AND electrician_agent_id IS NULL', [admin.info.data.map((d) => d.id)])).toBe(theirs);
  });

  it("Admin lists every field worker, reads one, edits its contact details and reads its devices", async () => {
    const all = await call<Page<WorkerRow>>('Admin', '/api/electrician-agent/get/all?limit=200');
    expect(all.info.total).toBe(await n('SELECT count(*)::int AS n FROM electrician_agents'));
    const byElectrician = await call<Page<WorkerRow & { electrician_name: string }>>('Admin', `/api/electrician-agent/get/all?filter=${filter('electrician_name', 'ben car')}`);
    expect(byElectrician.info.data.every((w) => w.electrician_name === 'Ben Carter')).toBe(true);
    const id = otherWorker;
    const read = await call<{ electrician_name: string; devices: number }>('Admin', `/api/electrician-agent/get/${id}`);
    expect(read.status).toBe(200);
    const res = await call('Admin', `/api/electrician-agent/edit/${id}`, 'PUT', { first_name: 'Sasha', last_name: 'Wire', email: 'sasha.wire@fieldwork.example.com', phone: '0400111222' });
    expect([res.status, res.message]).toEqual([200, 'Field worker updated successfully']);
    expect(await one('SELECT first_name, email FROM electrician_agents WHERE id = $1', [id])).toEqual({ first_name: 'Sasha', email: 'sasha.wire@fieldwork.example.com' });
    const withPassword = await call('Admin', `/api/electrician-agent/edit/${id}`, 'PUT', { first_name: 'Sasha', last_name: 'Wire', email: 'sasha.wire@fieldwork.example.com', phone: '0400111222', password: 'Admin-sets-1' });
    expect([withPassword.status, withPassword.message]).toEqual([400, 'password is not an accepted field']);
    const devices = await call<Page<{ id: number }>>('Admin', `/api/electrician-agent/devices?elect_agent_id=${id}&limit=5&sortBy=serial_number&orderBy=asc`);
    expect(devices.info.total).toBe(await n('SELECT count(*)::int AS n FROM devices WHERE electrician_agent_id = $1', [id]));
    expect((await call('Admin', '/api/electrician-agent/devices?elect_agent_id=999999')).status).toBe(404);
    expect((await call('Admin', '/api/electrician-agent/get/999999')).status).toBe(404);
  });
});

describe("the agency's electricians", () => {
  it('sees those linked to it and those who installed its devices, never another agency’s', async () => {
    const sunrise = await n("SELECT id::int AS n FROM agencies WHERE email = 'agency@demo.test'");
    const mine = await call<Page<ElectricianRow>>('Agency', '/api/agency/electrician/get/all?limit=100');
    const theirs = await call<Page<ElectricianRow>>('West', '/api/agency/electrician/get/all?limit=100');
    expect(mine.info.data.map((e) => e.id).sort()).toEqual(
      (await t.db.query<{ id: number }>('SELECT id::int AS id FROM electricians WHERE agency_id = $1 ORDER BY id', [sunrise])).rows.map((r) => r.id).sort(),
    );
    expect(mine.info.total).toBe(3);
    expect(theirs.info.data.filter((e) => mine.info.data.some((m) => m.id === e.id))).toEqual([]);

    // an independent electrician installs one of Sunrise's devices: Sunrise sees it, West does not
    const independent = await n('SELECT min(id)::int AS n FROM electricians WHERE agency_id IS NULL');
    const device = await n('SELECT min(id)::int AS n FROM devices WHERE agency_id = $1 AND electrician_id IS NULL', [sunrise]);
    await t.db.query('UPDATE devices SET electrician_id = $2 WHERE id = $1', [device, independent]);
    expect((await call<Page<ElectricianRow>>('Agency', '/api/agency/electrician/get/all?limit=100')).info.total).toBe(4);
    const detail = await call<{ devices: number }>('Agency', `/api/agency/electrician/get/${independent}`);
    expect([detail.status, detail.info.devices]).toEqual([200, 1]);
    const devices = await call<Page<{ id: number }>>('Agency', `/api/agency/electrician/get-devices?electrician_id=${independent}`);
    expect(devices.info.data.map((d) => d.id)).toEqual([device]);
    expect((await call('West', `/api/agency/electrician/get/${independent}`)).status).toBe(404);
    expect((await call('West', `/api/agency/electrician/get-devices?electrician_id=${independent}`)).status).toBe(404);
    expect((await call('West', `/api/agency/electrician/get-agents?electrician_id=${independent}`)).status).toBe(404);
  });

  it("reads an electrician's field workers and only its own devices; another agency's electrician is 404", async () => {
    const sunrise = await n("SELECT id::int AS n FROM agencies WHERE email = 'agency@demo.test'");
    const ben = await n("SELECT id::int AS n FROM electricians WHERE email = 'electrician@demo.test'");
    const westElectrician = await n("SELECT min(e.id)::int AS n FROM electricians e JOIN agencies a ON a.id = e.agency_id WHERE a.agency_name = 'Sunrise Installers West'");
    const workers = await call<Page<WorkerRow>>('Agency', `/api/agency/electrician/get-agents?electrician_id=${ben}`);
    expect(workers.info.total).toBe(await n('SELECT count(*)::int AS n FROM electrician_agents WHERE electrician_id = $1', [ben]));
    const devices = await call<Page<{ id: number }>>('Agency', `/api/agency/electrician/get-devices?electrician_id=${ben}&limit=500`);
    expect(devices.info.total).toBe(await n('SELECT count(*)::int AS n FROM devices WHERE electrician_id = $1 AND agency_id = $2', [ben, sunrise]));
    for (const url of [`/api/agency/electrician/get/${westElectrician}`, `/api/agency/electrician/get-agents?electrician_id=${westElectrician}`, `/api/agency/electrician/get-devices?electrician_id=${westElectrician}`]) {
      const res = await call('Agency', url);
      expect([url, res.status]).toEqual([url, 404]);
    }
  });

  it('reads its own devices that electricians installed, each with its electrician, and no other agency\'s', async () => {
    const sunrise = await n("SELECT id::int AS n FROM agencies WHERE email = 'agency@demo.test'");
    const west = await n("SELECT id::int AS n FROM agencies WHERE agency_name = 'Sunrise Installers West'");
    const mine = await call<Page<{ id: number; electrician: string | null }>>('Agency', '/api/agency/electrician/devices?limit=500');
    expect(mine.status).toBe(200);
    expect(mine.info.total).toBe(await n('SELECT count(*)::int AS n FROM devices WHERE agency_id = $1 AND electrician_id IS NOT NULL', [sunrise]));
    expect(mine.info.total).toBeGreaterThan(0);
    expect(mine.info.data.every((d) => typeof d.electrician === 'string' && d.electrician.length > 0)).toBe(true);
    const westIds = new Set((await t.db.query<{ id: number }>('SELECT id::int AS id FROM devices WHERE agency_id = $1', [west])).rows.map((r) => r.id));
    expect(mine.info.data.filter((d) => westIds.has(d.id))).toEqual([]);
    const filtered = await call<Page<{ id: number }>>('Agency', `/api/agency/electrician/devices?filter=${encodeURIComponent(JSON.stringify([{ key: 'id', value: mine.info.data[0]?.id, type: 'single' }]))}`);
    expect(filtered.info.total).toBe(1);
    for (const role of ['Admin', 'Electrician'] as const) expect((await call(role, '/api/agency/electrician/devices')).status).toBe(403);
  });

  it("lists the field workers of its electricians and reads one; another agency's is 404", async () => {
    const list = await call<Page<WorkerRow>>('Agency', '/api/agency/electrician-agent/get/all?limit=100');
    const visible = new Set((await call<Page<ElectricianRow>>('Agency', '/api/agency/electrician/get/all?limit=100')).info.data.map((e) => e.id));
    expect(list.info.total).toBeGreaterThan(0);
    expect(list.info.data.every((w) => visible.has(w.electrician_id))).toBe(true);
    const first = list.info.data[0];
    expect((await call('Agency', `/api/agency/electrician-agent/get/${first?.id}`)).status).toBe(200);
    const west = await n(
      "SELECT min(w.id)::int AS n FROM electrician_agents w JOIN electricians e ON e.id = w.electrician_id JOIN agencies a ON a.id = e.agency_id WHERE a.agency_name = 'Sunrise Installers West'",
    );
    const refused = await call('Agency', `/api/agency/electrician-agent/get/${west}`);
    expect(refused.status).toBe(404);
    expect(JSON.stringify(refused)).not.toContain('@fieldwork.example.com');
    expect((await call('Agency', '/api/electrician-agent/get/all')).status).toBe(403);
  });
});
