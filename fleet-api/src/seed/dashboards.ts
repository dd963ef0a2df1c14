/**
 * The demo fleet's dashboard data (issue 14), generated in SQL after the devices and customers:
 *
 * - monthly energy readings of every device but safelink hubs among the first READING_DEVICES ids (the
 *   whole default demo fleet), from the month it was installed to this month (so far), until it was
 *   removed; with the seasons of an Australian home: households peak in winter (heating, lights) and a
 *   little in summer, air conditioners in summer, lights in winter, hot-water heat pumps in winter;
 * - for a larger fleet, the other devices' energy per month and slice straight into energy_monthly
 *   (modeled = true), from the same seasons and the devices in service each month: a million devices'
 *   monthly readings would be some 30 million rows;
 * - the customer app of most customers (platform, version, location permission).
 *
 * The tallies (device_tallies, device_months, customer_lines, user_tallies, energy_monthly from
 * readings, sync_monthly, battery_tallies) are kept by triggers as the seed writes. Idempotent: the
 * readings and apps are written for devices and customers after those done before (seed_state), the
 * modelled history is written again whole.
 */
import type { Db } from '../db';

/** Devices with ids up to this get monthly readings of their own. */
const READING_DEVICES = 20_000;

const READINGS_STATE = 'demo-dashboards-readings';
const APPS_STATE = 'demo-dashboards-apps';

/** App versions, oldest first, with the month each was released. */
const APP_RELEASES: ReadonlyArray<readonly [string, string]> = [
  ['1.8.2', '2021-01-01'],
  ['2.0.0', '2022-02-01'],
  ['2.1.3', '2023-03-01'],
  ['2.2.0', '2024-02-01'],
  ['2.3.1', '2025-01-01'],
  ['2.4.0', '2025-09-01'],
];

/** A device's typical energy of a calendar month (kWh) by line, with the Australian seasons. */
const SEASONS_SQL = `
CREATE OR REPLACE FUNCTION fleet_seed_kwh(line text, month integer) RETURNS numeric
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (CASE line WHEN 'ihd' THEN 470 WHEN 'ihd_livelink' THEN 470 WHEN 'livelink' THEN 510
                    WHEN 'airlink' THEN 140 WHEN 'bulb' THEN 7 WHEN 'heat_pump' THEN 115 ELSE 0 END)::numeric
       * CASE WHEN line IN ('ihd', 'ihd_livelink', 'livelink') THEN (ARRAY[1.12, 1.08, 0.96, 0.90, 1.02, 1.22, 1.30, 1.26, 1.04, 0.92, 0.94, 1.06])[month]
              WHEN line = 'airlink' THEN (ARRAY[1.85, 1.75, 1.20, 0.45, 0.55, 1.05, 1.25, 1.10, 0.50, 0.35, 0.80, 1.50])[month]
              WHEN line = 'bulb' THEN (ARRAY[0.74, 0.80, 0.92, 1.05, 1.18, 1.28, 1.30, 1.20, 1.04, 0.92, 0.80, 0.74])[month]
              WHEN line = 'heat_pump' THEN (ARRAY[0.78, 0.78, 0.86, 0.96, 1.12, 1.28, 1.34, 1.28, 1.12, 0.98, 0.86, 0.80])[month]
              ELSE 0 END
$$`;

/** When each device was in service: its installation, and its removal (In-active, Replaced) if any. */
const IN_SERVICE = `
  SELECT d.*, coalesce(d.installation_date::timestamptz, d.created_at) AS installed_at,
         CASE WHEN d.device_status <> 'Active' THEN
           (SELECT max(h.created_at) FROM device_history h WHERE h.device_id = d.id AND h.event IN ('removed', 'replaced')) END AS removed_at
    FROM devices d`;

