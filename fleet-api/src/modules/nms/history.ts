/**
 * The network dashboards' history (migration 0012): the heat pumps' state counted per day and per
 * agency, company and site. The server records today from the devices' live state (at start and every
 * hour, so today follows the fleet); the demo seed writes the days before the server ran, derived from
 * the seeded fleet: heat pumps count from their installation date, faulty ones from the recorded
 * faults, and the online share of a day is drawn (deterministically) between 70 and 85 %.
 */
import type { Db } from '../../db';

/** The first day the dashboards' year picker offers (spec 2.14: the year picker starts at 2021). */
export const HISTORY_START = '2021-01-01';

const dayOf = (now: Date) => now.toISOString().slice(0, 10);

/** Counts today's state (again): one row per agency, company and site with heat pumps. */
export async function recordDay(db: Db, now: Date): Promise<void> {
  const day = dayOf(now);
  await db.transaction(async (tx) => {
    await tx.query('DELETE FROM heat_pump_daily WHERE day = $1', [day]);
    await tx.query(
      `INSERT INTO heat_pump_daily (day, agency_id, company_id, site_id, total, online, offline, faulty)
       SELECT $1::date, d.agency_id, d.company_id, d.site_id, count(*)::int,
              count(*) FILTER (WHERE d.is_online = 1)::int, count(*) FILTER (WHERE d.is_online = 0)::int,
              count(*) FILTER (WHERE EXISTS (SELECT 1 FROM faults f WHERE f.device_id = d.id AND f.fault_status = 0))::int
         FROM devices d
        WHERE d.product_line = 'heat_pump' AND d.device_status <> 'In-active'
        GROUP BY d.agency_id, d.company_id, d.site_id`,
      [day],
    );
  });
}

/** The seed's history: every day from HISTORY_START to yesterday, from the seeded fleet (see above). */
export async function seedHistory(db: Db, now: Date): Promise<void> {
  const yesterday = dayOf(new Date(now.getTime() - 86_400_000));
  await db.query('DELETE FROM heat_pump_daily WHERE day <= $1', [yesterday]);
  await db.query(
    `INSERT INTO heat_pump_daily (day, agency_id, company_id, site_id, total, online, offline, faulty)
     WITH installs AS (
       SELECT coalesce(agency_id, 0) AS a, coalesce(company_id, 0) AS c, coalesce(site_id, 0) AS s,
              greatest(coalesce(installation_date, created_at::date), $1::date) AS day, count(*)::int AS n
         FROM devices WHERE product_line = 'heat_pump' AND device_status <> 'In-active'
        GROUP BY 1, 2, 3, 4
     ), slices AS (
       SELECT DISTINCT a, c, s FROM installs
     ), grid AS (
       SELECT sl.a, sl.c, sl.s, g.day::date AS day
         FROM slices sl CROSS JOIN generate_series($1::date, $2::date, interval '1 day') AS g(day)
     ), totals AS (
       SELECT grid.a, grid.c, grid.s, grid.day,
              sum(coalesce(i.n, 0)) OVER (PARTITION BY grid.a, grid.c, grid.s ORDER BY grid.day)::int AS total
         FROM grid LEFT JOIN installs i ON i.a = grid.a AND i.c = grid.c AND i.s = grid.s AND i.day = grid.day
     ), faulty AS (
       SELECT coalesce(d.agency_id, 0) AS a, coalesce(d.company_id, 0) AS c, coalesce(d.site_id, 0) AS s, g.day::date AS day,
              count(DISTINCT f.device_id)::int AS n
         FROM faults f JOIN devices d ON d.id = f.device_id AND d.product_line = 'heat_pump'
        CROSS JOIN LATERAL generate_series(greatest(f.history_datetime::date, $1::date),
                                           least(coalesce(f.resolved_at::date - 1, $2::date), $2::date), interval '1 day') AS g(day)
        GROUP BY 1, 2, 3, 4
     ), shares AS (
       SELECT t.*, (70 + fleet_seed_h((t.day - $1::date) * 7919 + t.a * 31 + t.c * 17 + t.s, 81) % 16) / 100.0 AS online_share
         FROM totals t WHERE t.total > 0
     )
     SELECT sh.day, nullif(sh.a, 0), nullif(sh.c, 0), nullif(sh.s, 0), sh.total,
            round(sh.total * sh.online_share)::int, sh.total - round(sh.total * sh.online_share)::int,
            least(coalesce(fa.n, 0), sh.total)
       FROM shares sh LEFT JOIN faulty fa ON fa.a = sh.a AND fa.c = sh.c AND fa.s = sh.s AND fa.day = sh.day`,
    [HISTORY_START, yesterday],
  );
}
