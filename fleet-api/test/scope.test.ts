// Per-row scope on the seeded fleet (SECURITY.md 1, 3): each role sees exactly its slice, on every
// page and filter, and totals count only those rows; two agencies whose names overlap see only
// their own.
import type { Db } from '../src/db';
import type { Caller } from '../src/policy/roles';
import { requireVisible, scopeFor, ENTITY_TABLES, type ScopedEntity } from '../src/policy/scope';
import { ApiError } from '../src/server/errors';
import { buildListing, listInfo } from '../src/server/listing';
import { SqlParams, whereClause } from '../src/server/sql';
import { appForFile, SETUP_TIMEOUT, callerByEmail } from './support/app';

const t = appForFile({}, { devices: 400 });
let db: Db;
beforeAll(async () => {
  db = t.db;
}, SETUP_TIMEOUT);

const callerOf = (email: string) => callerByEmail(db, email);

async function agencyIdNamed(name: string): Promise<number> {
  const { rows } = await db.query<{ id: number }>('SELECT id FROM agencies WHERE agency_name = $1', [name]);
  if (!rows[0]) throw new Error(`no agency ${name}`);
  return rows[0].id;
}

const agencyCaller = (agencyId: number): Caller => ({
  userId: 0, userType: 'Agency', email: 'x', sessionId: 'x', agencyId, electricianId: null, companyId: null, siteManagerId: null, customerId: null,
});

async function visibleIds(caller: Caller, entity: ScopedEntity): Promise<number[]> {
  const params = new SqlParams();
  const where = scopeFor(caller)[entity]('t', params);
  const { rows } = await db.query<{ id: number }>(`SELECT t.id FROM ${ENTITY_TABLES[entity]} t WHERE ${where} ORDER BY t.id`, params.values);
  return rows.map((r) => r.id);
}

async function ids(sql: string, params: unknown[] = []): Promise<number[]> {
  return (await db.query<{ id: number }>(sql, params)).rows.map((r) => r.id);
}

describe('two agencies with overlapping names', () => {
  let sunrise: number;
  let west: number;
  beforeAll(async () => {
    sunrise = await agencyIdNamed('Sunrise Installers');
    west = await agencyIdNamed('Sunrise Installers West');
  });

  it.each(['devices', 'customers', 'electricians', 'agents'] as const)('see only their own %s, and both have some', async (entity) => {
    const a = await visibleIds(agencyCaller(sunrise), entity);
    const b = await visibleIds(agencyCaller(west), entity);
    expect(a.length).toBeGreaterThan(0);
    expect(b.length).toBeGreaterThan(0);
    expect(a.filter((id) => b.includes(id))).toEqual([]);
    expect(a).toEqual(await ids(`SELECT id FROM ${ENTITY_TABLES[entity]} WHERE agency_id = $1 ORDER BY id`, [sunrise]));
  });

  it('see only the field workers of their own electricians, and the contacts of their own companies', async () => {
    const a = await visibleIds(agencyCaller(sunrise), 'electricianAgents');
    expect(a.length).toBeGreaterThan(0);
    expect(a).toEqual(
      await ids('SELECT ea.id FROM electrician_agents ea JOIN electricians e ON e.id = ea.electrician_id WHERE e.agency_id = $1 ORDER BY ea.id', [sunrise]),
    );
    expect((await visibleIds(agencyCaller(west), 'electricianAgents')).filter((id) => a.includes(id))).toEqual([]);
    const contacts = await visibleIds(agencyCaller(sunrise), 'companyContacts');
    expect(contacts).toEqual(
      await ids(
        `SELECT c.id FROM multi_site_contacts c WHERE c.company_id IN
           (SELECT id FROM multi_site_companies WHERE created_by_agency_id = $1
            UNION SELECT company_id FROM multi_site_company_agencies WHERE agency_id = $1) ORDER BY c.id`,
        [sunrise],
      ),
    );
  });

  it('a name search over agencies finds only their own agency', async () => {
    for (const agencyId of [sunrise, west]) {
      const params = new SqlParams();
      const scope = scopeFor(agencyCaller(agencyId)).agencies('a', params);
      const listing = buildListing(
        { filter: JSON.stringify([{ key: 'agency_name', value: 'Sunrise', type: 'single' }]) },
        { sortable: { created_at: 'a.created_at' }, filters: { agency_name: { kind: 'text', column: 'a.agency_name' } } },
        params,
        'a.id',
      );
      const where = whereClause([scope, ...listing.conditions]);
      const { rows } = await db.query<{ id: number }>(`SELECT a.id FROM agencies a ${where} ${listing.orderBy}`, params.values);
      expect(rows.map((r) => r.id)).toEqual([agencyId]);
    }
  });

  it('pages and totals of a filtered device list count only the agency\'s rows', async () => {
    const lines = await db.query<{ product_line: string }>('SELECT DISTINCT product_line FROM devices WHERE agency_id = $1 LIMIT 1', [west]);
    const line = lines.rows[0]?.product_line ?? 'livelink';
    const filter = JSON.stringify([{ key: 'product_line', value: [line], type: 'multi' }]);
    const spec = { sortable: { created_at: 'd.created_at' }, filters: { product_line: { kind: 'multi' as const, column: 'd.product_line' } } };
    const expected = await ids('SELECT id FROM devices WHERE agency_id = $1 AND product_line = $2', [west, line]);
    expect(expected.length).toBeGreaterThan(0);
    const seen: number[] = [];
    let total = -1;
    for (let page = 1; page <= 50; page += 1) {
      const params = new SqlParams();
      const scope = scopeFor(agencyCaller(west)).devices('d', params);
      const l = buildListing({ page, limit: 5, filter }, spec, params, 'd.id');
      const where = whereClause([scope, ...l.conditions]);
      const count = await db.query<{ n: number }>(`SELECT count(*) AS n FROM devices d ${where}`, params.values);
      const rows = await db.query<{ id: number }>(`SELECT d.id FROM devices d ${where} ${l.orderBy} LIMIT ${l.limit} OFFSET ${l.offset}`, params.values);
      const info = listInfo(rows.rows, count.rows[0]?.n ?? 0, page, l.limit);
      total = info.total;
      seen.push(...info.data.map((r) => r.id));
      if (page >= info.last_page) break;
    }
    expect(total).toBe(expected.length);
    expect(seen.sort((x, y) => x - y)).toEqual(expected.sort((x, y) => x - y));
  });

  it('an object of the other agency is not found (404)', async () => {
    const [foreign] = await ids('SELECT id FROM devices WHERE agency_id = $1 LIMIT 1', [west]);
    const [own] = await ids('SELECT id FROM devices WHERE agency_id = $1 LIMIT 1', [sunrise]);
    await expect(requireVisible(db, agencyCaller(sunrise), 'devices', own ?? 0)).resolves.toBeUndefined();
    const err = await requireVisible(db, agencyCaller(sunrise), 'devices', foreign ?? 0).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).statusCode).toBe(404);
  });
});

