// A create or update that names another organisation's object is refused and stores nothing (issue
// 20, item 5; SECURITY.md 4): every id a body carries goes through the policy layer, so an id outside
// the caller's slice is a 404, never silently replaced by the caller's own. Each case is tried with
// an id outside the slice (404, no table changed) and then with one inside it (the body is valid, so
// the 404 came from the slice, not from validation).
import { scopeFor, type ScopedEntity, ENTITY_TABLES } from '../src/policy/scope';
import { SqlParams } from '../src/server/sql';
import { appForFile, bearersFor, callerByEmail } from './support/app';

const t = appForFile({}, { devices: 700 });
const tokens = bearersFor(t, ['Agency', 'mscc', 'sm', 'Electrician', 'Customer']);

const EMAIL_OF: Record<string, string> = {
  Agency: 'agency@demo.test',
  mscc: 'mscc@demo.test',
  sm: 'sm@demo.test',
  Electrician: 'electrician@demo.test',
  Customer: 'customer@demo.test',
};

const callerOf = (role: string) => callerByEmail(t.db, EMAIL_OF[role] ?? '');

/** The first id of `entity` inside (or outside) the caller's slice, by the policy layer's own predicate. */
async function idOf(role: string, entity: ScopedEntity, inside: boolean, extra = 'TRUE'): Promise<number> {
  const params = new SqlParams();
  const predicate = scopeFor(await callerOf(role))[entity]('t', params);
  const { rows } = await t.db.query<{ id: number }>(
    `SELECT t.id::int AS id FROM ${ENTITY_TABLES[entity]} t WHERE ${inside ? '' : 'NOT'} coalesce((${predicate}), false) AND ${extra} ORDER BY t.id LIMIT 1`,
    params.values,
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error(`no ${entity} ${inside ? 'inside' : 'outside'} the slice of ${role}`);
  return id;
}

/** What a refused write must leave as it was: every table these calls can write. */
const WRITTEN = ['multi_site_companies', 'multi_site_company_agencies', 'sites', 'site_managers', 'site_manager_sites', 'multi_site_contacts', 'customers', 'property_members', 'devices', 'device_rate_changes', 'device_readings', 'electrician_agents', 'users', 'outbox'];
async function fingerprint(): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const table of WRITTEN) {
    out[table] = (await t.db.query<{ h: string }>(`SELECT md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS h FROM ${table} x`)).rows[0]?.h ?? '';
  }
  return out;
}

async function send(role: string, method: 'POST' | 'PUT', url: string, payload: object) {
  const res = await t.app.inject({ method, url, headers: tokens[role], payload });
  return { status: res.statusCode, body: res.json<{ status: boolean; message: string }>() };
}

const site = { site_name: 'Side Door', site_address: '5 Lane St', site_manager_name: 'Max Ward', site_manager_email: 'max@side.test' };
const company = { company_name: 'Borrowed Co', company_address: '7 Any St', contact_person_email: 'borrowed.admin@x.test' };
const contact = { first_name: 'Ida', last_name: 'Link', contact_no: '0412345678' };
const person = { first_name: 'Ann', last_name: 'Other', phone_no: '0412345678' };
const rate = { impulse_rate: 1000, impulse_rate_type: 'imp/kWh' };

/** A customer without a sign-in: editing one of the slice must not rename a demo account. */
const NO_SIGN_IN = 'NOT EXISTS (SELECT 1 FROM users u WHERE u.customer_id = t.id)';

interface Case {
  name: string;
  role: string;
  method: 'POST' | 'PUT';
  /** The url and body naming `id`. */
  call: (id: number) => [string, object];
  entity: ScopedEntity;
  extra?: string;
}

