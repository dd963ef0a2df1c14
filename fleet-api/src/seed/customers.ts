/**
 * The demo fleet's generated customers and properties (seed/index.ts): their sync events,
 * feedback, suppression list entries, trials and survey answers.
 */
import { surveyData } from '../modules/customers/survey';
import type { Db } from '../db';
import { AGENCIES, COMMERCIAL_PROPERTY_TYPES, FIRST_NAMES, LAST_NAMES, LOCALITIES, PROPERTY_TYPES_DRAW, STREETS, STREET_SUFFIXES, STREET_TYPES, UNIT_TYPES } from './data';
import type { Refs } from './base';

/** Weighted agency slots for customers: Sunrise Installers is the biggest. */
function agencyDraw(): number[] {
  return AGENCIES.flatMap((a, slot) => Array.from({ length: a.weight }, () => slot));
}

export async function topUpCustomers(
  db: Db,
  target: number,
  batchSize: number,
  refs: Refs,
  log: (msg: string) => void,
): Promise<void> {
  const { rows } = await db.query<{ n: number }>('SELECT coalesce(max(k), 0) AS n FROM seed_customers');
  const have = rows[0]?.n ?? 0;
  if (have >= target) return;
  const draw = agencyDraw();
  for (let from = have + 1; from <= target; from += batchSize) {
    const to = Math.min(target, from + batchSize - 1);
    log(`seed: customers ${from}..${to}`);
    // Ids come from the tables' own sequences, so later inserts by the app never collide.
    await db.query(
      `INSERT INTO seed_customers (k, customer_id, property_id, agency_slot)
       SELECT k, nextval(pg_get_serial_sequence('customers', 'id')), nextval(pg_get_serial_sequence('properties', 'id')),
              ($3::int[])[1 + fleet_seed_h(k, 101) % cardinality($3::int[])]
       FROM generate_series($1::int, $2::int) AS k`,
      [from, to, draw],
    );
    log(`seed: customer rows ${from}..${to}`);
    await db.query(
      `INSERT INTO customers (id, agency_id, email, first_name, last_name, phone_no, status, auto_sync, weekly_report,
         created_at, updated_at)
       SELECT c.customer_id, ($3::bigint[])[c.agency_slot + 1],
              lower(g.first_name) || '.' || lower(g.last_name) || c.k || '@example.com',
              g.first_name, g.last_name,
              '04' || lpad((fleet_seed_h(c.k, 104) % 100000000)::text, 8, '0'),
              CASE WHEN g.r < 70 THEN 'Completed' WHEN g.r < 85 THEN 'Pending' WHEN g.r < 95 THEN 'Incomplete' ELSE 'Deleted' END,
              CASE fleet_seed_h(c.k, 106) % 3 WHEN 0 THEN NULL WHEN 1 THEN true ELSE false END,
              CASE fleet_seed_h(c.k, 107) % 3 WHEN 0 THEN NULL WHEN 1 THEN true ELSE false END,
              g.created_at, g.created_at
       FROM seed_customers c
       CROSS JOIN LATERAL (
         SELECT ($4::text[])[1 + fleet_seed_h(c.k, 102) % cardinality($4::text[])] AS first_name,
                ($5::text[])[1 + fleet_seed_h(c.k, 103) % cardinality($5::text[])] AS last_name,
                fleet_seed_h(c.k, 105) % 100 AS r,
                timestamptz '2021-01-01 00:00:00+00' + (fleet_seed_h(c.k, 108) % 184000000) * interval '1 second' AS created_at
       ) g
       WHERE c.k BETWEEN $1 AND $2`,
      [from, to, refs.agencyIds, FIRST_NAMES, LAST_NAMES],
    );
    log(`seed: properties ${from}..${to}`);
    await db.query(
      `INSERT INTO properties (id, customer_id, agency_id, property_name, property_type, address_type, unit_type,
         unit_number, level_type, level_number, street_number, street, street_type, street_suffix, city, state,
         postal_code, nmi, property_updated, created_at, updated_at)
       SELECT c.property_id, c.customer_id, ($3::bigint[])[c.agency_slot + 1],
              CASE WHEN p.ptype = ANY($7::text[]) THEN p.street || ' ' || p.ptype ELSE 'Home' END,
              p.ptype,
              CASE WHEN p.ptype = ANY($7::text[]) THEN 'commercial' ELSE 'residential' END,
              CASE WHEN p.unit THEN ($8::text[])[1 + fleet_seed_h(c.k, 112) % 4] END,
              CASE WHEN p.unit THEN (1 + fleet_seed_h(c.k, 113) % 40)::text END,
              CASE WHEN p.unit THEN 'Level' END,
              CASE WHEN p.unit THEN (1 + fleet_seed_h(c.k, 114) % 12)::text END,
              (1 + fleet_seed_h(c.k, 115) % 240)::text,
              p.street,
              ($6::text[])[1 + fleet_seed_h(c.k, 116) % cardinality($6::text[])],
              CASE WHEN fleet_seed_h(c.k, 117) % 10 = 0 THEN ($9::text[])[1 + fleet_seed_h(c.k, 118) % cardinality($9::text[])] END,
              ($10::text[])[p.loc], ($11::text[])[p.loc], ($12::text[])[p.loc],
              (4000000000 + fleet_seed_h(c.k, 119) % 999999999)::text,
              fleet_seed_h(c.k, 120) % 4 <> 0,
              cu.created_at, cu.created_at
       FROM seed_customers c
       JOIN customers cu ON cu.id = c.customer_id
       CROSS JOIN LATERAL (
         SELECT ($4::text[])[1 + fleet_seed_h(c.k, 110) % cardinality($4::text[])] AS ptype,
                ($5::text[])[1 + fleet_seed_h(c.k, 111) % cardinality($5::text[])] AS street,
                1 + fleet_seed_h(c.k, 121) % cardinality($10::text[]) AS loc,
                ($4::text[])[1 + fleet_seed_h(c.k, 110) % cardinality($4::text[])] IN ('Unit', 'Apartment', 'Flat', 'Suite') AS unit
       ) p
       WHERE c.k BETWEEN $1 AND $2`,
      [from, to, refs.agencyIds, PROPERTY_TYPES_DRAW, STREETS, STREET_TYPES, COMMERCIAL_PROPERTY_TYPES, UNIT_TYPES,
        STREET_SUFFIXES, LOCALITIES.map((l) => l[0]), LOCALITIES.map((l) => l[1]), LOCALITIES.map((l) => l[2])],
    );
    await seedSurveys(db, from, to);
    log(`seed: customer syncs and feedback ${from}..${to}`);
    await db.query(SYNC_EVENTS_SQL, [from, to]);
    await db.query(FEEDBACK_SQL, [from, to, FEEDBACK_COMMENTS]);
    // one customer in forty without weekly reports is on the suppression list
    await db.query(
      `INSERT INTO suppression_list (customer_id, email, reason, created_at)
       SELECT cu.id, cu.email, (ARRAY['Unsubscribed', 'Bounced', 'Complaint'])[1 + fleet_seed_h(c.k, 321) % 3], cu.created_at + interval '30 days'
       FROM seed_customers c JOIN customers cu ON cu.id = c.customer_id
       WHERE c.k BETWEEN $1 AND $2 AND c.k % 40 = 0 AND cu.weekly_report IS FALSE`,
      [from, to],
    );
  }
}

