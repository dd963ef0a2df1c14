/**
 * The devices an electrician, or one of its field workers, installed (spec 7: get-devices with
 * electrician_id and paging; /api/electrician-agent/devices with elect_agent_id): every product line,
 * heat pumps too, with the device lists' filters and sort keys. The electrician or field worker must
 * be in the caller's slice (else 404), and the devices are the caller's slice of them (an agency sees
 * the ones it installed with that electrician, not the electrician's other work).
 */
import { Type, type Static } from '@sinclair/typebox';
import type { Db } from '../../db';
import type { Caller } from '../../policy/roles';
import { requireVisible, scopeFor } from '../../policy/scope';
import { buildListing, type ListInfo, type ListQuery, pagedList } from '../../server/listing';
import { SqlParams, whereClause } from '../../server/sql';
import { DEVICE_LIST, DeviceRow, ROW_COLUMNS, ROW_JOINS, type DeviceListRow } from '../devices/queries';
import { NullableText } from '../../server/schemas';

export const InstalledDeviceRow = Type.Object({ ...DeviceRow.properties, electrician: NullableText, field_worker: NullableText });
export type InstalledDeviceRowT = Static<typeof InstalledDeviceRow>;

/** One electrician, one field worker, or every electrician (the agency's devices electricians installed). */
export type Installer = { electrician: number } | { fieldWorker: number } | 'anyElectrician';

export async function installedDevices(db: Db, caller: Caller, installer: Installer, query: ListQuery): Promise<ListInfo<InstalledDeviceRowT>> {
  if (installer === 'anyElectrician') {
    // nothing to find: the caller's slice of devices bounds the list
  } else if ('electrician' in installer) await requireVisible(db, caller, 'electricians', installer.electrician);
  else await requireVisible(db, caller, 'electricianAgents', installer.fieldWorker);
  const params = new SqlParams();
  const listing = buildListing(query, DEVICE_LIST, params, 'd.id');
  const by =
    installer === 'anyElectrician'
      ? 'd.electrician_id IS NOT NULL'
      : 'electrician' in installer
        ? `d.electrician_id = ${params.add(installer.electrician)}`
        : `d.electrician_agent_id = ${params.add(installer.fieldWorker)}`;
  const where = whereClause([by, scopeFor(caller).devices('d', params), ...listing.conditions]);
  return pagedList<DeviceListRow & { electrician: string | null; field_worker: string | null }>(
    db,
    listing,
    params,
    `${ROW_COLUMNS}, trim(el.first_name || ' ' || el.last_name) AS electrician, trim(fw.first_name || ' ' || fw.last_name) AS field_worker`,
    `FROM devices d ${ROW_JOINS} LEFT JOIN electricians el ON el.id = d.electrician_id LEFT JOIN electrician_agents fw ON fw.id = d.electrician_agent_id ${where}`,
  );
}
