/**
 * The analysis page (spec 2.14, Admin): what the customers and their apps did, fleet-wide. The figures
 * come from the customers module's own rows (customers' switches, customer_sync_events, the suppression
 * list), the smoke alarms, and the customer's app as it last reported itself, through the tallies of
 * migration 0019 where the rows are many (customers, events, alarms, apps).
 */
import { Type } from '@sinclair/typebox';
import type { Db } from '../../db';
import { yearOf } from '../nms/dashboard';
import { MONTHS, userCounts, UserCounts, yearRange } from './devices';
import { CHARTED_LINES, lineMask } from './lines';

const monthly = (rows: Array<{ month: number; n: number }>) => new Map(rows.map((r) => [r.month, r.n]));

export const UsersAnalysis = Type.Object({
  ...UserCounts.properties,
  months: Type.Array(Type.Object({ month: Type.Integer(), new_users: Type.Integer() })),
});

/** Users: customers by status now, and new customers per month of a year. */
export async function usersAnalysis(db: Db, year: number | undefined, now: Date) {
  const y = yearOf(year, now);
  const [from, to] = yearRange(y);
  const status = await db.query<{ status: string; n: number }>('SELECT status, sum(users)::int AS n FROM user_tallies GROUP BY status');
  const months = await db.query<{ month: number; n: number }>(
    `SELECT extract(month FROM created_at AT TIME ZONE 'UTC')::int AS month, count(*)::int AS n FROM customers
      WHERE created_at >= $1::timestamptz AND created_at < $2::timestamptz GROUP BY 1`,
    [`${from}T00:00:00Z`, `${to}T00:00:00Z`],
  );
  const byMonth = monthly(months.rows);
  return { ...userCounts(status.rows), months: MONTHS.map((month) => ({ month, new_users: byMonth.get(month) ?? 0 })) };
}

export const DeviceUsersAnalysis = Type.Object({
  with_devices: Type.Integer(),
  without_devices: Type.Integer(),
  lines: Type.Array(Type.Object({ product_line: Type.String(), users: Type.Integer() })),
});

/** Device users: customers (not Deleted) with a device, without one, and per line. */
export async function deviceUsersAnalysis(db: Db) {
  const { rows } = await db.query<{ lines: number; n: number }>(
    "SELECT lines, sum(users)::int AS n FROM user_tallies WHERE status <> 'Deleted' GROUP BY lines",
  );
  const users = (mask: number) => rows.filter((r) => (r.lines & mask) !== 0).reduce((s, r) => s + r.n, 0);
  return {
    with_devices: users(~0),
    without_devices: rows.filter((r) => r.lines === 0).reduce((s, r) => s + r.n, 0),
    lines: CHARTED_LINES.map((line) => ({ product_line: line, users: users(lineMask(line)) })),
  };
}

export const SwitchUsers = Type.Object({
  on: Type.Integer({ description: 'switched on' }),
  off: Type.Integer({ description: 'switched off' }),
  unset: Type.Integer({ description: 'never chose' }),
});

/** Weekly-report users and auto-sync users: customers (not Deleted) by the switch's state. */
export async function switchUsers(db: Db, which: 'weekly_report' | 'auto_sync') {
  const column = which === 'weekly_report' ? 'weekly_report' : 'auto_sync';
  const { rows } = await db.query<{ state: string; n: number }>(
    `SELECT ${column} AS state, sum(users)::int AS n FROM user_tallies WHERE status <> 'Deleted' GROUP BY 1`,
  );
  const of = (state: string) => rows.find((r) => r.state === state)?.n ?? 0;
  return { on: of('on'), off: of('off'), unset: of('unset') };
}

export const UnsubscribedAnalysis = Type.Object({
  total: Type.Integer(),
  reasons: Type.Array(Type.Object({ reason: Type.String(), users: Type.Integer() })),
  months: Type.Array(Type.Object({ month: Type.Integer(), added: Type.Integer() })),
});

/** Unsubscribed users: the suppression list by reason, and the addresses added per month of a year. */
export async function unsubscribedAnalysis(db: Db, year: number | undefined, now: Date) {
  const [from, to] = yearRange(yearOf(year, now));
  const reasons = await db.query<{ reason: string; users: number }>(
    "SELECT coalesce(reason, 'Unsubscribed') AS reason, count(*)::int AS users FROM suppression_list GROUP BY 1 ORDER BY 2 DESC, 1",
  );
  const months = await db.query<{ month: number; n: number }>(
    `SELECT extract(month FROM created_at AT TIME ZONE 'UTC')::int AS month, count(*)::int AS n FROM suppression_list
      WHERE created_at >= $1::timestamptz AND created_at < $2::timestamptz GROUP BY 1`,
    [`${from}T00:00:00Z`, `${to}T00:00:00Z`],
  );
  const byMonth = monthly(months.rows);
  return {
    total: reasons.rows.reduce((s, r) => s + r.users, 0),
    reasons: reasons.rows,
    months: MONTHS.map((month) => ({ month, added: byMonth.get(month) ?? 0 })),
  };
}

