/**
 * The device figures of a dashboard (spec 2.14): users and firmware versions, the yearly device graph,
 * the device overview and the monthly device list. Every figure is read from the tallies of migration
 * 0018 (a few thousand rows at 1,000,000 devices) with the caller's slice ANDed in by the policy
 * layer: the tallies carry the columns its device predicate reads.
 */
import { Type, type Static } from '@sinclair/typebox';
import type { Db } from '../../db';
import type { Caller } from '../../policy/roles';
import { scopeFor } from '../../policy/scope';
import { badRequest } from '../../server/errors';
import type { CountCache } from '../../server/count-cache';
import { listInfo, type ListInfo, type ListQuery } from '../../server/listing';
import { SqlParams, whereClause } from '../../server/sql';
import { deviceConditions, ROW_COLUMNS, ROW_JOINS, type DeviceListRow } from '../devices/queries';
import { yearOf } from '../nms/dashboard';
import { lineKey, lineMask, lineSql, type DashboardLine } from './lines';
import { say } from '../../server/messages';

export const MONTHS = Array.from({ length: 12 }, (_, i) => i + 1);

/** `[from, to)` of a year as dates. */
export function yearRange(year: number): [string, string] {
  return [`${year}-01-01`, `${year + 1}-01-01`];
}

export const UserCounts = Type.Object({
  total: Type.Integer({ description: 'customers that are not Deleted' }),
  completed: Type.Integer(),
  pending: Type.Integer(),
  incomplete: Type.Integer(),
  deleted: Type.Integer(),
});
export type UserCountsT = Static<typeof UserCounts>;

export const UserCountAndVersion = Type.Object({
  users: UserCounts,
  versions: Type.Array(Type.Object({ product_line: Type.String(), version: Type.String(), devices: Type.Integer() })),
});

/** Customers by status (rows of `status, n`) as the answer's counts. */
export function userCounts(rows: Array<{ status: string; n: number }>): UserCountsT {
  const by = (status: string) => rows.filter((r) => r.status === status).reduce((sum, r) => sum + r.n, 0);
  const counts = { completed: by('Completed'), pending: by('Pending'), incomplete: by('Incomplete'), deleted: by('Deleted') };
  return { total: counts.completed + counts.pending + counts.incomplete, ...counts };
}

/**
 * The customers of the slice (the policy layer's customers predicate) with a device of the line, by
 * status. Admin's and an agency's predicate read the customer's agency alone, so they are summed from
 * user_tallies; the other slices are small and counted from their customers.
 */
async function lineUsers(db: Db, caller: Caller, line: DashboardLine): Promise<UserCountsT> {
  const params = new SqlParams();
  const mask = params.add(lineMask(line));
  const tallied = caller.userType === 'Admin' || caller.userType === 'Agency';
  const sql = tallied
    ? `SELECT t.status, sum(t.users)::int AS n FROM user_tallies t
        WHERE (t.lines & ${mask}::int) <> 0 AND (${scopeFor(caller).customers('t', params)}) GROUP BY t.status`
    : `SELECT c.status, count(*)::int AS n FROM customers c JOIN customer_lines cl ON cl.customer_id = c.id
        WHERE (cl.lines & ${mask}::int) <> 0 AND (${scopeFor(caller).customers('c', params)}) GROUP BY c.status`;
  const { rows } = await db.query<{ status: string; n: number }>(sql, params.values);
  return userCounts(rows);
}

/** Spec: user counts and versions (the firmware versions the slice's active devices of the line run). */
export async function userCountAndVersion(db: Db, caller: Caller, line: DashboardLine) {
  const params = new SqlParams();
  const { rows } = await db.query<{ product_line: string; version: string; devices: number }>(
    `SELECT t.product_line, t.firmware_version AS version, sum(t.devices)::int AS devices FROM device_tallies t
      WHERE ${lineSql(line, 't', params)} AND t.device_status = 'Active' AND t.firmware_version <> ''
        AND (${scopeFor(caller).devices('t', params)})
      GROUP BY 1, 2 HAVING sum(t.devices) > 0
      ORDER BY 1, fleet_version_key(t.firmware_version) DESC`,
    params.values,
  );
  return { users: await lineUsers(db, caller, line), versions: rows };
}

export const DeviceGraphMonth = Type.Object({
  month: Type.Integer(),
  installed: Type.Integer({ description: 'devices installed in the month' }),
  total: Type.Integer({ description: 'devices installed up to the end of the month' }),
});

/** Spec: the yearly device graph: installations per month of the year and the running total. */
export async function deviceGraph(db: Db, caller: Caller, line: DashboardLine, year: number | undefined, now: Date) {
  const [from, to] = yearRange(yearOf(year, now));
  const params = new SqlParams();
  const fromParam = params.add(from);
  const { rows } = await db.query<{ month: number; installed: number }>(
    `SELECT CASE WHEN t.month < ${fromParam}::date THEN 0 ELSE extract(month FROM t.month)::int END AS month, sum(t.installed)::int AS installed
       FROM device_months t
      WHERE t.month < ${params.add(to)}::date AND ${lineSql(line, 't', params)} AND (${scopeFor(caller).devices('t', params)})
      GROUP BY 1`,
    params.values,
  );
  const byMonth = new Map(rows.map((r) => [r.month, r.installed]));
  let total = byMonth.get(0) ?? 0; // month 0: every installation before the year
  return MONTHS.map((month) => {
    const installed = byMonth.get(month) ?? 0;
    total += installed;
    return { month, installed, total };
  });
}