/** Survey answers for the first 3,000 generated properties, one in three (the installers' app asks them at some homes). */
async function seedSurveys(db: Db, from: number, to: number): Promise<void> {
  const ids: number[] = [];
  const data: string[] = [];
  const last = Math.min(to, 3000);
  if (from > last) return;
  const { rows } = await db.query<{ k: number; property_id: number }>(
    'SELECT k, property_id::int AS property_id FROM seed_customers WHERE k BETWEEN $1 AND $2 AND k % 3 = 0',
    [from, last],
  );
  for (const { k, property_id } of rows) {
    const pick = <T,>(list: readonly T[], salt: number): T => list[(k * 7919 + salt * 104_729) % list.length] as T;
    const air = pick(['Yes', 'Yes', 'No'], 1);
    const answers = {
      occupants: String(1 + ((k * 31) % 6)),
      air_conditioner: air,
      air_conditioner_type: air === 'Yes' ? pick(['Split system', 'Ducted', 'Window or wall', 'Portable'], 2) : null,
      air_conditioner_units: air === 'Yes' ? String(1 + ((k * 17) % 4)) : null,
      air_conditioner_kw: air === 'Yes' ? (2.5 + ((k * 13) % 60) / 10).toFixed(1) : null,
      pool_pump: pick(['No', 'No', 'Yes'], 3),
      pool_pump_kw: (1 + ((k * 11) % 15) / 10).toFixed(1),
      solar: pick(['No', 'Under 5 kW', '5 to 10 kW', 'Over 10 kW'], 4),
      solar_battery: pick(['Yes', 'No', 'No'], 5),
      notes: null,
    };
    ids.push(property_id);
    data.push(JSON.stringify(surveyData(answers, {})));
  }
  if (ids.length === 0) return;
  await db.query(
    'UPDATE properties p SET survey_data = x.data::jsonb FROM unnest($1::bigint[], $2::text[]) AS x(id, data) WHERE p.id = x.id',
    [ids, data],
  );
}

