/**
 * Assigning heat pumps to a multi-site company and one of its sites (spec: Choose Multi-Site for the
 * selected devices, then Choose Site, or skip it). The chosen heat pumps (or every one matching the
 * list's filter) of the caller's slice, in one statement; the company and site must be in the slice,
 * the site of that company. Skipping the site leaves the heat pumps at the company, on no site.
 *
 * An agency may also name a company it did not create by its exact contact email (spec 6: the
 * agency's hint). Knowing that address is the proof of acquaintance: the agency is then linked to the
 * company, which from then on is in its slice (our decision; an id alone never reaches a company
 * outside the slice, and a wrong or partial email finds nothing).
 */
import type { Db } from '../../db';
import type { Caller } from '../../policy/roles';
import { requireAllVisible, requireVisible } from '../../policy/scope';
import { badRequest } from '../../server/errors';
import { SqlParams, whereClause } from '../../server/sql';
import { deviceConditions } from '../devices/queries';
import { DEVICE_KEYS_SQL, deviceKeysOf, type LiveEvent } from '../live/events';
import type { DeviceKeys } from '../../policy/live-scope';
import { say } from '../../server/messages';

const PLEASE_SELECT_MULTISITE = say('nms.companyRequired');
const PLEASE_SELECT_SITE = say('nms.siteRequired');
export const NO_COMPANY_WITH_EMAIL = say('nms.noCompanyForContact');

export interface Assignment {
  device_ids?: number[];
  all?: boolean;
  filter?: string;
  company_id?: number;
  /** Agency only: the exact contact email of a company it did not create. */
  contact_person_email?: string;
  site_id?: number | null;
}

/** The company whose contact email is exactly this one (case aside), whatever slice it is in. */
export async function companyByContact(db: Db, email: string): Promise<{ id: number; company_name: string } | null> {
  const { rows } = await db.query<{ id: number; company_name: string }>(
    'SELECT id::int AS id, company_name FROM multi_site_companies WHERE lower(contact_person_email) = lower($1) ORDER BY id LIMIT 1',
    [email.trim()],
  );
  return rows[0] ?? null;
}

/** Links the calling agency to the company it named by contact email (once). */
async function linkByContact(db: Db, caller: Caller, email: string): Promise<number> {
  if (caller.userType !== 'Agency' || caller.agencyId === null) throw badRequest(PLEASE_SELECT_MULTISITE);
  const company = await companyByContact(db, email);
  if (!company) throw badRequest(NO_COMPANY_WITH_EMAIL);
  await db.query('INSERT INTO multi_site_company_agencies (company_id, agency_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [company.id, caller.agencyId]);
  return company.id;
}

export interface Assigned {
  devices: number;
  /** One `moved` event per heat pump whose company or site changed, to publish once committed. */
  events: LiveEvent[];
}

export async function assignDevices(db: Db, caller: Caller, a: Assignment, now: Date): Promise<Assigned> {
  return db.transaction((tx) => assignIn(tx, caller, a, now));
}

async function assignIn(db: Db, caller: Caller, a: Assignment, now: Date): Promise<Assigned> {
  // the chosen heat pumps first: one the caller may not touch (another slice, another line, none at
  // all) refuses the whole list with 404 before anything is written (SECURITY.md 2)
  if (!a.all) {
    if (!a.device_ids || a.device_ids.length === 0) throw badRequest(say('nms.noDeviceSelected'));
    await requireAllVisible(db, caller, 'devices', a.device_ids, { where: "t.product_line = 'heat_pump'", message: say('devices.notFound') });
  }
  const companyId = a.contact_person_email !== undefined ? await linkByContact(db, caller, a.contact_person_email) : a.company_id;
  if (companyId === undefined) throw badRequest(PLEASE_SELECT_MULTISITE);
  await requireVisible(db, caller, 'companies', companyId);
  if (a.site_id !== undefined && a.site_id !== null) {
    await requireVisible(db, caller, 'sites', a.site_id);
    const { rows } = await db.query('SELECT 1 FROM sites WHERE id = $1 AND company_id = $2', [a.site_id, companyId]);
    if (rows.length === 0) throw badRequest(PLEASE_SELECT_SITE);
  }
  const params = new SqlParams();
  const { conditions } = deviceConditions(caller, 'heat_pump', { filter: a.all ? a.filter : undefined }, params);
  if (!a.all) conditions.push(`d.id = ANY(${params.add(a.device_ids ?? [])}::bigint[])`);
  const company = params.add(companyId);
  const site = params.add(a.site_id ?? null);
  const at = params.add(now.toISOString());
  // b holds each heat pump's company and site before the write: the slices it leaves hear it too
  const result = await db.query<DeviceKeys & { was_company_id: number | null; was_site_id: number | null }>(
    `UPDATE devices d SET company_id = ${company}, site_id = ${site}::bigint, updated_at = ${at}
       FROM (SELECT d.id, d.company_id, d.site_id FROM devices d LEFT JOIN properties p ON p.id = d.property_id LEFT JOIN agencies a ON a.id = d.agency_id
               LEFT JOIN agents ag ON ag.id = d.agent_id ${whereClause(conditions)}) b
      WHERE d.id = b.id
      RETURNING ${DEVICE_KEYS_SQL}, b.company_id::int AS was_company_id, b.site_id::int AS was_site_id`,
    params.values,
  );
  const moment = Date.now();
  const events: LiveEvent[] = result.rows
    .filter((r) => r.was_company_id !== r.company_id || r.was_site_id !== r.site_id)
    .map((r) => {
      const device = deviceKeysOf(r);
      return { kind: 'moved', at: moment, device, before: { ...device, company_id: r.was_company_id, site_id: r.was_site_id } };
    });
  return { devices: result.rowCount, events };
}
