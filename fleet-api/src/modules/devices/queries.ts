/**
 * Devices of every line but heat pump: the list (one engine for every role, the caller's slice ANDed
 * into every query), one device with its people and place, the impulse-rate edit and correction, and
 * the histories (install, device, impulse rate, update rate; firmware is the OTA module's). An id outside the caller's
 * slice is simply not found (404).
 */
import type { DeviceFilterKey } from '@fleet/contract';
import { Type, type Static } from '@sinclair/typebox';
import type { Db } from '../../db';
import { scopeFor } from '../../policy/scope';
import type { Caller } from '../../policy/roles';
import { badRequest, notFound } from '../../server/errors';
import { filterBy, buildListing, listInfo, pagedList, type FilterRule, type ListInfo, type ListQuery, type ListSpec } from '../../server/listing';
import { ISO, SqlParams, whereClause } from '../../server/sql';
import type { CountCache } from '../../server/count-cache';
import { alphanumeric, DEVICE_SORTS, identifierFilter } from '../ota/device-types';
import { productLines, type ListedLine } from './lines';
import { NullableInt, NullableNumber, NullableText } from '../../server/schemas';
import { say } from '../../server/messages';


const AGENT_NAME = `(ag.first_name || ' ' || ag.last_name)`;

/** Filters and sort keys of every device list (spec: Lighting and device lists). */
/** Every filter a device list's drawer sends (@fleet/contract DEVICE_FILTER_KEYS), and the server's own two. */
const DEVICE_FILTERS = {
  mac_address: identifierFilter('d.mac_address', true),
  serial_number: identifierFilter('d.serial_number', false),
  installation_date: filterBy.date('d.installation_date'),
  installed_via: filterBy.text('d.installed_via'),
  agency_name: filterBy.text('a.agency_name'),
  first_name: filterBy.text(AGENT_NAME),
  installer_uuid: filterBy.text('d.installer_uuid'),
  id: filterBy.number('d.id'),
  device_status: filterBy.multi('d.device_status'),
  status: filterBy.multi('d.status'),
  connection_type: filterBy.multi('d.connection_type'),
  firmware_version: filterBy.exact('d.firmware_version'),
  soft_version: filterBy.exact('d.firmware_version'),
  wifi_name: filterBy.text('d.wifi_name'),
  product_line: filterBy.multi('d.product_line'),
} satisfies Record<DeviceFilterKey | 'firmware_version' | 'product_line', FilterRule>;

export const DEVICE_LIST: ListSpec = {
  sortable: {
    ...DEVICE_SORTS,
    wifi_name: 'd.wifi_name',
    connection_type: 'd.connection_type',
    installation_date: 'd.installation_date',
    status: 'd.status',
    device_status: 'd.device_status',
    installed_via: 'd.installed_via',
    agency_name: 'a.agency_name',
    first_name: AGENT_NAME,
    agent_name: AGENT_NAME,
    soft_version: 'fleet_version_key(d.firmware_version)',
    address: 'p.street',
    product_line: 'd.product_line',
  },
  filters: DEVICE_FILTERS,
};

/** A property's address, as every row that shows one carries it. */
export const AddressFields = {
  unit_number: NullableText,
  street_number: NullableText,
  street: NullableText,
  city: NullableText,
  state: NullableText,
  postal_code: NullableText,
};

/** The property a row sits at (device and smoke alarm rows carry it alike). */
export const PropertyAddress = { property_id: NullableInt, ...AddressFields };

export const DeviceRow = Type.Object({
  id: Type.Integer(),
  product_line: Type.String(),
  serial_number: Type.String(),
  mac_address: NullableText,
  firmware_version: NullableText,
  wifi_name: NullableText,
  connection_type: NullableText,
  installation_date: NullableText,
  created_at: Type.String(),
  status: NullableText,
  device_status: Type.String(),
  is_online: Type.Integer(),
  installed_via: NullableText,
  installer_uuid: NullableText,
  agency_name: NullableText,
  first_name: NullableText,
  last_name: NullableText,
  ...PropertyAddress,
});

export type DeviceListRow = Static<typeof DeviceRow>;

