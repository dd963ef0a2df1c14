/**
 * Site managers and multi-site contacts (spec: modals 5 and 6, their validations; loaded for Admin,
 * mscc and sm). A site manager looks after sites of one company; a contact belongs to its company.
 * mscc manages its company's people; Admin any company's; sm sees itself. Emails are fixed once created.
 */
import { Type, type Static } from '@sinclair/typebox';
import type { Db } from '../../db';
import type { Caller } from '../../policy/roles';
import { requireAllVisible, requireVisible, scopeFor } from '../../policy/scope';
import { ApiError, badRequest, forbidden, uniqueMessage } from '../../server/errors';
import { filterBy, buildListing, type ListQuery, type ListSpec, pagedList } from '../../server/listing';
import { SqlParams, whereClause } from '../../server/sql';
import { nmsEmail, nmsName } from './organisations';
import { say } from '../../server/messages';

const SiteIds = Type.Array(Type.Integer({ minimum: 1, maximum: 2147483647, errorMessage: say('siteManagers.siteRequired') }), {
  minItems: 1,
  maxItems: 500,
  errorMessage: { minItems: say('siteManagers.siteRequired'), maxItems: say('siteManagers.tooManySites') },
  requiredMessage: say('siteManagers.siteRequired'),
});
/** A site manager's email is one person's across the fleet (site_managers_email_key): a second one is a 409. */
const SITE_MANAGER_EMAIL_TAKEN = uniqueMessage('site_managers_email_key', say('siteManagers.emailTaken'));

/** Spec 5: digits only, 8 to 13 of them. */
const CONTACT_NO_INVALID = say('fields.contactNumberInvalid');
const ContactNo = Type.String({ pattern: '^[0-9]{8,13}$', errorMessage: { default: CONTACT_NO_INVALID }, requiredMessage: say('fields.contactNumberRequired') });

export const ManagerBody = { site_ids: SiteIds, first_name: nmsName('First Name'), last_name: nmsName('Last Name'), email: nmsEmail('Site Manager Email') };
export const ManagerUpdateBody = { site_ids: SiteIds, first_name: nmsName('First Name'), last_name: nmsName('Last Name') };
export const ContactBody = {
  company_id: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647, errorMessage: say('siteManagers.companyRequired') })),
  first_name: nmsName('First Name'),
  last_name: nmsName('Last Name'),
  contact_no: ContactNo,
  email: nmsEmail('Email'),
};
export const ContactUpdateBody = { first_name: nmsName('First Name'), last_name: nmsName('Last Name'), contact_no: ContactNo };

export const ManagerRow = Type.Object({
  id: Type.Integer(),
  first_name: Type.String(),
  last_name: Type.String(),
  email: Type.String(),
  company_id: Type.Integer(),
  company_name: Type.String(),
  site_ids: Type.Array(Type.Integer()),
  sites: Type.Array(Type.Object({ id: Type.Integer(), site_name: Type.String() })),
});
export const ContactRow = Type.Object({
  id: Type.Integer(),
  first_name: Type.String(),
  last_name: Type.String(),
  email: Type.String(),
  contact_no: Type.Union([Type.String(), Type.Null()]),
  company_id: Type.Integer(),
  company_name: Type.String(),
});

const PEOPLE: ListSpec = {
  sortable: { created_at: 'x.created_at', first_name: 'lower(x.first_name)', last_name: 'lower(x.last_name)', email: 'x.email' },
  filters: { first_name: filterBy.text('x.first_name'), last_name: filterBy.text('x.last_name'), email: filterBy.text('x.email') },
};

async function page<T>(db: Db, query: ListQuery, from: string, scope: (params: SqlParams) => string, columns: string) {
  const params = new SqlParams();
  const listing = buildListing(query, PEOPLE, params, 'x.id');
  const where = whereClause([scope(params), ...listing.conditions]);
  return pagedList<T>(db, listing, params, columns, `${from} ${where}`);
}

const MANAGER_COLUMNS = `x.id::int AS id, x.first_name, x.last_name, x.email, x.company_id::int AS company_id, c.company_name,
  COALESCE((SELECT array_agg(sms.site_id::int ORDER BY sms.site_id) FROM site_manager_sites sms WHERE sms.site_manager_id = x.id), '{}') AS site_ids,
  COALESCE((SELECT json_agg(json_build_object('id', s.id::int, 'site_name', s.site_name) ORDER BY s.site_name)
              FROM site_manager_sites sms JOIN sites s ON s.id = sms.site_id WHERE sms.site_manager_id = x.id), '[]'::json) AS sites`;

export function listManagers(db: Db, caller: Caller, query: ListQuery) {
  return page<Static<typeof ManagerRow>>(db, query, 'FROM site_managers x JOIN multi_site_companies c ON c.id = x.company_id', (p) => scopeFor(caller).siteManagers('x', p), MANAGER_COLUMNS);
}

