/**
 * Creating and updating multi-site companies and sites (spec: Multi-site modals 2 and 4, with their
 * validations), on the caller's slice: Admin any (choosing the agencies, or the company of a site),
 * Agency its own (created by it and linked to it), mscc sites of its own company. A company or site
 * outside the slice is 404; the account admin email of a company is fixed once created.
 */
import { Type, type Static } from '@sinclair/typebox';
import type { Db } from '../../db';
import type { Caller } from '../../policy/roles';
import { requireAllVisible, requireVisible } from '../../policy/scope';
import { badRequest, forbidden } from '../../server/errors';
import { RequiredText } from '../../server/schemas';
import { say } from '../../server/messages';
import { escapeLike, pagedList, pagingOnly } from '../../server/listing';
import { SqlParams } from '../../server/sql';

/** Spec 5: names at most 60 characters (not the addresses); emails like {email}, no spaces. */
export const NAME_MAX = 60;
export const VALID_EMAIL = say('fields.emailInvalidPlease');
const EMAIL = '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$';

/** A person's or a place's name on the NMS forms (required, at most NAME_MAX). */
export const nmsName = (label: string) =>
  RequiredText(NAME_MAX, say('requests.fieldRequired', { field: label }), say('fields.tooLong', { field: label, max: NAME_MAX }));
const address = (label: string) =>
  RequiredText(300, say('requests.fieldRequired', { field: label }), say('uploads.fieldTooLong', { field: label }));
/** An email on the NMS forms ({email}, no spaces). */
export const nmsEmail = (label: string) =>
  Type.String({ maxLength: 254, pattern: EMAIL, errorMessage: { default: VALID_EMAIL }, requiredMessage: say('requests.fieldRequired', { field: label }) });

const AgencyIds = Type.Array(Type.Integer({ minimum: 1, maximum: 2147483647, errorMessage: say('nms.agencyRequired') }), { maxItems: 200, errorMessage: { maxItems: say('nms.tooManyAgencies') } });

export const CompanyBody = {
  agency_ids: Type.Optional(AgencyIds),
  company_name: nmsName('Company Name'),
  company_address: address('Company Address'),
  contact_person_email: nmsEmail('Contact Person Email'),
};
export const CompanyUpdateBody = {
  agency_ids: Type.Optional(AgencyIds),
  company_name: nmsName('Company Name'),
  company_address: address('Company Address'),
  /** Admin's: its account admins and site managers need a second factor (docs/second-factor.md); left out: unchanged. */
  second_factor_required: Type.Optional(Type.Boolean({ errorMessage: say('mfa.requiredBoolean') })),
};
export const SiteBody = {
  company_id: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647, errorMessage: say('nms.contactRequired') })),
  site_name: nmsName('Site Name'),
  site_address: address('Site Address'),
  site_manager_name: nmsName('Site Manager Name'),
  site_manager_email: nmsEmail('Site Manager Email'),
};

type CompanyInput = { agency_ids?: number[]; company_name: string; company_address: string; contact_person_email?: string; second_factor_required?: boolean };
type SiteInput = Static<ReturnType<typeof Type.Object<typeof SiteBody>>>;

/**
 * The agencies a company is linked to: Admin's choice (required, spec 5), or the agency itself. Every
 * chosen id goes through the policy layer: an agency outside the caller's slice (another agency, for
 * an Agency; one that does not exist) is a 404, never silently replaced (SECURITY.md 4).
 */
async function agenciesFor(db: Db, caller: Caller, chosen: number[] | undefined): Promise<number[]> {
  if (caller.userType !== 'Admin' && caller.userType !== 'Agency') throw forbidden();
  const ids = [...new Set(chosen ?? [])];
  await requireAllVisible(db, caller, 'agencies', ids, { message: say('agencies.notFound') });
  if (caller.userType === 'Agency') return caller.agencyId === null ? [] : [caller.agencyId];
  if (ids.length === 0) throw badRequest(say('nms.agencyRequired'));
  return ids;
}

