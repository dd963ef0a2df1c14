/**
 * A multi-site company's and a site's dashboards (spec 2.14: counts, sites, properties, devices), on
 * the caller's slice: a company or site outside it is 404. Beyond the spec: the faults of the place
 * month by month, with how long they took to resolve.
 */
import { Type, type Static } from '@sinclair/typebox';
import type { Db } from '../../db';
import type { Caller } from '../../policy/roles';
import { requireVisible, scopeFor } from '../../policy/scope';
import { notFound } from '../../server/errors';
import { filterBy, buildListing, type ListQuery, type ListSpec, pagedList, pagingOnly } from '../../server/listing';
import { ISO, whereClause } from '../../server/sql';
import { SqlParams } from '../../server/sql';
import { AddressFields, subsetCondition } from '../devices/queries';
import type { Place } from './dashboard';
import { NullableNumber, NullableText } from '../../server/schemas';

export const CompanyInfo = Type.Object({
  id: Type.Integer(),
  company_name: Type.String(),
  company_address: NullableText,
  contact_person_email: NullableText,
  agencies: Type.Array(Type.Object({ id: Type.Integer(), agency_name: Type.String() })),
  sites_count: Type.Integer(),
  /** Its account admins and site managers sign in with a second factor (docs/second-factor.md). */
  second_factor_required: Type.Boolean(),
});

/** A company's agencies, by name, as [{id, agency_name}] (`c` is the company). */
const COMPANY_AGENCIES = `COALESCE((SELECT json_agg(json_build_object('id', a.id::int, 'agency_name', a.agency_name) ORDER BY a.agency_name)
  FROM multi_site_company_agencies mca JOIN agencies a ON a.id = mca.agency_id WHERE mca.company_id = c.id), '[]'::json) AS agencies`;

export async function companyInfo(db: Db, caller: Caller, id: number) {
  await requireVisible(db, caller, 'companies', id);
  const params = new SqlParams();
  const { rows } = await db.query<Static<typeof CompanyInfo>>(
    `SELECT c.id::int AS id, c.company_name, c.company_address, c.contact_person_email, c.second_factor_required, ${COMPANY_AGENCIES},
            (SELECT count(*)::int FROM sites s WHERE s.company_id = c.id AND (${scopeFor(caller).sites('s', params)})) AS sites_count
       FROM multi_site_companies c WHERE c.id = ${params.add(id)}`,
    params.values,
  );
  if (!rows[0]) throw notFound();
  return rows[0];
}

export const SiteRow = Type.Object({
  id: Type.Integer(),
  site_name: Type.String(),
  site_address: NullableText,
  site_manager_name: NullableText,
  site_manager_email: NullableText,
  company_id: Type.Integer(),
  company_name: Type.String(),
  heat_pumps: Type.Integer(),
});

const SITE_COLUMNS = `s.id::int AS id, s.site_name, s.site_address, s.site_manager_name, s.site_manager_email,
  s.company_id::int AS company_id, c.company_name,
  (SELECT count(*)::int FROM devices d WHERE d.site_id = s.id AND d.product_line = 'heat_pump') AS heat_pumps`;

/** The company's sites the caller may see, newest first. */
export async function companySites(db: Db, caller: Caller, id: number, query: ListQuery) {
  await requireVisible(db, caller, 'companies', id);
  const params = new SqlParams();
  const where = `s.company_id = ${params.add(id)} AND (${scopeFor(caller).sites('s', params)})`;
  const listing = pagingOnly(query, 'ORDER BY s.created_at DESC, s.id DESC');
  return pagedList<Static<typeof SiteRow>>(db, listing, params, SITE_COLUMNS, `FROM sites s JOIN multi_site_companies c ON c.id = s.company_id WHERE ${where}`);
}

export async function siteInfo(db: Db, caller: Caller, id: number) {
  await requireVisible(db, caller, 'sites', id);
  const { rows } = await db.query<Static<typeof SiteRow>>(`SELECT ${SITE_COLUMNS} FROM sites s JOIN multi_site_companies c ON c.id = s.company_id WHERE s.id = $1`, [id]);
  if (!rows[0]) throw notFound();
  return rows[0];
}

export const PropertyRow = Type.Object({
  id: Type.Integer(),
  property_name: NullableText,
  ...AddressFields,
  customer_name: NullableText,
  heat_pumps: Type.Integer(),
});

/** The site's properties the caller may see. */
export async function siteProperties(db: Db, caller: Caller, id: number, query: ListQuery) {
  await requireVisible(db, caller, 'sites', id);
  const params = new SqlParams();
  const where = `p.site_id = ${params.add(id)} AND (${scopeFor(caller).properties('p', params)})`;
  return pagedList<Static<typeof PropertyRow>>(
    db,
    pagingOnly(query, 'ORDER BY p.created_at DESC, p.id DESC'),
    params,
    `p.id::int AS id, p.property_name, p.unit_number, p.street_number, p.street, p.city, p.state, p.postal_code,
     NULLIF(trim(coalesce(cu.first_name, '') || ' ' || coalesce(cu.last_name, '')), '') AS customer_name,
     (SELECT count(*)::int FROM devices d WHERE d.property_id = p.id AND d.product_line = 'heat_pump') AS heat_pumps`,
    `FROM properties p LEFT JOIN customers cu ON cu.id = p.customer_id WHERE ${where}`,
  );
}

