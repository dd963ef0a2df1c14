// One timeline per customer property (issue 23): members added and removed, tariffs, devices installed,
// moved in and out, and the property's own edits, each with who made it, newest first; the kind filter
// (a bad kind is 400), paging with an exact total, 404 for a property of another slice under each role's
// call (as its detail call answers), and two agencies whose names overlap.
import { PROPERTY_TIMELINE_KINDS, PROPERTY_TIMELINE_PATHS, type PropertyTimelineEntry } from '@fleet/contract';
import { scopeFor } from '../../src/policy/scope';
import { SqlParams } from '../../src/server/sql';
import { answer, appForFile, bearer, bearersFor, callerByEmail, countOf, signIn } from '../support/app';

const t = appForFile({}, { devices: 300 });
const ROLES = Object.keys(PROPERTY_TIMELINE_PATHS) as Array<keyof typeof PROPERTY_TIMELINE_PATHS>;
const headers = bearersFor(t, [...ROLES, 'Customer']);
const PREFIX = { Admin: '/api/customer', Agency: '/api/agency/customer', mscc: '/api/mscc/customer', sm: '/api/sm/customer' };

interface Page {
  data: PropertyTimelineEntry[];
  total: number;
  current_page: number;
  last_page: number;
}

const n = (sql: string, params: unknown[] = []) => countOf(t.db, sql, params);
const kindFilter = (kinds: string[]) => encodeURIComponent(JSON.stringify([{ key: 'kind', value: kinds, type: 'multi' }]));
const timeline = (head: Record<string, string> | undefined, path: string, id: number, query = '') => answer<Page>(t.app, head, `${path}?property_id=${id}${query}`);
const ofRole = (role: keyof typeof PROPERTY_TIMELINE_PATHS, id: number, query = '') => timeline(headers[role], PROPERTY_TIMELINE_PATHS[role], id, query);

/** A property of the role's slice (`inside`) or outside it. */
async function propertyOf(email: string, inside: boolean): Promise<number> {
  const params = new SqlParams();
  const scope = scopeFor(await callerByEmail(t.db, email)).properties('p', params);
  return n(`SELECT p.id::int AS n FROM properties p WHERE ${inside ? '' : 'NOT'} coalesce((${scope}), false) ORDER BY p.id LIMIT 1`, params.values);
}