export const BatteryAnalysis = Type.Object({
  alarms: Type.Integer({ description: 'smoke alarms of the fleet' }),
  average_level: Type.Number({ description: 'average battery level (%) of those that report one' }),
  average_years_left: Type.Number({ description: 'years until the sealed battery (and its alarm) expires, on average' }),
  low_battery: Type.Integer({ description: 'alarms reporting Low battery' }),
  expired: Type.Integer({ description: 'alarms past their expiry' }),
  bands: Type.Array(Type.Object({ band: Type.String({ description: '0-9 ... 90-100 (%)' }), alarms: Type.Integer() })),
});

/**
 * Average battery life: the smoke alarms' batteries (safelink hubs' alarms carry a sealed battery of
 * ten years, replaced with the alarm): the average level they report, the average years left before
 * expiry, and how many report a low battery or are past expiry.
 */
export async function batteryAnalysis(db: Db, now: Date) {
  const { rows } = await db.query<{ alarm_status: string; battery_band: number; expires_month: string; alarms: number; level_total: number }>(
    `SELECT alarm_status, battery_band::int AS battery_band, to_char(expires_month, 'YYYY-MM-DD') AS expires_month, alarms, level_total::float8 AS level_total
       FROM battery_tallies WHERE alarms <> 0`,
  );
  const today = now.getTime();
  let alarms = 0;
  let withLevel = 0;
  let levels = 0;
  let dated = 0;
  let yearsLeft = 0;
  let low = 0;
  let expired = 0;
  const bands = new Map<number, number>();
  for (const r of rows) {
    alarms += r.alarms;
    if (r.battery_band >= 0) {
      withLevel += r.alarms;
      levels += r.level_total;
      bands.set(r.battery_band, (bands.get(r.battery_band) ?? 0) + r.alarms);
    }
    if (r.alarm_status === 'Low battery') low += r.alarms;
    if (r.expires_month !== '1970-01-01') {
      // the middle of the expiry month
      const expires = Date.parse(`${r.expires_month}T00:00:00Z`) + 15 * 86_400_000;
      dated += r.alarms;
      yearsLeft += r.alarms * Math.max(0, (expires - today) / (365.25 * 86_400_000));
      if (expires < today) expired += r.alarms;
    }
  }
  const round1 = (n: number) => Math.round(n * 10) / 10;
  return {
    alarms,
    average_level: withLevel > 0 ? round1(levels / withLevel) : 0,
    average_years_left: dated > 0 ? round1(yearsLeft / dated) : 0,
    low_battery: low,
    expired,
    bands: Array.from({ length: 10 }, (_, band) => ({ band: band === 9 ? '90-100' : `${band * 10}-${band * 10 + 9}`, alarms: bands.get(band) ?? 0 })),
  };
}

export const SyncMonths = Type.Object({
  total_success: Type.Integer(),
  total_failed: Type.Integer(),
  months: Type.Array(Type.Object({ month: Type.Integer(), success: Type.Integer(), failed: Type.Integer() })),
});

/**
 * Weekly reports (sent and failed) and synched data (auto syncs that went through and failed) per
 * month of a year: what the customers' apps recorded (customer_sync_events).
 */
export async function syncMonths(db: Db, syncType: 'weekly_report' | 'auto_sync', year: number | undefined, now: Date) {
  const [from, to] = yearRange(yearOf(year, now));
  const { rows } = await db.query<{ month: number; status: string; n: number }>(
    `SELECT extract(month FROM month)::int AS month, status, sum(events)::int AS n FROM sync_monthly
      WHERE sync_type = $1 AND month >= $2::date AND month < $3::date AND status IN ('success', 'failed') GROUP BY 1, 2`,
    [syncType, from, to],
  );
  const of = (month: number, status: string) => rows.find((r) => r.month === month && r.status === status)?.n ?? 0;
  const months = MONTHS.map((month) => ({ month, success: of(month, 'success'), failed: of(month, 'failed') }));
  return {
    total_success: months.reduce((s, m) => s + m.success, 0),
    total_failed: months.reduce((s, m) => s + m.failed, 0),
    months,
  };
}

export const LOCATION_PREFERENCES = ['always', 'while_using', 'never', 'not_asked'] as const;
export const LocationAnalysis = Type.Object({
  app_users: Type.Integer(),
  preferences: Type.Array(Type.Object({ preference: Type.String(), users: Type.Integer() })),
});

/** Location preference: the location permission app users gave the customer app. */
export async function locationAnalysis(db: Db) {
  const { rows } = await db.query<{ preference: string; n: number }>(
    'SELECT location_preference AS preference, sum(users)::int AS n FROM app_tallies GROUP BY 1',
  );
  const preferences = LOCATION_PREFERENCES.map((preference) => ({ preference, users: rows.find((r) => r.preference === preference)?.n ?? 0 }));
  return { app_users: preferences.reduce((s, p) => s + p.users, 0), preferences };
}

export const AppVersionRow = Type.Object({ app_version: Type.String(), android: Type.Integer(), ios: Type.Integer(), users: Type.Integer() });

/** App version list: the versions of the customer app in use, newest first, per platform. */
export async function appVersions(db: Db) {
  const { rows } = await db.query<{ app_version: string; android: number; ios: number; users: number }>(
    `SELECT app_version, coalesce(sum(users) FILTER (WHERE platform = 'android'), 0)::int AS android,
            coalesce(sum(users) FILTER (WHERE platform = 'ios'), 0)::int AS ios, sum(users)::int AS users
       FROM app_tallies GROUP BY 1 HAVING sum(users) > 0 ORDER BY fleet_version_key(app_version) DESC`,
  );
  return rows;
}
