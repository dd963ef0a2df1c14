/**
 * The device lists' CSV export (issue 9): the columns, and the rows of a list (the caller's slice
 * with the list's filters) as an export job (modules/exports).
 */
import type { Caller } from '../../policy/roles';
import type { ListQuery } from '../../server/listing';
import { SqlParams } from '../../server/sql';
import { exportCopySql, type CsvExport } from '../exports/jobs';
import { productNameSql, type ListedLine } from './lines';
import { deviceConditions, ROW_JOINS, subsetCondition, type DeviceSubset } from './queries';

export { csvField, inlineParams, sqlLiteral } from '../exports/jobs';

/** The CSV's columns: header name and SQL (free text through fleet_csv_safe, see csvField). */
const COLUMNS: Array<[string, string]> = [
  ['Record ID', 'd.id'],
  ['Product', productNameSql('d.product_line')],
  ['Serial Number', 'fleet_csv_safe(d.serial_number)'],
  ['MAC Address', 'fleet_csv_safe(upper(d.mac_address))'],
  ['Firmware Version', 'fleet_csv_safe(d.firmware_version)'],
  ['WiFi Name', 'fleet_csv_safe(d.wifi_name)'],
  ['Address', "fleet_csv_safe(COALESCE(NULLIF(concat_ws(' ', p.unit_number, p.street_number, p.street, p.city, p.state, p.postal_code), ''), 'No Property Exist'))"],
  ['Connection Type', 'd.connection_type'],
  ['Date Installed', "to_char(d.installation_date, 'YYYY-MM-DD')"],
  ['Customer State', 'd.status'],
  ['Device Status', 'd.device_status'],
  ['Installed Via', 'fleet_csv_safe(d.installed_via)'],
  ['Agency Name', 'fleet_csv_safe(a.agency_name)'],
  ['Agent Name', "fleet_csv_safe(NULLIF(concat_ws(' ', ag.first_name, ag.last_name), ''))"],
  ['Agent ID', 'fleet_csv_safe(d.installer_uuid)'],
];

const FROM = `devices d ${ROW_JOINS}`;

/** The COPY of the device export's rows matching `conditions` (parameters already inlined), in `orderBy` (else id) order: the bench's baseline. */
export function deviceCopySql(conditions: string[], header: boolean, orderBy?: string): string {
  return exportCopySql({ from: FROM, idColumn: 'd.id', columns: COLUMNS, orderBy }, conditions, header);
}

/**
 * The export of the caller's devices of `line` with the list's filters and sort (checked here: a bad
 * one is a 400 like the list's); with `deviceUids` (the spec's `all: false`), only those devices of the slice;
 * with `subset`, only that part of it (the agency's Devices - VEU).
 */
export function deviceExport(caller: Caller, line: ListedLine, query: ListQuery, deviceUids?: string[], subset?: DeviceSubset): CsvExport {
  const params = new SqlParams();
  const { conditions, listing } = deviceConditions(caller, line, query, params);
  if (deviceUids) conditions.push(`d.device_uid = ANY(${params.add(deviceUids)}::text[])`);
  if (subset) conditions.push(subsetCondition(subset, params));
  return { kind: 'devices', from: FROM, idColumn: 'd.id', orderBy: listing.orderBy, columns: COLUMNS, conditions, values: params.values };
}