/**
 * What a customer's app recorded, for one customer in four: switching auto sync and weekly reports
 * on (and off, when it is off now), then a sync or report a week for six weeks, one in ten failed.
 */
const SYNC_EVENTS_SQL = `
INSERT INTO customer_sync_events (customer_id, sync_type, status, detail, created_at)
SELECT c.customer_id, t.sync_type, e.status, e.detail, cu.created_at + e.after
FROM seed_customers c
JOIN customers cu ON cu.id = c.customer_id
CROSS JOIN (VALUES ('auto_sync', 301), ('weekly_report', 302)) AS t(sync_type, salt)
CROSS JOIN LATERAL (
  SELECT CASE WHEN t.sync_type = 'auto_sync' THEN cu.auto_sync ELSE cu.weekly_report END AS on_now
) o
CROSS JOIN LATERAL (
  SELECT 'enabled' AS status, NULL::text AS detail, interval '1 day' AS after
  UNION ALL
  SELECT CASE WHEN fleet_seed_h(c.k * 10 + w, t.salt) % 10 = 0 THEN 'failed' ELSE 'success' END,
         CASE WHEN fleet_seed_h(c.k * 10 + w, t.salt) % 10 = 0
              THEN CASE WHEN t.sync_type = 'auto_sync' THEN 'The display did not answer' ELSE 'The report mail bounced' END
              ELSE CASE WHEN t.sync_type = 'auto_sync' THEN 'Readings synced' ELSE 'Weekly report sent' END END,
         w * interval '7 days'
  FROM generate_series(1, 6) AS w
  UNION ALL
  SELECT 'disabled', NULL, interval '50 days' WHERE o.on_now IS FALSE
) e
WHERE c.k BETWEEN $1 AND $2 AND c.k % 4 = 0 AND o.on_now IS NOT NULL`;

/** Feedback from some customers: on the survey (one in six), auto sync (one in nine), weekly reports (one in eleven). */
const FEEDBACK_SQL = `
INSERT INTO customer_feedback (customer_id, sync_type, rating, comment, created_at)
SELECT c.customer_id, t.sync_type, 1 + fleet_seed_h(c.k, t.salt) % 5,
       ($3::text[])[1 + fleet_seed_h(c.k, t.salt + 1) % cardinality($3::text[])],
       cu.created_at + (3 + fleet_seed_h(c.k, t.salt + 2) % 60) * interval '1 day'
FROM seed_customers c
JOIN customers cu ON cu.id = c.customer_id
CROSS JOIN (VALUES ('survey', 311, 6), ('auto_sync', 314, 9), ('weekly_report', 317, 11)) AS t(sync_type, salt, every)
WHERE c.k BETWEEN $1 AND $2 AND c.k % t.every = 0`;

/**
 * One airlink device in six (and the demo customer's) started as a 30-day trial at its install; most trials ended long ago
 * (kept or sent back), the newest still run. Devices that already have a trial are left alone.
 */
export const AIRLINK_TRIALS_SQL = `
INSERT INTO airlink_trials (customer_id, device_id, started_on, ends_on, status, ended_on, created_at, updated_at)
SELECT d.customer_id, d.id, d.installation_date, d.installation_date + 30,
       CASE WHEN d.installation_date + 30 >= current_date THEN 'active' WHEN fleet_seed_h(d.id, 331) % 3 = 0 THEN 'returned' ELSE 'purchased' END,
       CASE WHEN d.installation_date + 30 >= current_date THEN NULL ELSE d.installation_date + 30 END,
       d.created_at, d.created_at
FROM devices d
WHERE d.product_line = 'airlink' AND d.customer_id IS NOT NULL AND d.installation_date IS NOT NULL AND (d.id % 6 = 0 OR d.id <= 7)
  AND NOT EXISTS (SELECT 1 FROM airlink_trials t WHERE t.device_id = d.id)`;

const FEEDBACK_COMMENTS = [
  'Easy to follow',
  'The app shows my usage clearly',
  'Would like more detail on peak times',
  'Sync was slow this week',
  'Helped me cut my bill',
  'The report arrived late',
  'Great service from the installer',
];

