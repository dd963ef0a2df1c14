// Issue 13 (agencies): Admin's agency list with its filters and counts, add and edit (form data,
// the spec's messages, unique emails, password only when set), In-Active ending the agency's
// sessions and sockets at once, delete refused while the agency has anything, the agency's devices
// and agents, and the export job.
import type { AddressInfo } from 'node:net';
import { AGENCY_SAMPLE } from '@fleet/contract';
import WebSocket from 'ws';
import { liveProtocols } from '@fleet/contract';
import type { LiveEvent } from '../../src/modules/live/events';
import { post, signIn, SETUP_TIMEOUT } from '../support/app';
import { harnessForFile } from './support';
import { formData } from '../support/form-data';

const h = harnessForFile(300, { Agency: 'agency@demo.test', Electrician: 'electrician@demo.test' });
let demoAgency = 0;
let westAgency = 0;
let adminToken = '';

beforeAll(async () => {
  adminToken = await h.signInAs('Admin', 'admin@demo.test');
  demoAgency = await h.n("SELECT id::int AS n FROM agencies WHERE email = 'agency@demo.test'");
  westAgency = await h.n("SELECT id::int AS n FROM agencies WHERE email = 'office@sunrise-west.example.com'");
}, SETUP_TIMEOUT);

interface AgencyRow {
  id: number;
  agency_name: string;
  status: string;
  agents: number;
  devices: number;
  flows: string[];
  device_type: string[];
}

/** A valid agency, the one the console's form test sends too. */
const VALID = AGENCY_SAMPLE;

describe('the agency list', () => {
  it("lists every agency with its agents and the product's devices; filters by status and name; Admin only", async () => {
    const all = await h.call<{ data: AgencyRow[]; total: number }>('Admin', '/api/agency/get/all?limit=100');
    expect(all.status).toBe(200);
    expect(all.info.total).toBe(await h.n('SELECT count(*)::int AS n FROM agencies'));
    const demo = all.info.data.find((a) => a.id === demoAgency);
    expect(demo).toMatchObject({ agency_name: 'Sunrise Installers', status: 'Active', agents: 3, flows: ['install', 'replace', 'remove'] });
    // `all` counts every line but heat pumps, as every device list does
    expect(demo?.devices).toBe(await h.n("SELECT count(*)::int AS n FROM devices WHERE agency_id = $1 AND product_line <> 'heat_pump'", [demoAgency]));
    const heatPumps = await h.call<{ data: AgencyRow[] }>('Admin', '/api/agency/get/all?limit=100&deviceType=heat_pump');
    expect(heatPumps.info.data.find((a) => a.id === demoAgency)?.devices).toBe(await h.n("SELECT count(*)::int AS n FROM devices WHERE agency_id = $1 AND product_line = 'heat_pump'", [demoAgency]));

    const inactive = await h.call<{ data: AgencyRow[]; total: number }>('Admin', `/api/agency/get/all?filter=${encodeURIComponent(JSON.stringify([{ key: 'status', value: ['In-Active'], type: 'multi' }]))}`);
    expect(inactive.info.data.map((a) => a.agency_name)).toEqual(['Greenleaf Energy Services']);
    const named = await h.call<{ data: AgencyRow[] }>('Admin', `/api/agency/get/all?sortBy=agency_name&orderBy=asc&filter=${encodeURIComponent(JSON.stringify([{ key: 'agency_name', value: 'sunrise', type: 'single' }]))}`);
    expect(named.info.data.map((a) => a.agency_name)).toEqual(['Sunrise Installers', 'Sunrise Installers West']);
    expect((await h.call('Admin', `/api/agency/get/all?filter=${encodeURIComponent('[{"key":"password_hash","value":"x"}]')}`)).status).toBe(400);
    for (const role of ['Agency', 'Electrician']) expect((await h.call(role, '/api/agency/get/all')).status).toBe(403);
  });

  it('reads one agency with its counts and partners; an unknown id is 404', async () => {
    const one = await h.call<AgencyRow & { customers: number; partners: Array<{ name: string }>; abn_no: string }>('Admin', `/api/agency/get/${demoAgency}?deviceType=livelink`);
    expect(one.status).toBe(200);
    expect(one.info).toMatchObject({ agency_name: 'Sunrise Installers', abn_no: '51824753556', agents: 3 });
    expect(one.info.devices).toBe(await h.n("SELECT count(*)::int AS n FROM devices WHERE agency_id = $1 AND product_line IN ('livelink', 'ihd_livelink')", [demoAgency]));
    expect(one.info.customers).toBe(await h.n('SELECT count(*)::int AS n FROM customers WHERE agency_id = $1', [demoAgency]));
    expect(one.info.partners.map((p) => p.name)).toEqual(['BrightHome Rebates', 'GreenSwitch Finance']);
    expect(JSON.stringify(one.info)).not.toMatch(/password/);
    expect((await h.call('Admin', '/api/agency/get/999999')).status).toBe(404);
    expect((await h.call('Agency', `/api/agency/get/${demoAgency}`)).status).toBe(403);
  });

  it("pages an agency's devices and agents", async () => {
    const devices = await h.call<{ data: Array<{ id: number }>; total: number; last_page: number }>('Admin', `/api/agency/get-devices?agency_id=${westAgency}&page=1&limit=5&orderBy=desc&sortBy=created_at&deviceType=all`);
    expect(devices.info.total).toBe(await h.n("SELECT count(*)::int AS n FROM devices WHERE agency_id = $1 AND product_line <> 'heat_pump'", [westAgency]));
    expect(devices.info.data.length).toBe(Math.min(5, devices.info.total));
    const ids = devices.info.data.map((d) => d.id);
    expect(await h.n('SELECT count(*)::int AS n FROM devices WHERE id = ANY($1::bigint[]) AND agency_id = $2', [ids, westAgency])).toBe(ids.length);
    const agents = await h.call<{ data: Array<{ agency_name: string }>; total: number }>('Admin', `/api/agency/get-agents?agency_id=${westAgency}`);
    expect(agents.info.total).toBe(3);
    expect(new Set(agents.info.data.map((a) => a.agency_name))).toEqual(new Set(['Sunrise Installers West']));
    expect((await h.call('Admin', '/api/agency/get-devices?agency_id=999999')).status).toBe(404);
    expect((await h.call('Admin', '/api/agency/get-agents?agency_id=999999')).status).toBe(404);
  });
});

