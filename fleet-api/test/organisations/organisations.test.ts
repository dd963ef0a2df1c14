// Issue 13 (part): aggregators and electricity retailers, Admin's lists with add, edit and delete, the
// spec's messages, unique names, and no delete while electricians or current tariffs name them.
import { appForFile, bearersFor, answer, countOf } from '../support/app';

const t = appForFile({}, { devices: 300 });
const tokens = bearersFor(t, ['Admin', 'Agency', 'Electrician']);

const call = <T,>(role: string, url: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE' = 'GET', payload?: object) => answer<T>(t.app, tokens[role], url, method, payload);
const n = (sql: string, params: unknown[] = []) => countOf(t.db, sql, params);

describe('aggregators', () => {
  it('lists, adds, renames and deletes them with the messages; one electricians name is kept', async () => {
    const list = await call<{ data: Array<{ id: number; name: string; electricians: number }>; total: number }>('Admin', '/api/aggregators/get/all?limit=100');
    expect(list.info.total).toBe(await n('SELECT count(*)::int AS n FROM aggregators'));
    for (const [body, message] of [
      [{}, 'Name is required'],
      [{ name: '  ' }, 'Name is required'],
      [{ name: 'x'.repeat(200) }, 'Name should be less than 200 character'],
    ] as const) {
      const res = await call('Admin', '/api/aggregators/add', 'POST', body);
      expect([res.status, res.message]).toEqual([400, message]);
    }
    const added = await call<{ id: number }>('Admin', '/api/aggregators/add', 'POST', { name: ' Harbour Energy Group ' });
    expect([added.status, added.message]).toEqual([200, 'Aggregator added successfully']);
    expect(await n("SELECT count(*)::int AS n FROM aggregators WHERE name = 'Harbour Energy Group'")).toBe(1);
    const twin = await call('Admin', '/api/aggregators/add', 'POST', { name: 'harbour energy group' });
    expect([twin.status, twin.message]).toEqual([409, 'An aggregator with this name already exists']);
    const renamed = await call('Admin', `/api/aggregators/edit/${added.info.id}`, 'PUT', { name: 'Harbour Energy' });
    expect([renamed.status, renamed.message]).toEqual([200, 'Aggregator updated successfully']);
    expect((await call('Admin', '/api/aggregators/edit/999999', 'PUT', { name: 'Nobody' })).status).toBe(404);
    const choices = await call<Array<{ name: string }>>('Admin', '/api/aggregators/get-list');
    expect(choices.info.map((c) => c.name)).toContain('Harbour Energy');

    const used = list.info.data.find((a) => a.electricians > 0);
    expect(used).toBeDefined();
    const refused = await call('Admin', `/api/aggregators/delete/${used?.id}`, 'DELETE');
    expect(refused.status).toBe(409);
    expect(refused.message).toMatch(/^This aggregator has \d+ electricians?; move them to another aggregator first$/);
    expect(await n('SELECT count(*)::int AS n FROM aggregators WHERE id = $1', [used?.id])).toBe(1);
    const deleted = await call('Admin', `/api/aggregators/delete/${added.info.id}`, 'DELETE');
    expect([deleted.status, deleted.message]).toEqual([200, 'Aggregator deleted successfully']);
    expect((await call('Admin', `/api/aggregators/delete/${added.info.id}`, 'DELETE')).status).toBe(404);
    for (const role of ['Agency', 'Electrician']) {
      expect((await call(role, '/api/aggregators/get/all')).status).toBe(403);
      expect((await call(role, '/api/aggregators/add', 'POST', { name: 'Sneaky' })).status).toBe(403);
    }
  });
});

describe('electricity retailers', () => {
  it('lists, adds, edits and deletes them with the messages; top-listed only when 1; one a current tariff names is kept', async () => {
    const list = await call<{ data: Array<{ electricity_retailer_id: number; retailer_name: string; properties: number }>; total: number }>('Admin', '/api/electricity-retailer/get/all?limit=100');
    expect(list.info.total).toBe(await n('SELECT count(*)::int AS n FROM electricity_retailers'));
    for (const body of [{}, { retailer_name: '' }, { retailer_name: ' ', is_top_listed: 1 }]) {
      const res = await call('Admin', '/api/electricity-retailer/add', 'POST', body);
      expect([res.status, res.message]).toEqual([400, 'Retailer Name is required']);
    }
    const added = await call<{ electricity_retailer_id: number }>('Admin', '/api/electricity-retailer/add', 'POST', { retailer_name: 'Tango Energy', is_top_listed: 1 });
    expect([added.status, added.message]).toEqual([200, 'Retailer added successfully']);
    const id = added.info.electricity_retailer_id;
    expect(await n('SELECT is_top_listed::int AS n FROM electricity_retailers WHERE id = $1', [id])).toBe(1);
    expect((await call('Admin', '/api/electricity-retailer/add', 'POST', { retailer_name: 'TANGO ENERGY' })).status).toBe(409);
    const edited = await call('Admin', '/api/electricity-retailer/edit/update', 'PUT', { electricity_retailer_id: id, retailer_name: 'Tango', is_top_listed: 0 });
    expect([edited.status, edited.message]).toEqual([200, 'Retailer updated successfully']);
    expect(await n("SELECT is_top_listed::int AS n FROM electricity_retailers WHERE id = $1 AND retailer_name = 'Tango'", [id])).toBe(0);
    const filtered = await call<{ data: Array<{ retailer_name: string }> }>('Admin', `/api/electricity-retailer/get/all?filter=${encodeURIComponent(JSON.stringify([{ key: 'retailer_name', value: 'tang', type: 'single' }]))}`);
    expect(filtered.info.data.map((r) => r.retailer_name)).toEqual(['Tango']);

    const used = list.info.data.find((r) => r.properties > 0);
    expect(used).toBeDefined();
    const refused = await call('Admin', `/api/electricity-retailer/delete?electricity_retailer_id=${used?.electricity_retailer_id}`, 'DELETE');
    expect(refused.status).toBe(409);
    expect(refused.message).toMatch(/^This retailer is the current retailer of \d+ propert(y|ies)$/);
    const deleted = await call('Admin', `/api/electricity-retailer/delete?electricity_retailer_id=${id}`, 'DELETE');
    expect([deleted.status, deleted.message]).toEqual([200, 'Retailer deleted successfully']);
    expect((await call('Admin', `/api/electricity-retailer/delete?electricity_retailer_id=${id}`, 'DELETE')).status).toBe(404);
    expect((await call('Agency', '/api/electricity-retailer/get/all')).status).toBe(403);
    expect((await call('Agency', '/api/electricity-retailer/add', 'POST', { retailer_name: 'Sneaky' })).status).toBe(403);
  });
});
