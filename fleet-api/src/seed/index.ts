/**
 * The demo fleet. `seedDemoFleet(db, { devices })` is idempotent: the `seed_state` row named 'demo'
 * records how many devices were generated; a second call with the same size does nothing, a larger
 * size tops the devices (and customers) up.
 *
 * Organisations, people and demo accounts are a few dozen rows written from ./data.ts. Customers,
 * properties, devices, faults and device history are generated inside the database with
 * `INSERT ... SELECT ... FROM generate_series(...)`, 100,000 rows per statement, every value drawn from a
 * hash of the row's number, so the same size gives the same fleet on PGlite and PostgreSQL and PGlite's
 * memory stays bounded. The first 10 devices are fixed: one of every line for the demo customer, and
 * heat pumps at the demo site manager's sites.
 */
import { createHash } from 'node:crypto';
import { surveyData } from '../modules/customers/survey';
import type { Db } from '../db';
import { hashPassword } from '../security/password';
import { seedHistory } from '../modules/nms/history';
import { seedFieldWorkers } from './field-workers';
import { seedDemoTariffs } from './tariffs';
import { seedDashboardData } from './dashboards';
import {
  AGENCIES,
  AGENT_NAMES,
  AGGREGATORS,
  COMMERCIAL_PROPERTY_TYPES,
  COMPANIES,
  DEMO_PASSWORD,
  DISTRIBUTORS,
  ELECTRICIAN_NAMES,
  FAULT_CODE_DRAW,
  FAULT_DESCRIPTIONS,
  FIRMWARE_VERSIONS,
  FIRST_NAMES,
  HEAT_PUMP_MODELS,
  INSTALLED_VIA,
  LAST_NAMES,
  LINE_WEIGHTS,
  LOCALITIES,
  MAC_PREFIX,
  PARTNERS,
  PRODUCT_LINES,
  PROPERTY_TYPES_DRAW,
  RETAILERS,
  SERIAL_PREFIX,
  SLIDES,
  STREETS,
  STREET_SUFFIXES,
  STREET_TYPES,
  UNIT_TYPES,
  WIFI_NAMES,
} from './data';
import { seedAgencyExtras } from './agencies';

export * from './data';

export interface SeedOptions {
  /** How many devices the fleet should have (all product lines together). */
  devices: number;
  log?: (msg: string) => void;
  /** Rows per generated statement (default 100,000). */
  batchSize?: number;
  /** Reuse an argon2 hash of DEMO_PASSWORD (tests hash once per run). */
  passwordHash?: string;
}

export interface SeedResult {
  seeded: boolean;
}

/** Devices per generated customer: about five devices for every customer. */
export function customersFor(devices: number): number {
  return Math.max(30, Math.ceil(devices / 5));
}

/** Above this many new devices the generated tables' indexes and foreign keys are rebuilt after the load. */
const REBUILD_THRESHOLD = 50_000;

const ADVISORY_LOCK_KEY = 4_172_026;

interface Refs {
  agencyIds: number[];
  /** 3 agents per agency, in agency order. */
  agentIds: number[];
  /** 3 electricians per agency, in agency order. */
  electricianIds: number[];
  siteIds: number[];
  siteCompanyIds: number[];
  /** Agency slot (0-based index into AGENCIES) serving each site. */
  siteAgencySlots: number[];
  modelIds: number[];
}

let demoHash: Promise<string> | null = null;

/** argon2 costs ~50 ms; the demo password is hashed once per process and reused for every demo user. */
export function demoPasswordHash(): Promise<string> {
  demoHash ??= hashPassword(DEMO_PASSWORD);
  return demoHash;
}