export function listContacts(db: Db, caller: Caller, query: ListQuery) {
  return page<Static<typeof ContactRow>>(
    db,
    query,
    'FROM multi_site_contacts x JOIN multi_site_companies c ON c.id = x.company_id',
    (p) => scopeFor(caller).companyContacts('x', p),
    'x.id::int AS id, x.first_name, x.last_name, x.email, x.contact_no, x.company_id::int AS company_id, c.company_name',
  );
}

/** The one company of the chosen sites, each in the caller's slice (a site outside it is a 404: SECURITY.md 4). */
async function companyOfSites(db: Db, caller: Caller, siteIds: number[]): Promise<number> {
  if (caller.userType !== 'Admin' && caller.userType !== 'mscc') throw forbidden();
  const ids = [...new Set(siteIds)];
  await requireAllVisible(db, caller, 'sites', ids, { message: say('sites.notFound') });
  const { rows } = await db.query<{ company_id: number }>('SELECT DISTINCT s.company_id::int AS company_id FROM sites s WHERE s.id = ANY($1::bigint[])', [ids]);
  if (rows.length !== 1) throw badRequest(say('siteManagers.oneCompany'));
  return rows[0]?.company_id ?? 0;
}

export async function saveManager(db: Db, caller: Caller, input: { site_ids: number[]; first_name: string; last_name: string; email: string }, now: Date): Promise<number> {
  const company = await companyOfSites(db, caller, input.site_ids);
  const taken = await db.query('SELECT 1 FROM site_managers WHERE lower(email) = lower($1)', [input.email.trim()]);
  if (taken.rows.length > 0) throw new ApiError(409, SITE_MANAGER_EMAIL_TAKEN);
  // two saves of one address at once: the index refuses the second, the same 409 (server/errors.ts)
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: number }>(
      'INSERT INTO site_managers (company_id, first_name, last_name, email, created_at) VALUES ($1, $2, $3, lower($4), $5) RETURNING id::int AS id',
      [company, input.first_name.trim(), input.last_name.trim(), input.email.trim(), now.toISOString()],
    );
    const id = rows[0]?.id ?? 0;
    await tx.query('INSERT INTO site_manager_sites (site_manager_id, site_id) SELECT $1, unnest($2::bigint[])', [id, [...new Set(input.site_ids)]]);
    return id;
  });
}

export async function updateManager(db: Db, caller: Caller, id: number, input: { site_ids: number[]; first_name: string; last_name: string }) {
  await requireVisible(db, caller, 'siteManagers', id);
  const company = await companyOfSites(db, caller, input.site_ids);
  await db.transaction(async (tx) => {
    await tx.query('UPDATE site_managers SET first_name = $2, last_name = $3, company_id = $4 WHERE id = $1', [id, input.first_name.trim(), input.last_name.trim(), company]);
    await tx.query('DELETE FROM site_manager_sites WHERE site_manager_id = $1', [id]);
    await tx.query('INSERT INTO site_manager_sites (site_manager_id, site_id) SELECT $1, unnest($2::bigint[])', [id, [...new Set(input.site_ids)]]);
  });
}

/** A contact of the company contact's own company, or of the company Admin chooses (Please Select Multisite). */
export async function saveContact(
  db: Db,
  caller: Caller,
  input: { company_id?: number; first_name: string; last_name: string; email: string; contact_no: string },
  now: Date,
) {
  let company: number;
  // a company id names one of the slice's: mscc's own changes nothing, another is a 404 (SECURITY.md 4)
  if (input.company_id !== undefined) await requireVisible(db, caller, 'companies', input.company_id);
  if (caller.userType === 'mscc') {
    if (caller.companyId === null) throw forbidden();
    company = caller.companyId;
  } else if (caller.userType === 'Admin') {
    if (input.company_id === undefined) throw badRequest(say('siteManagers.companyRequired'));
    company = input.company_id;
  } else throw forbidden();
  await db.query('INSERT INTO multi_site_contacts (company_id, first_name, last_name, email, contact_no, created_at) VALUES ($1, $2, $3, lower($4), $5, $6)', [
    company,
    input.first_name.trim(),
    input.last_name.trim(),
    input.email.trim(),
    input.contact_no,
    now.toISOString(),
  ]);
}

export async function updateContact(db: Db, caller: Caller, id: number, input: { first_name: string; last_name: string; contact_no: string }) {
  await requireVisible(db, caller, 'companyContacts', id);
  await db.query('UPDATE multi_site_contacts SET first_name = $2, last_name = $3, contact_no = $4 WHERE id = $1', [id, input.first_name.trim(), input.last_name.trim(), input.contact_no]);
}