const StatusCounts = {
  total: Type.Integer({ description: 'every device of the slice and line' }),
  active: Type.Integer(),
  inactive: Type.Integer({ description: 'In-active: the account exists, the device was removed' }),
  replaced: Type.Integer(),
  online: Type.Integer({ description: 'active devices on Wi-Fi' }),
  offline: Type.Integer({ description: 'active devices off Wi-Fi' }),
};
export const DeviceOverview = Type.Object({
  ...StatusCounts,
  lines: Type.Array(Type.Object({ product_line: Type.String(), ...StatusCounts })),
});
type Counts = { total: number; active: number; inactive: number; replaced: number; online: number; offline: number };

const empty = (): Counts => ({ total: 0, active: 0, inactive: 0, replaced: 0, online: 0, offline: 0 });

/** Spec: the device overview: devices by status and Wi-Fi, and per line. */
export async function deviceOverview(db: Db, caller: Caller, line: DashboardLine) {
  const params = new SqlParams();
  const { rows } = await db.query<{ product_line: string; device_status: string; is_online: number; n: number }>(
    `SELECT t.product_line, t.device_status, t.is_online::int AS is_online, sum(t.devices)::int AS n FROM device_tallies t
      WHERE ${lineSql(line, 't', params)} AND (${scopeFor(caller).devices('t', params)})
      GROUP BY 1, 2, 3`,
    params.values,
  );
  const all = empty();
  const perLine = new Map<string, Counts>();
  for (const r of rows) {
    const key = lineKey(r.product_line);
    const one = perLine.get(key) ?? empty();
    perLine.set(key, one);
    for (const c of [all, one]) {
      c.total += r.n;
      if (r.device_status === 'Active') {
        c.active += r.n;
        if (r.is_online === 1) c.online += r.n;
        else c.offline += r.n;
      } else if (r.device_status === 'Replaced') c.replaced += r.n;
      else c.inactive += r.n;
    }
  }
  return { ...all, lines: [...perLine.entries()].filter(([, c]) => c.total > 0).map(([product_line, c]) => ({ product_line, ...c })) };
}

const DEVICE_STATUSES = ['All', 'Active', 'In-active', 'Replaced'] as const;
export type DeviceStatusChoice = (typeof DEVICE_STATUSES)[number];
export const DeviceStatusField = Type.Unsafe<DeviceStatusChoice>({
  type: 'string',
  enum: [...DEVICE_STATUSES],
  default: 'All',
  errorMessage: say('fields.oneOf', { field: 'deviceStatus', values: DEVICE_STATUSES.join(', ') }),
});

export interface MonthQuery extends ListQuery {
  month?: number;
  year?: number;
  deviceStatus?: DeviceStatusChoice;
}

/** The joins of a device row (ROW_JOINS) by the alias each one brings (p, a, ag) and the device column it needs. */
const JOINS = ROW_JOINS.split('\n').map((join) => {
  const m = /JOIN \w+ (\w+) ON \w+\.id = d\.(\w+)/.exec(join);
  return { alias: m?.[1] ?? '', key: m?.[2] ?? '', sql: join.trim() };
});

/** What an ORDER BY reads: the columns of devices `d` (with the keys of the joined rows) and those joins. */
function orderNeeds(orderBy: string): { columns: string[]; joins: string } {
  const columns = new Set(['id', ...[...orderBy.matchAll(/\bd\.(\w+)/g)].map((m) => m[1] ?? 'id')]);
  const joins = JOINS.filter((j) => new RegExp(`\\b${j.alias}\\.`).test(orderBy));
  for (const j of joins) columns.add(j.key);
  return { columns: [...columns].map((c) => `d.${c}`), joins: joins.map((j) => j.sql).join(' ') };
}

/**
 * Spec: the monthly device list: the slice's devices of the line installed in one month of a year
 * (this month by default), of one device status (All by default), paged and sorted like every device
 * list (the drawer's filters too). The month's devices are read first on the installation-date index
 * (with the default order, from the index alone), behind `OFFSET 0` so that the planner does not walk
 * a whole line's ordered index past every newer device looking for the page; then the page is sorted
 * out of them and joined.
 */
export async function monthDevices(db: Db, caller: Caller, line: DashboardLine, query: MonthQuery, counts: CountCache, now: Date): Promise<ListInfo<DeviceListRow>> {
  const year = yearOf(query.year, now);
  const month = query.month ?? now.getUTCMonth() + 1;
  if (!Number.isInteger(month) || month < 1 || month > 12) throw badRequest(say('fields.monthInvalid'));
  const { month: _month, year: _year, deviceStatus, ...list } = query;
  const params = new SqlParams();
  const { listing, conditions } = deviceConditions(caller, line, list, params);
  const from = `${year}-${String(month).padStart(2, '0')}-01`;
  const to = month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
  conditions.push(`d.installation_date >= ${params.add(from)}::date AND d.installation_date < ${params.add(to)}::date`);
  if (deviceStatus && deviceStatus !== 'All') conditions.push(`d.device_status = ${params.add(deviceStatus)}`);
  const where = whereClause(conditions);
  const total = await counts.total(db, `SELECT count(*)::int AS n FROM devices d ${ROW_JOINS} ${where}`, params.values.slice());
  if (listing.offset >= total) return listInfo([], total, listing.page, listing.limit);
  const order = orderNeeds(listing.orderBy);
  const monthRows = `SELECT ${order.columns.join(', ')} FROM devices d ${ROW_JOINS} ${where} OFFSET 0`;
  const { rows } = await db.query<DeviceListRow>(
    `SELECT ${ROW_COLUMNS}
       FROM (SELECT d.id FROM (${monthRows}) d ${order.joins} ${listing.orderBy} LIMIT ${params.add(listing.limit)} OFFSET ${params.add(listing.offset)}) page
       JOIN devices d ON d.id = page.id ${ROW_JOINS} ${listing.orderBy}`,
    params.values,
  );
  return listInfo(rows, total, listing.page, listing.limit);
}