describe('adding and editing an agency', () => {
  it("refuses each field with the spec's message and stores nothing", async () => {
    const before = await h.n('SELECT count(*)::int AS n FROM agencies');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ agency_name: '' }, 'Agency Name is required'],
      [{ agency_name: 'x'.repeat(200) }, 'Agency Name should be less than 200 character'],
      [{ email: '' }, 'Email is required'],
      [{ email: 'office@bright' }, 'Email address is invalid'],
      [{ postcode: '20' }, 'Valid Postal code is required'],
      [{ postcode: '' }, 'Valid Postal code is required'],
      [{ contact_first_name: ' ' }, 'Contact First Name is required'],
      [{ contact_last_name: '' }, 'Contact Last Name is required'],
      [{ contact: '12345' }, 'Phone Number must be 8 to 13 characters.'],
      [{ contact: '04123456789012' }, 'Phone Number must be 8 to 13 characters.'],
      [{ password: 'short' }, 'Password must be at least 8 characters and contain an uppercase letter, a lowercase letter and a digit'],
      [{ password: 'alllowercase1' }, 'Password must be at least 8 characters and contain an uppercase letter, a lowercase letter and a digit'],
      [{ password: undefined }, 'Password is required'],
      [{ status: 'Paused' }, 'Status is Active or In-Active'],
      [{ flows: 'install,teleport' }, 'Flows are some of install, replace, remove'],
      [{ role: 'Admin' }, 'role is not an accepted field'],
    ];
    for (const [change, message] of cases) {
      const res = await h.call('Admin', '/api/agency/add', 'POST', { ...VALID, ...change });
      expect([JSON.stringify(change), res.status, res.message]).toEqual([JSON.stringify(change), 400, message]);
    }
    expect(await h.n('SELECT count(*)::int AS n FROM agencies')).toBe(before);
  });

  it('adds an agency from form data with its sign-in; emails are unique, case aside; the password is only set when given', async () => {
    const form = formData({ ...VALID, email: ' Office@Bright-Homes.example.com ', status: 'In-Active', flows: 'remove,install', deviceType: 'livelink,ihd_livelink', email_notification: 'true', abn_no: '51824753556', state: 'NSW', city: 'Sydney' });
    const added = await h.t.app.inject({ method: 'POST', url: '/api/agency/add', payload: form.payload, headers: { ...form.headers, authorization: `Bearer ${adminToken}` } });
    expect(added.statusCode).toBe(200);
    const id = (added.json() as { info: { id: number } }).info.id;
    const row = (await h.t.db.query<Record<string, unknown>>('SELECT email, status, flows, device_type, email_notification, abn_no FROM agencies WHERE id = $1', [id])).rows[0];
    expect(row).toEqual({ email: 'office@bright-homes.example.com', status: 'In-Active', flows: 'install,remove', device_type: 'ihd_livelink,livelink', email_notification: true, abn_no: '51824753556' });
    expect(await h.n("SELECT count(*)::int AS n FROM users WHERE agency_id = $1 AND user_type = 'Agency' AND email = 'office@bright-homes.example.com'", [id])).toBe(1);
    // In-Active: its sign-in is refused
    const refused = await post(h.t.app, '/api/authenticate/login', { email: VALID.email, password: VALID.password });
    expect(refused.statusCode).toBe(401);

    for (const email of ['OFFICE@bright-homes.example.com', 'office@sunrise-west.example.com']) {
      const twin = await h.call('Admin', '/api/agency/add', 'POST', { ...VALID, email });
      expect([twin.status, twin.message, twin.info]).toEqual([409, 'An agency with this email already exists', { field: 'email' }]);
    }
    const taken = await h.call('Admin', '/api/agency/add', 'POST', { ...VALID, email: 'customer@demo.test' });
    expect([taken.status, taken.message, taken.info]).toEqual([409, 'Another account signs in with this email', { field: 'email' }]);

    // Active again, without a password: the stored one stays and signs in
    const hashBefore = await h.t.db.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE agency_id = $1', [id]);
    const edit = await h.call('Admin', `/api/agency/edit/${id}`, 'PUT', { ...VALID, password: '', agency_name: 'Bright Homes Group', status: 'Active' });
    expect([edit.status, edit.message]).toEqual([200, 'Agency updated successfully']);
    expect((await h.t.db.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE agency_id = $1', [id])).rows).toEqual(hashBefore.rows);
    const session = await signIn(h.t.app, VALID.email, VALID.password);
    // a new email and password: the sign-in follows, its other sessions end
    const moved = await h.call('Admin', `/api/agency/edit/${id}`, 'PUT', { ...VALID, email: 'hello@bright-homes.example.com', password: 'Brighter-Homes-2027' });
    expect(moved.status).toBe(200);
    const old = await h.t.app.inject({ url: '/api/agency/getprofile', headers: { authorization: `Bearer ${session.token}` } });
    expect(old.statusCode).toBe(401);
    await expect(signIn(h.t.app, 'hello@bright-homes.example.com', 'Brighter-Homes-2027')).resolves.toBeDefined();
    const weak = await h.call('Admin', `/api/agency/edit/${id}`, 'PUT', { ...VALID, password: 'weakpass' });
    expect([weak.status, weak.message]).toEqual([400, 'Password must be at least 8 characters and contain an uppercase letter, a lowercase letter and a digit']);
    const clash = await h.call('Admin', `/api/agency/edit/${id}`, 'PUT', { ...VALID, email: 'agency@demo.test' });
    expect([clash.status, clash.message, clash.info]).toEqual([409, 'An agency with this email already exists', { field: 'email' }]);
    expect((await h.call('Admin', '/api/agency/edit/999999', 'PUT', VALID)).status).toBe(404);
  });
});

