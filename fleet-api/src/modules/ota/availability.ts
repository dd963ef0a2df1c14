/**
 * Which firmware a device can get (docs/ota-calls.md, Availability):
 *
 * - `available_firmware` is the device's group's target_version when the group has one, else the
 *   to_version of the device type's rule whose from_version is the device's firmware;
 * - `upgradable` is true when that version differs from the device's and the deciding group has its
 *   Update Flag (`upgradable`) or the deciding rule has Upgrade (`immediate_update`).
 *
 * The rule is the view `ota_device_availability` (migration 0023). The lists read `ota_devices`
 * (migration 0024): a view of the kept rows per device and OTA device type (`ota_device_rows`: type,
 * identifiers, creation, version) joined to the device's group and its type's rule when read, so a
 * group or rule write rewrites no device row. Totals sum `ota_device_counts`, buckets per type,
 * group and version kept by triggers. Queries alias the view `a` (and devices `d`).
 */
import { Type } from '@sinclair/typebox';
import type { Db } from '../../db';
import type { CountCache } from '../../server/count-cache';
import { filterBy, buildListing, listInfo, type ListInfo, type ListQuery, type ListSpec } from '../../server/listing';
import { SqlParams, whereClause } from '../../server/sql';
import { identifierFilter, otaLine, type DeviceType } from './device-types';

/** The kept OTA row of each device `d` for the device type `deviceTypeParam`. */
export function otaJoins(deviceTypeParam: string): string {
  return `JOIN ota_devices a ON a.device_id = d.id AND a.device_type = ${deviceTypeParam}`;
}

export const AVAILABLE_SQL = 'a.available_firmware';
export const UPGRADABLE_SQL = 'a.upgradable';
/** A push sends a device its available firmware when it has one it is not already running. */
export const HAS_UPDATE_SQL = `(${AVAILABLE_SQL} IS NOT NULL AND ${AVAILABLE_SQL} IS DISTINCT FROM a.firmware_version)`;

/** The product lines of a type's devices. */
export function otaProductLines(deviceType: DeviceType): string[] {
  const line = otaLine(deviceType);
  return line === 'livelink' ? ['livelink', 'ihd_livelink'] : [line];
}

/** The devices `d` of a type (counts and bulk selections: index-only scans on (product_line, ...)). */
export function lineCondition(deviceType: DeviceType, params: SqlParams): string {
  return `d.product_line = ANY(${params.add(otaProductLines(deviceType))}::text[])`;
}

/** Filters of the OTA device lists (also the `filter` of remove-devices and update-firmware). */
export const OTA_DEVICE_FILTERS: ListSpec['filters'] = {
  serial_number: identifierFilter('a.serial_number', false),
  mac_address: identifierFilter('a.mac_address', true),
  firmware_version: filterBy.exact('a.firmware_version'),
  available_firmware: filterBy.exact(AVAILABLE_SQL),
  upgradable: filterBy.boolean(UPGRADABLE_SQL),
};

export const OTA_DEVICE_LIST: ListSpec = {
  sortable: {
    created_at: 'a.created_at',
    id: 'a.device_id',
    serial_number: 'a.serial_number',
    mac_address: 'a.mac_address',
    firmware_version: 'fleet_version_key(a.firmware_version)',
    available_firmware: `fleet_version_key(${AVAILABLE_SQL})`,
    upgradable: UPGRADABLE_SQL,
    group_name: 'a.group_name',
  },
  filters: OTA_DEVICE_FILTERS,
};

export const OtaDeviceRow = Type.Object({
  id: Type.Integer(),
  device_id: Type.Integer(),
  serial_number: Type.String(),
  mac_address: Type.Union([Type.String(), Type.Null()]),
  firmware_version: Type.Union([Type.String(), Type.Null()]),
  available_firmware: Type.Union([Type.String(), Type.Null()]),
  upgradable: Type.Boolean(),
  group_id: Type.Union([Type.Integer(), Type.Null()]),
  group_name: Type.Union([Type.String(), Type.Null()]),
  update_state: Type.Union([Type.String(), Type.Null()]),
});

export interface OtaDevice {
  id: number;
  device_id: number;
  serial_number: string;
  mac_address: string | null;
  firmware_version: string | null;
  available_firmware: string | null;
  upgradable: boolean;
  group_id: number | null;
  group_name: string | null;
  update_state: string | null;
}

export interface OtaDeviceScope {
  /** Only the devices of this group. */
  groupId?: number;
}

/**
 * Below this many matches a page is read filter first (the matches, then sorted); above it, by walking
 * the sort's index range until a page of matches is found (at least 1 match in 175 rows of a line of
 * 350,000, so a page costs a few thousand index entries at most). The exact total, counted first,
 * decides: the planner's guess of how many rows a "contains" or a kept column matches cannot.
 */