describe('each demo role sees its slice', () => {
  it('Admin sees everything', async () => {
    const admin = await callerOf('admin@demo.test');
    expect((await visibleIds(admin, 'devices')).length).toBe(400);
    expect(await visibleIds(admin, 'agencies')).toEqual(await ids('SELECT id FROM agencies ORDER BY id'));
  });

  it('the electrician sees the devices it installed and their customers, nothing of other organisations', async () => {
    const e = await callerOf('electrician@demo.test');
    const devices = await visibleIds(e, 'devices');
    expect(devices.length).toBeGreaterThan(0);
    expect(devices).toEqual(await ids('SELECT id FROM devices WHERE electrician_id = $1 ORDER BY id', [e.electricianId]));
    expect(await visibleIds(e, 'customers')).toEqual(
      await ids('SELECT DISTINCT customer_id AS id FROM devices WHERE electrician_id = $1 AND customer_id IS NOT NULL ORDER BY 1', [e.electricianId]),
    );
    expect(await visibleIds(e, 'sites')).toEqual([]);
    expect(await visibleIds(e, 'companies')).toEqual([]);
    expect(await visibleIds(e, 'electricians')).toEqual([e.electricianId]);
  });

  it('the mscc contact sees its company, its sites and their devices', async () => {
    const m = await callerOf('mscc@demo.test');
    expect(await visibleIds(m, 'companies')).toEqual([m.companyId]);
    const sites = await visibleIds(m, 'sites');
    expect(sites).toEqual(await ids('SELECT id FROM sites WHERE company_id = $1 ORDER BY id', [m.companyId]));
    expect(sites.length).toBe(4);
    const devices = await visibleIds(m, 'devices');
    expect(devices.length).toBeGreaterThan(0);
    const outside = await ids(
      `SELECT id FROM devices WHERE id = ANY($1::bigint[]) AND company_id IS DISTINCT FROM $2 AND (site_id IS NULL OR site_id NOT IN (SELECT id FROM sites WHERE company_id = $2))`,
      [devices, m.companyId],
    );
    expect(outside).toEqual([]);
    expect(await visibleIds(m, 'agencies')).toEqual([]);
  });

  it('the site manager sees only the sites it manages and their devices', async () => {
    const s = await callerOf('sm@demo.test');
    const sites = await visibleIds(s, 'sites');
    expect(sites.length).toBeGreaterThan(0);
    expect(sites).toEqual(await ids('SELECT site_id AS id FROM site_manager_sites WHERE site_manager_id = $1 ORDER BY 1', [s.siteManagerId]));
    const devices = await visibleIds(s, 'devices');
    expect(devices.length).toBeGreaterThan(0);
    expect(await ids('SELECT id FROM devices WHERE id = ANY($1::bigint[]) AND NOT (site_id = ANY($2::bigint[]))', [devices, sites])).toEqual([]);
  });

  it.each(['customer@demo.test', 'user@demo.test'])('%s sees only its own customer record, properties and devices', async (email) => {
    const c = await callerOf(email);
    expect(c.customerId).not.toBeNull();
    expect(await visibleIds(c, 'customers')).toEqual([c.customerId]);
    const devices = await visibleIds(c, 'devices');
    const props = await visibleIds(c, 'properties');
    expect(await ids(
      `SELECT id FROM devices WHERE id = ANY($1::bigint[]) AND customer_id IS DISTINCT FROM $2 AND NOT (property_id = ANY($3::bigint[]))`,
      [devices, c.customerId, props],
    )).toEqual([]);
    expect(await visibleIds(c, 'agencies')).toEqual([]);
  });

  it('the demo customer has devices to see, and the demo user sees them as a member of the property', async () => {
    const customer = await visibleIds(await callerOf('customer@demo.test'), 'devices');
    expect(customer.length).toBeGreaterThan(0);
    const member = await visibleIds(await callerOf('user@demo.test'), 'devices');
    expect(member.length).toBeGreaterThan(0);
    expect(customer.filter((id) => member.includes(id)).length).toBeGreaterThan(0);
  });

  it('a caller without an organisation link sees nothing', async () => {
    const lost: Caller = { ...agencyCaller(0), agencyId: null };
    for (const entity of Object.keys(ENTITY_TABLES) as ScopedEntity[]) expect(await visibleIds(lost, entity)).toEqual([]);
  });
});
