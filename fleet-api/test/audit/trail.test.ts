// Issue 23: every accepted write records one entry in its own transaction, a refused one records
// nothing and changes nothing; the entries' actor, object and changes.
import type { AuditEntryRow } from '@fleet/contract';
import { appForFile, bearersFor, answer, countOf } from '../support/app';

const t = appForFile({}, { devices: 120 });
const tokens = bearersFor(t, ['Admin', 'Agency', 'Electrician', 'mscc', 'sm']);

const call = <T,>(role: string, url: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE' = 'GET', payload?: object) => answer<T>(t.app, tokens[role], url, method, payload);
const n = (sql: string, params: unknown[] = []) => countOf(t.db, sql, params);
const entries = () => n('SELECT count(*)::int AS n FROM audit_entries');

const latest = async (): Promise<AuditEntryRow> => {
  const list = await call<{ data: AuditEntryRow[] }>('Admin', '/api/audit/list?limit=1');
  const entry = list.info.data[0];
  if (!entry) throw new Error('no entry');
  return entry;
};

describe('recording', () => {
  it('records a create, an update with old and new values and a delete, each once, with the actor', async () => {
    const before = await entries();
    const added = await call<{ id: number }>('Admin', '/api/aggregators/add', 'POST', { name: 'Audit Energy' });
    expect(added.status).toBe(200);
    expect(await entries()).toBe(before + 1);
    const created = await latest();
    expect(created).toMatchObject({ action: 'create', entity: 'aggregator', entity_id: added.info.id, label: 'Audit Energy', actor: { email: 'admin@demo.test', role: 'Admin', organisation: null } });
    expect(created.changes).toContainEqual({ field: 'name', old: null, new: 'Audit Energy' });

    expect((await call('Admin', `/api/aggregators/edit/${added.info.id}`, 'PUT', { name: 'Audit Power' })).status).toBe(200);
    const updated = await latest();
    expect(updated).toMatchObject({ action: 'update', entity: 'aggregator', entity_id: added.info.id, label: 'Audit Power' });
    expect(updated.changes).toEqual([{ field: 'name', old: 'Audit Energy', new: 'Audit Power' }]);

    expect((await call('Admin', `/api/aggregators/delete/${added.info.id}`, 'DELETE')).status).toBe(200);
    expect(await latest()).toMatchObject({ action: 'delete', entity: 'aggregator', entity_id: added.info.id });
    expect(await entries()).toBe(before + 3);
  });

  it('records nothing for a 400, 403, 404 or 409, and changes nothing', async () => {
    const before = await entries();
    const rows = await n('SELECT count(*)::int AS n FROM aggregators');
    expect((await call('Admin', '/api/aggregators/add', 'POST', { name: '' })).status).toBe(400);
    expect((await call('Agency', '/api/aggregators/add', 'POST', { name: 'Sneaky' })).status).toBe(403);
    expect((await call('Admin', '/api/aggregators/edit/999999', 'PUT', { name: 'Nobody' })).status).toBe(404);
    const first = await call<{ id: number }>('Admin', '/api/aggregators/add', 'POST', { name: 'Twin Power' });
    expect((await call('Admin', '/api/aggregators/add', 'POST', { name: 'twin power' })).status).toBe(409);
    expect(await entries()).toBe(before + 1);
    expect(await n('SELECT count(*)::int AS n FROM aggregators')).toBe(rows + 1);
    await call('Admin', `/api/aggregators/delete/${first.info.id}`, 'DELETE');
  });
});