const FILTER_FIRST_BELOW = 2_000;

/** The columns of ota_devices that ota_device_counts counts devices by. */
const COUNTED_COLUMNS = new Set(['device_type', 'group_id', 'firmware_version', 'available_firmware', 'upgradable']);

/**
 * A page of OTA device rows of a type (optionally of one group) with the exact total, both from
 * `ota_devices` alone. The total comes first (once per query and version of ota_devices when `counts`
 * is given); a page past the middle is read from the other end in the reverse order.
 */
export async function listOtaDevices(
  db: Db,
  deviceType: DeviceType,
  query: ListQuery,
  scope: OtaDeviceScope = {},
  counts?: CountCache,
): Promise<ListInfo<OtaDevice>> {
  const params = new SqlParams();
  const conditions = [`a.device_type = ${params.add(deviceType)}`];
  if (scope.groupId !== undefined) conditions.push(`a.group_id = ${params.add(scope.groupId)}`);
  const listing = buildListing(query, OTA_DEVICE_LIST, params, 'a.device_id');
  conditions.push(...listing.conditions);
  const where = whereClause(conditions);
  // Filtered by the counted columns alone (or not at all): a sum over ota_device_counts (migration 0023)
  // with the same conditions; a "contains" search counts the matching rows.
  const counted = [...where.matchAll(/\ba\.(\w+)/g)].every((m) => COUNTED_COLUMNS.has(m[1] ?? ''));
  const countSql = counted
    ? `SELECT coalesce(sum(a.devices), 0)::int AS n FROM ota_device_counts a ${where}`
    : `SELECT count(*)::int AS n FROM ota_devices a ${where}`;
  const total = counts
    ? await counts.total(db, countSql, params.values.slice())
    : ((await db.query<{ n: number }>(countSql, params.values)).rows[0]?.n ?? 0);
  if (listing.offset >= total) return listInfo([], total, listing.page, listing.limit);

  if (counted && query.sortBy !== undefined && Object.hasOwn(BUCKET_SORTS, query.sortBy)) {
    const sort = BUCKET_SORTS[query.sortBy] as BucketSort;
    const rows = await pageBySegments(db, sort, conditions, params, listing, (query.orderBy ?? 'desc').toLowerCase() === 'asc');
    return listInfo(await withUpdateStates(db, rows), total, listing.page, listing.limit);
  }

  let { orderBy, offset, limit } = listing;
  const fromEnd = offset > total / 2;
  if (fromEnd) {
    // the same order reversed (direction and NULLS both flip), counted from the last row
    const asc = (query.orderBy ?? 'desc').toLowerCase() === 'asc';
    const reversed: ListQuery = { orderBy: asc ? 'desc' : 'asc', ...(query.sortBy === undefined ? {} : { sortBy: query.sortBy }) };
    orderBy = buildListing(reversed, OTA_DEVICE_LIST, new SqlParams(), 'a.device_id').orderBy;
    limit = Math.min(limit, total - offset);
    offset = Math.max(0, total - listing.offset - limit);
  }
  // Few matches: read them first (the planner cannot walk an index range through a materialized CTE).
  const filterFirst = total < FILTER_FIRST_BELOW;
  const page = await db.query<OtaDeviceColumns>(
    `${filterFirst ? `WITH m AS MATERIALIZED (SELECT * FROM ota_devices a ${where})` : ''}
     SELECT ${OTA_DEVICE_COLUMNS}
       FROM ${filterFirst ? 'm' : 'ota_devices'} a
       ${filterFirst ? '' : where}
       ${orderBy} LIMIT ${params.add(limit)} OFFSET ${params.add(offset)}`,
    params.values,
  );
  const ordered = fromEnd ? page.rows.reverse() : page.rows;
  return listInfo(await withUpdateStates(db, ordered), total, listing.page, listing.limit);
}

type OtaDeviceColumns = Omit<OtaDevice, 'update_state'>;
const OTA_DEVICE_COLUMNS = `a.device_id AS id, a.device_id, a.serial_number, a.mac_address, a.firmware_version,
            a.available_firmware, a.upgradable, a.group_id, a.group_name`;

/** Each device's latest OTA job state. */
async function withUpdateStates(db: Db, rows: OtaDeviceColumns[]): Promise<OtaDevice[]> {
  const ids = rows.map((r) => r.id);
  const states = new Map<number, string>();
  if (ids.length > 0) {
    const { rows: jobs } = await db.query<{ device_id: number; state: string }>(
      `SELECT DISTINCT ON (device_id) device_id, state
         FROM ota_jobs WHERE device_id = ANY($1::bigint[])
        ORDER BY device_id, created_at DESC, id DESC`,
      [ids],
    );
    for (const r of jobs) states.set(r.device_id, r.state);
  }
  return rows.map((r) => ({ ...r, update_state: states.get(r.id) ?? null }));
}

