/**
 * Assigning heat pumps to a multi-site company and one of its sites (spec: Choose Multi-Site for the
 * selected devices, then Choose Site, or skip it). The chosen heat pumps (or every one matching the
 * list's filter) of the caller's slice, in one statement; the company and site must be in the slice,
 * the site of that company. Skipping the site leaves the heat pumps at the company, on no site.
 */
import type { Db } from '../../db';
import type { Caller } from '../../policy/roles';
import { requireVisible } from '../../policy/scope';
import { badRequest } from '../../server/errors';
import { SqlParams, whereClause } from '../../server/sql';
import { deviceConditions } from '../devices/queries';

export const PLEASE_SELECT_MULTISITE = 'Please Select Mulitisite';
export const PLEASE_SELECT_SITE = 'Please select a site';

export interface Assignment {
  device_ids?: number[];
  all?: boolean;
  filter?: string;
  company_id?: number;
  site_id?: number | null;
}

export async function assignDevices(db: Db, caller: Caller, a: Assignment, now: Date): Promise<number> {
  if (a.company_id === undefined) throw badRequest(PLEASE_SELECT_MULTISITE);
  await requireVisible(db, caller, 'companies', a.company_id);
  if (a.site_id !== undefined && a.site_id !== null) {
    await requireVisible(db, caller, 'sites', a.site_id);
    const { rows } = await db.query('SELECT 1 FROM sites WHERE id = $1 AND company_id = $2', [a.site_id, a.company_id]);
    if (rows.length === 0) throw badRequest(PLEASE_SELECT_SITE);
  }
  const params = new SqlParams();
  const { conditions } = deviceConditions(caller, 'heat_pump', { filter: a.all ? a.filter : undefined }, params);
  if (!a.all) {
    if (!a.device_ids || a.device_ids.length === 0) throw badRequest('Select at least one device');
    conditions.push(`d.id = ANY(${params.add(a.device_ids)}::bigint[])`);
  }
  const company = params.add(a.company_id);
  const site = params.add(a.site_id ?? null);
  const at = params.add(now.toISOString());
  const result = await db.query(
    `UPDATE devices SET company_id = ${company}, site_id = ${site}::bigint, updated_at = ${at}
      WHERE id IN (SELECT d.id FROM devices d LEFT JOIN properties p ON p.id = d.property_id LEFT JOIN agencies a ON a.id = d.agency_id
                   LEFT JOIN agents ag ON ag.id = d.agent_id ${whereClause(conditions)})`,
    params.values,
  );
  return result.rowCount;
}
