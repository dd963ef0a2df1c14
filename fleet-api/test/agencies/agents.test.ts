// Issue 13 (installation agents): the agency's own agents (list, add, edit, delete, one agent, its
// devices) with the spec's messages, another agency's agent answering 404 and changing nothing,
// Admin's view of every agent (list, edit, devices, the login payload) and the agent export.
import { SETUP_TIMEOUT } from '../support/app';
import { harnessForFile } from './support';
import { personFieldCases } from '../support/forms';

const h = harnessForFile(300, { Admin: 'admin@demo.test', Agency: 'agency@demo.test', West: 'office@sunrise-west.example.com' });
let demoAgency = 0;
/** An agent of another agency (Sunrise Installers West), and one of the demo agency with devices. */
let foreignAgent = 0;
let busyAgent = 0;

beforeAll(async () => {
  demoAgency = await h.n("SELECT id::int AS n FROM agencies WHERE email = 'agency@demo.test'");
  foreignAgent = await h.n("SELECT min(ag.id)::int AS n FROM agents ag JOIN agencies a ON a.id = ag.agency_id WHERE a.email = 'office@sunrise-west.example.com'");
  busyAgent = await h.n('SELECT min(agent_id)::int AS n FROM devices WHERE agency_id = $1 AND agent_id IS NOT NULL', [demoAgency]);
}, SETUP_TIMEOUT);

interface AgentRow {
  id: number;
  first_name: string;
  agency_id: number;
  agency_name: string;
  status: string;
  devices: number;
}

const VALID = { first_name: 'Priya', last_name: 'Shah', email: 'priya.shah@agents.example.com', phone: '0412000111', password: 'Install-Pass-9' };
const STRENGTH = 'Password must be at least 8 characters and contain an uppercase letter, a lowercase letter and a digit';