/**
 * A sort by a value that every device of a (group, firmware version) bucket shares: its group's name,
 * available firmware or Upgradable (joined when read since migration 0024, so no index holds them).
 * `value` reads it from ota_device_counts `a` (its group `sg`), `key` orders values as the list does,
 * `segment` is the condition on ota_devices `a` of the devices that have the value.
 */
interface BucketSort {
  value: string;
  key: (value: string) => string;
  segment: (params: SqlParams, value: string | boolean | null) => string;
}

const BUCKET_SORTS: Record<string, BucketSort> = {
  group_name: {
    value: 'sg.name',
    key: (v) => v,
    // no group as an anti-join the planner can walk in id order (`a.group_id IS NULL` is planned as one row)
    segment: (p, v) => (v === null ? 'NOT EXISTS (SELECT 1 FROM ota_group_devices x WHERE x.device_id = a.device_id)' : `a.group_name = ${p.add(v)}`),
  },
  available_firmware: {
    value: "nullif(a.available_firmware, '')",
    key: (v) => `fleet_version_key(${v})`,
    segment: (p, v) => (v === null ? 'a.available_firmware IS NULL' : `a.available_firmware = ${p.add(v)}`),
  },
  upgradable: { value: 'a.upgradable', key: (v) => v, segment: (p, v) => `a.upgradable = ${p.add(v)}` },
};

/**
 * A page in the order (value, device id): the values with their device counts from the kept counts
 * (a few hundred buckets), then, for each value the page reaches, its devices in id order (a page past
 * the middle of a value's devices is read from its other end). The same order as ORDER BY over every
 * device, without sorting the line.
 */
async function pageBySegments(
  db: Db,
  sort: BucketSort,
  conditions: string[],
  params: SqlParams,
  listing: { offset: number; limit: number },
  asc: boolean,
): Promise<OtaDeviceColumns[]> {
  const dir = asc ? 'ASC' : 'DESC';
  const nulls = asc ? 'NULLS FIRST' : 'NULLS LAST';
  const { rows: segments } = await db.query<{ v: string | boolean | null; n: number }>(
    `SELECT s.v, sum(s.n)::int AS n
       FROM (SELECT ${sort.value} AS v, a.devices AS n
               FROM ota_device_counts a LEFT JOIN ota_groups sg ON sg.id = nullif(a.group_id, 0) ${whereClause(conditions)}) s
      GROUP BY s.v HAVING sum(s.n) > 0
      ORDER BY ${sort.key('s.v')} ${dir} ${nulls}, s.v ${dir}`,
    params.values,
  );
  const out: OtaDeviceColumns[] = [];
  let skip = listing.offset;
  let wanted = listing.limit;
  for (const s of segments) {
    if (wanted === 0) break;
    if (skip >= s.n) {
      skip -= s.n;
      continue;
    }
    const take = Math.min(wanted, s.n - skip);
    const fromEnd = skip > s.n / 2;
    const p = new SqlParams();
    p.values.push(...params.values);
    const where = whereClause([...conditions, sort.segment(p, s.v)]);
    const { rows } = await db.query<OtaDeviceColumns>(
      `SELECT ${OTA_DEVICE_COLUMNS} FROM ota_devices a ${where}
        ORDER BY a.device_id ${fromEnd === asc ? 'DESC' : 'ASC'} LIMIT ${p.add(take)} OFFSET ${p.add(fromEnd ? s.n - skip - take : skip)}`,
      p.values,
    );
    out.push(...(fromEnd ? rows.reverse() : rows));
    skip = 0;
    wanted -= take;
  }
  return out;
}

/**
 * The devices a bulk call acts on: `all` means every device of the type's line matching `filter`
 * (the list's filter keys); otherwise exactly `ids`. Answers SQL conditions on `d` and `a` (otaJoins).
 */
export function selectionConditions(
  deviceType: DeviceType,
  params: SqlParams,
  selection: { all: boolean; ids: number[]; filter?: string | undefined },
): string[] {
  const conditions = [lineCondition(deviceType, params)];
  if (selection.all) {
    const listing = buildListing({ filter: selection.filter }, OTA_DEVICE_LIST, params);
    conditions.push(...listing.conditions);
  } else {
    conditions.push(`d.id = ANY(${params.add(selection.ids)}::bigint[])`);
  }
  return conditions;
}