/** Each device's monthly readings: its share of the month in service times its own and the month's draw. */
const READINGS_SQL = `
INSERT INTO device_readings (device_id, month, kwh, product_line, agency_id, electrician_id, company_id, site_id, recorded_at)
SELECT d.id, m.month,
       round(fleet_seed_kwh(d.product_line, extract(month FROM m.month)::int)
             * (0.6 + (fleet_seed_h(d.id, 201) % 81) / 100.0)
             * (0.9 + (fleet_seed_h(d.id * 1000 + m.k, 202) % 21) / 100.0)
             * m.share, 3),
       d.product_line, coalesce(d.agency_id, 0), coalesce(d.electrician_id, 0), coalesce(d.company_id, 0), coalesce(d.site_id, 0),
       least(m.month + interval '1 month', $3::timestamptz)
FROM (${IN_SERVICE} WHERE d.id > $1 AND d.id <= $2 AND d.product_line <> 'safelink') d
CROSS JOIN LATERAL (
  SELECT g::date AS month, row_number() OVER () AS k,
         extract(epoch FROM least(g + interval '1 month', coalesce(d.removed_at, $3::timestamptz), $3::timestamptz) - greatest(g, d.installed_at))
           / extract(epoch FROM (g + interval '1 month') - g) AS share
    FROM generate_series(date_trunc('month', d.installed_at AT TIME ZONE 'UTC'),
                         date_trunc('month', least(coalesce(d.removed_at, $3::timestamptz), $3::timestamptz) AT TIME ZONE 'UTC'),
                         interval '1 month') AS g
) m
WHERE m.share > 0`;

/**
 * The energy of the devices without readings of their own, per month and slice: the devices in
 * service the whole month, half of those installed or removed in it, times the month's typical draw
 * (a device's own draw averages 1), this month so far.
 */
const MODELED_SQL = `
INSERT INTO energy_monthly (month, product_line, agency_id, electrician_id, company_id, site_id, modeled, kwh, readings)
WITH devs AS (
  SELECT s.product_line AS line, coalesce(s.agency_id, 0) AS a, coalesce(s.electrician_id, 0) AS e, coalesce(s.company_id, 0) AS c,
         coalesce(s.site_id, 0) AS si, date_trunc('month', s.installed_at AT TIME ZONE 'UTC')::date AS first_month,
         date_trunc('month', s.removed_at AT TIME ZONE 'UTC')::date AS last_month
    FROM (${IN_SERVICE} WHERE d.id > $1 AND d.product_line <> 'safelink') s
   WHERE s.installed_at <= $2::timestamptz
), starts AS (
  SELECT line, a, e, c, si, first_month AS month, count(*) AS n FROM devs GROUP BY 1, 2, 3, 4, 5, 6
), ends AS (
  SELECT line, a, e, c, si, last_month AS month, count(*) AS n FROM devs WHERE last_month IS NOT NULL GROUP BY 1, 2, 3, 4, 5, 6
), grid AS (
  SELECT k.line, k.a, k.e, k.c, k.si, g::date AS month
    FROM (SELECT DISTINCT line, a, e, c, si FROM starts) k
   CROSS JOIN generate_series((SELECT min(month) FROM starts), date_trunc('month', $2::timestamptz AT TIME ZONE 'UTC'), interval '1 month') AS g
), counted AS (
  SELECT grid.*, coalesce(st.n, 0) AS starting, coalesce(en.n, 0) AS ending,
         sum(coalesce(st.n, 0)) OVER w AS started_by, sum(coalesce(en.n, 0)) OVER w AS ended_by
    FROM grid
    LEFT JOIN starts st ON st.line = grid.line AND st.a = grid.a AND st.e = grid.e AND st.c = grid.c AND st.si = grid.si AND st.month = grid.month
    LEFT JOIN ends en ON en.line = grid.line AND en.a = grid.a AND en.e = grid.e AND en.c = grid.c AND en.si = grid.si AND en.month = grid.month
  WINDOW w AS (PARTITION BY grid.line, grid.a, grid.e, grid.c, grid.si ORDER BY grid.month)
), service AS (
  SELECT counted.*, (started_by - starting) - (ended_by - ending) AS through, starting + (started_by - starting) - (ended_by - ending) AS reporting,
         CASE WHEN month = date_trunc('month', $2::timestamptz AT TIME ZONE 'UTC')::date
              THEN extract(epoch FROM $2::timestamptz - month::timestamptz) / extract(epoch FROM (month + interval '1 month') - month) ELSE 1 END AS share
    FROM counted
)
SELECT month, line, a, e, c, si, true,
       round(fleet_seed_kwh(line, extract(month FROM month)::int)
             * (0.94 + (fleet_seed_h((hashtext(line)::bigint & 65535) + a * 131 + e * 31 + c * 17 + si * 7
                                     + (extract(year FROM month)::bigint * 12 + extract(month FROM month)::bigint) * 7919, 203) % 13) / 100.0)
             * (through - 0.5 * ending + 0.5 * starting) * share, 3),
       reporting
  FROM service WHERE reporting > 0`;