describe("the demo customer's property, written to through the console", () => {
  let property = 0;
  let elsewhere = 0;
  let device = 0;

  beforeAll(async () => {
    property = await n("SELECT p.id::int AS n FROM properties p JOIN customers c ON c.id = p.customer_id WHERE c.email = 'customer@demo.test'");
    elsewhere = await n('SELECT id::int AS n FROM properties WHERE id <> $1 ORDER BY id LIMIT 1', [property]);
    device = await n('SELECT id::int AS n FROM devices ORDER BY id LIMIT 1');
    const agency = (url: string, method: 'POST' | 'PUT' | 'DELETE', payload?: object) => answer<{ id: number }>(t.app, headers.Agency, url, method, payload);

    // a member added and another added then removed, by the agency
    const member = { property_id: property, first_name: 'Nia', last_name: 'Member', phone_no: '0400111222' };
    expect((await agency(`${PREFIX.Agency}/property/add-member`, 'POST', { ...member, email: 'stays@example.com' })).status).toBe(200);
    const leaving = await agency(`${PREFIX.Agency}/property/add-member`, 'POST', { ...member, email: 'leaves@example.com' });
    expect((await agency(`${PREFIX.Agency}/property/remove-member?property_id=${property}&member_id=${leaving.info.id}`, 'DELETE')).status).toBe(200);
    // a member of another property, added by Admin: never on this timeline
    expect((await answer(t.app, headers.Admin, `${PREFIX.Admin}/property/add-member`, 'POST', { ...member, property_id: elsewhere, email: 'other@example.com' })).status).toBe(200);

    // a tariff and a new name saved by the agency
    const distributor = await n("SELECT id::int AS n FROM tariff_companies WHERE company_name = 'Endeavour Energy'");
    const saved = await agency(`${PREFIX.Agency}/property/update-details`, 'PUT', {
      property_id: property,
      property_name: 'Timeline House',
      postal_code: '2150',
      company_id: distributor,
      electricity_retailer_id: await n("SELECT id::int AS n FROM electricity_retailers WHERE retailer_name = 'Origin Energy'"),
      tariff_structure_id: await n('SELECT id::int AS n FROM tariff_structures WHERE company_id = $1 AND is_flat_rate', [distributor]),
      unit_charge: 0.3,
    });
    expect(saved.status).toBe(200);

    // a device moved in and out (no call moves one today: the entries are written as the trail writes a
    // device's edit), and one moved between two other properties
    const admin = await callerByEmail(t.db, 'admin@demo.test');
    const entry = `INSERT INTO audit_entries (actor_id, actor_email, actor_role, action, entity, entity_id, label, changes, prev_hash, hash)
                   VALUES ($1, 'admin@demo.test', 'Admin', 'update', $2, $3, $4, $5, '', '')`;
    const move = (from: number | null, to: number | null) => JSON.stringify([{ field: 'property_id', old: from, new: to }]);
    await t.db.query(entry, [admin.userId, 'device', device, 'DEV-IN', move(elsewhere, property)]);
    await t.db.query(entry, [admin.userId, 'heat_pump', device, 'DEV-OUT', move(property, null)]);
    await t.db.query(entry, [admin.userId, 'device', device, 'DEV-ELSEWHERE', move(elsewhere, elsewhere + 1)]);
    await t.db.query(`INSERT INTO device_history (device_id, event, serial_number, property_id, note) VALUES ($1, 'installed', 'HP-AT-HOME', $2, 'fitted')`, [device, property]);
  });

  it('shows each kind with who made it, newest first, and nothing of other properties', async () => {
    const page = await ofRole('Agency', property, '&limit=500');
    expect(page.status).toBe(200);
    const entries = page.info.data;
    expect(entries.length).toBe(page.info.total);
    expect([...entries.map((e) => e.at)]).toEqual([...entries.map((e) => e.at)].sort().reverse());
    const find = (kind: string, event: string, subject: string | null) => entries.filter((e) => e.kind === kind && e.event === event && e.subject === subject);

    expect(find('member', 'added', 'stays@example.com')).toEqual([expect.objectContaining({ actor: expect.objectContaining({ email: 'agency@demo.test', role: 'Agency', name: 'Sunrise Installers' }) })]);
    expect(find('member', 'added', 'leaves@example.com')).toHaveLength(1);
    expect(find('member', 'removed', 'leaves@example.com')).toEqual([expect.objectContaining({ actor: expect.objectContaining({ email: 'agency@demo.test' }) })]);
    // the seed's tariff (nobody recorded) and the one just saved
    const tariffs = find('tariff', 'set', 'Flat Rate');
    expect(tariffs.map((e) => [e.detail, e.actor?.email ?? null])).toEqual([
      ['Origin Energy', 'agency@demo.test'],
      ['AGL', null],
    ]);
    expect(find('device', 'moved_in', 'DEV-IN')).toEqual([expect.objectContaining({ actor: expect.objectContaining({ email: 'admin@demo.test' }), changes: [{ field: 'property_id', old: elsewhere, new: property }] })]);
    expect(find('device', 'moved_out', 'DEV-OUT')).toHaveLength(1);
    expect(find('device', 'installed', 'HP-AT-HOME')).toEqual([expect.objectContaining({ detail: 'fitted', actor: null })]);
    // the name changed with the tariff: the property's own fields only (the tariff row is the tariff's entry)
    const [edit] = entries.filter((e) => e.kind === 'edit' && e.event === 'update');
    expect(edit?.actor?.email).toBe('agency@demo.test');
    expect(edit?.changes.map((c) => c.field)).toContain('property_name');
    expect(edit?.changes.find((c) => c.field === 'property_name')?.new).toBe('Timeline House');
    expect(edit?.changes.some((c) => c.field.includes('.'))).toBe(false);
    // the seed's property row and members (no entry recorded them)
    expect(entries.filter((e) => e.kind === 'edit' && e.event === 'created')).toHaveLength(1);
    const seededMembers = await n('SELECT count(*)::int AS n FROM property_members WHERE property_id = $1', [property]);
    expect(entries.filter((e) => e.kind === 'member' && e.event === 'added')).toHaveLength(seededMembers + 1);

    expect(entries.map((e) => e.subject)).not.toContain('other@example.com');
    expect(entries.map((e) => e.subject)).not.toContain('DEV-ELSEWHERE');
    expect(new Set(entries.map((e) => e.key)).size).toBe(entries.length);
    expect(new Set(entries.map((e) => e.kind))).toEqual(new Set(PROPERTY_TIMELINE_KINDS));
  });

  it('filters by kind, with the total of those kinds; a kind that is not one is 400', async () => {
    const all = await ofRole('Admin', property, '&limit=500');
    for (const kinds of [['member'], ['tariff'], ['device'], ['edit'], ['member', 'device']]) {
      const page = await ofRole('Admin', property, `&limit=500&filter=${kindFilter(kinds)}`);
      const expected = all.info.data.filter((e) => kinds.includes(e.kind));
      expect(expected.length).toBeGreaterThan(0);
      expect(page.info.data).toEqual(expected);
      expect(page.info.total).toBe(expected.length);
    }
    for (const bad of [kindFilter(['fault']), kindFilter(['gossip']), encodeURIComponent(JSON.stringify([{ key: 'actor', value: 'x' }]))]) {
      const refused = await ofRole('Admin', property, `&filter=${bad}`);
      expect([refused.status, refused.info]).toEqual([400, undefined]);
    }
  });

  it('pages with an exact total: the pages together are the whole timeline', async () => {
    const all = await ofRole('Agency', property, '&limit=500');
    expect(all.info.total).toBeGreaterThanOrEqual(9);
    for (const limit of [2, 3]) {
      const last = Math.ceil(all.info.total / limit);
      const pages: PropertyTimelineEntry[] = [];
      for (let p = 1; p <= last; p += 1) {
        const page = await ofRole('Agency', property, `&limit=${limit}&page=${p}`);
        expect(page.info).toMatchObject({ total: all.info.total, current_page: p, last_page: last });
        pages.push(...page.info.data);
      }
      expect(pages).toEqual(all.info.data);
      expect((await ofRole('Agency', property, `&limit=${limit}&page=${last + 1}`)).info).toMatchObject({ data: [], total: all.info.total });
    }
  });
});

