/**
 * Which firmware a device can get, in SQL, so lists, filters, counts and pushes agree:
 *
 * - `available_firmware` is the device's group's target_version when the group has one, else the
 *   to_version of the device type's rule whose from_version is the device's firmware;
 * - `upgradable` is true when that version differs from the device's and the deciding group has its
 *   Update Flag (`upgradable`) or the deciding rule has Upgrade (`immediate_update`).
 *
 * Every query aliases devices `d`, the membership `gd`, the group `g` and the rule `r`. The joins are
 * on unique keys (a device is in at most one group; one rule per from_version and type), so they never
 * multiply rows and the planner drops them from counts that do not use them.
 */
import { Type } from '@sinclair/typebox';
import type { Db } from '../../db';
import { filterBy, buildListing, decodeFilter, listInfo, type ListInfo, type ListQuery, type ListSpec } from '../../server/listing';
import { SqlParams, whereClause } from '../../server/sql';
import { DEVICE_SORTS, identifierFilter, otaLine, type DeviceType } from './device-types';

export function otaJoins(deviceTypeParam: string): string {
  return `LEFT JOIN ota_group_devices gd ON gd.device_id = d.id
     LEFT JOIN ota_groups g ON g.id = gd.group_id
     LEFT JOIN ota_rules r ON r.product_line = ${deviceTypeParam} AND r.from_version = d.firmware_version`;
}

export const AVAILABLE_SQL = 'COALESCE(g.target_version, r.to_version)';
export const UPGRADABLE_SQL = `(CASE WHEN g.target_version IS NOT NULL
      THEN g.upgradable AND g.target_version IS DISTINCT FROM d.firmware_version
    WHEN r.id IS NOT NULL
      THEN r.immediate_update AND r.to_version IS DISTINCT FROM d.firmware_version
    ELSE false END)`;
/** A push sends a device its available firmware when it has one it is not already running. */
export const HAS_UPDATE_SQL = `(${AVAILABLE_SQL} IS NOT NULL AND ${AVAILABLE_SQL} IS DISTINCT FROM d.firmware_version)`;

/** The product lines of a type's devices. */
export function otaProductLines(deviceType: DeviceType): string[] {
  const line = otaLine(deviceType);
  return line === 'livelink' ? ['livelink', 'ihd_livelink'] : [line];
}

/**
 * The device set of a type, written two equivalent ways for the planner: pages ordered by creation
 * use `fleet_ota_line(product_line) = $line` (one ordered range of devices_ota_line_created_idx);
 * counts and bulk selections use `product_line = ANY($lines)`, which index-only scans on the
 * (product_line, ...) indexes can answer without reading the table.
 */
export function lineCondition(deviceType: DeviceType, params: SqlParams, use: 'ordered' | 'set' = 'set'): string {
  return use === 'ordered'
    ? `fleet_ota_line(d.product_line) = ${params.add(otaLine(deviceType))}`
    : `d.product_line = ANY(${params.add(otaProductLines(deviceType))}::text[])`;
}


/** Filters of the OTA device lists (also the `filter` of remove-devices and update-firmware). */
export const OTA_DEVICE_FILTERS: ListSpec['filters'] = {
  serial_number: identifierFilter('d.serial_number', false),
  mac_address: identifierFilter('d.mac_address', true),
  firmware_version: filterBy.exact('d.firmware_version'),
  available_firmware: filterBy.exact(AVAILABLE_SQL),
  upgradable: filterBy.boolean(UPGRADABLE_SQL),
};