const ROW_COLUMNS = `d.id::int AS id, d.product_line, d.serial_number, d.mac_address, d.firmware_version, d.wifi_name,
  d.connection_type, to_char(d.installation_date, 'YYYY-MM-DD') AS installation_date,
  ${ISO('d.created_at')} AS created_at,
  d.status, d.device_status, d.is_online::int AS is_online, d.installed_via, d.installer_uuid,
  a.agency_name, ag.first_name, ag.last_name, d.property_id::int AS property_id,
  p.unit_number, p.street_number, p.street, p.city, p.state, p.postal_code`;

// Left joins on primary keys: the planner drops the ones a count does not read.
const ROW_JOINS = `LEFT JOIN properties p ON p.id = d.property_id
  LEFT JOIN agencies a ON a.id = d.agency_id
  LEFT JOIN agents ag ON ag.id = d.agent_id`;

/**
 * The devices of a line, written the way the ordered indexes serve (0003, 0008): livelink (with the
 * IHDs paired with it) is `fleet_ota_line(product_line) = 'livelink'`, another line is
 * `product_line = $line`, every line is `product_line <> 'heat_pump'`.
 */
export function lineCondition(line: ListedLine, params: SqlParams): string {
  if (line === 'all') return `d.product_line <> 'heat_pump'`;
  // livelink is two product lines: its ordered index is on fleet_ota_line (0003)
  if (line === 'livelink') return `fleet_ota_line(d.product_line) = ${params.add(line)}`;
  // one product line: the (product_line, <sort>) indexes serve every sort (one condition, so the
  // planner's row estimate stays right and it walks the ordered index instead of sorting the line)
  const [only] = productLines(line);
  return `d.product_line = ${params.add(only)}`;
}

/** The WHERE conditions of a list of the caller's devices of a line (lists and exports share them). */
export function deviceConditions(caller: Caller, line: ListedLine, query: ListQuery, params: SqlParams) {
  const listing = buildListing(query, DEVICE_LIST, params, 'd.id');
  const conditions = [
    lineCondition(line, params),
    scopeFor(caller).devices('d', params),
    ...listing.conditions,
  ];
  return { listing, conditions };
}

export { ROW_COLUMNS, ROW_JOINS };

/** A page of the caller's devices of a line, with the exact total. */
/**
 * Named subsets of a slice. `veu`: devices at Victorian properties, the ones the Victorian Energy
 * Upgrades program counts (the agency's "Devices - VEU"; the spec names the screen, not its rule).
 * `agency`, `agent`, `partner`: the devices an agency or an installation agent installed, and those of
 * the agencies a partner works with (modules/agencies).
 */
export type DeviceSubset = 'veu' | { company: number } | { site: number } | { agency: number } | { agent: number } | { partner: number };

/** The SQL of a subset (on devices `d` and properties `p`). `company`: the company's and its sites' devices. */
export function subsetCondition(subset: DeviceSubset, params: SqlParams): string {
  if (subset === 'veu') return "p.state = 'VIC'";
  if ('agency' in subset) return `d.agency_id = ${params.add(subset.agency)}`;
  if ('agent' in subset) return `d.agent_id = ${params.add(subset.agent)}`;
  if ('partner' in subset) return `d.agency_id IN (SELECT pa.agency_id FROM partner_agencies pa WHERE pa.partner_id = ${params.add(subset.partner)})`;
  if ('company' in subset) {
    const c = params.add(subset.company);
    return `(d.company_id = ${c} OR d.site_id IN (SELECT s.id FROM sites s WHERE s.company_id = ${c}))`;
  }
  return `d.site_id = ${params.add(subset.site)}`;
}

/** Reads of the joined tables (aliases p, a, ag) in a piece of SQL: the page's ids need the joins then. */
const NEEDS_JOINS = /\b(p|a|ag)\./;

/**
 * A page of the caller's devices of a line, with the exact total. The page's 25 ids are found on
 * devices alone (the joins only when a filter or the sort reads them), then joined: an offset never
 * joins the rows it skips. A page past the middle is read from the other end in the reverse order,
 * so the last page costs what the first does.
 */