describe('scoped as the property is', () => {
  const EMAILS = { Admin: 'admin@demo.test', Agency: 'agency@demo.test', mscc: 'mscc@demo.test', sm: 'sm@demo.test' };

  it.each(ROLES.filter((r) => r !== 'Admin'))("%s: its own property answers, another slice's is 404 as its detail call", async (role) => {
    const own = await propertyOf(EMAILS[role], true);
    const foreign = await propertyOf(EMAILS[role], false);
    expect(own).toBeGreaterThan(0);
    expect(foreign).toBeGreaterThan(0);
    expect((await ofRole(role, own)).status).toBe(200);
    const detail = await answer(t.app, headers[role], `${PREFIX[role]}/property/get-info?property_id=${foreign}`);
    expect(detail.status).toBe(404);
    expect(await ofRole(role, foreign)).toEqual({ status: 404, message: detail.message, info: undefined });
  });

  it("Admin: a property that does not exist is 404; another role cannot call Admin's path", async () => {
    expect((await ofRole('Admin', 2_000_000_000)).status).toBe(404);
    const own = await propertyOf(EMAILS.Agency, true);
    expect((await timeline(headers.Agency, PROPERTY_TIMELINE_PATHS.Admin, own)).status).toBe(403);
    expect((await timeline(headers.Customer, PROPERTY_TIMELINE_PATHS.Agency, own)).status).toBe(403);
  });

  it('two agencies whose names overlap: each reads its own properties only', async () => {
    const west = await n("SELECT id::int AS n FROM agencies WHERE agency_name = 'Sunrise Installers West'");
    const sunrise = await n("SELECT id::int AS n FROM agencies WHERE agency_name = 'Sunrise Installers'");
    const westProperty = await n('SELECT id::int AS n FROM properties WHERE agency_id = $1 ORDER BY id LIMIT 1', [west]);
    const sunriseProperty = await n('SELECT id::int AS n FROM properties WHERE agency_id = $1 ORDER BY id LIMIT 1', [sunrise]);
    expect(westProperty * sunriseProperty).toBeGreaterThan(0);
    const westEmail = (await t.db.query<{ email: string }>("SELECT email FROM users WHERE agency_id = $1 AND user_type = 'Agency' ORDER BY id LIMIT 1", [west])).rows[0]?.email ?? '';
    const westHeaders = bearer((await signIn(t.app, westEmail)).token);
    const path = PROPERTY_TIMELINE_PATHS.Agency;
    expect((await timeline(westHeaders, path, westProperty)).status).toBe(200);
    expect((await timeline(westHeaders, path, sunriseProperty)).status).toBe(404);
    expect((await timeline(headers.Agency, path, sunriseProperty)).status).toBe(200);
    expect((await timeline(headers.Agency, path, westProperty)).status).toBe(404);
  });
});
