/**
 * The energy figures of a dashboard (spec 2.14: monthly consumption, its average, the consumption
 * overview), read from energy_monthly (migration 0018): the devices' monthly readings summed per month
 * and slice as they are recorded. Safelink hubs report no energy: their figures are zero.
 */
import { Type } from '@sinclair/typebox';
import type { Db } from '../../db';
import type { Caller } from '../../policy/roles';
import { scopeFor } from '../../policy/scope';
import { SqlParams } from '../../server/sql';
import { yearOf } from '../nms/dashboard';
import { MONTHS, yearRange } from './devices';
import { lineSql, type DashboardLine } from './lines';

const round1 = (n: number): number => Math.round(n * 10) / 10;

export const ConsumptionMonth = Type.Object({
  month: Type.Integer(),
  kwh: Type.Number({ description: 'energy of the month (kWh; this month: so far)' }),
  devices: Type.Integer({ description: 'devices that reported the month' }),
});
export const AverageConsumptionMonth = Type.Object({
  month: Type.Integer(),
  average_kwh: Type.Number({ description: 'kWh per reporting device' }),
  devices: Type.Integer(),
});

/** The slice's energy per month from `from` (inclusive) to `to` (exclusive): `YYYY-MM` -> sums. */
async function energyByMonth(db: Db, caller: Caller, line: DashboardLine, from: string, to: string) {
  const params = new SqlParams();
  const { rows } = await db.query<{ month: string; kwh: number; devices: number }>(
    `SELECT to_char(t.month, 'YYYY-MM') AS month, sum(t.kwh)::float8 AS kwh, sum(t.readings)::int AS devices FROM energy_monthly t
      WHERE t.month >= ${params.add(from)}::date AND t.month < ${params.add(to)}::date
        AND ${lineSql(line, 't', params)} AND (${scopeFor(caller).devices('t', params)})
      GROUP BY t.month`,
    params.values,
  );
  return new Map(rows.map((r) => [r.month, r]));
}

const monthKey = (year: number, month: number): string => `${year}-${String(month).padStart(2, '0')}`;

/** Spec: monthly consumption: the energy of each month of a year. */
export async function monthlyConsumption(db: Db, caller: Caller, line: DashboardLine, year: number | undefined, now: Date) {
  const y = yearOf(year, now);
  const byMonth = await energyByMonth(db, caller, line, ...yearRange(y));
  return MONTHS.map((month) => {
    const m = byMonth.get(monthKey(y, month));
    return { month, kwh: round1(m?.kwh ?? 0), devices: m?.devices ?? 0 };
  });
}

/** Spec: monthly average consumption: each month's energy per reporting device. */
export async function monthlyAverageConsumption(db: Db, caller: Caller, line: DashboardLine, year: number | undefined, now: Date) {
  const y = yearOf(year, now);
  const byMonth = await energyByMonth(db, caller, line, ...yearRange(y));
  return MONTHS.map((month) => {
    const m = byMonth.get(monthKey(y, month));
    const devices = m?.devices ?? 0;
    return { month, average_kwh: devices > 0 ? round1((m?.kwh ?? 0) / devices) : 0, devices };
  });
}

export const ConsumptionOverview = Type.Object({
  this_month_kwh: Type.Number({ description: 'this month so far' }),
  last_month_kwh: Type.Number({ description: 'the last complete month' }),
  same_month_last_year_kwh: Type.Number({ description: 'the last complete month, a year before' }),
  change_percent: Type.Union([Type.Number(), Type.Null()], { description: 'last month against the same month a year before (null when that is 0)' }),
  this_year_kwh: Type.Number({ description: 'from January to now' }),
  last_year_kwh: Type.Number(),
  average_device_kwh: Type.Number({ description: 'last month, per reporting device' }),
  reporting_devices: Type.Integer({ description: 'devices that reported last month' }),
});

/**
 * Spec: the consumption overview: this month so far, the last complete month against the same month
 * a year before (energy is seasonal: a month compares with itself), this year and last, and the
 * average reporting device of last month.
 */
export async function consumptionOverview(db: Db, caller: Caller, line: DashboardLine, now: Date) {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() + 1;
  const byMonth = await energyByMonth(db, caller, line, `${year - 2}-12-01`, yearRange(year)[1]);
  const kwh = (y: number, m: number) => byMonth.get(monthKey(y, m))?.kwh ?? 0;
  const [lastY, lastM] = month === 1 ? [year - 1, 12] : [year, month - 1];
  const last = byMonth.get(monthKey(lastY, lastM));
  const lastKwh = last?.kwh ?? 0;
  const yearBefore = kwh(lastY - 1, lastM);
  return {
    this_month_kwh: round1(kwh(year, month)),
    last_month_kwh: round1(lastKwh),
    same_month_last_year_kwh: round1(yearBefore),
    change_percent: yearBefore > 0 ? round1(((lastKwh - yearBefore) / yearBefore) * 100) : null,
    this_year_kwh: round1(MONTHS.reduce((s, m) => s + kwh(year, m), 0)),
    last_year_kwh: round1(MONTHS.reduce((s, m) => s + kwh(year - 1, m), 0)),
    average_device_kwh: last && last.devices > 0 ? round1(last.kwh / last.devices) : 0,
    reporting_devices: last?.devices ?? 0,
  };
}
