// Issue 23: a representative write of each kind records its entry with the right actor, object and
// changes (and nothing on refusal); sign-in, sign-out, exports started and downloaded are entries,
// refused sign-ins and tokens security events; secrets never appear; two organisations whose names
// overlap each see only their own entries.
import type { AuditEntryInfo, AuditEntryRow } from '@fleet/contract';
import { appForFile, bearersFor, answer, countOf, post, signIn, DEMO_PASSWORD } from '../support/app';

const t = appForFile({}, { devices: 160 });
const tokens = bearersFor(t, ['Admin', 'Agency', 'Electrician']);

const call = <T,>(role: string, url: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE' = 'GET', payload?: object) => answer<T>(t.app, tokens[role], url, method, payload);
const n = (sql: string, params: unknown[] = []) => countOf(t.db, sql, params);
const one = async <T,>(sql: string, params: unknown[] = []): Promise<T> => {
  const row = (await t.db.query<T>(sql, params)).rows[0];
  if (!row) throw new Error(`no row: ${sql}`);
  return row;
};

type Entry = AuditEntryRow;
const newest = async (): Promise<AuditEntryInfo> => {
  const { id } = await one<{ id: number }>('SELECT id::int AS id FROM audit_entries ORDER BY seq DESC LIMIT 1');
  return (await call<AuditEntryInfo>('Admin', `/api/audit/info?id=${id}`)).info;
};
const entries = () => n('SELECT count(*)::int AS n FROM audit_entries');
const agencyOf = async (email: string) => (await one<{ agency_id: number }>('SELECT agency_id::int AS agency_id FROM users WHERE email = $1', [email])).agency_id;

describe('entries of each kind of write', () => {
  it('an agency edits its device: actor with its organisation, the device, the fields with old and new; another agency’s is a 404 and no entry', async () => {
    const agencyId = await agencyOf('agency@demo.test');
    const mine = await one<{ id: number; impulse_rate: number | null }>("SELECT id::int AS id, impulse_rate FROM devices WHERE agency_id = $1 AND product_line = 'livelink' ORDER BY id LIMIT 1", [agencyId]);
    const theirs = await one<{ id: number }>("SELECT id::int AS id FROM devices WHERE agency_id <> $1 AND product_line = 'livelink' ORDER BY id LIMIT 1", [agencyId]);
    const rate = mine.impulse_rate === 1250 ? 1500 : 1250;
    const before = await entries();
    expect((await call('Agency', '/api/agency/device/update', 'POST', { id: theirs.id, impulse_rate: rate, impulse_rate_type: 'imp/kWh' })).status).toBe(404);
    expect(await entries()).toBe(before);
    const res = await call('Agency', '/api/agency/device/update', 'POST', { id: mine.id, impulse_rate: rate, impulse_rate_type: 'imp/kWh' });
    expect(res.status).toBe(200);
    expect(await entries()).toBe(before + 1);
    const entry = await newest();
    expect(entry).toMatchObject({
      action: 'update',
      entity: 'device',
      entity_id: mine.id,
      actor: { email: 'agency@demo.test', role: 'Agency', organisation: { kind: 'agency', id: agencyId } },
      route: 'POST /api/agency/device/update',
    });
    expect(entry.actor.organisation?.name).toEqual(expect.any(String));
    expect(entry.changes).toContainEqual({ field: 'impulse_rate', old: mine.impulse_rate, new: rate });
    expect(entry.request_id).toEqual(expect.any(String));
  });

  it('assigning heat pumps is one entry with the count and every id touched, readable by its ids', async () => {
    const agencyId = await agencyOf('agency@demo.test');
    const company = (await one<{ id: number }>("INSERT INTO multi_site_companies (company_name, created_by_agency_id) VALUES ('Audit Co', $1) RETURNING id::int AS id", [agencyId])).id;
    await t.db.query('INSERT INTO multi_site_company_agencies (company_id, agency_id) VALUES ($1, $2)', [company, agencyId]);
    const site = (await one<{ id: number }>("INSERT INTO sites (company_id, site_name) VALUES ($1, 'Audit Site') RETURNING id::int AS id", [company])).id;
    const own = (await t.db.query<{ id: number }>("SELECT id::int AS id FROM devices WHERE product_line = 'heat_pump' AND agency_id = $1 ORDER BY id LIMIT 3", [agencyId])).rows.map((r) => r.id);
    expect(own.length).toBe(3);
    const res = await call('Agency', '/api/nms/devices/assign', 'PUT', { device_ids: own, company_id: company, site_id: site });
    expect(res.status).toBe(200);
    const entry = await newest();
    expect(entry).toMatchObject({ action: 'assign', entity: 'device', bulk: { count: 3, filter: { device_ids: own } } });
    expect([...entry.touched_ids].sort((a, b) => a - b)).toEqual(own);
    // the device's own filter finds the bulk entry by any id it touched
    const found = await call<{ data: Entry[]; total: number }>('Admin', `/api/audit/list?filter=${encodeURIComponent(JSON.stringify([{ key: 'entity_id', value: own[1] }, { key: 'action', value: ['assign'], type: 'multi' }]))}`);
    expect(found.info.data.map((e) => e.id)).toContain(entry.id);
  });

  it('Admin makes an OTA group and renames it: the group, its name old and new', async () => {
    const members = (await t.db.query<{ id: number }>("SELECT id::int AS id FROM devices WHERE product_line = 'airlink' ORDER BY id LIMIT 2")).rows.map((r) => r.id);
    const made = await call<{ id: number }>('Admin', '/api/ota/group/add', 'POST', { group_name: 'Audit pilot', device_ids: members, all: false, deviceType: 'airlink' });
    expect(made.status).toBe(200);
    expect(await newest()).toMatchObject({ action: 'create', entity: 'ota_group', entity_id: made.info.id, label: 'Audit pilot' });
    const res = await call('Admin', '/api/ota/group/update-data', 'PUT', { group_id: made.info.id, group_name: 'Audit pilot 2', deviceType: 'airlink' });
    expect(res.status).toBe(200);
    const entry = await newest();
    expect(entry).toMatchObject({ action: 'update', entity: 'ota_group', entity_id: made.info.id, label: 'Audit pilot 2', actor: { role: 'Admin', organisation: null } });
    expect(entry.changes).toContainEqual({ field: 'name', old: 'Audit pilot', new: 'Audit pilot 2' });
  });

  it('resolving a fault, adding a heat-pump model and editing a device are entries of their objects', async () => {
    const fault = await one<{ id: number }>('SELECT id::int AS id FROM faults WHERE fault_status = 0 ORDER BY id LIMIT 1');
    expect((await call('Admin', `/api/heat-pump/faults/${fault.id}/resolve`, 'PUT', { agent: 'Sam', job_comments: 'reset the unit' })).status).toBe(200);
    const resolved = await newest();
    expect(resolved).toMatchObject({ action: 'resolve', entity: 'fault', entity_id: fault.id });
    expect(resolved.changes.length > 0 || (resolved.bulk?.count ?? 0) > 1).toBe(true);

    const model = await call<{ id: number }>('Admin', '/api/heat-pump/model/save', 'POST', { model_name: 'Audit HP-9' });
    expect(model.status).toBe(200);
    expect(await newest()).toMatchObject({ action: 'create', entity: 'heat_pump_model', label: 'Audit HP-9' });

    const device = await one<{ id: number; nmi: string | null }>("SELECT id::int AS id, nmi FROM devices WHERE product_line = 'livelink' ORDER BY id DESC LIMIT 1");
    expect((await call('Admin', `/api/device/edit/${device.id}`, 'PUT', { impulse_rate: 1000, impulse_rate_type: 'imp/kWh', nmi: '6102345678' })).status).toBe(200);
    const edited = await newest();
    expect(edited).toMatchObject({ action: 'update', entity: 'device', entity_id: device.id });
    expect(edited.changes).toContainEqual({ field: 'nmi', old: device.nmi, new: '6102345678' });
  });

  it('an export started and its file downloaded are entries; the download link is not the caller’s token', async () => {
    const started = await call<{ id: number }>('Admin', '/api/device/export', 'POST', {});
    expect(started.status).toBe(200);
    expect(await newest()).toMatchObject({ action: 'export_started', entity: 'export', entity_id: started.info.id });
    await t.app.fleetContext.exports.settle();
    const job = await call<{ download_link: string }>('Admin', `/api/export/${started.info.id}`);
    const download = await t.app.inject({ method: 'GET', url: job.info.download_link });
    expect(download.statusCode).toBe(200);
    expect(await newest()).toMatchObject({ action: 'export_downloaded', entity: 'export', entity_id: started.info.id });
  });
});

describe('sign-in and security events', () => {
  it('a refused password, a refused code and a refused token are security events, never entries; sign-in and sign-out are entries', async () => {
    const before = await entries();
    const events = () => n('SELECT count(*)::int AS n FROM security_events');
    const firstEvents = await events();
    expect((await post(t.app, '/api/authenticate/login', { email: 'electrician@demo.test', password: 'Wrong-pass-1' })).statusCode).toBe(401);
    expect((await post(t.app, '/api/authenticate/login-otp', { email: 'electrician@demo.test', otp: '000000' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/profile', headers: { authorization: 'Bearer not.a.token' } })).statusCode).toBe(401);
    expect(await entries()).toBe(before);
    expect(await events()).toBe(firstEvents + 3);
    const list = await call<{ data: Array<{ kind: string; email: string | null; status: number }>; total: number }>('Admin', '/api/audit/security-events?limit=3');
    expect(list.info.data.map((e) => [e.kind, e.email, e.status])).toEqual([
      ['token_refused', null, 401],
      ['code_refused', 'electrician@demo.test', 401],
      ['sign_in_refused', 'electrician@demo.test', 401],
    ]);
    expect((await call('Agency', '/api/audit/security-events')).status).toBe(403);

    const session = await signIn(t.app, 'electrician@demo.test', DEMO_PASSWORD);
    const signedIn = await newest();
    expect(signedIn).toMatchObject({ action: 'sign_in', entity: 'session', actor: { email: 'electrician@demo.test', role: 'Electrician', organisation: { kind: 'electrician' } } });
    const out = await t.app.inject({ method: 'POST', url: '/api/authenticate/logout', headers: { authorization: `Bearer ${session.token}` }, payload: { refresh_token: session.refresh_token } });
    expect(out.statusCode).toBe(200);
    expect(await newest()).toMatchObject({ action: 'sign_out', entity: 'session', actor: { email: 'electrician@demo.test' } });
  });
});

describe('organisations’ slices', () => {
  it('two agencies whose names overlap each see only the entries about their slice and by their users, on every page and filter', async () => {
    const a = await agencyOf('agency@demo.test');
    const b = (await one<{ id: number }>('SELECT id::int AS id FROM agencies WHERE id <> $1 ORDER BY id LIMIT 1', [a])).id;
    await t.db.query("UPDATE agencies SET agency_name = CASE WHEN id = $1 THEN 'Volt' ELSE 'Volt Partners' END WHERE id IN ($1, $2)", [a, b]);
    const deviceOf = (agency: number) => one<{ id: number }>("SELECT id::int AS id FROM devices WHERE agency_id = $1 AND product_line = 'livelink' ORDER BY id DESC LIMIT 1", [agency]);
    const [da, db] = [await deviceOf(a), await deviceOf(b)];
    for (const d of [da, db]) expect((await call('Admin', `/api/device/edit/${d.id}`, 'PUT', { impulse_rate: 1000, impulse_rate_type: 'imp/kWh', nmi: '6102345678' })).status).toBe(200);
    const theirs = await one<{ id: number }>("SELECT id::int AS id FROM audit_entries WHERE entity = 'device' AND entity_id = $1 ORDER BY seq DESC LIMIT 1", [db.id]);

    const seen: number[] = [];
    for (let page = 1; ; page += 1) {
      const list = await call<{ data: Entry[]; total: number; last_page: number }>('Agency', `/api/agency/audit/list?limit=2&page=${page}`);
      expect(list.status).toBe(200);
      seen.push(...list.info.data.map((e) => e.id));
      if (page >= list.info.last_page) {
        expect(list.info.total).toBe(seen.length);
        break;
      }
    }
    const mine = await t.db.query<{ id: number }>('SELECT id::int AS id FROM audit_entries WHERE slice_keys && $1::text[] ORDER BY id', [[`agency:${a}`, ...(await t.db.query<{ id: number }>('SELECT id::int AS id FROM multi_site_companies WHERE created_by_agency_id = $1 UNION SELECT company_id::int FROM multi_site_company_agencies WHERE agency_id = $1', [a])).rows.map((r) => `company:${r.id}`)]]);
    expect([...seen].sort((x, y) => x - y)).toEqual(mine.rows.map((r) => r.id));
    expect(seen).not.toContain(theirs.id);
    const byDevice = (id: number) => `/api/agency/audit/list?filter=${encodeURIComponent(JSON.stringify([{ key: 'entity_id', value: id }]))}`;
    expect((await call<{ total: number }>('Agency', byDevice(da.id))).info.total).toBeGreaterThan(0);
    expect((await call<{ data: Entry[]; total: number }>('Agency', byDevice(db.id))).info).toMatchObject({ data: [], total: 0 });
    expect((await call('Agency', `/api/audit/info?id=${theirs.id}`)).status).toBe(404);
    // another role's list and Admin's
    expect((await call('Agency', '/api/audit/list')).status).toBe(403);
    const electrician = await call<{ data: Entry[] }>('Electrician', '/api/electrician/audit/list?limit=100');
    expect(electrician.info.data.map((e) => e.id)).not.toContain(theirs.id);
    expect((await call<{ total: number }>('Admin', '/api/audit/list')).info.total).toBe(await entries());
  });
});

describe('secrets', () => {
  it('a password change records the field as changed, never a hash, a password, a code or a token', async () => {
    const res = await call('Admin', '/api/profile/update', 'PUT', { first_name: 'Ada', last_name: 'Admin', password: 'Fresh-pass-42', confirm_password: 'Fresh-pass-42', current_password: DEMO_PASSWORD });
    expect(res.status).toBe(200);
    const entry = await newest();
    expect(entry.changes).toContainEqual({ field: 'password_hash', old: null, new: 'changed' });
    const leaked = await n(
      `SELECT count(*)::int AS n FROM audit_entries
        WHERE changes::text ~* '(\\$argon2|Fresh-pass-42|Wrong-pass-1|${DEMO_PASSWORD.replace(/[^A-Za-z0-9]/g, '.')})'
           OR EXISTS (SELECT 1 FROM jsonb_array_elements(changes) c
                       WHERE c->>'field' ~* '(password|token|otp|secret|hash)' AND (c->'old' <> 'null'::jsonb OR c->>'new' <> 'changed'))`,
    );
    expect(leaked).toBe(0);
  });
});
