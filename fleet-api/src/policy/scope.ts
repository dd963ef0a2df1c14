/**
 * Per-row scope: the slice of the fleet each caller may see, as SQL predicates. Every module's query
 * ANDs `scopeFor(caller).<entity>(alias, params)` into its WHERE clause (lists, counts, exports and
 * single reads alike), so an object outside the slice is simply not found (404).
 *
 * Admin: everything. Agency: its agency's agents, devices, customers, properties, the electricians
 * linked to it or who installed its devices (and their field workers), and the multi-site companies
 * it created or is linked to. Electrician: the devices it installed and
 * their customers and properties. mscc: its company, its sites, their devices, and the properties
 * (and their customers) at its sites or where its heat pumps are installed. sm: the same for the
 * sites it manages. Customer/User: its own customer record, properties and devices.
 * Rows of other tables (faults, device history, OTA jobs, tariffs of a property) are scoped through
 * their parent: `EXISTS (SELECT 1 FROM devices d WHERE d.id = f.device_id AND <devices scope on d>)`.
 */
import type { Db } from '../db';
import { notFound } from '../server/errors';
import { SqlParams } from '../server/sql';
import type { Caller } from './roles';

export type ScopedEntity =
  | 'devices'
  | 'customers'
  | 'properties'
  | 'agencies'
  | 'agents'
  | 'electricians'
  | 'companies'
  | 'sites'
  | 'siteManagers'
  | 'electricianAgents'
  | 'companyContacts';

/** Table of each entity (for `requireVisible`). */
export const ENTITY_TABLES: Record<ScopedEntity, string> = {
  devices: 'devices',
  customers: 'customers',
  properties: 'properties',
  agencies: 'agencies',
  agents: 'agents',
  electricians: 'electricians',
  companies: 'multi_site_companies',
  sites: 'sites',
  siteManagers: 'site_managers',
  electricianAgents: 'electrician_agents',
  companyContacts: 'multi_site_contacts',
};

/** A predicate on rows of one entity aliased `alias`, adding its values to `params`. */
type ScopePredicate = (alias: string, params: SqlParams) => string;
export type Scope = Record<ScopedEntity, ScopePredicate>;

const ALL: ScopePredicate = () => 'TRUE';
const NONE: ScopePredicate = () => 'FALSE';

function nothing(): Scope {
  return {
    devices: NONE,
    customers: NONE,
    properties: NONE,
    agencies: NONE,
    agents: NONE,
    electricians: NONE,
    companies: NONE,
    sites: NONE,
    siteManagers: NONE,
    electricianAgents: NONE,
    companyContacts: NONE,
  };
}

/**
 * The electricians an agency sees (the spec leaves it open): those linked to it, and those who
 * installed one of its devices (independent electricians doing the agency's installs). Field
 * workers follow their electrician.
 */
function electriciansOf(t: string, agency: string): string {
  return `(${t}.agency_id = ${agency} OR EXISTS (SELECT 1 FROM devices ed WHERE ed.electrician_id = ${t}.id AND ed.agency_id = ${agency}))`;
}

function agencyScope(agencyId: number): Scope {
  const companiesOf = (p: SqlParams) => {
    const a = p.add(agencyId);
    return `SELECT c.id FROM multi_site_companies c WHERE c.created_by_agency_id = ${a}
            UNION SELECT mca.company_id FROM multi_site_company_agencies mca WHERE mca.agency_id = ${a}`;
  };
  return {
    devices: (t, p) => `${t}.agency_id = ${p.add(agencyId)}`,
    customers: (t, p) => `${t}.agency_id = ${p.add(agencyId)}`,
    properties: (t, p) => {
      const a = p.add(agencyId);
      return `(${t}.agency_id = ${a} OR ${t}.customer_id IN (SELECT c.id FROM customers c WHERE c.agency_id = ${a}))`;
    },
    agencies: (t, p) => `${t}.id = ${p.add(agencyId)}`,
    agents: (t, p) => `${t}.agency_id = ${p.add(agencyId)}`,
    electricians: (t, p) => electriciansOf(t, p.add(agencyId)),
    companies: (t, p) => `${t}.id IN (${companiesOf(p)})`,
    sites: (t, p) => `${t}.company_id IN (${companiesOf(p)})`,
    siteManagers: (t, p) => `${t}.company_id IN (${companiesOf(p)})`,
    electricianAgents: (t, p) => `${t}.electrician_id IN (SELECT e.id FROM electricians e WHERE ${electriciansOf('e', p.add(agencyId))})`,
    companyContacts: (t, p) => `${t}.company_id IN (${companiesOf(p)})`,
  };
}