export async function listDevices(
  db: Db,
  caller: Caller,
  line: ListedLine,
  query: ListQuery,
  counts?: CountCache,
  subset?: DeviceSubset,
): Promise<ListInfo<DeviceListRow>> {
  const params = new SqlParams();
  const { listing, conditions } = deviceConditions(caller, line, query, params);
  if (subset) conditions.push(subsetCondition(subset, params));
  const where = whereClause(conditions);
  const filterValues = params.values.slice();
  const countSql = `SELECT count(*)::int AS n FROM devices d ${ROW_JOINS} ${where}`;
  const total = counts
    ? await counts.total(db, countSql, filterValues)
    : ((await db.query<{ n: number }>(countSql, filterValues)).rows[0]?.n ?? 0);
  if (listing.offset >= total) return listInfo([], total, listing.page, listing.limit);

  let { orderBy, offset, limit } = { orderBy: listing.orderBy, offset: listing.offset, limit: listing.limit };
  const fromEnd = offset > total / 2;
  if (fromEnd) {
    // the same order reversed (direction and NULLS both flip), counted from the last row
    const flipped = buildListing({ ...query, orderBy: (query.orderBy ?? 'desc').toLowerCase() === 'asc' ? 'desc' : 'asc' }, DEVICE_LIST, new SqlParams(), 'd.id');
    orderBy = flipped.orderBy;
    limit = Math.min(limit, total - offset);
    offset = Math.max(0, total - listing.offset - limit);
  }
  const innerJoins = NEEDS_JOINS.test(where) || NEEDS_JOINS.test(orderBy) ? ROW_JOINS : '';
  const pageSql = `SELECT ${ROW_COLUMNS}
       FROM (SELECT d.id FROM devices d ${innerJoins} ${where} ${orderBy} LIMIT ${params.add(limit)} OFFSET ${params.add(offset)}) page
       JOIN devices d ON d.id = page.id ${ROW_JOINS} ${orderBy}`;
  const { rows } = await db.query<DeviceListRow>(pageSql, params.values);
  return listInfo(fromEnd ? rows.reverse() : rows, total, listing.page, listing.limit);
}

export const DeviceInfo = Type.Object({
  ...DeviceRow.properties,
  device_uid: NullableText,
  nmi: NullableText,
  impulse_rate: NullableInt,
  impulse_rate_type: NullableText,
  force_sync_date: NullableText,
  signal_strength: NullableInt,
  fault_code: NullableText,
  agency_id: NullableInt,
  agent_id: NullableInt,
  electrician_name: NullableText,
  customer_id: NullableInt,
  customer_name: NullableText,
  customer_email: NullableText,
  updated_at: Type.String(),
});

export type DeviceDetail = DeviceListRow & {
  device_uid: string | null;
  nmi: string | null;
  impulse_rate: number | null;
  impulse_rate_type: string | null;
  force_sync_date: string | null;
  signal_strength: number | null;
  fault_code: string | null;
  agency_id: number | null;
  agent_id: number | null;
  electrician_name: string | null;
  customer_id: number | null;
  customer_name: string | null;
  customer_email: string | null;
  updated_at: string;
};

/** One device of the caller's slice (and of `line` when given), or 404. */
export async function deviceDetail(db: Db, caller: Caller, id: number, line?: ListedLine): Promise<DeviceDetail> {
  const params = new SqlParams();
  const conditions = [`d.id = ${params.add(id)}`, scopeFor(caller).devices('d', params)];
  // heat pumps are found only when asked for by line (the NMS module's detail)
  conditions.push(line ? lineCondition(line, params) : `d.product_line <> 'heat_pump'`);
  const { rows } = await db.query<DeviceDetail>(
    `SELECT ${ROW_COLUMNS}, d.device_uid, d.nmi, d.impulse_rate, d.impulse_rate_type,
            to_char(d.force_sync_date AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS force_sync_date, d.signal_strength::int AS signal_strength,
            d.fault_code, d.agency_id::int AS agency_id, d.agent_id::int AS agent_id,
            e.first_name || ' ' || e.last_name AS electrician_name, d.customer_id::int AS customer_id,
            NULLIF(trim(coalesce(c.first_name, '') || ' ' || coalesce(c.last_name, '')), '') AS customer_name, c.email AS customer_email,
            ${ISO('d.updated_at')} AS updated_at
       FROM devices d ${ROW_JOINS}
       LEFT JOIN electricians e ON e.id = d.electrician_id
       LEFT JOIN customers c ON c.id = d.customer_id
      ${whereClause(conditions)}`,
    params.values,
  );
  const row = rows[0];
  if (!row) throw notFound(say('devices.notFound'));
  return row;
}

export const IMPULSE_RATE_TYPES = ['imp/kWh', 'Wh/imp'] as const;
type ImpulseRateType = (typeof IMPULSE_RATE_TYPES)[number];
export const INVALID_IMPULSE_RATE = say('devices.impulseRateInvalid');

