/**
 * The network (NMS) dashboard of a slice (spec 2.14): today's counts from the devices themselves, the
 * months of a year from the recorded daily history (history.ts), and the live device list. The slice
 * is the policy layer's: its device predicate on the history rows reads the same agency, company and
 * site keys (the NMS roles are Admin, Agency, mscc and sm).
 */
import { Type } from '@sinclair/typebox';
import type { Db } from '../../db';
import type { Caller } from '../../policy/roles';
import { scopeFor } from '../../policy/scope';
import { badRequest } from '../../server/errors';
import type { CountCache } from '../../server/count-cache';
import type { ListQuery } from '../../server/listing';
import { SqlParams } from '../../server/sql';
import { heatPumpRow, HeatPumpRow } from '../devices/heat-pumps';
import { listDevices, subsetCondition } from '../devices/queries';
import { HISTORY_START } from './history';
import { NullableInt, NullableText } from '../../server/schemas';
import { say } from '../../server/messages';

/** A company's or a site's heat pumps within the slice (their dashboards). */
export type Place = { company: number } | { site: number };

function withPlace(scope: string, place: Place | undefined, params: SqlParams): string {
  return place ? `(${scope}) AND ${subsetCondition(place, params)}` : scope;
}

export const NmsCounts = Type.Object({ offline: Type.Integer(), online: Type.Integer(), total: Type.Integer(), faulty: Type.Integer() });

/** Today's counts of the slice's heat pumps (in service: In-active ones are not on the network). */
export async function nmsCounts(db: Db, caller: Caller, place?: Place) {
  const params = new SqlParams();
  const scope = withPlace(scopeFor(caller).devices('d', params), place, params);
  const { rows } = await db.query<{ total: number; online: number; offline: number }>(
    `SELECT count(*)::int AS total, count(*) FILTER (WHERE d.is_online = 1)::int AS online, count(*) FILTER (WHERE d.is_online = 0)::int AS offline
       FROM devices d WHERE d.product_line = 'heat_pump' AND d.device_status <> 'In-active' AND (${scope})`,
    params.values,
  );
  const faultParams = new SqlParams();
  const faulty = await db.query<{ n: number }>(
    `SELECT count(DISTINCT f.device_id)::int AS n FROM faults f JOIN devices d ON d.id = f.device_id
      WHERE f.fault_status = 0 AND d.product_line = 'heat_pump' AND d.device_status <> 'In-active' AND (${withPlace(scopeFor(caller).devices('d', faultParams), place, faultParams)})`,
    faultParams.values,
  );
  const counts = rows[0] ?? { total: 0, online: 0, offline: 0 };
  return { offline: counts.offline, online: counts.online, total: counts.total, faulty: faulty.rows[0]?.n ?? 0 };
}

export const MonthOnlineOffline = Type.Object({ month: Type.Integer(), online: Type.Integer(), offline: Type.Integer() });
export const MonthFaulty = Type.Object({ month: Type.Integer(), faulty: Type.Integer() });

/** The year a month figure asks for (this year by default), from HISTORY_START to this year; another is a 400. */
export function yearOf(year: number | undefined, now: Date): number {
  const y = year ?? now.getUTCFullYear();
  const first = Number(HISTORY_START.slice(0, 4));
  if (!Number.isInteger(y) || y < first || y > now.getUTCFullYear()) throw badRequest(say('nms.yearOutOfRange', { first, last: now.getUTCFullYear() }));
  return y;
}

/** The slice's daily totals of a year (history rows summed per day). */
function dailySql(caller: Caller, params: SqlParams, year: number): string {
  return `SELECT t.day, sum(t.online)::int AS online, sum(t.offline)::int AS offline, sum(t.faulty)::int AS faulty
            FROM heat_pump_daily t
           WHERE t.day >= ${params.add(`${year}-01-01`)}::date AND t.day < ${params.add(`${year + 1}-01-01`)}::date
             AND (${scopeFor(caller).devices('t', params)})
           GROUP BY t.day`;
}

const MONTHS = Array.from({ length: 12 }, (_, i) => i + 1);

/** Online and offline heat pumps of each month of a year: the state on the month's last recorded day. */
export async function monthOnlineOffline(db: Db, caller: Caller, year: number | undefined, now: Date) {
  const y = yearOf(year, now);
  const params = new SqlParams();
  const { rows } = await db.query<{ month: number; online: number; offline: number }>(
    `SELECT DISTINCT ON (date_trunc('month', day)) extract(month FROM day)::int AS month, online, offline
       FROM (${dailySql(caller, params, y)}) days
      ORDER BY date_trunc('month', day), day DESC`,
    params.values,
  );
  const byMonth = new Map(rows.map((r) => [r.month, r]));
  return MONTHS.map((month) => ({ month, online: byMonth.get(month)?.online ?? 0, offline: byMonth.get(month)?.offline ?? 0 }));
}

/** Faulty heat pumps of each month of a year: the most on any recorded day of the month. */
export async function monthFaulty(db: Db, caller: Caller, year: number | undefined, now: Date) {
  const y = yearOf(year, now);
  const params = new SqlParams();
  const { rows } = await db.query<{ month: number; faulty: number }>(
    `SELECT extract(month FROM day)::int AS month, max(faulty)::int AS faulty FROM (${dailySql(caller, params, y)}) days GROUP BY 1`,
    params.values,
  );
  const byMonth = new Map(rows.map((r) => [r.month, r.faulty]));
  return MONTHS.map((month) => ({ month, faulty: byMonth.get(month) ?? 0 }));
}

export const LiveDeviceRow = Type.Object({
  ...HeatPumpRow.properties,
  device_operation_status: NullableInt,
  fault_code: NullableText,
});

/** The live device list: a page of the slice's heat pumps with their Wi-Fi, work state and fault code. */
export async function liveDevices(db: Db, caller: Caller, query: ListQuery, counts: CountCache, place?: Place) {
  const page = await listDevices(db, caller, 'heat_pump', query, counts, place);
  const ids = page.data.map((r) => r.id);
  const { rows } = await db.query<{ id: number; device_operation_status: number | null; fault_code: string | null }>(
    'SELECT id::int AS id, device_operation_status::int AS device_operation_status, fault_code FROM devices WHERE id = ANY($1::bigint[])',
    [ids],
  );
  const state = new Map(rows.map((r) => [r.id, r]));
  return {
    ...page,
    data: page.data.map((row) => ({
      ...heatPumpRow(row),
      device_operation_status: state.get(row.id)?.device_operation_status ?? null,
      fault_code: state.get(row.id)?.fault_code ?? null,
    })),
  };
}