describe('an agency set In-Active', () => {
  it('ends its users\' sessions and closes their live sockets at once; they cannot sign in again', async () => {
    const email = 'ops@in-active.example.com';
    const added = await h.call<{ id: number }>('Admin', '/api/agency/add', 'POST', { ...VALID, email });
    const id = added.info.id;
    const session = await signIn(h.t.app, email, VALID.password);
    await h.t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (h.t.app.server.address() as AddressInfo).port;
    const socket = new WebSocket(`ws://127.0.0.1:${port}/ws`, liveProtocols(session.token), { origin: 'http://localhost:8080' });
    const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
    await new Promise<void>((resolve, reject) => {
      socket.on('open', () => resolve());
      socket.on('error', reject);
    });
    // the socket is added to the hub after the handshake's token check
    await new Promise((resolve) => setTimeout(resolve, 100));
    const heard: LiveEvent[] = [];
    const stop = h.t.app.fleetContext.live.subscribe((events) => heard.push(...events));

    const edit = await h.call('Admin', `/api/agency/edit/${id}`, 'PUT', { ...VALID, email, status: 'In-Active' });
    expect(edit.status).toBe(200);
    // published on the bus by the edit itself (the hub's periodic token check publishes nothing);
    // on PostgreSQL it comes back through LISTEN a moment after the answer
    for (let i = 0; i < 100 && heard.length === 0; i += 1) await new Promise((resolve) => setTimeout(resolve, 20));
    stop();
    expect(heard).toEqual([expect.objectContaining({ kind: 'session', session_id: expect.any(String), code: 4401 })]);
    expect(await closed).toBe(4401);
    expect(await h.n("SELECT count(*)::int AS n FROM auth_sessions s JOIN users u ON u.id = s.user_id WHERE u.agency_id = $1 AND s.revoked_at IS NULL", [id])).toBe(0);
    const after = await h.t.app.inject({ url: '/api/agency/getprofile', headers: { authorization: `Bearer ${session.token}` } });
    expect(after.statusCode).toBe(401);
    expect((await post(h.t.app, '/api/authenticate/login', { email, password: VALID.password })).statusCode).toBe(401);
  });
});