function electricianScope(electricianId: number): Scope {
  return {
    ...nothing(),
    devices: (t, p) => `${t}.electrician_id = ${p.add(electricianId)}`,
    customers: (t, p) =>
      `${t}.id IN (SELECT d.customer_id FROM devices d WHERE d.electrician_id = ${p.add(electricianId)} AND d.customer_id IS NOT NULL)`,
    properties: (t, p) =>
      `${t}.id IN (SELECT d.property_id FROM devices d WHERE d.electrician_id = ${p.add(electricianId)} AND d.property_id IS NOT NULL)`,
    agencies: (t, p) =>
      `${t}.id IN (SELECT e.agency_id FROM electricians e WHERE e.id = ${p.add(electricianId)} AND e.agency_id IS NOT NULL)`,
    electricians: (t, p) => `${t}.id = ${p.add(electricianId)}`,
    electricianAgents: (t, p) => `${t}.electrician_id = ${p.add(electricianId)}`,
  };
}

function companyScope(companyId: number): Scope {
  const sitesOf = (p: SqlParams) => `SELECT s.id FROM sites s WHERE s.company_id = ${p.add(companyId)}`;
  return {
    ...nothing(),
    companies: (t, p) => `${t}.id = ${p.add(companyId)}`,
    sites: (t, p) => `${t}.company_id = ${p.add(companyId)}`,
    siteManagers: (t, p) => `${t}.company_id = ${p.add(companyId)}`,
    companyContacts: (t, p) => `${t}.company_id = ${p.add(companyId)}`,
    devices: (t, p) => `(${t}.company_id = ${p.add(companyId)} OR ${t}.site_id IN (${sitesOf(p)}))`,
    // a property at one of its sites, or where one of its (sites') heat pumps is installed
    properties: (t, p) => {
      const c = p.add(companyId);
      const sites = `SELECT s.id FROM sites s WHERE s.company_id = ${c}`;
      return `(${t}.company_id = ${c} OR ${t}.site_id IN (${sites})
               OR ${t}.id IN (SELECT d.property_id FROM devices d WHERE (d.company_id = ${c} OR d.site_id IN (${sites})) AND d.property_id IS NOT NULL))`;
    },
    customers: (t, p) => {
      const c = p.add(companyId);
      const sites = `SELECT s.id FROM sites s WHERE s.company_id = ${c}`;
      return `${t}.id IN (SELECT pr.customer_id FROM properties pr
                           WHERE pr.customer_id IS NOT NULL AND (pr.company_id = ${c} OR pr.site_id IN (${sites}))
                          UNION SELECT d.customer_id FROM devices d
                           WHERE d.customer_id IS NOT NULL AND (d.company_id = ${c} OR d.site_id IN (${sites})))`;
    },
  };
}

