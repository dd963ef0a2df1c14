// The console's own writes go live (issue 20, item 13): resolving faults (one, or many), reassigning
// heat pumps between companies and sites, and a firmware push's job states and counts reach the
// sockets of the slices that see them (both the slice a heat pump leaves and the one it joins), with
// the new faulty count; a socket of another slice hears nothing of them, and a refused write sends
// nothing at all (SECURITY.md 2, 7).
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { LiveEvent, LiveMessage } from '../../src/modules/live/events';
import type { Caller } from '../../src/policy/roles';
import { listenLive, type LiveListener } from '../support/live-socket';
import { scopeFor } from '../../src/policy/scope';
import { SqlParams } from '../../src/server/sql';
import { OtaSimulator } from '../../src/simulator/simulator';
import { bearer, signIn, startTestApp, type TestApp, SETUP_TIMEOUT, callerByEmail } from '../support/app';
import { md5, sendForm } from '../ota/support';

let t: TestApp;
let base = '';
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fleet-live-writes-'));
const ROLES = ['Admin', 'Agency', 'mscc', 'sm', 'Electrician'] as const;
type Role = (typeof ROLES)[number];
const EMAIL: Record<Role, string> = { Admin: 'admin@demo.test', Agency: 'agency@demo.test', mscc: 'mscc@demo.test', sm: 'sm@demo.test', Electrician: 'electrician@demo.test' };
const tokens = {} as Record<Role, string>;
const callers = {} as Record<Role, Caller>;
const sockets = {} as Record<Role, LiveListener>;
/** Every event published on the bus, to see that a refused write publishes none. */
const published: LiveEvent[] = [];