export async function saveCompany(db: Db, caller: Caller, input: CompanyInput, now: Date): Promise<number> {
  const agencies = await agenciesFor(db, caller, input.agency_ids);
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: number }>(
      `INSERT INTO multi_site_companies (company_name, company_address, contact_person_email, created_by_agency_id, created_at, updated_at)
       VALUES ($1, $2, lower($3), $4, $5, $5) RETURNING id::int AS id`,
      [input.company_name.trim(), input.company_address.trim(), (input.contact_person_email ?? '').trim(), caller.userType === 'Agency' ? caller.agencyId : null, now.toISOString()],
    );
    const id = rows[0]?.id ?? 0;
    await tx.query('INSERT INTO multi_site_company_agencies (company_id, agency_id) SELECT $1, unnest($2::bigint[])', [id, agencies]);
    return id;
  });
}

export async function updateCompany(db: Db, caller: Caller, id: number, input: CompanyInput, now: Date): Promise<void> {
  await requireVisible(db, caller, 'companies', id);
  // only Admin decides who must sign in with a second factor
  if (input.second_factor_required !== undefined && caller.userType !== 'Admin') throw forbidden(say('mfa.requiredOnlyAdmin'));
  // an agency's own id changes nothing; another agency's is a 404
  const agencies = caller.userType === 'Admin' || input.agency_ids !== undefined ? await agenciesFor(db, caller, input.agency_ids) : null;
  await db.transaction(async (tx) => {
    await tx.query(
      `UPDATE multi_site_companies SET company_name = $2, company_address = $3, updated_at = $4,
              second_factor_required = coalesce($5, second_factor_required) WHERE id = $1`,
      [id, input.company_name.trim(), input.company_address.trim(), now.toISOString(), input.second_factor_required ?? null],
    );
    if (agencies && caller.userType === 'Admin') {
      await tx.query('DELETE FROM multi_site_company_agencies WHERE company_id = $1', [id]);
      await tx.query('INSERT INTO multi_site_company_agencies (company_id, agency_id) SELECT $1, unnest($2::bigint[])', [id, agencies]);
    }
  });
}

/**
 * The company a site goes to: mscc's own (naming another is a 404: SECURITY.md 4); Admin and Agency
 * choose one of theirs (spec 5).
 */
async function companyFor(db: Db, caller: Caller, chosen: number | undefined): Promise<number> {
  if (chosen !== undefined) await requireVisible(db, caller, 'companies', chosen);
  if (caller.userType === 'mscc') {
    if (caller.companyId === null) throw forbidden();
    return caller.companyId;
  }
  if (chosen === undefined) throw badRequest(say('nms.contactRequired'));
  return chosen;
}

const siteValues = (s: SiteInput) => [s.site_name.trim(), s.site_address.trim(), s.site_manager_name.trim(), s.site_manager_email.trim().toLowerCase()];

export async function saveSite(db: Db, caller: Caller, input: SiteInput, now: Date): Promise<number> {
  const company = await companyFor(db, caller, input.company_id);
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO sites (company_id, site_name, site_address, site_manager_name, site_manager_email, created_at)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id::int AS id`,
    [company, ...siteValues(input), now.toISOString()],
  );
  return rows[0]?.id ?? 0;
}

export async function updateSite(db: Db, caller: Caller, id: number, input: SiteInput): Promise<void> {
  await requireVisible(db, caller, 'sites', id);
  const company = input.company_id === undefined ? null : await companyFor(db, caller, input.company_id);
  await db.query(
    `UPDATE sites SET site_name = $2, site_address = $3, site_manager_name = $4, site_manager_email = $5, company_id = coalesce($6, company_id) WHERE id = $1`,
    [id, ...siteValues(input), company],
  );
}

/** The agencies an Admin picks from (spec: agency search by name, 25 a page). */
export async function agencyOptions(db: Db, query: { agency_name?: string; page?: number; limit?: number }) {
  const params = new SqlParams();
  const like = params.add(`%${escapeLike(query.agency_name ?? '')}%`);
  const listing = pagingOnly(query, 'ORDER BY lower(agency_name), id');
  return pagedList<{ id: number; agency_name: string }>(db, listing, params, 'id::int AS id, agency_name', `FROM agencies WHERE agency_name ILIKE ${like}`);
}