/**
 * Spec 5 (Device), on the server too: the rate is required and not negative; the console sends a
 * Wh/imp rate converted to imp/kWh (1000 / the typed value), so with Wh/imp the rate must divide
 * 1000 exactly (the typed value was a whole number).
 */
function checkImpulseRate(rate: number, type: ImpulseRateType): void {
  if (!Number.isInteger(rate) || rate < 0) throw badRequest(INVALID_IMPULSE_RATE);
  if (type === 'Wh/imp' && (rate === 0 || 1000 % rate !== 0)) throw badRequest(INVALID_IMPULSE_RATE);
}

export interface DeviceEdit {
  impulse_rate: number;
  impulse_rate_type: ImpulseRateType;
  force_sync_date?: string | null;
  nmi?: string | null;
}

/** YYYY-MM-DD that is a real calendar date. */
export function checkSaveDate(value: string, field: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const date = m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null;
  if (!m || !date || date.getUTCDate() !== Number(m[3]) || date.getUTCMonth() !== Number(m[2]) - 1) {
    throw badRequest(say('fields.dateYmd', { field }));
  }
  return value;
}

/** Saves the rate (and sync date, NMI); a changed rate is kept in the impulse-rate history. */
export async function editDevice(db: Db, caller: Caller, id: number, edit: DeviceEdit, now: Date): Promise<void> {
  checkImpulseRate(edit.impulse_rate, edit.impulse_rate_type);
  const syncDate = edit.force_sync_date ? checkSaveDate(edit.force_sync_date, 'force_sync_date') : null;
  const nmi = typeof edit.nmi === 'string' ? edit.nmi.trim() : undefined;
  await deviceDetail(db, caller, id); // 404 outside the slice
  await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ impulse_rate: number | null; impulse_rate_type: string | null }>(
      'SELECT impulse_rate, impulse_rate_type FROM devices WHERE id = $1 FOR UPDATE',
      [id],
    );
    const before = rows[0];
    await tx.query(
      `UPDATE devices SET impulse_rate = $2, impulse_rate_type = $3,
              force_sync_date = CASE WHEN $4::date IS NULL THEN force_sync_date ELSE $4::date END,
              nmi = CASE WHEN $5::text IS NULL THEN nmi ELSE NULLIF($5::text, '') END, updated_at = $6
        WHERE id = $1`,
      [id, edit.impulse_rate, edit.impulse_rate_type, syncDate, nmi ?? null, now.toISOString()],
    );
    if (!before || before.impulse_rate !== edit.impulse_rate || before.impulse_rate_type !== edit.impulse_rate_type) {
      await tx.query(
        `INSERT INTO device_rate_changes (device_id, kind, impulse_rate, impulse_rate_type, changed_by, created_at)
         VALUES ($1, 'impulse', $2, $3, $4, $5)`,
        [id, edit.impulse_rate, edit.impulse_rate_type, caller.userId, now.toISOString()],
      );
    }
  });
}

export interface RateCorrection {
  start_date: string;
  end_date: string;
  rate: number;
  type: ImpulseRateType;
  /** What the correction changes (spec 5): the impulse rate, the tariff rate, or both. */
  update: 'impulseRate' | 'tariffRate' | 'both';
  /** $/kWh of the period; required when the tariff rate is corrected. */
  unit_charge?: number;
}

const UNIT_CHARGE_REQUIRED = say('devices.unitChargeRequired');

/** A correction of a past period: kept in the update-rate history; the current rate when it reaches today. */
export async function correctDevice(db: Db, caller: Caller, id: number, c: RateCorrection, now: Date): Promise<void> {
  checkImpulseRate(c.rate, c.type);
  const start = checkSaveDate(c.start_date, 'start_date');
  const end = checkSaveDate(c.end_date, 'end_date');
  if (end < start) throw badRequest(say('fields.endBeforeStart'));
  // "today" is the property's day: Australian days start up to 14 hours before UTC's
  const latestToday = new Date(now.getTime() + 14 * 3_600_000).toISOString().slice(0, 10);
  if (start > latestToday) throw badRequest(say('devices.futureDate'));
  const tariff = c.update !== 'impulseRate';
  if (tariff && (c.unit_charge === undefined || !Number.isFinite(c.unit_charge) || c.unit_charge < 0)) throw badRequest(UNIT_CHARGE_REQUIRED);
  await deviceDetail(db, caller, id);
  await db.query(
    `INSERT INTO device_rate_changes (device_id, kind, impulse_rate, impulse_rate_type, start_date, end_date, update_section, unit_charge, changed_by, created_at)
     VALUES ($1, 'update', $2, $3, $4, $5, $6, $7, $8, $9)`,
    [id, c.rate, c.type, start, end, c.update, tariff ? c.unit_charge : null, caller.userId, now.toISOString()],
  );
}

