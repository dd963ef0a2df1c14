/**
 * The demo fleet's generated devices (seed/index.ts): their history, faults, smoke alarms,
 * flashes and heat-pump activity.
 */
import { createHash } from 'node:crypto';
import type { Db } from '../db';
import { FAULT_CODE_DRAW, FAULT_DESCRIPTIONS, FIRMWARE_VERSIONS, INSTALLED_VIA, LINE_WEIGHTS, MAC_PREFIX, PRODUCT_LINES, SERIAL_PREFIX, WIFI_NAMES } from './data';
import type { Refs } from './base';

/** The installer id an agent's app reports: a UUID derived from the agent's id, stable across runs. */
function installerUuid(agentId: number): string {
  const h = createHash('md5').update(`installer${agentId}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

/** The device generator: one statement per batch of series numbers n (1-based, never reused). */
const DEVICES_SQL = `
INSERT INTO devices (product_line, serial_number, mac_address, device_uid, firmware_version, wifi_name, connection_type,
  status, device_status, is_online, device_operation_status, fault_code, impulse_rate, impulse_rate_type,
  signal_strength, nmi, force_sync_date, installation_date, installed_via, installer_uuid, heat_pump_model_id,
  agency_id, agent_id, electrician_id, customer_id, property_id, site_id, company_id, created_at, updated_at)
SELECT
  ($4::text[])[d.li],
  ($5::text[])[d.li] || lpad(d.n::text, 10, '0'),
  ($6::text[])[d.li] || upper(lpad(to_hex(d.n), 6, '0')),
  upper(lpad(to_hex(fleet_seed_h(d.n, 29)), 8, '0') || lpad(to_hex(fleet_seed_h(d.n, 30)), 8, '0')),
  ($7::text[])[(d.li - 1) * 4 + 1 + fleet_seed_h(d.n, 9) % 4],
  CASE WHEN d.li = 1 THEN NULL
       ELSE ($8::text[])[1 + fleet_seed_h(d.n, 10) % cardinality($8::text[])] || '-' || upper(lpad(to_hex(fleet_seed_h(d.n, 31) % 65536), 4, '0')) END,
  CASE WHEN fleet_seed_h(d.n, 11) % 3 = 0 THEN 'AP' ELSE 'Bluetooth' END,
  CASE WHEN d.dstatus = 'In-active' THEN NULL
       WHEN d.n <= 10 OR d.r13 < 72 THEN 'Completed' WHEN d.r13 < 86 THEN 'Pending' WHEN d.r13 < 95 THEN 'Incomplete'
       ELSE 'Deleted' END,
  d.dstatus,
  CASE WHEN d.dstatus = 'Active' AND (d.n <= 10 OR fleet_seed_h(d.n, 14) % 100 < 78) THEN 1 ELSE 0 END,
  CASE WHEN d.li = 7 THEN fleet_seed_h(d.n, 15) % 3 END,
  CASE WHEN d.li = 7 AND d.dstatus = 'Active' AND (d.n IN (7, 8) OR fleet_seed_h(d.n, 16) % 100 < 8)
       THEN ($9::text[])[1 + fleet_seed_h(d.n, 17) % cardinality($9::text[])] END,
  CASE WHEN d.li <= 3 THEN (ARRAY[1000, 3200, 1000, 500])[1 + fleet_seed_h(d.n, 18) % 4] END,
  CASE WHEN d.li <= 3 THEN (ARRAY['imp/kWh', 'imp/kWh', 'Wh/imp', 'Wh/imp'])[1 + fleet_seed_h(d.n, 18) % 4] END,
  CASE WHEN d.li > 1 THEN -(30 + fleet_seed_h(d.n, 19) % 66) END,
  CASE WHEN d.li <= 3 THEN (4100000000 + fleet_seed_h(d.n, 20) % 899999999)::text END,
  CASE WHEN d.li <= 3 THEN d.created_at + (fleet_seed_h(d.n, 23) % 90) * interval '1 day' END,
  d.created_at::date,
  ($10::text[])[1 + fleet_seed_h(d.n, 24) % cardinality($10::text[])],
  CASE WHEN d.elec IS NULL THEN ($19::text[])[d.slot * 3 + d.pick] END,
  CASE WHEN d.li = 7 THEN ($11::bigint[])[1 + fleet_seed_h(d.n, 25) % cardinality($11::bigint[])] END,
  ($3::bigint[])[d.slot + 1],
  CASE WHEN d.elec IS NULL THEN ($12::bigint[])[d.slot * 3 + d.pick] END,
  d.elec,
  d.customer_id,
  d.property_id,
  ($14::bigint[])[d.site],
  ($15::bigint[])[d.site],
  d.created_at,
  d.created_at
FROM (
  SELECT b.*,
         coalesce(($16::int[])[b.site], sc0.agency_slot) AS slot,
         CASE WHEN b.n <= 10 THEN CASE WHEN coalesce(($16::int[])[b.site], sc0.agency_slot) = 0 THEN ($13::bigint[])[1] END
              WHEN fleet_seed_h(b.n, 26) % 10 < 3
              THEN ($13::bigint[])[coalesce(($16::int[])[b.site], sc0.agency_slot) * 3 + 1 + fleet_seed_h(b.n, 27) % 3] END AS elec,
         sc0.customer_id, sc0.property_id
  FROM (
    SELECT a.*,
           CASE WHEN a.n <= 7 THEN NULL
                WHEN a.n <= 10 THEN (ARRAY[1, 2, 1])[(a.n - 7)::int]
                WHEN a.li = 7 AND fleet_seed_h(a.n, 7) % 10 < 4 THEN 1 + fleet_seed_h(a.n, 8) % cardinality($14::bigint[])
           END AS site
    FROM (
      SELECT n,
             CASE WHEN n <= 7 THEN n::int WHEN n <= 10 THEN 7
                  ELSE ($17::int[])[1 + fleet_seed_h(n, 1) % cardinality($17::int[])] END AS li,
             CASE WHEN n <= 10 THEN 'Active' WHEN fleet_seed_h(n, 12) % 100 < 85 THEN 'Active'
                  WHEN fleet_seed_h(n, 12) % 100 < 95 THEN 'In-active' ELSE 'Replaced' END AS dstatus,
             fleet_seed_h(n, 13) % 100 AS r13,
             1 + fleet_seed_h(n, 28) % 3 AS pick,
             timestamptz '2021-01-01 00:00:00+00' + (fleet_seed_h(n, 21) % 2130) * interval '1 day'
               + (fleet_seed_h(n, 22) % 86400) * interval '1 second' AS created_at
      FROM generate_series($1::bigint, $2::bigint) AS n
    ) a
  ) b
  JOIN seed_customers sc0 ON sc0.k = CASE WHEN b.n <= 7 THEN 0 ELSE 1 + fleet_seed_h(b.n, 3) % $18::int END
) d`;

export async function topUpDevices(
  db: Db,
  have: number,
  target: number,
  batchSize: number,
  refs: Refs,
  log: (msg: string) => void,
): Promise<void> {
  if (have >= target) return;
  const customers = (await db.query<{ n: number }>('SELECT coalesce(max(k), 0) AS n FROM seed_customers')).rows[0]?.n ?? 0;
  const lineDraw = PRODUCT_LINES.flatMap((line, i) => Array.from({ length: LINE_WEIGHTS[line] }, () => i + 1));
  const firmware = PRODUCT_LINES.flatMap((line) => FIRMWARE_VERSIONS[line]);
  for (let from = have + 1; from <= target; from += batchSize) {
    const to = Math.min(target, from + batchSize - 1);
    const lastId = (await db.query<{ id: number }>('SELECT coalesce(max(id), 0) AS id FROM devices')).rows[0]?.id ?? 0;
    log(`seed: devices ${from}..${to}`);
    await db.query(DEVICES_SQL, [
      from, to, refs.agencyIds, [...PRODUCT_LINES], PRODUCT_LINES.map((l) => SERIAL_PREFIX[l]),
      PRODUCT_LINES.map((l) => MAC_PREFIX[l]), firmware, WIFI_NAMES, FAULT_CODE_DRAW, INSTALLED_VIA, refs.modelIds,
      refs.agentIds, refs.electricianIds, refs.siteIds, refs.siteCompanyIds, refs.siteAgencySlots, lineDraw, customers,
      refs.agentIds.map(installerUuid),
    ]);
    log(`seed: history and faults ${from}..${to}`);
    await addHistoryAndFaults(db, lastId);
  }
}

/** Devices with flashes (ids up to this), and how many half hours back from the seed. */
const FLASH_DEVICES = 600;
const FLASH_HALF_HOURS = 7 * 48;
/** What the agent wrote when closing a seeded fault (Resolve Fault's job comments). */
const RESOLUTION_COMMENTS = [
  'Checked wiring and reset the controller; unit running normally.',
  'Replaced the tank temperature sensor; readings back in range.',
  'Cleared a blocked condensate drain and restarted the unit.',
  'Wi-Fi module re-paired with the customer router; reporting again.',
  'Compressor overload tripped in the heatwave; reset and checked airflow.',
  'Customer had switched the unit off at the isolator; switched back on.',
];
const SMOKE_ALARM_LOCATIONS = ['Hallway', 'Living room', 'Kitchen', 'Bedroom 1', 'Bedroom 2', 'Bedroom 3', 'Garage', 'Study', 'Stairs'];

/** Install events for heat pumps, replace/remove events for devices no longer active, faults, the
 *  smoke alarms of safelink hubs and the flashes of the first metering devices. */
async function addHistoryAndFaults(db: Db, afterId: number): Promise<void> {
  await db.query(
    `INSERT INTO device_history (device_id, event, serial_number, mac_address, firmware_version, agency_id, agent_id,
       electrician_id, customer_id, property_id, note, created_at)
     SELECT d.id, 'installed', d.serial_number, d.mac_address, d.firmware_version, d.agency_id, d.agent_id,
            d.electrician_id, d.customer_id, d.property_id, 'Installed via ' || d.installed_via, d.created_at
     FROM devices d
     WHERE d.id > $1 AND d.product_line = 'heat_pump'`,
    [afterId],
  );
  await db.query(
    `INSERT INTO device_history (device_id, event, serial_number, mac_address, firmware_version, agency_id, agent_id,
       electrician_id, customer_id, property_id, note, created_at)
     SELECT d.id, CASE d.device_status WHEN 'Replaced' THEN 'replaced' ELSE 'removed' END, d.serial_number,
            d.mac_address, d.firmware_version, d.agency_id, d.agent_id, d.electrician_id, d.customer_id, d.property_id,
            CASE d.device_status WHEN 'Replaced' THEN 'Replaced via replace device' ELSE 'Device removed from the property' END,
            d.created_at + (30 + fleet_seed_h(d.id, 31) % 400) * interval '1 day'
     FROM devices d
     WHERE d.id > $1 AND d.device_status <> 'Active'`,
    [afterId],
  );
  // One to three smoke alarms per safelink hub (0009), a few in alarm, fault or low battery.
  await db.query(
    `INSERT INTO smoke_alarms (safelink_device_id, serial_number, location, alarm_type, alarm_status, battery_level,
       last_tested_at, expires_on, created_at, updated_at)
     SELECT d.id, 'SA' || lpad((d.id * 10 + s)::text, 10, '0'),
            ($2::text[])[1 + (fleet_seed_h(d.id * 10 + s, 61) + s) % cardinality($2::text[])],
            CASE WHEN fleet_seed_h(d.id * 10 + s, 62) % 5 = 0 THEN 'Heat' ELSE 'Photoelectric' END,
            CASE WHEN d.device_status <> 'Active' THEN 'Fault'
                 WHEN fleet_seed_h(d.id * 10 + s, 63) % 100 < 2 THEN 'Alarm'
                 WHEN fleet_seed_h(d.id * 10 + s, 63) % 100 < 6 THEN 'Fault'
                 WHEN fleet_seed_h(d.id * 10 + s, 63) % 100 < 14 THEN 'Low battery' ELSE 'Normal' END,
            CASE WHEN fleet_seed_h(d.id * 10 + s, 63) % 100 BETWEEN 6 AND 13 THEN 5 + fleet_seed_h(d.id * 10 + s, 64) % 10
                 ELSE 35 + fleet_seed_h(d.id * 10 + s, 64) % 66 END,
            d.created_at + (fleet_seed_h(d.id * 10 + s, 65) % 300) * interval '1 day',
            (d.created_at + interval '10 years')::date - fleet_seed_h(d.id * 10 + s, 66) % 200,
            d.created_at + s * interval '1 minute', d.created_at + s * interval '1 minute'
     FROM devices d CROSS JOIN LATERAL generate_series(1, 1 + fleet_seed_h(d.id, 60) % 3) AS s
     WHERE d.id > $1 AND d.product_line = 'safelink'`,
    [afterId, SMOKE_ALARM_LOCATIONS],
  );
  // Half-hourly flashes of the last week for the first metering devices (enough for every demo
  // account's devices; a million devices' worth would be hundreds of millions of rows). An evening
  // peak, a smaller morning one, a base load; flashes are energy times the device's impulse rate.
  await db.query(
    `INSERT INTO device_flashes (device_id, read_at, flashes)
     SELECT d.id, t.at,
            round((0.08 + CASE WHEN extract(hour FROM t.at AT TIME ZONE 'Australia/Sydney') BETWEEN 17 AND 21 THEN 0.45
                              WHEN extract(hour FROM t.at AT TIME ZONE 'Australia/Sydney') BETWEEN 6 AND 8 THEN 0.2 ELSE 0 END
                   + (fleet_seed_h(d.id * 400 + t.k, 67) % 100) / 400.0) * d.impulse_rate)::int
     FROM devices d
     CROSS JOIN LATERAL (
       SELECT k, date_trunc('hour', now()) - k * interval '30 minutes' AS at FROM generate_series(1, $3::int) AS k
     ) t
     WHERE d.id > $1 AND d.id <= $2 AND d.product_line IN ('ihd', 'ihd_livelink', 'livelink') AND d.impulse_rate > 0
     ON CONFLICT DO NOTHING`,
    [afterId, FLASH_DEVICES, FLASH_HALF_HOURS],
  );
  // A property whose heat pump was installed at a multi-site company's site is at that site (the
  // site dashboard lists its properties).
  await db.query(
    `UPDATE properties p SET site_id = s.site_id
       FROM (SELECT DISTINCT ON (property_id) property_id, site_id FROM devices
              WHERE id > $1 AND product_line = 'heat_pump' AND site_id IS NOT NULL AND property_id IS NOT NULL
              ORDER BY property_id, id) s
      WHERE p.id = s.property_id AND p.site_id IS NULL`,
    [afterId],
  );
  const codes = Object.keys(FAULT_DESCRIPTIONS);
  const descriptions = codes.map((c) => FAULT_DESCRIPTIONS[c] ?? c);
  // The current fault of each faulty heat pump (unresolved), an older one for half of them, and a
  // history of resolved ones: in each year since its installation a heat pump has a fault with
  // probability 0.7, at a drawn day and hour, fixed within 2 hours to 10 days (below). So the
  // network dashboards' months, the fault trend and the time to resolve have something to show.
  await db.query(
    `INSERT INTO faults (device_id, fault_code, fault_description, history_datetime, fault_status, agent, job_comments,
       created_at, updated_at)
     SELECT f.device_id, f.code, ($3::text[])[array_position($2::text[], f.code)], f.at, f.status, f.agent, f.comments, f.at, f.at
     FROM (
       SELECT d.id AS device_id, d.fault_code AS code,
              now() - (1 + fleet_seed_h(d.id, 41) % 2000) * interval '1 minute' AS at, 0::smallint AS status,
              NULL::text AS agent, NULL::text AS comments
       FROM devices d WHERE d.id > $1 AND d.product_line = 'heat_pump' AND d.fault_code IS NOT NULL
       UNION ALL
       SELECT d.id, ($4::text[])[1 + fleet_seed_h(d.id, 42) % cardinality($4::text[])],
              now() - (3 + fleet_seed_h(d.id, 43) % 20) * interval '1 day', 0::smallint, NULL, NULL
       FROM devices d WHERE d.id > $1 AND d.product_line = 'heat_pump' AND d.fault_code IS NOT NULL
         AND fleet_seed_h(d.id, 44) % 2 = 0
       UNION ALL
       SELECT y.id, ($4::text[])[1 + fleet_seed_h(y.h, 45) % cardinality($4::text[])], y.at, 1::smallint,
              fa.name, ($5::text[])[1 + fleet_seed_h(y.h, 49) % cardinality($5::text[])]
       FROM (
         SELECT d.id, d.agency_id, x.h,
                d.created_at + ((k - 1) * 365 + fleet_seed_h(x.h, 46) % 365) * interval '1 day'
                  + (fleet_seed_h(x.h, 48) % 86400) * interval '1 second' AS at
         FROM devices d CROSS JOIN generate_series(1, 6) AS k CROSS JOIN LATERAL (SELECT d.id * 8 + k AS h) x
         WHERE d.id > $1 AND d.product_line = 'heat_pump' AND fleet_seed_h(x.h, 47) % 10 < 7
       ) y
       LEFT JOIN (SELECT DISTINCT ON (agency_id) agency_id, first_name || ' ' || last_name AS name FROM agents ORDER BY agency_id, id) fa
         ON fa.agency_id = y.agency_id
       WHERE y.at < now() - interval '11 days'
     ) f`,
    [afterId, codes, descriptions, FAULT_CODE_DRAW, RESOLUTION_COMMENTS],
  );
  await db.query(
    `UPDATE faults f SET resolved_at = f.history_datetime + (2 + fleet_seed_h(f.id, 50) % 239) * interval '1 hour'
     FROM devices d WHERE d.id = f.device_id AND d.id > $1 AND f.fault_status = 1 AND f.resolved_at IS NULL`,
    [afterId],
  );
  // Activity of the first heat pumps (ids up to ACTIVITY_DEVICES): a work-state step every two hours
  // for the last three days, Wi-Fi drops now and then, and their faults and resolutions.
  await db.query(
    `INSERT INTO heat_pump_events (device_id, at, event, work_state, fault_code, detail)
     SELECT d.id, date_trunc('hour', now()) - k * interval '2 hours' + (fleet_seed_h(d.id * 40 + k, 71) % 3600) * interval '1 second',
            CASE WHEN fleet_seed_h(d.id * 40 + k, 72) % 12 = 0 THEN 'offline' WHEN fleet_seed_h(d.id * 40 + k, 72) % 12 = 1 THEN 'online' ELSE 'work_state' END,
            CASE WHEN fleet_seed_h(d.id * 40 + k, 72) % 12 > 1 THEN (k % 3)::smallint END, NULL, NULL
     FROM devices d CROSS JOIN generate_series(1, 36) AS k
     WHERE d.id > $1 AND d.id <= $2 AND d.product_line = 'heat_pump'`,
    [afterId, ACTIVITY_DEVICES],
  );
  await db.query(
    `INSERT INTO heat_pump_events (device_id, at, event, fault_code, detail)
     SELECT f.device_id, f.history_datetime, 'fault', f.fault_code, NULL FROM faults f
      WHERE f.device_id > $1 AND f.device_id <= $2 AND f.history_datetime > now() - interval '92 days'
     UNION ALL
     SELECT f.device_id, f.resolved_at, 'resolved', f.fault_code, f.agent FROM faults f
      WHERE f.device_id > $1 AND f.device_id <= $2 AND f.fault_status = 1 AND f.resolved_at > now() - interval '92 days'`,
    [afterId, ACTIVITY_DEVICES],
  );
}

/** Heat pumps with ids up to this get a seeded activity log (the demo's; a large fleet's others start empty). */
const ACTIVITY_DEVICES = 5000;