export const OTA_DEVICE_LIST: ListSpec = {
  sortable: {
    ...DEVICE_SORTS,
    available_firmware: `fleet_version_key(${AVAILABLE_SQL})`,
    upgradable: UPGRADABLE_SQL,
    group_name: 'g.name',
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

/** A page of OTA device rows of a type (optionally of one group) with the exact total. */
export async function listOtaDevices(
  db: Db,
  deviceType: DeviceType,
  query: ListQuery,
  scope: OtaDeviceScope = {},
): Promise<ListInfo<OtaDevice>> {
  // The page and the count are built separately: each names the device set the way its plan needs.
  // Counts leave out the group and rule joins unless a condition reads them: the planner keeps columns
  // of removed joins "needed", which rules out index-only scans.
  const joinFilters = decodeFilter(query.filter).some((f) => f.key === 'available_firmware' || f.key === 'upgradable');
  const build = (use: 'ordered' | 'set', forPage: boolean) => {
    const params = new SqlParams();
    const joined = forPage || joinFilters || scope.groupId !== undefined;
    const typeParam = joined ? params.add(deviceType) : '';
    const conditions = [lineCondition(deviceType, params, use)];
    if (scope.groupId !== undefined) conditions.push(`gd.group_id = ${params.add(scope.groupId)}`);
    const listing = buildListing(query, OTA_DEVICE_LIST, params, 'd.id');
    conditions.push(...listing.conditions);
    return {
      from: `FROM devices d ${joined ? otaJoins(typeParam) : ''} ${whereClause(conditions)}`,
      params,
      listing,
      filtered: listing.conditions.length > 0,
    };
  };
  // The ordered index range is the fast path only for the unfiltered, newest-first page: behind a
  // filter that matches few devices it would walk the whole line, so filtered or re-sorted pages
  // let the planner pick (index-only filter, then a top-25 sort), bounded by the cost of the count.
  const filtered = decodeFilter(query.filter).some((f) => f.value !== '' && !(Array.isArray(f.value) && f.value.length === 0));
  const newestFirst = (query.sortBy ?? '') === '' || query.sortBy === 'created_at';
  // A group's page keeps the ordered form whatever the filter: the planner then weighs walking the
  // line in order against starting from the group's members (it knows the group sizes).
  const pageQuery = build(scope.groupId !== undefined || (!filtered && newestFirst) ? 'ordered' : 'set', true);
  const countQuery = build('set', false);
  const { listing } = pageQuery;
  const limitAt = pageQuery.params.values.length + 1;
  const [page, total] = await Promise.all([
    db.query<Omit<OtaDevice, 'update_state'>>(
      `SELECT d.id, d.id AS device_id, d.serial_number, d.mac_address, d.firmware_version,
              ${AVAILABLE_SQL} AS available_firmware, ${UPGRADABLE_SQL} AS upgradable,
              g.id AS group_id, g.name AS group_name
         ${pageQuery.from}
         ${listing.orderBy}
         LIMIT $${limitAt} OFFSET $${limitAt + 1}`,
      [...pageQuery.params.values, listing.limit, listing.offset],
    ),
    countOtaDevices(db, countQuery.from, countQuery.params.values, scope, !countQuery.filtered),
  ]);
  const ids = page.rows.map((r) => r.id);
  const states = new Map<number, string>();
  if (ids.length > 0) {
    const { rows } = await db.query<{ device_id: number; state: string }>(
      `SELECT DISTINCT ON (device_id) device_id, state
         FROM ota_jobs WHERE device_id = ANY($1::bigint[])
        ORDER BY device_id, created_at DESC, id DESC`,
      [ids],
    );
    for (const r of rows) states.set(r.device_id, r.state);
  }
  const data = page.rows.map((r) => ({ ...r, update_state: states.get(r.id) ?? null }));
  return listInfo(data, total, listing.page, listing.limit);
}

async function countOtaDevices(db: Db, from: string, values: unknown[], scope: OtaDeviceScope, unfiltered: boolean): Promise<number> {
  if (unfiltered && scope.groupId !== undefined) {
    // A group's devices are all of its line (add-devices checks), so its size is the membership count.
    const { rows } = await db.query<{ total: number }>('SELECT count(*) AS total FROM ota_group_devices WHERE group_id = $1', [
      scope.groupId,
    ]);
    return rows[0]?.total ?? 0;
  }
  const { rows } = await db.query<{ total: number }>(`SELECT count(*) AS total ${from}`, values);
  return rows[0]?.total ?? 0;
}

/**
 * The devices a bulk call acts on: `all` means every device of the type's line matching `filter`
 * (the list's filter keys); otherwise exactly `ids`. Answers SQL conditions on `d` (with gd/g/r joins).
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