export const RateChangeRow = Type.Object({
  id: Type.Integer(),
  impulse_rate: NullableInt,
  impulse_rate_type: NullableText,
  start_date: NullableText,
  end_date: NullableText,
  update_section: NullableText,
  unit_charge: NullableNumber,
  changed_by: NullableText,
  created_at: Type.String(),
});

const HISTORY_SPEC: ListSpec = { sortable: { created_at: 'h.created_at', id: 'h.id' }, filters: {} };

/**
 * A paged history of one device of the caller's slice (as deviceDetail finds it): `from` names its
 * rows `h`, for the device `$1`.
 */
async function deviceHistory(db: Db, caller: Caller, id: number, query: ListQuery, from: string, columns: string): Promise<ListInfo<Record<string, unknown>>> {
  await deviceDetail(db, caller, id);
  const params = new SqlParams();
  params.add(id);
  const listing = buildListing(query, HISTORY_SPEC, params, 'h.id');
  const filters = listing.conditions.map((c) => `AND ${c}`).join(' ');
  return pagedList(db, listing, params, columns, `${from} ${filters}`);
}

export function rateHistory(db: Db, caller: Caller, id: number, kind: 'impulse' | 'update', query: ListQuery) {
  return deviceHistory(
    db,
    caller,
    id,
    query,
    `FROM device_rate_changes h LEFT JOIN users u ON u.id = h.changed_by WHERE h.device_id = $1 AND h.kind = '${kind}'`,
    `h.id::int AS id, h.impulse_rate, h.impulse_rate_type, to_char(h.start_date, 'YYYY-MM-DD') AS start_date,
     to_char(h.end_date, 'YYYY-MM-DD') AS end_date, h.update_section, h.unit_charge::float8 AS unit_charge, u.email AS changed_by, ${ISO('h.created_at')} AS created_at`,
  );
}

export const DeviceEventRow = Type.Object({
  id: Type.Integer(),
  device_id: Type.Integer(),
  event: Type.String(),
  serial_number: NullableText,
  mac_address: NullableText,
  firmware_version: NullableText,
  note: NullableText,
  agency_name: NullableText,
  created_at: Type.String(),
});

const EVENT_COLUMNS = `h.id::int AS id, h.device_id::int AS device_id, h.event, h.serial_number, h.mac_address,
  h.firmware_version, h.note, a.agency_name, ${ISO('h.created_at')} AS created_at`;

/** Installs, replacements and removals of one device. */
export function deviceEvents(db: Db, caller: Caller, id: number, query: ListQuery) {
  return deviceHistory(db, caller, id, query, 'FROM device_history h LEFT JOIN agencies a ON a.id = h.agency_id WHERE h.device_id = $1', EVENT_COLUMNS);
}

/**
 * Install history by serial number (or MAC address on the MAC lines): every device of the caller's
 * slice that carried it, so a replaced unit's past shows too.
 */
export async function installHistory(
  db: Db,
  caller: Caller,
  key: 'serial_number' | 'mac_address',
  value: string,
  query: ListQuery,
  heatPumps = false,
) {
  const clean = alphanumeric(value);
  if (clean === '') throw badRequest(say('requests.fieldRequired', { field: key }));
  const params = new SqlParams();
  const scope = scopeFor(caller).devices('d', params);
  const listing = buildListing(query, HISTORY_SPEC, params, 'h.id');
  const match = `${key === 'mac_address' ? 'upper(d.mac_address)' : 'd.serial_number'} = ${params.add(key === 'mac_address' ? clean.toUpperCase() : clean)}`;
  const from = `FROM device_history h JOIN devices d ON d.id = h.device_id LEFT JOIN agencies a ON a.id = h.agency_id
    WHERE ${match} AND d.product_line ${heatPumps ? '=' : '<>'} 'heat_pump' AND (${scope})`;
  return pagedList<Record<string, unknown>>(db, listing, params, EVENT_COLUMNS, from);
}