export const FaultMonth = Type.Object({
  month: Type.String(),
  raised: Type.Integer(),
  resolved: Type.Integer(),
  mean_resolve_hours: NullableNumber,
});

/**
 * The last twelve months of the place's faults (beyond the spec): raised and resolved each month, and
 * the mean time from a fault to its resolution for those resolved that month (hours, one decimal).
 */
export async function faultTrend(db: Db, caller: Caller, place: Place, now: Date) {
  await requireVisible(db, caller, 'company' in place ? 'companies' : 'sites', 'company' in place ? place.company : place.site);
  const params = new SqlParams();
  const devices = `SELECT d.id FROM devices d WHERE d.product_line = 'heat_pump' AND (${scopeFor(caller).devices('d', params)}) AND ${subsetCondition(place, params)}`;
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1)).toISOString().slice(0, 10);
  const from = params.add(start);
  const { rows } = await db.query<{ month: string; raised: number; resolved: number; mean_resolve_hours: number | null }>(
    `WITH months AS (SELECT to_char(m, 'YYYY-MM') AS month FROM generate_series(${from}::date, ${params.add(now.toISOString().slice(0, 10))}::date, interval '1 month') m),
          f AS (SELECT * FROM faults WHERE device_id IN (${devices}))
     SELECT months.month,
            (SELECT count(*)::int FROM f WHERE to_char(f.history_datetime AT TIME ZONE 'UTC', 'YYYY-MM') = months.month) AS raised,
            (SELECT count(*)::int FROM f WHERE f.resolved_at IS NOT NULL AND to_char(f.resolved_at AT TIME ZONE 'UTC', 'YYYY-MM') = months.month) AS resolved,
            (SELECT round((avg(extract(epoch FROM f.resolved_at - f.history_datetime)) / 3600)::numeric, 1)::float8 FROM f
              WHERE f.resolved_at IS NOT NULL AND to_char(f.resolved_at AT TIME ZONE 'UTC', 'YYYY-MM') = months.month) AS mean_resolve_hours
       FROM months ORDER BY months.month`,
    params.values,
  );
  return rows;
}

export const CompanyRow = Type.Object({
  ...CompanyInfo.properties,
  heat_pumps: Type.Integer(),
  created_at: Type.String(),
});

const COMPANY_LIST: ListSpec = {
  sortable: { created_at: 'c.created_at', company_name: 'lower(c.company_name)', contact_person_email: 'c.contact_person_email' },
  filters: {
    company_name: filterBy.text('c.company_name'),
    contact_person_email: filterBy.text('c.contact_person_email'),
  },
};

/** The multi-site companies of the slice (spec: search by company name and contact email, 25 a page). */
export async function listCompanies(db: Db, caller: Caller, query: ListQuery) {
  const params = new SqlParams();
  const listing = buildListing(query, COMPANY_LIST, params, 'c.id');
  const where = whereClause([scopeFor(caller).companies('c', params), ...listing.conditions]);
  return pagedList<Static<typeof CompanyRow>>(db, listing, params, `c.id::int AS id, c.company_name, c.company_address, c.contact_person_email, c.second_factor_required, ${COMPANY_AGENCIES},
            (SELECT count(*)::int FROM sites s WHERE s.company_id = c.id) AS sites_count,
            (SELECT count(*)::int FROM devices d WHERE d.product_line = 'heat_pump'
                AND (d.company_id = c.id OR d.site_id IN (SELECT s.id FROM sites s WHERE s.company_id = c.id))) AS heat_pumps,
            ${ISO('c.created_at')} AS created_at`, `FROM multi_site_companies c ${where}`);
}

const SITE_LIST: ListSpec = {
  sortable: { created_at: 's.created_at', site_name: 'lower(s.site_name)', company_name: 'lower(c.company_name)' },
  filters: {
    site_name: filterBy.text('s.site_name'),
    company_name: filterBy.text('c.company_name'),
    company_id: filterBy.number('s.company_id'),
  },
};

/** The sites of the slice (spec: search by site name, 25 a page). */
export async function listSites(db: Db, caller: Caller, query: ListQuery) {
  const params = new SqlParams();
  const listing = buildListing(query, SITE_LIST, params, 's.id');
  const where = whereClause([scopeFor(caller).sites('s', params), ...listing.conditions]);
  const from = 'FROM sites s JOIN multi_site_companies c ON c.id = s.company_id';
  return pagedList<Static<typeof SiteRow>>(db, listing, params, SITE_COLUMNS, `${from} ${where}`);
}

