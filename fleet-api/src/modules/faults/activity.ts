/**
 * A heat pump's activity log (spec: GET /api/{usertype}/heat-pump/activity-logs?{key}&start_date&end_date
 * &source=nms): its work-state steps, Wi-Fi changes, faults and resolutions over a period, newest
 * first. The heat pump is named by id, serial number or MAC address and must be in the caller's slice.
 */
import { Type, type Static } from '@sinclair/typebox';
import type { Db } from '../../db';
import type { Caller } from '../../policy/roles';
import { scopeFor } from '../../policy/scope';
import { badRequest, notFound } from '../../server/errors';
import { parseFilterDate, type ListQuery, pagedList, pagingOnly } from '../../server/listing';
import { ISO, SqlParams } from '../../server/sql';
import { alphanumeric } from '../ota/device-types';
import { NullableInt, NullableText } from '../../server/schemas';
import { say } from '../../server/messages';

/** At most this many days in one request (a quarter), and the default period: the last week. */
const ACTIVITY_MAX_DAYS = 92;
const DEFAULT_DAYS = 7;
/** Kept this long (housekeeping). */
const ACTIVITY_KEEP_DAYS = 92;

export const ActivityRow = Type.Object({
  id: Type.Integer(),
  at: Type.String(),
  event: Type.String(),
  work_state: NullableInt,
  fault_code: NullableText,
  detail: NullableText,
});

export interface ActivityQuery extends ListQuery {
  device_id?: number;
  serial_number?: string;
  mac_address?: string;
  start_date?: string;
  end_date?: string;
}

const DAY = 86_400_000;

export async function activityLog(db: Db, caller: Caller, q: ActivityQuery, now: Date) {
  const params = new SqlParams();
  let key: string;
  if (q.device_id !== undefined) key = `d.id = ${params.add(q.device_id)}`;
  else if (q.serial_number !== undefined && alphanumeric(q.serial_number) !== '') key = `d.serial_number = ${params.add(alphanumeric(q.serial_number))}`;
  else if (q.mac_address !== undefined && alphanumeric(q.mac_address) !== '') key = `upper(d.mac_address) = ${params.add(alphanumeric(q.mac_address).toUpperCase())}`;
  else throw badRequest(say('faults.heatPumpRequired'));
  const { rows: found } = await db.query<{ id: number; serial_number: string; mac_address: string | null }>(
    `SELECT d.id::int AS id, d.serial_number, d.mac_address FROM devices d
      WHERE ${key} AND d.product_line = 'heat_pump' AND (${scopeFor(caller).devices('d', params)}) ORDER BY d.id DESC LIMIT 1`,
    params.values,
  );
  const device = found[0];
  if (!device) throw notFound(say('heatPumps.notFound'));

  const today = now.toISOString().slice(0, 10);
  const end = q.end_date ? parseFilterDate(q.end_date, 'end_date') : today;
  const start = q.start_date ? parseFilterDate(q.start_date, 'start_date') : new Date(Date.parse(end) - (DEFAULT_DAYS - 1) * DAY).toISOString().slice(0, 10);
  if (end < start) throw badRequest(say('fields.endIsBeforeStart'));
  if ((Date.parse(end) - Date.parse(start)) / DAY + 1 > ACTIVITY_MAX_DAYS) throw badRequest(say('faults.periodTooLong', { days: ACTIVITY_MAX_DAYS }));

  const ep = new SqlParams();
  const where = `e.device_id = ${ep.add(device.id)} AND e.at >= ${ep.add(start)}::date AND e.at < (${ep.add(end)}::date + 1)`;
  const page = await pagedList<Static<typeof ActivityRow>>(
    db,
    pagingOnly(q, 'ORDER BY e.at DESC, e.id DESC'),
    ep,
    `e.id::int AS id, ${ISO('e.at')} AS at, e.event, e.work_state::int AS work_state, e.fault_code, e.detail`,
    `FROM heat_pump_events e WHERE ${where}`,
  );
  return { ...page, device, start_date: start, end_date: end };
}

/** Housekeeping: activity older than ACTIVITY_KEEP_DAYS goes. */
export async function pruneActivity(db: Db, now: Date): Promise<number> {
  const { rowCount } = await db.query('DELETE FROM heat_pump_events WHERE at < $1', [new Date(now.getTime() - ACTIVITY_KEEP_DAYS * DAY).toISOString()]);
  return rowCount;
}
