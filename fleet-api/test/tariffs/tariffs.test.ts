// Issue 13 (part): Admin's tariffs. The list with its filters, create and edit with every rule of
// spec 5 refused in its words (storing nothing), the property edit's cascade reading what was made,
// and no delete of a tariff (or removal of a type) a property's current tariff names.
import { tariffProblem } from '@fleet/contract';
import { appForFile, bearersFor, answer, countOf } from '../support/app';

const t = appForFile({}, { devices: 60 });
const tokens = bearersFor(t, ['Admin', 'Agency', 'Customer']);

const call = <T = unknown,>(role: string, url: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE' = 'GET', payload?: object) => answer<T>(t.app, tokens[role], url, method, payload);
const n = (sql: string, params: unknown[] = []) => countOf(t.db, sql, params);
const filter = (items: Array<{ key: string; value: string }>) => encodeURIComponent(JSON.stringify(items.map((i) => ({ ...i, type: 'single' }))));

const slot = (startTime: string, endTime: string, name = '') => ({ startTime, endTime, name });
const empty = { peak: [], offPeak: [], shoulder: [], other: [] };
const weekday = {
  ...empty,
  peak: [slot('14:00', '20:00', 'Peak')],
  shoulder: [slot('07:00', '14:00', 'Shoulder'), slot('20:00', '22:00')],
  offPeak: [slot('22:00', '07:00', 'Off Peak')],
};
const weekend = { ...empty, offPeak: [slot('00:00', '00:00', 'Off Peak')] };
function body() {
  return {
    company: 'Harbour Grid',
    postCode: '2995,2996',
    typeTarrif: [
      { type: 'Flat Rate', flatRate: true, season: [] as unknown[] },
      {
        type: 'Time of Use',
        flatRate: false,
        season: [
          { from: '2026-04-01', to: '2026-10-31', same_as_weekdays: 0, weekdays: weekday, weekends: weekend },
          { from: '2026-11-01', to: '2027-03-31', same_as_weekdays: 1, weekdays: weekday },
        ],
      },
    ],
  };
}
type Body = ReturnType<typeof body>;
interface TariffInfo {
  id: number;
  company: string;
  postCode: string;
  properties: number;
  typeTarrif: Array<{ structureId: number; type: string; flatRate: boolean; properties: number; season: Array<{ from: string; to: string; same_as_weekdays: number; weekdays: typeof weekday; weekends: typeof weekday }> }>;
}

describe('tariffs', () => {
  let id = 0;

  it('seeds tariffs that keep every rule and save back unchanged', async () => {
    const all = await call<{ data: Array<{ id: number; company_name: string; types: string[] }> }>('Admin', '/api/tarrif/getCompanies?limit=100');
    expect(all.info.data.find((r) => r.company_name === 'Ausgrid')?.types).toEqual(['Flat Rate', 'Time of Use', 'Seasonal Time of Use']);
    for (const row of all.info.data) {
      const read = (await call<TariffInfo>('Admin', `/api/tarrif/get/${row.id}`)).info;
      expect([row.company_name, tariffProblem(read)]).toEqual([row.company_name, null]);
      const again = {
        company: read.company,
        postCode: read.postCode,
        typeTarrif: read.typeTarrif.map(({ properties: _used, ...type }) => type),
      };
      const saved = await call('Admin', `/api/tarrif/edit/${row.id}`, 'PUT', again);
      expect([row.company_name, saved.status]).toEqual([row.company_name, 200]);
      expect((await call<TariffInfo>('Admin', `/api/tarrif/get/${row.id}`)).info).toEqual(read);
    }
  });

  it('refuses every broken rule with the spec message and stores nothing', async () => {
    const companies = () => n('SELECT count(*)::int AS n FROM tariff_companies');
    const structures = () => n('SELECT count(*)::int AS n FROM tariff_structures');
    const before = [await companies(), await structures()];
    const tries: Array<[(b: Body) => unknown, string]> = [
      [(b) => ({ ...b, company: '' }), 'Company is required'],
      [(b) => ({ ...b, company: undefined }), 'Company is required'],
      [(b) => ({ ...b, postCode: '' }), 'Post Code is required. Please upload valid CSV file.'],
      [(b) => ({ ...b, postCode: '2000,abc' }), 'Post Code is required. Please upload valid CSV file.'],
      [(b) => ({ ...b, typeTarrif: [] }), 'Add at least one tariff type'],
      [(b) => b.typeTarrif[0] && (b.typeTarrif[0].type = ' '), 'Type is required'],
      [(b) => b.typeTarrif[1] && (b.typeTarrif[1].type = ' flat RATE'), 'Type cannot be same'],
      [(b) => b.typeTarrif[1] && (b.typeTarrif[1].season = [b.typeTarrif[1].season[0]]), 'Season should be of 365 Days'],
      [(b) => b.typeTarrif[1] && ((b.typeTarrif[1].season[1] as { to: string }).to = '2027-04-01'), 'Season should be of 365 Days'],
      [(b) => b.typeTarrif[1] && ((b.typeTarrif[1].season[1] as { from: string }).from = ''), 'Start date is required'],
      [(b) => b.typeTarrif[1] && ((b.typeTarrif[1].season[0] as { weekdays: unknown }).weekdays = { ...weekday, peak: [slot('14:00', '19:00', 'Peak')] }), 'Weekday should be of 24 Hours'],
      [(b) => b.typeTarrif[1] && ((b.typeTarrif[1].season[0] as { weekdays: unknown }).weekdays = { ...weekday, peak: [slot('13:00', '20:00', 'Peak')], shoulder: [slot('07:00', '14:00', 'S'), slot('20:00', '21:00')] }), 'Weekday should be of 24 Hours'],
      [(b) => b.typeTarrif[1] && ((b.typeTarrif[1].season[0] as { weekends: unknown }).weekends = { ...empty, offPeak: [slot('00:00', '23:00', 'Off Peak')] }), 'Weekend should be of 24 Hours'],
      [(b) => b.typeTarrif[1] && ((b.typeTarrif[1].season[0] as { weekends: unknown }).weekends = { ...empty, offPeak: [slot('00:00', '00:00')] }), 'Name is required'],
      [(b) => b.typeTarrif[1] && ((b.typeTarrif[1].season[0] as { weekdays: unknown }).weekdays = { ...weekday, peak: [slot('14:00', '20:60', 'Peak')] }), 'End time must be HH:mm'],
      [(b) => ({ ...b, role: 'Admin' }), 'role is not an accepted field'],
    ];
    for (const [change, message] of tries) {
      const b = body();
      const changed = change(b);
      const payload = typeof changed === 'object' && changed !== null && 'company' in changed ? changed : b;
      const res = await call('Admin', '/api/tarrif/create', 'POST', payload as object);
      expect([res.status, res.message]).toEqual([400, message]);
    }
    expect([await companies(), await structures()]).toEqual(before);
  });

  it('creates a tariff the property cascade reads, with one plan per kind of slot', async () => {
    const created = await call<{ id: number }>('Admin', '/api/tarrif/create', 'POST', { ...body(), company: ' Harbour Grid ', postCode: '2995, 2996,2995' });
    expect([created.status, created.message]).toEqual([200, 'Tariff added successfully']);
    id = created.info.id;
    const twin = await call('Admin', '/api/tarrif/create', 'POST', { ...body(), company: 'HARBOUR GRID' });
    expect([twin.status, twin.message]).toEqual([409, 'A tariff for this company already exists']);

    const read = await call<TariffInfo>('Admin', `/api/tarrif/get/${id}`);
    expect(read.info).toMatchObject({ id, company: 'Harbour Grid', postCode: '2995,2996', properties: 0 });
    expect(read.info.typeTarrif.map((x) => [x.type, x.flatRate, x.season.length])).toEqual([
      ['Flat Rate', true, 0],
      ['Time of Use', false, 2],
    ]);
    const [winter, summer] = read.info.typeTarrif[1]?.season ?? [];
    expect(winter).toMatchObject({ from: '2026-04-01', to: '2026-10-31', same_as_weekdays: 0 });
    expect(winter?.weekends.offPeak.map((s) => [s.startTime, s.endTime, s.name])).toEqual([['00:00', '00:00', 'Off Peak']]);
    // the same weekends are the weekdays
    expect(summer?.weekends.shoulder.map((s) => s.startTime)).toEqual(['07:00', '20:00']);

    // the property edit's cascade: the distributor of the post code, its structures and their plans
    const distributors = await call<Array<{ id: number; company_name: string }>>('Agency', '/api/tariff/get-companies?post_code=2996');
    expect(distributors.info).toEqual([{ id, company_name: 'Harbour Grid' }]);
    const structures = await call<{ tariff_structure: Array<{ tariff_structure_id: number; type: string; is_flat_rate: boolean; tariff_plan: Array<{ key: string }> }> }>(
      'Agency',
      `/api/tarrif/company/get-structure?company_id=${id}`,
    );
    expect(structures.info.tariff_structure.map((s) => [s.type, s.is_flat_rate, s.tariff_plan.map((p) => p.key)])).toEqual([
      ['Flat Rate', true, []],
      ['Time of Use', false, ['peak', 'shoulder', 'offPeak']],
    ]);
  });

  it('lists tariffs with their post codes, types and properties, filtered', async () => {
    const all = await call<{ data: Array<{ id: number; company_name: string; post_code_count: number; types: string[]; properties: number }>; total: number }>('Admin', '/api/tarrif/getCompanies?limit=100');
    expect(all.info.total).toBe(await n('SELECT count(*)::int AS n FROM tariff_companies'));
    expect(all.info.data[0]).toMatchObject({ id, company_name: 'Harbour Grid', post_code_count: 2, types: ['Flat Rate', 'Time of Use'], properties: 0 });
    const endeavour = all.info.data.find((r) => r.company_name === 'Endeavour Energy');
    expect(endeavour?.properties).toBe(await n('SELECT count(DISTINCT property_id)::int AS n FROM customer_tariff_details WHERE company_id = (SELECT id FROM tariff_companies WHERE company_name = $1)', ['Endeavour Energy']));
    const byCode = await call<{ data: Array<{ company_name: string }> }>('Admin', `/api/tarrif/getCompanies?filter=${filter([{ key: 'post_code', value: '2150' }])}`);
    expect(byCode.info.data.map((r) => r.company_name)).toEqual(['Endeavour Energy']);
    const byName = await call<{ data: Array<{ company_name: string }> }>('Admin', `/api/tarrif/getCompanies?filter=${filter([{ key: 'company_name', value: 'harbour' }, { key: 'type', value: 'time of' }])}`);
    expect(byName.info.data.map((r) => r.company_name)).toEqual(['Harbour Grid']);
    expect((await call('Admin', `/api/tarrif/getCompanies?filter=${filter([{ key: 'post_code', value: 'x' }])}`)).status).toBe(400);
    expect((await call('Admin', '/api/tarrif/getCompanies?sortBy=company_name&orderBy=asc')).status).toBe(200);
  });

  it('edits the company, post codes and types; a property on a type keeps it', async () => {
    const read = (await call<TariffInfo>('Admin', `/api/tarrif/get/${id}`)).info;
    const [flat, tou] = read.typeTarrif;
    const edited = body();
    edited.company = 'Harbour Grid Networks';
    edited.postCode = '2995,2997';
    edited.typeTarrif = [
      { type: 'Flat Rate', flatRate: true, season: [], structureId: flat?.structureId } as Body['typeTarrif'][number],
      { ...(edited.typeTarrif[1] as Body['typeTarrif'][number]), type: 'Seasonal Time of Use', structureId: tou?.structureId } as Body['typeTarrif'][number],
      { type: 'Demand', flatRate: false, season: [{ from: '2026-01-01', to: '2026-12-31', same_as_weekdays: 1, weekdays: { ...empty, other: [slot('00:00', '12:00', 'Demand'), slot('12:00', '00:00')] } }] },
    ];
    const saved = await call('Admin', `/api/tarrif/edit/${id}`, 'PUT', edited);
    expect([saved.status, saved.message]).toEqual([200, 'Tariff updated successfully']);
    const after = (await call<TariffInfo>('Admin', `/api/tarrif/get/${id}`)).info;
    expect(after.company).toBe('Harbour Grid Networks');
    expect(after.postCode).toBe('2995,2997');
    expect(after.typeTarrif.map((x) => [x.structureId === tou?.structureId, x.type])).toEqual([
      [false, 'Flat Rate'],
      [true, 'Seasonal Time of Use'],
      [false, 'Demand'],
    ]);
    expect(await n("SELECT jsonb_array_length(tariff_plan)::int AS n FROM tariff_structures WHERE type = 'Demand' AND company_id = $1", [id])).toBe(1);

    // a property of the post code takes the seasonal type
    const property = await n("SELECT p.id::int AS n FROM properties p JOIN customers c ON c.id = p.customer_id WHERE c.email = 'customer@demo.test' ORDER BY p.id LIMIT 1");
    const retailer = await n('SELECT id::int AS n FROM electricity_retailers ORDER BY id LIMIT 1');
    const onTou = await call('Admin', '/api/customer/property/update-details', 'PUT', {
      property_id: property,
      property_name: 'Home',
      postal_code: '2997',
      company_id: id,
      electricity_retailer_id: retailer,
      tariff_structure_id: tou?.structureId,
      tariff_plan: [
        { key: 'peak', unit_charge: 0.5 },
        { key: 'shoulder', unit_charge: 0.3 },
        { key: 'offPeak', unit_charge: 0.2 },
      ],
    });
    expect([onTou.status, onTou.message]).toEqual([200, 'Property details updated successfully']);
    expect((await call<TariffInfo>('Admin', `/api/tarrif/get/${id}`)).info.typeTarrif[1]?.properties).toBe(1);

    // that type cannot go, and a rule broken on edit changes nothing
    const without = { ...edited, typeTarrif: [edited.typeTarrif[0], edited.typeTarrif[2]] };
    const refused = await call('Admin', `/api/tarrif/edit/${id}`, 'PUT', without);
    expect([refused.status, refused.message]).toEqual([409, 'The tariff type Seasonal Time of Use is the current tariff of 1 property']);
    const broken = { ...edited, company: 'Renamed', typeTarrif: [edited.typeTarrif[0], { ...edited.typeTarrif[1], season: [] }] };
    expect((await call('Admin', `/api/tarrif/edit/${id}`, 'PUT', broken)).message).toBe('Season should be of 365 Days');
    expect((await call<TariffInfo>('Admin', `/api/tarrif/get/${id}`)).info.company).toBe('Harbour Grid Networks');
    // another tariff's type is not this one's
    const endeavourFlat = await n("SELECT s.id::int AS n FROM tariff_structures s JOIN tariff_companies c ON c.id = s.company_id WHERE c.company_name = 'Endeavour Energy' ORDER BY s.id LIMIT 1");
    const foreign = await call('Admin', `/api/tarrif/edit/${id}`, 'PUT', { ...edited, typeTarrif: [...edited.typeTarrif, { type: 'Stolen', flatRate: true, season: [], structureId: endeavourFlat }] });
    expect([foreign.status, foreign.message]).toEqual([400, 'The tariff type is not one of this tariff']);
    expect(await n('SELECT count(*)::int AS n FROM tariff_structures WHERE id = $1', [endeavourFlat])).toBe(1);
    const taken = await call('Admin', `/api/tarrif/edit/${id}`, 'PUT', { ...edited, company: 'endeavour energy' });
    expect([taken.status, taken.message]).toEqual([409, 'A tariff for this company already exists']);
    expect((await call('Admin', '/api/tarrif/edit/999999', 'PUT', edited)).status).toBe(404);

    // the property's tariff ends up elsewhere: now the type may go
    const endeavour = await n("SELECT id::int AS n FROM tariff_companies WHERE company_name = 'Endeavour Energy'");
    const back = await call('Admin', '/api/customer/property/update-details', 'PUT', {
      property_id: property,
      property_name: 'Home',
      postal_code: '2150',
      company_id: endeavour,
      electricity_retailer_id: retailer,
      tariff_structure_id: endeavourFlat,
      unit_charge: 0.3,
    });
    expect(back.status).toBe(200);
    const removed = await call('Admin', `/api/tarrif/edit/${id}`, 'PUT', without);
    expect(removed.status).toBe(200);
    expect((await call<TariffInfo>('Admin', `/api/tarrif/get/${id}`)).info.typeTarrif.map((x) => x.type)).toEqual(['Flat Rate', 'Demand']);
  });

  it('deletes a tariff no current tariff names, and refuses one with how many', async () => {
    const endeavour = await n("SELECT id::int AS n FROM tariff_companies WHERE company_name = 'Endeavour Energy'");
    const used = await call('Admin', `/api/tarrif/delete/${endeavour}`, 'DELETE');
    expect(used.status).toBe(409);
    expect(used.message).toMatch(/^This tariff is the current tariff of \d+ propert(y|ies)$/);
    expect(await n('SELECT count(*)::int AS n FROM tariff_structures WHERE company_id = $1', [endeavour])).toBeGreaterThan(0);
    const deleted = await call('Admin', `/api/tarrif/delete/${id}`, 'DELETE');
    expect([deleted.status, deleted.message]).toEqual([200, 'Tariff deleted successfully']);
    expect(await n('SELECT count(*)::int AS n FROM tariff_structures WHERE company_id = $1', [id])).toBe(0);
    // the property's history keeps its rows (their link to the gone structure is cleared)
    expect(await n('SELECT count(*)::int AS n FROM customer_tariff_details WHERE tariff_structure_id IS NULL AND company_id IS NULL')).toBeGreaterThan(0);
    expect((await call('Admin', `/api/tarrif/delete/${id}`, 'DELETE')).status).toBe(404);
    expect((await call('Admin', `/api/tarrif/get/${id}`)).status).toBe(404);
  });

  it('is for Admin only', async () => {
    for (const role of ['Agency', 'Customer']) {
      expect((await call(role, '/api/tarrif/getCompanies')).status).toBe(403);
      expect((await call(role, '/api/tarrif/get/1')).status).toBe(403);
      expect((await call(role, '/api/tarrif/create', 'POST', body())).status).toBe(403);
      expect((await call(role, '/api/tarrif/edit/1', 'PUT', body())).status).toBe(403);
      expect((await call(role, '/api/tarrif/delete/1', 'DELETE')).status).toBe(403);
    }
  });
});
