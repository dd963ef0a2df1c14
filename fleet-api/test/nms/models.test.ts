// Heat-pump models (issue 11): Admin lists, adds, updates and deletes them; a name is unique (case
// aside), a model heat pumps use is not deleted; bad input is refused with a message and saves nothing.
import { appForFile, bearer, signIn, SETUP_TIMEOUT } from '../support/app';

const t = appForFile({}, { devices: 200 });
let admin: Record<string, string>;
beforeAll(async () => {
  admin = bearer((await signIn(t.app, 'admin@demo.test')).token);
}, SETUP_TIMEOUT);

async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  const res = await t.app.inject({ method, url, headers: admin, ...(payload ? { payload } : {}) });
  return { status: res.statusCode, body: res.json() as { message: string; info: { total: number; data: Array<Record<string, unknown>> } & Record<string, unknown> } };
}
const filter = (name: string) => `filter=${encodeURIComponent(JSON.stringify([{ key: 'model_name', value: name, type: 'single' }]))}`;
const count = async () => (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM heat_pump_models')).rows[0]?.n ?? 0;

it('lists the models with how many heat pumps use each, filtered by name', async () => {
  const res = await call('GET', '/api/heat-pump/model/list?sortBy=model_name&orderBy=asc');
  expect(res.status).toBe(200);
  expect(res.body.info.total).toBe(await count());
  const names = res.body.info.data.map((m) => String(m.model_name).toLowerCase());
  expect([...names].sort()).toEqual(names);
  const used = (await t.db.query<{ id: number; n: number }>("SELECT heat_pump_model_id::int AS id, count(*)::int AS n FROM devices WHERE heat_pump_model_id IS NOT NULL GROUP BY 1 ORDER BY 2 DESC LIMIT 1")).rows[0];
  const row = res.body.info.data.find((m) => m.id === used?.id);
  expect(row?.heat_pumps).toBe(used?.n);
  const one = String(res.body.info.data[0]?.model_name);
  const filtered = await call('GET', `/api/heat-pump/model/list?${filter(one.slice(0, 4))}`);
  expect(filtered.body.info.data.every((m) => String(m.model_name).toLowerCase().includes(one.slice(0, 4).toLowerCase()))).toBe(true);
});

it('adds, reads, updates and deletes a model; refuses a duplicate name and bad input, saving nothing', async () => {
  const before = await count();
  expect((await call('POST', '/api/heat-pump/model/save', { model_name: '  ' })).body.message).toBe('Model Name is required');
  expect((await call('POST', '/api/heat-pump/model/save', {})).body.message).toBe('Model Name is required');
  expect((await call('POST', '/api/heat-pump/model/save', { model_name: 'x'.repeat(61) })).body.message).toBe('Model Name must be at most 60 characters');
  expect((await call('POST', '/api/heat-pump/model/save', { model_name: 'HP Test', capacity_litres: 0 })).status).toBe(400);
  expect((await call('POST', '/api/heat-pump/model/save', { model_name: 'HP Test', role: 'x' })).status).toBe(400);
  expect(await count()).toBe(before);
  const saved = await call('POST', '/api/heat-pump/model/save', { model_name: ' HP Test 300 ', capacity_litres: 300, description: 'Split system' });
  expect(saved.status).toBe(200);
  expect(saved.body.message).toBe('Model added successfully');
  const dup = await call('POST', '/api/heat-pump/model/save', { model_name: 'hp test 300' });
  expect([dup.status, dup.body.message]).toEqual([409, 'A model with this name already exists']);
  const id = (await t.db.query<{ id: number }>("SELECT id::int FROM heat_pump_models WHERE model_name = 'HP Test 300'")).rows[0]?.id;
  expect((await call('GET', `/api/heat-pump/model/info/${id}`)).body.info).toMatchObject({ id, model_name: 'HP Test 300', capacity_litres: 300, description: 'Split system', heat_pumps: 0 });
  const updated = await call('PUT', '/api/heat-pump/model/update', { id, model_name: 'HP Test 315', capacity_litres: 315 });
  expect(updated.body.message).toBe('Model updated successfully');
  expect((await call('GET', `/api/heat-pump/model/info/${id}`)).body.info).toMatchObject({ model_name: 'HP Test 315', capacity_litres: 315, description: null });
  const deleted = await call('DELETE', `/api/heat-pump/model/delete/${id}`);
  expect(deleted.body.message).toBe('Model deleted successfully');
  expect((await call('GET', `/api/heat-pump/model/info/${id}`)).status).toBe(404);
  expect(await count()).toBe(before);
});

it('does not delete a model heat pumps use, nor rename one onto another', async () => {
  const used = (await t.db.query<{ id: number; n: number }>('SELECT heat_pump_model_id::int AS id, count(*)::int AS n FROM devices WHERE heat_pump_model_id IS NOT NULL GROUP BY 1 LIMIT 1')).rows[0];
  const res = await call('DELETE', `/api/heat-pump/model/delete/${used?.id}`);
  expect([res.status, res.body.message]).toEqual([409, `${used?.n} heat pumps use this model: it cannot be deleted`]);
  const two = (await t.db.query<{ id: number; model_name: string }>('SELECT id::int, model_name FROM heat_pump_models ORDER BY id LIMIT 2')).rows;
  const clash = await call('PUT', '/api/heat-pump/model/update', { id: two[0]?.id, model_name: two[1]?.model_name });
  expect(clash.status).toBe(409);
});