/** App users: most customers who finished installation, some who did not; Deleted ones gave it up. */
const APPS_SQL = `
INSERT INTO customer_apps (customer_id, platform, app_version, location_preference, first_seen_at, last_seen_at)
SELECT c.id, CASE WHEN fleet_seed_h(c.id, 211) % 100 < 58 THEN 'android' ELSE 'ios' END,
       v.version,
       CASE WHEN fleet_seed_h(c.id, 213) % 100 < 52 THEN 'while_using' WHEN fleet_seed_h(c.id, 213) % 100 < 70 THEN 'always'
            WHEN fleet_seed_h(c.id, 213) % 100 < 92 THEN 'never' ELSE 'not_asked' END,
       c.created_at + interval '1 day', s.last_seen
  FROM customers c
 CROSS JOIN LATERAL (
   SELECT c.created_at + interval '1 day' + (fleet_seed_h(c.id, 214) % 1000) / 1000.0 * ($3::timestamptz - c.created_at - interval '1 day') AS last_seen
 ) s
 CROSS JOIN LATERAL (
   -- the newest release out when the app was last seen, or (one in four) the one before it
   SELECT r.version FROM unnest($4::text[], $5::date[]) WITH ORDINALITY AS r(version, released, i)
    WHERE r.released <= s.last_seen
    ORDER BY r.i DESC OFFSET CASE WHEN fleet_seed_h(c.id, 212) % 4 = 0 THEN 1 ELSE 0 END LIMIT 1
 ) v
 WHERE c.id > $1 AND c.id <= $2 AND c.created_at + interval '1 day' < $3::timestamptz
   AND ((c.status = 'Completed' AND fleet_seed_h(c.id, 210) % 100 < 85)
     OR (c.status = 'Incomplete' AND fleet_seed_h(c.id, 210) % 100 < 50)
     OR (c.status = 'Pending' AND fleet_seed_h(c.id, 210) % 100 < 10))
ON CONFLICT (customer_id) DO NOTHING`;

async function progress(db: Db, name: string): Promise<number> {
  return (await db.query<{ devices: number }>('SELECT devices FROM seed_state WHERE name = $1', [name])).rows[0]?.devices ?? 0;
}

async function record(db: Db, name: string, upTo: number): Promise<void> {
  await db.query(
    'INSERT INTO seed_state (name, devices) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET devices = EXCLUDED.devices, updated_at = now()',
    [name, upTo],
  );
}

export async function seedDashboardData(db: Db, now: Date, log: (msg: string) => void = () => undefined): Promise<void> {
  await db.query(SEASONS_SQL);
  const at = now.toISOString();
  const maxDevice = (await db.query<{ id: number }>('SELECT coalesce(max(id), 0)::int AS id FROM devices')).rows[0]?.id ?? 0;
  const readUpTo = Math.min(maxDevice, READING_DEVICES);
  const readFrom = await progress(db, READINGS_STATE);
  if (readUpTo > readFrom) {
    log(`seed: monthly energy readings of devices ${readFrom + 1}..${readUpTo}`);
    for (let from = readFrom; from < readUpTo; from += 5_000) {
      await db.query(READINGS_SQL, [from, Math.min(readUpTo, from + 5_000), at]);
    }
    await record(db, READINGS_STATE, readUpTo);
  }
  if (maxDevice > READING_DEVICES) {
    log(`seed: the modelled energy of devices ${READING_DEVICES + 1}..${maxDevice}`);
    await db.query('DELETE FROM energy_monthly WHERE modeled');
    await db.query(MODELED_SQL, [READING_DEVICES, at]);
  }
  const maxCustomer = (await db.query<{ id: number }>('SELECT coalesce(max(id), 0)::int AS id FROM customers')).rows[0]?.id ?? 0;
  const appsFrom = await progress(db, APPS_STATE);
  if (maxCustomer > appsFrom) {
    log(`seed: the customer app of customers ${appsFrom + 1}..${maxCustomer}`);
    for (let from = appsFrom; from < maxCustomer; from += 100_000) {
      await db.query(APPS_SQL, [from, Math.min(maxCustomer, from + 100_000), at, APP_RELEASES.map((r) => r[0]), APP_RELEASES.map((r) => r[1])]);
    }
    await record(db, APPS_STATE, maxCustomer);
  }
}