beforeAll(async () => {
  t = await startTestApp({ dataDir }, { devices: 700 });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  for (const role of ROLES) {
    tokens[role] = (await signIn(t.app, EMAIL[role])).token;
    callers[role] = await callerOf(EMAIL[role]);
    sockets[role] = await listenLive(base, tokens[role]);
  }
  t.app.fleetContext.live.subscribe((events) => published.push(...events));
  // the hub adds a socket once its slice is read
  await new Promise((r) => setTimeout(r, 300));
}, SETUP_TIMEOUT);
afterAll(async () => {
  for (const role of ROLES) sockets[role]?.socket.close();
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const callerOf = (email: string) => callerByEmail(t.db, email);

/** The policy layer's predicate of a role's devices on alias d. */
function slice(role: Role, params: SqlParams): string {
  return scopeFor(callers[role])['devices']('d', params);
}

/** Whether a device is in each role's slice now. */
async function seenBy(deviceId: number): Promise<Record<Role, boolean>> {
  const out = {} as Record<Role, boolean>;
  for (const role of ROLES) {
    const params = new SqlParams();
    const id = params.add(deviceId);
    out[role] = (await t.db.query(`SELECT 1 FROM devices d WHERE d.id = ${id} AND coalesce(${slice(role, params)}, false)`, params.values)).rows.length > 0;
  }
  return out;
}

async function faultyCount(role: Role): Promise<number> {
  const params = new SqlParams();
  const { rows } = await t.db.query<{ n: number }>(
    `SELECT count(DISTINCT f.device_id)::int AS n FROM faults f JOIN devices d ON d.id = f.device_id
      WHERE f.fault_status = 0 AND d.product_line = 'heat_pump' AND (${slice(role, params)})`,
    params.values,
  );
  return rows[0]?.n ?? 0;
}

async function until(check: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}
const settle = () => new Promise((r) => setTimeout(r, 1300));

type Of<K extends string> = Extract<LiveMessage, Record<K, unknown>>;
function of<K extends 'resolved' | 'moved' | 'ota' | 'rollout' | 'dashboard'>(role: Role, key: K): Array<Of<K>[K]> {
  return sockets[role].messages.filter((m): m is Of<K> => !Array.isArray(m) && key in m).map((m) => (m as Record<K, Of<K>[K]>)[key]);
}

async function send(role: Role, method: 'PUT' | 'POST', url: string, payload: object) {
  const res = await t.app.inject({ method, url, headers: bearer(tokens[role]), payload });
  return { status: res.statusCode, body: res.json<{ status: boolean; message: string; info: Record<string, number> }>() };
}

/** A new open fault on a heat pump in the slice of `inside` and outside those of `outside`. */
async function openFault(inside: Role, outside: Role[], not: number[] = []): Promise<{ id: number; device_id: number }> {
  const params = new SqlParams();
  const conditions = [`coalesce(${slice(inside, params)}, false)`, ...outside.map((r) => `NOT coalesce(${slice(r, params)}, false)`)];
  const { rows } = await t.db.query<{ id: number }>(
    `SELECT d.id::int AS id FROM devices d
      WHERE d.product_line = 'heat_pump' AND ${conditions.join(' AND ')} AND NOT (d.id = ANY(${params.add(not)}::bigint[]))
      ORDER BY d.id LIMIT 1`,
    params.values,
  );
  const device = rows[0]?.id;
  if (device === undefined) throw new Error(`no heat pump in ${inside}'s slice outside ${outside.join(', ')}'s`);
  const fault = await t.db.query<{ id: number }>(
    `INSERT INTO faults (device_id, fault_code, fault_description, history_datetime, fault_status, created_at, updated_at)
     VALUES ($1, 'E96', 'Test fault', now(), 0, now(), now()) RETURNING id::int AS id`,
    [device],
  );
  await t.db.query("UPDATE devices SET fault_code = 'E96' WHERE id = $1", [device]);
  return { id: fault.rows[0]?.id ?? 0, device_id: device };
}

describe('resolving faults', () => {
  it("Resolve Fault reaches the heat pump's slices with their new faulty count, not other slices; a refused one sends nothing", async () => {
    const fault = await openFault('Agency', ['mscc', 'sm', 'Electrician']);
    // refused: the mscc may not touch it (404), nothing is published
    published.length = 0;
    expect((await send('mscc', 'PUT', `/api/heat-pump/faults/${fault.id}/resolve`, { agent: 'Nope' })).status).toBe(404);
    expect((await send('sm', 'POST', '/api/heat-pump/faults/resolve', { agent: 'Nope', fault_ids: [fault.id] })).status).toBe(404);
    await new Promise((r) => setTimeout(r, 200));
    expect(published).toEqual([]);

    const res = await send('Admin', 'PUT', `/api/heat-pump/faults/${fault.id}/resolve`, { agent: 'Sam Field' });
    expect(res.status).toBe(200);
    const heard = (role: Role) => of(role, 'resolved').filter((r) => r.device_id === fault.device_id);
    await until(() => heard('Agency').length > 0 && heard('Admin').length > 0);
    const code = (await t.db.query<{ fault_code: string | null }>('SELECT fault_code FROM devices WHERE id = $1', [fault.device_id])).rows[0]?.fault_code ?? null;
    expect(heard('Agency')).toEqual([{ device_id: fault.device_id, fault_ids: expect.arrayContaining([fault.id]), fault_code: code, resolution_id: res.body.info.resolution_id }]);
    // the slice's faulty count follows (at most a second later)
    const expected = await faultyCount('Agency');
    await until(() => of('Agency', 'dashboard').at(-1)?.faulty_count === expected, 3000);
    await settle();
    for (const role of ['mscc', 'sm', 'Electrician'] as const) expect(heard(role)).toEqual([]);
  });

  it('resolve many: one message per heat pump, to its slices only', async () => {
    const first = await openFault('Agency', ['mscc', 'sm']);
    const second = await openFault('Agency', ['mscc', 'sm'], [first.device_id]);
    const res = await send('Agency', 'POST', '/api/heat-pump/faults/resolve', { agent: 'Night shift', fault_ids: [first.id, second.id] });
    expect(res.status).toBe(200);
    const devices = [first.device_id, second.device_id];
    const heard = (role: Role) => of(role, 'resolved').filter((r) => r.resolution_id === res.body.info.resolution_id).map((r) => r.device_id);
    await until(() => heard('Agency').length === 2);
    expect(heard('Agency').sort()).toEqual([...devices].sort());
    await settle();
    expect(heard('Admin').sort()).toEqual([...devices].sort());
    expect(heard('mscc')).toEqual([]);
    expect(heard('sm')).toEqual([]);
  });
});

describe('reassigning heat pumps', () => {
  it('the slice a heat pump joins hears joined, the one it leaves hears left, one that keeps it hears stayed, others nothing', async () => {
    // a faulty heat pump of the agency, outside the company's and the site manager's slices
    const { device_id: device } = await openFault('Agency', ['mscc', 'sm', 'Electrician']);
    const company = callers.mscc.companyId;
    const site = (await t.db.query<{ id: number }>('SELECT site_id::int AS id FROM site_manager_sites WHERE site_manager_id = $1 ORDER BY site_id LIMIT 1', [callers.sm.siteManagerId])).rows[0]?.id;
    // the agency may assign to the company once it is linked to it
    await t.db.query('INSERT INTO multi_site_company_agencies (company_id, agency_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [company, callers.Agency.agencyId]);
    const moved = (role: Role) => of(role, 'moved').filter((m) => m.device_id === device).map((m) => m.slice);

    // a refused assignment (a device of another agency among the list) sends nothing
    const [foreign] = (await t.db.query<{ id: number }>("SELECT id::int FROM devices WHERE product_line = 'heat_pump' AND agency_id <> $1 ORDER BY id LIMIT 1", [callers.Agency.agencyId])).rows.map((r) => r.id);
    published.length = 0;
    expect((await send('Agency', 'PUT', '/api/nms/devices/assign', { device_ids: [device, foreign], company_id: company, site_id: site })).status).toBe(404);
    await new Promise((r) => setTimeout(r, 200));
    expect(published).toEqual([]);

    const mscCountBefore = await faultyCount('mscc');
    expect((await send('Agency', 'PUT', '/api/nms/devices/assign', { device_ids: [device], company_id: company, site_id: site })).status).toBe(200);
    expect(await seenBy(device)).toMatchObject({ Admin: true, Agency: true, mscc: true, sm: true, Electrician: false });
    await until(() => moved('mscc').length > 0 && moved('sm').length > 0 && moved('Agency').length > 0 && moved('Admin').length > 0);
    expect({ mscc: moved('mscc'), sm: moved('sm'), Agency: moved('Agency'), Admin: moved('Admin') }).toEqual({ mscc: ['joined'], sm: ['joined'], Agency: ['stayed'], Admin: ['stayed'] });
    // a faulty heat pump joined the company: its faulty count goes up
    await until(() => of('mscc', 'dashboard').at(-1)?.faulty_count === mscCountBefore + 1, 3000);

    // and away again, to another of the agency's companies: the company and the site manager hear it leave
    const other = (await t.db.query<{ id: number }>("INSERT INTO multi_site_companies (company_name, created_by_agency_id) VALUES ('Elsewhere Pty', $1) RETURNING id::int AS id", [callers.Agency.agencyId])).rows[0]?.id;
    await t.db.query('INSERT INTO multi_site_company_agencies (company_id, agency_id) VALUES ($1, $2)', [other, callers.Agency.agencyId]);
    expect((await send('Agency', 'PUT', '/api/nms/devices/assign', { device_ids: [device], company_id: other })).status).toBe(200);
    await until(() => moved('mscc').length === 2 && moved('sm').length === 2);
    expect({ mscc: moved('mscc'), sm: moved('sm') }).toEqual({ mscc: ['joined', 'left'], sm: ['joined', 'left'] });
    await until(() => of('mscc', 'dashboard').at(-1)?.faulty_count === mscCountBefore, 3000);
    await settle();
    expect(moved('Electrician')).toEqual([]);
  });
});

describe('a firmware push', () => {
  it("each job's state reaches its device's slices; the push's counts reach Admin only", async () => {
    const admin = bearer(tokens.Admin);
    for (const version of ['7.0.0', '7.1.0']) {
      const content = Buffer.from(`airlink ${version}`);
      const stored = await sendForm(t.app, '/api/ota/store', admin, [
        { name: 'deviceType', value: 'airlink' },
        { name: 'version', value: version },
        { name: 'md_5_value', value: md5(content) },
        { name: 'file', filename: `fw-${version}.bin`, content },
      ]);
      expect(stored.statusCode).toBe(200);
    }
    expect((await send('Admin', 'POST', '/api/ota/rule/add', { name: 'Live', from_version: '7.0.0', to_version: '7.1.0', immediate_update: true, deviceType: 'airlink' })).status).toBe(200);
    const params = new SqlParams();
    const agencyDevice = (await t.db.query<{ id: number }>(`SELECT d.id::int AS id FROM devices d WHERE d.product_line = 'airlink' AND ${slice('Agency', params)} AND NOT coalesce(${slice('mscc', params)}, false) ORDER BY d.id LIMIT 1`, params.values)).rows[0]?.id ?? 0;
    const otherParams = new SqlParams();
    const otherDevice = (await t.db.query<{ id: number }>(`SELECT d.id::int AS id FROM devices d WHERE d.product_line = 'airlink' AND NOT coalesce(${slice('Agency', otherParams)}, false) AND NOT coalesce(${slice('mscc', otherParams)}, false) ORDER BY d.id LIMIT 1`, otherParams.values)).rows[0]?.id ?? 0;
    await t.db.query("UPDATE devices SET firmware_version = '7.0.0' WHERE id = ANY($1::bigint[])", [[agencyDevice, otherDevice]]);

    const pushed = await send('Admin', 'PUT', '/api/ota/update-firmware', { devices: [agencyDevice, otherDevice], deviceType: 'airlink' });
    expect([pushed.status, pushed.body.info.device_count]).toEqual([200, 2]);
    const push = pushed.body.info.push_id;
    const states = (role: Role, device: number) => of(role, 'ota').filter((o) => o.push_id === push && o.device_id === device).map((o) => o.state);
    const rollouts = (role: Role) => of(role, 'rollout').filter((r) => r.push_id === push);
    await until(() => states('Admin', otherDevice).length === 1 && rollouts('Admin').length === 1 && states('Agency', agencyDevice).length === 1);
    expect(rollouts('Admin')).toEqual([{ push_id: push, product_line: 'airlink', queued: 2, downloading: 0, installed: 0, failed: 0 }]);

    const sim = new OtaSimulator(t.db, { bus: t.app.fleetContext.live });
    await sim.tick(new Date());
    await sim.tick(new Date());
    await until(() => states('Agency', agencyDevice).length === 3 && rollouts('Admin').length === 3);
    const done = of('Agency', 'ota').filter((o) => o.push_id === push).at(-1);
    const finalState = (await t.db.query<{ state: string; v: string }>('SELECT j.state, d.firmware_version AS v FROM ota_jobs j JOIN devices d ON d.id = j.device_id WHERE j.push_id = $1 AND j.device_id = $2', [push, agencyDevice])).rows[0];
    expect(states('Agency', agencyDevice)).toEqual(['queued', 'downloading', finalState?.state]);
    expect(done?.firmware_version).toBe(finalState?.v);
    const last = rollouts('Admin').at(-1);
    expect([last?.queued, last?.downloading, (last?.installed ?? 0) + (last?.failed ?? 0)]).toEqual([0, 0, 2]);
    await settle();
    // the agency hears its device only and no push counts; the company hears neither device
    expect(states('Agency', otherDevice)).toEqual([]);
    expect(rollouts('Agency')).toEqual([]);
    expect(of('mscc', 'ota').filter((o) => o.push_id === push)).toEqual([]);
    expect(rollouts('mscc')).toEqual([]);
  });
});
