/**
 * Smoke alarms (0009): the alarms a safelink hub looks after. One alarm is seen by whoever sees its
 * hub (the hub device's slice decides), so an alarm of another slice is not found (404).
 */
import { Type } from '@sinclair/typebox';
import type { Db } from '../../db';
import { scopeFor } from '../../policy/scope';
import type { Caller } from '../../policy/roles';
import { notFound } from '../../server/errors';
import { filterBy, buildListing, listInfo, type ListInfo, type ListQuery, type ListSpec } from '../../server/listing';
import { ISO, SqlParams, whereClause } from '../../server/sql';
import type { CountCache } from '../../server/count-cache';
import { identifierFilter } from '../ota/device-types';
import { PropertyAddress } from './queries';
import { NullableInt, NullableText } from '../../server/schemas';
import { say } from '../../server/messages';


const SMOKE_ALARM_LIST: ListSpec = {
  sortable: {
    created_at: 's.created_at',
    id: 's.id',
    serial_number: 's.serial_number',
    location: 's.location',
    alarm_type: 's.alarm_type',
    alarm_status: 's.alarm_status',
    battery_level: 's.battery_level',
    last_tested_at: 's.last_tested_at',
    expires_on: 's.expires_on',
  },
  filters: {
    serial_number: identifierFilter('s.serial_number', false),
    hub_serial_number: identifierFilter('d.serial_number', false),
    location: filterBy.text('s.location'),
    alarm_type: filterBy.multi('s.alarm_type'),
    alarm_status: filterBy.multi('s.alarm_status'),
    expires_on: filterBy.date('s.expires_on'),
  },
};

export const SmokeAlarmRow = Type.Object({
  id: Type.Integer(),
  serial_number: Type.String(),
  location: Type.String(),
  alarm_type: Type.String(),
  alarm_status: Type.String(),
  battery_level: NullableInt,
  last_tested_at: NullableText,
  expires_on: NullableText,
  created_at: Type.String(),
  safelink_device_id: Type.Integer(),
  hub_serial_number: Type.String(),
  hub_mac_address: NullableText,
  hub_device_status: Type.String(),
  hub_is_online: Type.Integer(),
  ...PropertyAddress,
});
export type SmokeAlarm = typeof SmokeAlarmRow.static;

const COLUMNS = `s.id::int AS id, s.serial_number, s.location, s.alarm_type, s.alarm_status, s.battery_level::int AS battery_level,
  ${ISO('s.last_tested_at')} AS last_tested_at, to_char(s.expires_on, 'YYYY-MM-DD') AS expires_on, ${ISO('s.created_at')} AS created_at,
  s.safelink_device_id::int AS safelink_device_id, d.serial_number AS hub_serial_number, d.mac_address AS hub_mac_address,
  d.device_status AS hub_device_status, d.is_online::int AS hub_is_online, d.property_id::int AS property_id,
  p.unit_number, p.street_number, p.street, p.city, p.state, p.postal_code`;
const JOINS = `JOIN devices d ON d.id = s.safelink_device_id AND d.product_line = 'safelink' LEFT JOIN properties p ON p.id = d.property_id`;

/**
 * A page of the caller's smoke alarms, every hub's (`hubId` absent: GET /api/safelink/smokealarm/list)
 * or one hub's (GET /api/safelink/smokealarm/{id}, 404 when the hub is not the caller's).
 */
export async function listSmokeAlarms(db: Db, caller: Caller, query: ListQuery, hubId?: number, counts?: CountCache): Promise<ListInfo<SmokeAlarm>> {
  const params = new SqlParams();
  const conditions = [scopeFor(caller).devices('d', params)];
  if (hubId !== undefined) {
    await requireHub(db, caller, hubId);
    conditions.push(`s.safelink_device_id = ${params.add(hubId)}`);
  }
  const listing = buildListing(query, SMOKE_ALARM_LIST, params, 's.id');
  conditions.push(...listing.conditions);
  const where = whereClause(conditions);
  const filterValues = params.values.slice();
  const countSql = `SELECT count(*)::int AS n FROM smoke_alarms s ${JOINS} ${where}`;
  const total = counts ? await counts.total(db, countSql, filterValues) : ((await db.query<{ n: number }>(countSql, filterValues)).rows[0]?.n ?? 0);
  if (listing.offset >= total) return listInfo([], total, listing.page, listing.limit);
  // the page's ids first (the properties join only for the 25 rows shown)
  const { rows } = await db.query<SmokeAlarm>(
    `SELECT ${COLUMNS} FROM (SELECT s.id FROM smoke_alarms s JOIN devices d ON d.id = s.safelink_device_id AND d.product_line = 'safelink'
        ${where} ${listing.orderBy} LIMIT ${params.add(listing.limit)} OFFSET ${params.add(listing.offset)}) page
      JOIN smoke_alarms s ON s.id = page.id ${JOINS} ${listing.orderBy}`,
    params.values,
  );
  return listInfo(rows, total, listing.page, listing.limit);
}

async function requireHub(db: Db, caller: Caller, hubId: number): Promise<void> {
  const params = new SqlParams();
  const { rows } = await db.query(
    `SELECT 1 FROM devices d WHERE d.id = ${params.add(hubId)} AND d.product_line = 'safelink' AND (${scopeFor(caller).devices('d', params)})`,
    params.values,
  );
  if (rows.length === 0) throw notFound(say('devices.notFound'));
}

/** One smoke alarm of the caller's slice, or 404. */
export async function smokeAlarmInfo(db: Db, caller: Caller, id: number): Promise<SmokeAlarm> {
  const params = new SqlParams();
  const { rows } = await db.query<SmokeAlarm>(
    `SELECT ${COLUMNS} FROM smoke_alarms s ${JOINS} WHERE s.id = ${params.add(id)} AND (${scopeFor(caller).devices('d', params)})`,
    params.values,
  );
  const row = rows[0];
  if (!row) throw notFound(say('smokeAlarms.notFound'));
  return row;
}