const CASES: Case[] = [
  // the three
  { name: 'mscc puts a new site under another company', role: 'mscc', method: 'POST', entity: 'companies', call: (id) => ['/api/nms/sites/save', { ...site, company_id: id }] },
  { name: 'mscc puts a new contact under another company', role: 'mscc', method: 'POST', entity: 'companies', call: (id) => ['/api/nms/contacts/save', { ...contact, email: `ida.${id}@x.test`, company_id: id }] },
  { name: 'Agency links a new company to another agency', role: 'Agency', method: 'POST', entity: 'agencies', call: (id) => ['/api/nms/multi-site-company/save', { ...company, contact_person_email: `co.${id}@x.test`, agency_ids: [id] }] },
  // the same pattern elsewhere
  { name: 'mscc moves its site to another company', role: 'mscc', method: 'PUT', entity: 'companies', call: (id) => ['/api/nms/sites/update', { ...site, id: ownSite, company_id: id }] },
  { name: 'Agency relinks its company to another agency', role: 'Agency', method: 'PUT', entity: 'agencies', call: (id) => ['/api/nms/multi-site-company/update', { id: agencyCompany, company_name: 'Relinked', company_address: '1 St', agency_ids: [id] }] },
  { name: 'mscc gives a new site manager a site of another company', role: 'mscc', method: 'POST', entity: 'sites', call: (id) => ['/api/nms/site-managers/save', { site_ids: [id], first_name: 'Sy', last_name: 'Te', email: `sy.${id}@x.test` }] },
  { name: 'mscc gives its site manager a site of another company', role: 'mscc', method: 'PUT', entity: 'sites', call: (id) => ['/api/nms/site-managers/update', { id: ownManager, site_ids: [id], first_name: 'Sy', last_name: 'Te' }] },
  { name: 'Agency files a company site under a company not its own', role: 'Agency', method: 'POST', entity: 'companies', call: (id) => ['/api/nms/sites/save', { ...site, company_id: id }] },
  { name: 'Agency edits a customer of another agency', role: 'Agency', method: 'PUT', entity: 'customers', extra: NO_SIGN_IN, call: (id) => ['/api/agency/customer/update', { ...person, customer_id: id, email: `cust.${id}@x.test` }] },
  { name: 'sm edits a customer outside its sites', role: 'sm', method: 'PUT', entity: 'customers', extra: NO_SIGN_IN, call: (id) => ['/api/sm/customer/update', { ...person, customer_id: id, email: `cust.${id}@x.test` }] },
  { name: 'mscc adds a member to a property outside its company', role: 'mscc', method: 'POST', entity: 'properties', call: (id) => ['/api/mscc/customer/property/add-member', { ...person, property_id: id, email: `member.${id}@x.test` }] },
  { name: 'Agency edits a device of another agency', role: 'Agency', method: 'POST', entity: 'devices', call: (id) => ['/api/agency/device/update', { ...rate, id }] },
  { name: 'Electrician edits a device it did not install', role: 'Electrician', method: 'PUT', entity: 'devices', call: (id) => ['/api/electrician/device/update', { ...rate, id }] },
  { name: "Electrician edits another electrician's field worker", role: 'Electrician', method: 'PUT', entity: 'electricianAgents', call: (id) => [`/api/electrician/agent/edit/${id}`, { first_name: 'Fi', last_name: 'Eld', email: `fw.${id}@x.test`, phone: '0412345678' }] },
  { name: "Customer records readings of another's device", role: 'Customer', method: 'POST', entity: 'devices', extra: "t.product_line <> 'safelink'", call: (id) => ['/api/customer/readings', { device_id: id, readings: [{ month: t.clock.now().toISOString().slice(0, 7), kwh: 1 }] }] },
];

let ownSite = 0;
let ownManager = 0;
let agencyCompany = 0;
beforeAll(async () => {
  ownSite = await idOf('mscc', 'sites', true);
  ownManager = await idOf('mscc', 'siteManagers', true);
  agencyCompany = await idOf('Agency', 'companies', true);
});

describe('an id outside the slice in a create or update body', () => {
  it.each(CASES.map((c) => [c.name, c] as const))('%s: 404, nothing stored; an id of its own slice is taken', async (_name, c) => {
    const foreign = await idOf(c.role, c.entity, false, c.extra);
    const before = await fingerprint();
    const [url, body] = c.call(foreign);
    const refused = await send(c.role, c.method, url, body);
    expect({ status: refused.status, body: refused.body }).toEqual({ status: 404, body: { status: false, message: expect.any(String), code: expect.any(String) } });
    expect(await fingerprint()).toEqual(before);
    const [ownUrl, ownBody] = c.call(await idOf(c.role, c.entity, true, c.extra));
    const taken = await send(c.role, c.method, ownUrl, ownBody);
    expect([taken.status, taken.body.status]).toEqual([200, true]);
  });

  it("stores mscc's new site and contact under its own company, the agency's new company linked to itself only", async () => {
    const mscc = await callerOf('mscc');
    expect((await t.db.query<{ company_id: number }>("SELECT company_id::int FROM sites WHERE site_manager_email = 'max@side.test' ORDER BY id")).rows.every((r) => r.company_id === mscc.companyId)).toBe(true);
    const agency = await callerOf('Agency');
    const links = await t.db.query<{ agency_id: number }>(
      "SELECT l.agency_id::int FROM multi_site_company_agencies l JOIN multi_site_companies c ON c.id = l.company_id WHERE c.company_name = 'Borrowed Co'",
    );
    expect(links.rows.map((r) => r.agency_id)).toEqual([agency.agencyId]);
  });
});
