// The dashboards' tallies (migrations 0018, 0019) against the same figures counted again from the
// rows they summarise: equal after any writes, whoever made them.
import type { Db } from '../../src/db';

const KEYS = 'coalesce(agency_id, 0), coalesce(electrician_id, 0), coalesce(company_id, 0), coalesce(site_id, 0)';

/** [tally, its rows that count, the same rows counted again from the source]. */
const CHECKS: Array<[string, string, string]> = [
  [
    'device_tallies',
    'SELECT product_line, agency_id, electrician_id, company_id, site_id, device_status, is_online, firmware_version, devices FROM device_tallies WHERE devices <> 0',
    `SELECT product_line, ${KEYS}, device_status, is_online, coalesce(firmware_version, ''), count(*)::int FROM devices GROUP BY 1, 2, 3, 4, 5, 6, 7, 8`,
  ],
  [
    'device_months',
    'SELECT month, product_line, agency_id, electrician_id, company_id, site_id, installed FROM device_months WHERE installed <> 0',
    `SELECT date_trunc('month', coalesce(installation_date, (created_at AT TIME ZONE 'UTC')::date))::date, product_line, ${KEYS}, count(*)::int
       FROM devices GROUP BY 1, 2, 3, 4, 5, 6`,
  ],
  [
    'customer_lines',
    'SELECT customer_id, lines FROM customer_lines WHERE lines <> 0',
    'SELECT d.customer_id, bit_or(fleet_line_bit(d.product_line)) FROM devices d JOIN customers c ON c.id = d.customer_id GROUP BY 1',
  ],
  [
    'user_tallies',
    'SELECT agency_id, status, auto_sync, weekly_report, lines, users FROM user_tallies WHERE users <> 0',
    `SELECT coalesce(c.agency_id, 0), c.status, fleet_switch(c.auto_sync), fleet_switch(c.weekly_report),
            coalesce((SELECT bit_or(fleet_line_bit(d.product_line)) FROM devices d WHERE d.customer_id = c.id), 0), count(*)::int
       FROM customers c GROUP BY 1, 2, 3, 4, 5`,
  ],
  [
    'energy_monthly',
    'SELECT month, product_line, agency_id, electrician_id, company_id, site_id, round(kwh, 3), readings FROM energy_monthly WHERE NOT modeled AND (kwh <> 0 OR readings <> 0)',
    'SELECT month, product_line, agency_id, electrician_id, company_id, site_id, round(sum(kwh), 3), count(*)::int FROM device_readings GROUP BY 1, 2, 3, 4, 5, 6',
  ],
  [
    'sync_monthly',
    'SELECT month, sync_type, status, events FROM sync_monthly WHERE events <> 0',
    "SELECT date_trunc('month', created_at AT TIME ZONE 'UTC')::date, sync_type, status, count(*)::int FROM customer_sync_events GROUP BY 1, 2, 3",
  ],
  [
    'app_tallies',
    'SELECT platform, app_version, location_preference, users FROM app_tallies WHERE users <> 0',
    'SELECT platform, app_version, location_preference, count(*)::int FROM customer_apps GROUP BY 1, 2, 3',
  ],
  [
    'battery_tallies',
    'SELECT alarm_status, battery_band, expires_month, alarms, level_total FROM battery_tallies WHERE alarms <> 0 OR level_total <> 0',
    `SELECT alarm_status, coalesce(least(battery_level / 10, 9), -1)::smallint, coalesce(date_trunc('month', expires_on)::date, date '1970-01-01'),
            count(*)::int, sum(coalesce(battery_level, 0))::bigint FROM smoke_alarms GROUP BY 1, 2, 3`,
  ],
];

export async function expectTalliesMatchRecount(db: Db): Promise<void> {
  const differences: Record<string, number> = {};
  for (const [name, stored, recounted] of CHECKS) {
    const { rows } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM (((${stored}) EXCEPT ALL (${recounted})) UNION ALL ((${recounted}) EXCEPT ALL (${stored}))) x`,
    );
    differences[name] = rows[0]?.n ?? -1;
  }
  expect(differences).toEqual(Object.fromEntries(CHECKS.map(([name]) => [name, 0])));
}