function siteManagerScope(siteManagerId: number): Scope {
  const sitesOf = (p: SqlParams) =>
    `SELECT sms.site_id FROM site_manager_sites sms WHERE sms.site_manager_id = ${p.add(siteManagerId)}`;
  return {
    ...nothing(),
    sites: (t, p) => `${t}.id IN (${sitesOf(p)})`,
    devices: (t, p) => `${t}.site_id IN (${sitesOf(p)})`,
    properties: (t, p) => {
      const sites = sitesOf(p);
      return `(${t}.site_id IN (${sites}) OR ${t}.id IN (SELECT d.property_id FROM devices d WHERE d.site_id IN (${sites}) AND d.property_id IS NOT NULL))`;
    },
    customers: (t, p) => {
      const sites = sitesOf(p);
      return `${t}.id IN (SELECT pr.customer_id FROM properties pr WHERE pr.customer_id IS NOT NULL AND pr.site_id IN (${sites})
                          UNION SELECT d.customer_id FROM devices d WHERE d.customer_id IS NOT NULL AND d.site_id IN (${sites}))`;
    },
    companies: (t, p) => `${t}.id IN (SELECT sm.company_id FROM site_managers sm WHERE sm.id = ${p.add(siteManagerId)})`,
    siteManagers: (t, p) => `${t}.id = ${p.add(siteManagerId)}`,
  };
}

function customerScope(customerId: number): Scope {
  // Own properties plus those the customer was added to as a member.
  const propertiesOf = (p: SqlParams) => {
    const c = p.add(customerId);
    return `SELECT pr.id FROM properties pr WHERE pr.customer_id = ${c}
            UNION SELECT pm.property_id FROM property_members pm WHERE pm.customer_id = ${c}`;
  };
  return {
    ...nothing(),
    customers: (t, p) => `${t}.id = ${p.add(customerId)}`,
    properties: (t, p) => `${t}.id IN (${propertiesOf(p)})`,
    devices: (t, p) => `(${t}.customer_id = ${p.add(customerId)} OR ${t}.property_id IN (${propertiesOf(p)}))`,
  };
}

export function scopeFor(caller: Caller): Scope {
  switch (caller.userType) {
    case 'Admin':
      return {
        devices: ALL,
        customers: ALL,
        properties: ALL,
        agencies: ALL,
        agents: ALL,
        electricians: ALL,
        companies: ALL,
        sites: ALL,
        siteManagers: ALL,
        electricianAgents: ALL,
        companyContacts: ALL,
      };
    case 'Agency':
      return caller.agencyId === null ? nothing() : agencyScope(caller.agencyId);
    case 'Electrician':
      return caller.electricianId === null ? nothing() : electricianScope(caller.electricianId);
    case 'mscc':
      return caller.companyId === null ? nothing() : companyScope(caller.companyId);
    case 'sm':
      return caller.siteManagerId === null ? nothing() : siteManagerScope(caller.siteManagerId);
    case 'Customer':
    case 'User':
      return caller.customerId === null ? nothing() : customerScope(caller.customerId);
  }
}

/**
 * Answers 404 unless every one of `ids` is a row of `entity` in the caller's slice (and meets
 * `where`, a condition on alias t): a list that mixes ids the caller may and may not touch is
 * refused whole, so a bulk call writes nothing for it (SECURITY.md 2, 4).
 */
export async function requireAllVisible(
  db: Db,
  caller: Caller,
  entity: ScopedEntity,
  ids: readonly number[],
  opts: { where?: string; message?: string } = {},
): Promise<void> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return;
  const params = new SqlParams();
  const idsParam = params.add(unique);
  const predicate = scopeFor(caller)[entity]('t', params);
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${ENTITY_TABLES[entity]} t WHERE t.id = ANY(${idsParam}::bigint[]) AND (${predicate}) AND (${opts.where ?? 'TRUE'})`,
    params.values,
  );
  if ((rows[0]?.n ?? 0) !== unique.length) throw notFound(opts.message);
}

/** Answers 404 unless the row `id` of `entity` is in the caller's slice. */
export async function requireVisible(db: Db, caller: Caller, entity: ScopedEntity, id: number): Promise<void> {
  const params = new SqlParams();
  const idParam = params.add(id);
  const predicate = scopeFor(caller)[entity]('t', params);
  const { rows } = await db.query(
    `SELECT 1 FROM ${ENTITY_TABLES[entity]} t WHERE t.id = ${idParam} AND (${predicate}) LIMIT 1`,
    params.values,
  );
  if (rows.length === 0) throw notFound();
}