describe('deleting an agency', () => {
  it('is refused, saying how many, while it has devices, agents, customers or electricians; an empty one goes with its sign-in', async () => {
    const refused = await h.call('Admin', `/api/agency/delete/${demoAgency}`, 'DELETE');
    expect(refused.status).toBe(409);
    expect(refused.message).toMatch(/^This agency has \d+ devices, 3 installation agents, \d+ customers and 3 electricians; move them to another agency or set it In-Active instead$/);
    expect(await h.n('SELECT count(*)::int AS n FROM agencies WHERE id = $1', [demoAgency])).toBe(1);

    const email = 'gone@empty-agency.example.com';
    const added = await h.call<{ id: number }>('Admin', '/api/agency/add', 'POST', { ...VALID, email });
    const session = await signIn(h.t.app, email, VALID.password);
    const deleted = await h.call('Admin', `/api/agency/delete/${added.info.id}`, 'DELETE');
    expect([deleted.status, deleted.message]).toEqual([200, 'Agency deleted successfully']);
    expect(await h.n('SELECT count(*)::int AS n FROM users WHERE lower(email) = $1', [email])).toBe(0);
    expect((await h.t.app.inject({ url: '/api/agency/getprofile', headers: { authorization: `Bearer ${session.token}` } })).statusCode).toBe(401);
    expect((await h.call('Admin', `/api/agency/delete/${added.info.id}`, 'DELETE')).status).toBe(404);
    expect((await h.call('Agency', `/api/agency/delete/${westAgency}`, 'DELETE')).status).toBe(403);
  });
});

describe('the agency export', () => {
  it('writes the filtered list as a CSV job', async () => {
    const filter = JSON.stringify([{ key: 'agency_name', value: 'sunrise', type: 'single' }]);
    const lines = await h.exportLines('Admin', await h.call<{ id: number }>('Admin', '/api/export/agencies', 'POST', { filter }));
    expect(lines[0]).toBe('Record ID,Agency Name,Email,Contact First Name,Contact Last Name,Phone Number,Postcode,City,State,ABN,Status,Flows,Product Lines,Installation Agents,Created');
    // in the list's default order: newest first
    expect(lines.slice(1).map((l) => l.split(',')[1])).toEqual(['Sunrise Installers West', 'Sunrise Installers']);
    expect((await h.call('Agency', '/api/export/agencies', 'POST', {})).status).toBe(403);
  });

  it("writes the rows in the list's order, the agents count too", async () => {
    for (const sort of [{ sortBy: 'agency_name', orderBy: 'asc' }, { sortBy: 'agents', orderBy: 'desc' }, {}] as Array<Record<string, string>>) {
      const lines = await h.exportLines('Admin', await h.call<{ id: number }>('Admin', '/api/export/agencies', 'POST', sort));
      const listed = await h.call<{ data: Array<{ id: number }>; total: number }>('Admin', `/api/agency/get/all?${new URLSearchParams({ limit: '500', ...sort }).toString()}`);
      expect([sort, lines.slice(1).map((l) => Number(l.split(',')[0]))]).toEqual([sort, listed.info.data.map((a) => a.id)]);
    }
  });
});