export async function seedDemoFleet(db: Db, opts: SeedOptions): Promise<SeedResult> {
  const target = Math.max(0, Math.floor(opts.devices));
  const log = opts.log ?? (() => undefined);
  const batchSize = opts.batchSize ?? 100_000;

  // Cheap check first, so a seeded database starts without hashing a password or taking a lock.
  const before = await readState(db);
  if (before !== null && before >= target) return { seeded: false };

  const passwordHash = opts.passwordHash ?? (await demoPasswordHash());
  const started = Date.now();
  const seeded = await db.transaction(async (tx) => {
    // Two servers starting on one PostgreSQL must not both seed.
    await tx.query('SELECT pg_advisory_xact_lock($1)', [ADVISORY_LOCK_KEY]);
    await ensureSeedSupport(tx);
    let current = await readState(tx);
    if (current !== null && current >= target) return false;
    if (current === null) {
      log('seed: organisations, people and demo accounts');
      await seedBase(tx, passwordHash);
      await seedAgencyExtras(tx, passwordHash);
      current = 0;
      await tx.query("INSERT INTO seed_state (name, devices) VALUES ('demo', 0)");
    }
    const refs = await loadRefs(tx);
    const adding = target - current;
    const saved = adding >= REBUILD_THRESHOLD && adding >= current ? await dropSecondaryIndexes(tx, log) : null;
    await topUpCustomers(tx, customersFor(target), batchSize, refs, log);
    await topUpDevices(tx, current, target, batchSize, refs, log);
    await seedFieldWorkers(tx, passwordHash);
    log('seed: airlink trials');
    await tx.query(AIRLINK_TRIALS_SQL);
    if (saved) await restoreSecondaryIndexes(tx, saved, log);
    log('seed: the network dashboards\' daily history since 2021');
    await seedHistory(tx, new Date());
    await seedDashboardData(tx, new Date(), log);
    await tx.query("UPDATE seed_state SET devices = $1, updated_at = now() WHERE name = 'demo'", [target]);
    return true;
  });
  if (seeded) {
    // Fresh statistics so the first pages are planned with the real row counts, and a vacuum so the
    // visibility map lets exact counts use index-only scans (PGlite has no autovacuum).
    log('seed: vacuum and analyze');
    for (const table of GENERATED_TABLES) {
      await db.query(`VACUUM (ANALYZE) ${table}`);
    }
    log(`seed: ${target} devices ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  return { seeded };
}

async function readState(db: Db): Promise<number | null> {
  const { rows } = await db.query<{ devices: number }>("SELECT devices FROM seed_state WHERE name = 'demo'");
  return rows[0] ? rows[0].devices : null;
}

/** The hash the generator draws from, and the table that numbers the generated customers. */
async function ensureSeedSupport(db: Db): Promise<void> {
  await db.query(
    `CREATE OR REPLACE FUNCTION fleet_seed_h(n bigint, salt integer) RETURNS integer
       LANGUAGE sql IMMUTABLE PARALLEL SAFE
       AS 'SELECT hashint8(n * 1000 + salt) & 2147483647'`,
  );
  // k = 0 is the demo customer; k >= 1 are generated. Devices pick a customer by k.
  await db.query(
    `CREATE TABLE IF NOT EXISTS seed_customers (
       k           integer PRIMARY KEY,
       customer_id bigint NOT NULL,
       property_id bigint NOT NULL,
       agency_slot integer NOT NULL
     )`,
  );
}

// ------------------------------------------------------------------------------------------------
// Fixed rows

async function insertId(db: Db, sql: string, params: unknown[]): Promise<number> {
  const { rows } = await db.query<{ id: number }>(`${sql} RETURNING id`, params);
  const row = rows[0];
  if (!row) throw new Error(`seed: no id returned by ${sql.slice(0, 60)}`);
  return row.id;
}

const lowerDot = (first: string, last: string): string => `${first}.${last}`.toLowerCase();

async function seedBase(db: Db, passwordHash: string): Promise<void> {
  const aggregatorIds: number[] = [];
  for (const name of AGGREGATORS) {
    aggregatorIds.push(await insertId(db, 'INSERT INTO aggregators (name) VALUES ($1)', [name]));
  }

  const agencyIds: number[] = [];
  for (const a of AGENCIES) {
    agencyIds.push(
      await insertId(
        db,
        `INSERT INTO agencies (agency_name, email, postcode, contact_first_name, contact_last_name, contact, abn_no,
           country, state, city, street_address, status, flows, device_type, email_notification, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, 'Australia', $8, $9, $10, $11, $12, $13, $14,
           timestamptz '2021-02-01 09:00:00+00', timestamptz '2021-02-01 09:00:00+00')`,
        [a.agency_name, a.email, a.postcode, a.contact_first_name, a.contact_last_name, a.contact, a.abn_no, a.state,
          a.city, a.street_address, a.status, a.flows, a.device_type, a.status === 'Active'],
      ),
    );
  }

  // Three installation agents per agency.
  for (let s = 0; s < AGENCIES.length; s += 1) {
    for (let j = 0; j < 3; j += 1) {
      const [first, last] = AGENT_NAMES[s * 3 + j] ?? ['Agent', `No${s * 3 + j}`];
      await db.query(
        `INSERT INTO agents (agency_id, first_name, last_name, email, phone, status, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, timestamptz '2021-03-01 09:00:00+00' + $7 * interval '1 day')`,
        [agencyIds[s], first, last, `${lowerDot(first, last)}@agents.example.com`, `04${String(12345670 + s * 3 + j)}`,
          j === 2 && s === 0 ? 'In-Active' : 'Active', s * 3 + j],
      );
    }
  }

  // Three electricians per agency, then a few independent ones; two field workers each.
  const electricianIds: number[] = [];
  for (let e = 0; e < ELECTRICIAN_NAMES.length; e += 1) {
    const [first, last] = ELECTRICIAN_NAMES[e] ?? ['Electrician', `No${e}`];
    const slot = e < AGENCIES.length * 3 ? Math.floor(e / 3) : null;
    const [city, state, postcode] = LOCALITIES[(e * 5) % LOCALITIES.length] ?? ['Sydney', 'NSW', '2000'];
    const email = e === 0 ? 'electrician@demo.test' : `${lowerDot(first, last)}@sparks.example.com`;
    const id = await insertId(
      db,
      `INSERT INTO electricians (agency_id, first_name, last_name, email, phone_no, address, company_name, abn_number,
         eid, aggregator_id, city, postcode, state, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13,
         timestamptz '2021-04-01 09:00:00+00' + $14 * interval '3 days', timestamptz '2021-04-01 09:00:00+00' + $14 * interval '3 days')`,
      [slot === null ? null : agencyIds[slot], first, last, email, `04${String(22345670 + e)}`,
        `${10 + e} ${STREETS[e % STREETS.length]} Street, ${city} ${state} ${postcode}`, `${last} Electrical`,
        String(51000000000 + e * 7919), `EL${String(100200 + e)}`, aggregatorIds[e % aggregatorIds.length], city,
        postcode, state, e],
    );
    electricianIds.push(id);
    if (slot !== null) {
      for (let w = 0; w < 2; w += 1) {
        const [wf, wl] = AGENT_NAMES[(e * 2 + w + 5) % AGENT_NAMES.length] ?? ['Field', 'Worker'];
        await db.query(
          `INSERT INTO electrician_agents (electrician_id, first_name, last_name, email, phone, created_at)
           VALUES ($1, $2, $3, $4, $5, timestamptz '2021-06-01 09:00:00+00' + $6 * interval '2 days')`,
          [id, wf, wl, `${lowerDot(wf, wl)}.${e}${w}@fieldwork.example.com`, `04${String(32345670 + e * 2 + w)}`, e * 2 + w],
        );
      }
    }
  }

  for (const m of HEAT_PUMP_MODELS) {
    await db.query('INSERT INTO heat_pump_models (model_name, capacity_litres, description) VALUES ($1, $2, $3)', [
      m.model_name, m.capacity_litres, m.description,
    ]);
  }

  // Multi-site companies, their sites, site managers and contacts.
  let companyIdDemo = 0;
  let siteManagerIdDemo = 0;
  for (let c = 0; c < COMPANIES.length; c += 1) {
    const co = COMPANIES[c];
    if (!co) continue;
    const companyId = await insertId(
      db,
      `INSERT INTO multi_site_companies (company_name, company_address, contact_person_email, created_by_agency_id)
       VALUES ($1, $2, $3, $4)`,
      [co.company_name, co.company_address, co.contact_person_email, agencyIds[co.agencySlots[0] ?? 0]],
    );
    if (c === 0) companyIdDemo = companyId;
    for (const slot of co.agencySlots) {
      await db.query('INSERT INTO multi_site_company_agencies (company_id, agency_id) VALUES ($1, $2)', [
        companyId, agencyIds[slot],
      ]);
    }
    for (const [first, last, email, phone] of co.contacts) {
      await db.query(
        'INSERT INTO multi_site_contacts (company_id, first_name, last_name, email, contact_no) VALUES ($1, $2, $3, $4, $5)',
        [companyId, first, last, email, phone],
      );
    }
    const siteIds: number[] = [];
    for (let s = 0; s < co.sites.length; s += 1) {
      const site = co.sites[s];
      const manager = co.managers[s < 2 ? 0 : 1];
      if (!site || !manager) continue;
      siteIds.push(
        await insertId(
          db,
          `INSERT INTO sites (company_id, site_name, site_address, site_manager_name, site_manager_email)
           VALUES ($1, $2, $3, $4, $5)`,
          [companyId, site.site_name, site.site_address, `${manager[0]} ${manager[1]}`, manager[2]],
        ),
      );
    }
    for (let m = 0; m < co.managers.length; m += 1) {
      const [first, last, email] = co.managers[m] ?? ['Site', 'Manager', `manager${c}${m}@example.com`];
      const managerId = await insertId(
        db,
        'INSERT INTO site_managers (company_id, first_name, last_name, email) VALUES ($1, $2, $3, $4)',
        [companyId, first, last, email],
      );
      if (c === 0 && m === 0) siteManagerIdDemo = managerId;
      // Manager 0 runs the first two sites, manager 1 the rest.
      for (const siteId of m === 0 ? siteIds.slice(0, 2) : siteIds.slice(2)) {
        await db.query('INSERT INTO site_manager_sites (site_manager_id, site_id) VALUES ($1, $2)', [managerId, siteId]);
      }
    }
  }

  for (const [name, top] of RETAILERS) {
    await db.query('INSERT INTO electricity_retailers (retailer_name, is_top_listed) VALUES ($1, $2)', [name, top]);
  }
  const distributorIds: number[] = [];
  const structureIds: number[] = [];
  for (const d of DISTRIBUTORS) {
    const companyId = await insertId(db, 'INSERT INTO tariff_companies (company_name, post_codes) VALUES ($1, $2)', [
      d.company_name, d.post_codes,
    ]);
    distributorIds.push(companyId);
    structureIds.push(
      await insertId(
        db,
        `INSERT INTO tariff_structures (company_id, type, is_flat_rate, flat_rate, seasons, tariff_plan)
         VALUES ($1, 'Flat Rate', true, 0.3150, '[]'::jsonb, '[]'::jsonb)`,
        [companyId],
      ),
    );
    await db.query(
      `INSERT INTO tariff_structures (company_id, type, is_flat_rate, seasons, tariff_plan) VALUES ($1, 'Time of Use', false, $2::jsonb, $3::jsonb)`,
      [companyId, JSON.stringify(timeOfUseSeasons()), JSON.stringify(timeOfUsePlan())],
    );
  }
  await seedDemoTariffs(db);
  for (const p of PARTNERS) {
    await db.query('INSERT INTO partners (name, email, phone, website) VALUES ($1, $2, $3, $4)', [
      p.name, p.email, p.phone, p.website,
    ]);
  }
  for (const s of SLIDES) {
    await db.query('INSERT INTO sliders (product_key, name, link) VALUES ($1, $2, $3)', [s.product_key, s.name, s.link]);
  }

  // The demo customer (k = 0 for the generator) and the demo "User", a member of the same home.
  const demoAgency = agencyIds[0];
  const customerId = await insertId(
    db,
    `INSERT INTO customers (agency_id, email, first_name, last_name, phone_no, status, auto_sync, weekly_report,
       created_at, updated_at)
     VALUES ($1, 'customer@demo.test', 'Chris', 'Demo', '0412345678', 'Completed', true, true,
       timestamptz '2022-03-14 02:30:00+00', timestamptz '2022-03-14 02:30:00+00')`,
    [demoAgency],
  );
  const propertyId = await insertId(
    db,
    `INSERT INTO properties (customer_id, agency_id, property_name, property_type, address_type, street_number, street,
       street_type, city, state, postal_code, nmi, property_updated, created_at, updated_at)
     VALUES ($1, $2, 'Home', 'House', 'residential', '12', 'Wattle', 'Street', 'Parramatta', 'NSW', '2150',
       '4102345678', true, timestamptz '2022-03-14 02:30:00+00', timestamptz '2022-03-14 02:30:00+00')`,
    [customerId, demoAgency],
  );
  await db.query(
    `INSERT INTO customer_tariff_details (property_id, tariff_structure_id, electricity_retailer_id, company_id,
       gst_include, supply_charge, impulse_rate, impulse_rate_type, unit_charge, is_flat_rate, tariff_structure_type,
       rates_updated, created_at, updated_at)
     VALUES ($1, $2, (SELECT id FROM electricity_retailers ORDER BY id LIMIT 1), $3, 1, 1.0520, 1000, 'imp/kWh',
       0.3150, true, 'Flat Rate', true, timestamptz '2022-03-14 02:30:00+00', timestamptz '2022-03-14 02:30:00+00')`,
    [propertyId, structureIds[1], distributorIds[1]],
  );
  await db.query('UPDATE properties SET survey_data = $2::jsonb WHERE id = $1', [
    propertyId,
    JSON.stringify(
      surveyData(
        { occupants: '3', air_conditioner: 'Yes', air_conditioner_type: 'Split system', air_conditioner_units: '2', air_conditioner_kw: '7.1', pool_pump: 'No', solar: '5 to 10 kW', solar_battery: 'No' },
        {},
      ),
    ),
  ]);
  // the demo customer's app: syncs and reports for a month, and its feedback on each
  await db.query(
    `INSERT INTO customer_sync_events (customer_id, sync_type, status, detail, created_at)
     SELECT $1, t, CASE WHEN w = 0 THEN 'enabled' WHEN w = 3 THEN 'failed' ELSE 'success' END,
            CASE WHEN w = 0 THEN NULL WHEN w = 3 THEN CASE t WHEN 'auto_sync' THEN 'The display did not answer' ELSE 'The report mail bounced' END
                 ELSE CASE t WHEN 'auto_sync' THEN 'Readings synced' ELSE 'Weekly report sent' END END,
            timestamptz '2022-03-15 08:00:00+00' + w * interval '7 days'
     FROM unnest(ARRAY['auto_sync', 'weekly_report']) AS t, generate_series(0, 4) AS w`,
    [customerId],
  );
  await db.query(
    `INSERT INTO customer_feedback (customer_id, sync_type, rating, comment, created_at) VALUES
       ($1, 'survey', 5, 'Great service from the installer', timestamptz '2022-03-16 09:00:00+00'),
       ($1, 'auto_sync', 4, 'The app shows my usage clearly', timestamptz '2022-03-29 09:00:00+00'),
       ($1, 'weekly_report', 3, 'The report arrived late', timestamptz '2022-04-05 09:00:00+00')`,
    [customerId],
  );
  await db.query('INSERT INTO seed_customers (k, customer_id, property_id, agency_slot) VALUES (0, $1, $2, 0)', [
    customerId, propertyId,
  ]);
  const memberCustomerId = await insertId(
    db,
    `INSERT INTO customers (agency_id, email, first_name, last_name, phone_no, status, created_at, updated_at)
     VALUES ($1, 'user@demo.test', 'Jordan', 'Demo', '0412345679', 'Completed',
       timestamptz '2022-04-02 05:00:00+00', timestamptz '2022-04-02 05:00:00+00')`,
    [demoAgency],
  );
  await db.query(
    `INSERT INTO property_members (property_id, customer_id, email, first_name, last_name, phone_no, created_at)
     VALUES ($1, $2, 'user@demo.test', 'Jordan', 'Demo', '0412345679', timestamptz '2022-04-02 05:00:00+00')`,
    [propertyId, memberCustomerId],
  );

  // Sign-ins: the seven demo accounts, and one for every other agency (tenant tests sign in as them).
  const users: Array<[string, string, string, string, Partial<Record<string, number>>]> = [
    ['admin@demo.test', 'Admin', 'Alex', 'Morgan', {}],
    ['agency@demo.test', 'Agency', 'Sarah', 'Mitchell', { agency_id: demoAgency }],
    ['electrician@demo.test', 'Electrician', 'Ben', 'Carter', { electrician_id: electricianIds[0], agency_id: demoAgency }],
    ['mscc@demo.test', 'mscc', 'Fiona', 'Grant', { company_id: companyIdDemo }],
    ['sm@demo.test', 'sm', 'Helen', 'Carmody', { site_manager_id: siteManagerIdDemo, company_id: companyIdDemo }],
    ['customer@demo.test', 'Customer', 'Chris', 'Demo', { customer_id: customerId }],
    ['user@demo.test', 'User', 'Jordan', 'Demo', { customer_id: memberCustomerId }],
  ];
  for (let s = 1; s < AGENCIES.length; s += 1) {
    const a = AGENCIES[s];
    if (a) users.push([a.email, 'Agency', a.contact_first_name, a.contact_last_name, { agency_id: agencyIds[s] }]);
  }
  for (const [email, type, first, last, links] of users) {
    await db.query(
      `INSERT INTO users (email, password_hash, user_type, first_name, last_name, phone_no, email_verified_at,
         agency_id, electrician_id, company_id, site_manager_id, customer_id)
       VALUES ($1, $2, $3, $4, $5, $6, timestamptz '2024-01-01 00:00:00+00', $7, $8, $9, $10, $11)`,
      [email, passwordHash, type, first, last, type === 'mscc' ? '0294561200' : null, links.agency_id ?? null,
        links.electrician_id ?? null, links.company_id ?? null, links.site_manager_id ?? null, links.customer_id ?? null],
    );
  }
}

function timeOfUseSeasons(): unknown[] {
  const day = {
    peak: [{ startTime: '14:00', endTime: '20:00', name: 'peak' }],
    offPeak: [{ startTime: '22:00', endTime: '07:00', name: 'offPeak' }],
    shoulder: [
      { startTime: '07:00', endTime: '14:00', name: 'shoulder' },
      { startTime: '20:00', endTime: '22:00', name: 'shoulder' },
    ],
    other: [],
  };
  return [{ season_id: 1, from: '2026-01-01', to: '2026-12-31', same_as_weekdays: 1, weekdays: day, weekends: day }];
}

function timeOfUsePlan(): unknown[] {
  return [
    { key: 'peak', load_type_key: 'general', unit_charge: 0.5412 },
    { key: 'shoulder', load_type_key: 'general', unit_charge: 0.2875 },
    { key: 'offPeak', load_type_key: 'general', unit_charge: 0.1893 },
  ];
}

async function loadRefs(db: Db): Promise<Refs> {
  const ids = async (sql: string): Promise<number[]> =>
    (await db.query<{ id: number }>(sql)).rows.map((r) => r.id);
  const agencyIds: number[] = [];
  for (const a of AGENCIES) {
    const { rows } = await db.query<{ id: number }>('SELECT id FROM agencies WHERE lower(email) = lower($1)', [a.email]);
    if (!rows[0]) throw new Error(`seed: agency ${a.agency_name} is missing`);
    agencyIds.push(rows[0].id);
  }
  const agentIds: number[] = [];
  const electricianIds: number[] = [];
  for (const agencyId of agencyIds) {
    const agents = (await db.query<{ id: number }>('SELECT id FROM agents WHERE agency_id = $1 ORDER BY id LIMIT 3', [agencyId])).rows;
    const elecs = (await db.query<{ id: number }>('SELECT id FROM electricians WHERE agency_id = $1 ORDER BY id LIMIT 3', [agencyId])).rows;
    if (agents.length < 3 || elecs.length < 3) throw new Error('seed: every agency needs three agents and three electricians');
    agentIds.push(...agents.map((r) => r.id));
    electricianIds.push(...elecs.map((r) => r.id));
  }
  const sites = (
    await db.query<{ id: number; company_id: number; company_name: string }>(
      `SELECT s.id, s.company_id, c.company_name FROM sites s JOIN multi_site_companies c ON c.id = s.company_id
       WHERE c.company_name = ANY($1::text[]) ORDER BY s.id`,
      [COMPANIES.map((c) => c.company_name)],
    )
  ).rows;
  const siteAgencySlots = sites.map((s, i) => {
    const co = COMPANIES.find((c) => c.company_name === s.company_name);
    const slots = co?.agencySlots ?? [0];
    return slots[i % slots.length] ?? 0;
  });
  return {
    agencyIds,
    agentIds,
    electricianIds,
    siteIds: sites.map((s) => s.id),
    siteCompanyIds: sites.map((s) => s.company_id),
    siteAgencySlots,
    modelIds: await ids('SELECT id FROM heat_pump_models ORDER BY id'),
  };
}

// ------------------------------------------------------------------------------------------------
// Generated rows

/** Weighted agency slots for customers: Sunrise Installers is the biggest. */
function agencyDraw(): number[] {
  return AGENCIES.flatMap((a, slot) => Array.from({ length: a.weight }, () => slot));
}

async function topUpCustomers(
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
const AIRLINK_TRIALS_SQL = `
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

/** The installer id an agent's app reports: a UUID derived from the agent's id, stable across runs. */
function installerUuid(agentId: number): string {
  const h = createHash('md5').update(`installer${agentId}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

/** The device generator: one statement per batch of series numbers n (1-based, never reused). */
export const DEVICES_SQL = `
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

async function topUpDevices(
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
export const FLASH_DEVICES = 600;
export const FLASH_HALF_HOURS = 7 * 48;
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
export const ACTIVITY_DEVICES = 5000;

interface SavedIndexes {
  indexes: Array<{ name: string; def: string }>;
  foreignKeys: Array<{ name: string; table: string; def: string }>;
}

/** The tables the generator fills; loading them without secondary indexes and foreign keys, then
 *  building those once, is several times faster than maintaining them row by row. */
const GENERATED_TABLES = ['customers', 'properties', 'customer_sync_events', 'customer_feedback', 'suppression_list', 'airlink_trials', 'devices', 'device_history', 'faults', 'smoke_alarms', 'device_flashes', 'heat_pump_events', 'device_readings', 'customer_apps'];

async function dropSecondaryIndexes(db: Db, log: (msg: string) => void): Promise<SavedIndexes> {
  const indexes = (
    await db.query<{ name: string; def: string }>(
      `SELECT i.relname AS name, pg_get_indexdef(i.oid) AS def
       FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid
       WHERE t.relname = ANY($1::text[]) AND t.relnamespace = current_schema()::regnamespace
         AND NOT x.indisprimary AND NOT x.indisunique
       ORDER BY i.relname`,
      [GENERATED_TABLES],
    )
  ).rows;
  const foreignKeys = (
    await db.query<{ name: string; table: string; def: string }>(
      `SELECT c.conname AS name, t.relname AS "table", pg_get_constraintdef(c.oid) AS def
       FROM pg_constraint c JOIN pg_class t ON t.oid = c.conrelid
       WHERE t.relname = ANY($1::text[]) AND t.relnamespace = current_schema()::regnamespace AND c.contype = 'f'
       ORDER BY t.relname, c.conname`,
      [GENERATED_TABLES],
    )
  ).rows;
  log(`seed: loading without ${indexes.length} indexes and ${foreignKeys.length} foreign keys`);
  for (const fk of foreignKeys) {
    await db.query(`ALTER TABLE ${quoteIdent(fk.table)} DROP CONSTRAINT ${quoteIdent(fk.name)}`);
  }
  for (const ix of indexes) await db.query(`DROP INDEX ${quoteIdent(ix.name)}`);
  return { indexes, foreignKeys };
}

async function restoreSecondaryIndexes(db: Db, saved: SavedIndexes, log: (msg: string) => void): Promise<void> {
  log(`seed: building ${saved.indexes.length} indexes, restoring ${saved.foreignKeys.length} foreign keys`);
  // Sorting for index builds in memory rather than in temporary files.
  await db.query("SET LOCAL maintenance_work_mem = '256MB'");
  for (const ix of saved.indexes) await db.query(ix.def);
  // NOT VALID skips re-reading a million rows: the generator only wrote ids it had just read from
  // the referenced tables. Every later write is checked as usual.
  for (const fk of saved.foreignKeys) {
    await db.query(`ALTER TABLE ${quoteIdent(fk.table)} ADD CONSTRAINT ${quoteIdent(fk.name)} ${fk.def} NOT VALID`);
  }
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