describe("the agency's installation agents", () => {
  it('lists only its own agents with their devices of the product', async () => {
    const mine = await h.call<{ data: AgentRow[]; total: number }>('Agency', '/api/agency/agents?deviceType=all&limit=100');
    expect(mine.info.total).toBe(await h.n('SELECT count(*)::int AS n FROM agents WHERE agency_id = $1', [demoAgency]));
    expect(new Set(mine.info.data.map((a) => a.agency_id))).toEqual(new Set([demoAgency]));
    const busy = mine.info.data.find((a) => a.id === busyAgent);
    expect(busy?.devices).toBe(await h.n("SELECT count(*)::int AS n FROM devices WHERE agent_id = $1 AND product_line <> 'heat_pump'", [busyAgent]));
    const inactive = await h.call<{ data: AgentRow[] }>('Agency', `/api/agency/agents?filter=${encodeURIComponent(JSON.stringify([{ key: 'status', value: ['In-Active'], type: 'multi' }]))}`);
    expect(inactive.info.data.map((a) => a.status)).toEqual(['In-Active']);
    expect((await h.call('Admin', '/api/agency/agents')).status).toBe(403);
  });

  it("adds, edits and deletes an agent with the spec's messages; the password is required only on create", async () => {
    const before = await h.n('SELECT count(*)::int AS n FROM agents');
    const cases: Array<[Record<string, unknown>, string]> = [
      ...personFieldCases('phone'),
      [{ password: undefined }, 'Password is required'],
      [{ password: 'install9' }, STRENGTH],
      [{ agency_id: 1 }, 'agency_id is not an accepted field'],
    ];
    for (const [change, message] of cases) {
      const res = await h.call('Agency', '/api/agency/agent/add', 'POST', { ...VALID, ...change });
      expect([JSON.stringify(change), res.status, res.message]).toEqual([JSON.stringify(change), 400, message]);
    }
    expect(await h.n('SELECT count(*)::int AS n FROM agents')).toBe(before);

    const added = await h.call<{ id: number }>('Agency', '/api/agency/agent/add', 'POST', { ...VALID, email: ' Priya.Shah@Agents.example.com ' });
    expect([added.status, added.message]).toEqual([200, 'Installation agent added successfully']);
    const id = added.info.id;
    const row = (await h.t.db.query<{ agency_id: number; email: string; status: string; password_hash: string; installer_uuid: string }>('SELECT agency_id::int, email, status, password_hash, installer_uuid FROM agents WHERE id = $1', [id])).rows[0];
    expect(row).toMatchObject({ agency_id: demoAgency, email: 'priya.shah@agents.example.com', status: 'Active' });
    expect(row?.password_hash).toMatch(/^\$argon2id\$/);
    expect(row?.installer_uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    const twin = await h.call('West', '/api/agency/agent/add', 'POST', { ...VALID, email: 'PRIYA.SHAH@agents.example.com' });
    expect([twin.status, twin.message, twin.info]).toEqual([409, 'An installation agent with this email already exists', { field: 'email' }]);

    const record = await h.call<Record<string, unknown>>('Agency', `/api/agency/agent/get/${id}`);
    expect(record.info).toMatchObject({ id, first_name: 'Priya', last_name: 'Shah', phone: '0412000111', status: 'Active' });
    expect(JSON.stringify(record.info)).not.toMatch(/password|installer/);

    // without a password the stored one stays; with one it changes
    const edited = await h.call('Agency', `/api/agency/agent/edit/${id}`, 'PUT', { ...VALID, password: '', first_name: 'Priyanka', status: 'In-Active' });
    expect([edited.status, edited.message]).toEqual([200, 'Installation agent updated successfully']);
    expect(await h.n("SELECT count(*)::int AS n FROM agents WHERE id = $1 AND first_name = 'Priyanka' AND status = 'In-Active' AND password_hash = $2", [id, row?.password_hash])).toBe(1);
    const withPassword = await h.call('Agency', `/api/agency/agent/edit/${id}`, 'PUT', { ...VALID, password: 'Another-Pass-7' });
    expect(withPassword.status).toBe(200);
    expect(await h.n('SELECT count(*)::int AS n FROM agents WHERE id = $1 AND password_hash <> $2', [id, row?.password_hash])).toBe(1);
    const weak = await h.call('Agency', `/api/agency/agent/edit/${id}`, 'PUT', { ...VALID, password: 'weak' });
    expect([weak.status, weak.message]).toEqual([400, STRENGTH]);
    const long = await h.call('Agency', `/api/agency/agent/edit/${id}`, 'PUT', { ...VALID, last_name: 'z'.repeat(200) });
    expect([long.status, long.message]).toEqual([400, 'Last Name should be less than 200 character']);

    // still In-Active from the first edit (a form without status keeps it)
    const view = await h.call<{ agent: { id: number }; agency: { id: number }; may_sign_in: boolean }>('Agency', `/api/agency/agent/${id}?deviceType=livelink`);
    expect(view.info).toMatchObject({ agent: { id }, agency: { id: demoAgency }, may_sign_in: false, refusals: ['The installation agent is In-Active'] });

    const deleted = await h.call('Agency', `/api/agency/agent/${id}`, 'DELETE');
    expect([deleted.status, deleted.message]).toEqual([200, 'Installation agent deleted successfully']);
    expect(await h.n('SELECT count(*)::int AS n FROM agents WHERE id = $1', [id])).toBe(0);
  });

  it('keeps an agent who installed devices: delete is refused with the count', async () => {
    const installed = await h.n('SELECT count(*)::int AS n FROM devices WHERE agent_id = $1', [busyAgent]);
    const refused = await h.call('Agency', `/api/agency/agent/${busyAgent}`, 'DELETE');
    expect([refused.status, refused.message]).toEqual([409, `This installation agent installed ${installed} device${installed === 1 ? '' : 's'}; set it In-Active instead`]);
    expect(await h.n('SELECT count(*)::int AS n FROM agents WHERE id = $1', [busyAgent])).toBe(1);
  });

  it("answers 404 for another agency's agent on every call and changes nothing", async () => {
    const before = (await h.t.db.query('SELECT * FROM agents WHERE id = $1', [foreignAgent])).rows;
    for (const [method, url, payload] of [
      ['GET', `/api/agency/agent/get/${foreignAgent}`, undefined],
      ['GET', `/api/agency/agent/${foreignAgent}`, undefined],
      ['PUT', `/api/agency/agent/edit/${foreignAgent}`, { ...VALID, email: 'stolen@agents.example.com', password: 'Stolen-Pass-1' }],
      ['DELETE', `/api/agency/agent/${foreignAgent}`, undefined],
      ['GET', `/api/agency/agent-devices?agent_id=${foreignAgent}`, undefined],
    ] as const) {
      const res = await h.call('Agency', url, method, payload);
      expect([method, url, res.status]).toEqual([method, url, 404]);
      expect(JSON.stringify(res.info ?? null)).not.toMatch(/agents\.example\.com/);
    }
    expect((await h.t.db.query('SELECT * FROM agents WHERE id = $1', [foreignAgent])).rows).toEqual(before);
  });

  it("pages one of its agents' devices", async () => {
    const devices = await h.call<{ data: Array<{ id: number }>; total: number }>('Agency', `/api/agency/agent-devices?agent_id=${busyAgent}&deviceType=all&page=1&limit=2`);
    expect(devices.info.total).toBe(await h.n("SELECT count(*)::int AS n FROM devices WHERE agent_id = $1 AND product_line <> 'heat_pump'", [busyAgent]));
    expect(devices.info.data.length).toBe(Math.min(2, devices.info.total));
  });
});

describe("Admin's installation agents", () => {
  it("lists every agency's agents, edits one, and pages its devices", async () => {
    const all = await h.call<{ data: AgentRow[]; total: number }>('Admin', '/api/agent/get/all?limit=100&deviceType=heat_pump');
    expect(all.info.total).toBe(await h.n('SELECT count(*)::int AS n FROM agents'));
    expect(new Set(all.info.data.map((a) => a.agency_id)).size).toBeGreaterThan(1);
    const byAgency = await h.call<{ data: AgentRow[] }>('Admin', `/api/agent/get/all?filter=${encodeURIComponent(JSON.stringify([{ key: 'agency_name', value: 'West', type: 'single' }]))}`);
    expect(new Set(byAgency.info.data.map((a) => a.agency_name))).toEqual(new Set(['Sunrise Installers West']));

    const edit = await h.call('Admin', `/api/agent/edit/${foreignAgent}`, 'PUT', { first_name: 'Sam', last_name: 'Lee', email: 'sam.lee@agents.example.com', phone: '0412999888', status: 'In-Active', deviceType: 'livelink' });
    expect([edit.status, edit.message]).toEqual([200, 'Installation agent updated successfully']);
    expect(await h.n("SELECT count(*)::int AS n FROM agents WHERE id = $1 AND email = 'sam.lee@agents.example.com' AND status = 'In-Active'", [foreignAgent])).toBe(1);
    const noPassword = await h.call('Admin', `/api/agent/edit/${foreignAgent}`, 'PUT', { first_name: 'Sam', last_name: 'Lee', email: 'sam.lee@agents.example.com', phone: '0412999888', password: 'Admin-Set-1' });
    expect([noPassword.status, noPassword.message]).toEqual([400, 'password is not an accepted field']);
    expect((await h.call('Admin', '/api/agent/edit/999999', 'PUT', { first_name: 'A', last_name: 'B', email: 'a.b@agents.example.com', phone: '0412999888' })).status).toBe(404);

    const devices = await h.call<{ total: number }>('Admin', `/api/agent/get-devices?agent_id=${busyAgent}&deviceType=all`);
    expect(devices.info.total).toBe(await h.n("SELECT count(*)::int AS n FROM devices WHERE agent_id = $1 AND product_line <> 'heat_pump'", [busyAgent]));
    expect((await h.call('Agency', '/api/agent/get/all')).status).toBe(403);
  });

  it('answers the login payload: what the installer app receives, never a password hash or token; why an agent cannot sign in', async () => {
    const payload = await h.call<{ agent: { installer_uuid: string; email: string }; agency: { agency_name: string; status: string }; flows: string[]; device_types: string[]; may_sign_in: boolean; refusals: string[]; devices: number }>(
      'Admin',
      `/api/agent/login-payload?agent_id=${busyAgent}&deviceType=all`,
    );
    expect(payload.status).toBe(200);
    expect(payload.info.agency).toEqual({ id: demoAgency, agency_name: 'Sunrise Installers', status: 'Active' });
    expect(payload.info.flows).toEqual(['install', 'replace', 'remove']);
    expect(payload.info.device_types).toEqual(['livelink', 'safelink', 'heat_pump']);
    // the installer id is the one the agent's devices carry
    const stamped = await h.t.db.query<{ installer_uuid: string }>('SELECT DISTINCT installer_uuid FROM devices WHERE agent_id = $1', [busyAgent]);
    expect(stamped.rows.map((r) => r.installer_uuid)).toEqual([payload.info.agent.installer_uuid]);
    expect(JSON.stringify(payload.info)).not.toMatch(/argon2|password_hash|token/);
    const inactive = await h.n("SELECT id::int AS n FROM agents WHERE agency_id = $1 AND status = 'In-Active'", [demoAgency]);
    const refused = await h.call<{ may_sign_in: boolean; refusals: string[] }>('Admin', `/api/agent/login-payload?agent_id=${inactive}`);
    expect(refused.info).toEqual(expect.objectContaining({ may_sign_in: false, refusals: ['The installation agent is In-Active'] }));
    const waiting = await h.n('SELECT id::int AS n FROM agents WHERE password_hash IS NULL');
    expect((await h.call<{ refusals: string[] }>('Admin', `/api/agent/login-payload?agent_id=${waiting}`)).info.refusals).toEqual(['No password is set: its agency sets one']);
    expect((await h.call('Admin', '/api/agent/login-payload?agent_id=999999')).status).toBe(404);
    expect((await h.call('Agency', `/api/agent/login-payload?agent_id=${busyAgent}`)).status).toBe(403);
  });

  it('exports the filtered agent list with the devices of the product', async () => {
    const filter = JSON.stringify([{ key: 'agency_name', value: 'Sunrise Installers', type: 'single' }]);
    const lines = await h.exportLines('Admin', await h.call<{ id: number }>('Admin', '/api/export/agents', 'POST', { filter, deviceType: 'livelink' }));
    expect(lines[0]).toBe('Record ID,First Name,Last Name,Email,Phone Number,Status,Agency,Installer ID,Devices,Created');
    expect(lines.length - 1).toBe(await h.n("SELECT count(*)::int AS n FROM agents ag JOIN agencies a ON a.id = ag.agency_id WHERE a.agency_name ILIKE '%Sunrise Installers%'"));
    const busyLine = lines.find((l) => l.startsWith(`${busyAgent},`));
    expect(busyLine?.split(',')[8]).toBe(String(await h.n("SELECT count(*)::int AS n FROM devices WHERE agent_id = $1 AND product_line IN ('livelink', 'ihd_livelink')", [busyAgent])));
    expect((await h.call('Agency', '/api/export/agents', 'POST', {})).status).toBe(403);

    // in the list's order
    for (const sort of [{ sortBy: 'last_name', orderBy: 'asc' }, { sortBy: 'agency_name', orderBy: 'desc' }, {}] as Array<Record<string, string>>) {
      const sorted = await h.exportLines('Admin', await h.call<{ id: number }>('Admin', '/api/export/agents', 'POST', sort));
      const listed = await h.call<{ data: Array<{ id: number }>; total: number }>('Admin', `/api/agent/get/all?${new URLSearchParams({ limit: '500', ...sort }).toString()}`);
      expect(listed.info.total).toBeLessThanOrEqual(500);
      expect([sort, sorted.slice(1).map((l) => Number(l.split(',')[0]))]).toEqual([sort, listed.info.data.map((a) => a.id)]);
    }
  });
});
