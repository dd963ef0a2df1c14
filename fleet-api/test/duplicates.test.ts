// A create that repeats a unique value answers 409 with a sentence in the spec's style and stores
// nothing (issue 20, item 4): the site manager's email, and, for any unique index a write may still
// hit (two saves racing past a check), the one error handler's 409 instead of a 500.
import Fastify from 'fastify';
import { installErrorHandling, knownUniqueIndexes, uniqueMessage } from '../src/server/errors';
import { appForFile, bearersFor, countOf } from './support/app';

const t = appForFile({}, { devices: 300 });
const tokens = bearersFor(t, ['Admin', 'mscc']);

const n = (sql: string, params: unknown[] = []) => countOf(t.db, sql, params);

describe('a site manager whose email is already used', () => {
  it('is a 409 with the spec-style sentence, and nothing is stored or mailed (any case, any company)', async () => {
    const company = (await t.db.query<{ company_id: number }>("SELECT company_id::int FROM users WHERE email = 'mscc@demo.test'")).rows[0]?.company_id;
    const own = (await t.db.query<{ id: number }>('SELECT id::int FROM sites WHERE company_id = $1 ORDER BY id', [company])).rows.map((r) => r.id);
    const other = (await t.db.query<{ id: number }>('SELECT id::int FROM sites WHERE company_id <> $1 ORDER BY id LIMIT 1', [company])).rows.map((r) => r.id);
    const manager = { site_ids: own.slice(0, 1), first_name: 'Dee', last_name: 'Plicate', email: 'dee.plicate@acme.test' };
    const save = (role: string, body: object) => t.app.inject({ method: 'POST', url: '/api/nms/site-managers/save', headers: tokens[role], payload: body });
    expect((await save('mscc', manager)).statusCode).toBe(200);
    const before = {
      managers: await n('SELECT count(*)::int AS n FROM site_managers'),
      sites: await n('SELECT count(*)::int AS n FROM site_manager_sites'),
      mails: await n('SELECT count(*)::int AS n FROM outbox'),
      users: await n('SELECT count(*)::int AS n FROM users'),
    };
    for (const [role, body] of [
      ['mscc', manager],
      ['mscc', { ...manager, email: 'DEE.Plicate@ACME.test', first_name: 'Other' }],
      ['Admin', { ...manager, site_ids: other }],
      // the demo site manager's own address
      ['mscc', { ...manager, email: 'sm@demo.test' }],
    ] as Array<[string, object]>) {
      const res = await save(role, body);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ status: false, message: 'A site manager with this email already exists', code: 'siteManagers.emailTaken' });
    }
    expect({
      managers: await n('SELECT count(*)::int AS n FROM site_managers'),
      sites: await n('SELECT count(*)::int AS n FROM site_manager_sites'),
      mails: await n('SELECT count(*)::int AS n FROM outbox'),
      users: await n('SELECT count(*)::int AS n FROM users'),
    }).toEqual(before);
  });
});

describe('the error handler', () => {
  it('answers a unique violation that reached it with 409 and the message of that index, or a general one', async () => {
    const app = Fastify();
    installErrorHandling(app);
    const message = uniqueMessage('test_things_name_key', 'A thing with this name already exists');
    const violation = (constraint: string) => Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505', constraint });
    app.get('/known', async () => {
      throw violation('test_things_name_key');
    });
    app.get('/unknown', async () => {
      throw violation('some_other_key');
    });
    const known = await app.inject({ url: '/known' });
    expect(known.statusCode).toBe(409);
    expect(known.json()).toEqual({ status: false, message });
    const unknown = await app.inject({ url: '/unknown' });
    expect(unknown.statusCode).toBe(409);
    expect(unknown.json()).toEqual({ status: false, message: 'A record with these details already exists' });
    await app.close();
  });

  it('knows the sentence of every unique index a request can hit', async () => {
    // not reachable by a request: the server's own daily history (one upsert a day), a generated
    // installer id, one file per slot (the form refuses a second), a device in one group (upsert)
    const internal = ['heat_pump_daily_key', 'agents_installer_uuid_key', 'firmware_files_firmware_id_slot_key', 'ota_group_devices_device_key'];
    const { rows } = await t.db.query<{ name: string }>(
      `SELECT i.relname AS name FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class r ON r.oid = x.indrelid
        JOIN pg_namespace s ON s.oid = r.relnamespace
       WHERE x.indisunique AND NOT x.indisprimary AND s.nspname = 'public' ORDER BY 1`,
    );
    const unmapped = rows.map((r) => r.name).filter((name) => !knownUniqueIndexes().includes(name) && !internal.includes(name));
    expect(unmapped).toEqual([]);
  });
});
