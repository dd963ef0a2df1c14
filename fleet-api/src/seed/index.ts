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
import type { Db } from '../db';
import { hashPassword } from '../security/password';
import { seedHistory } from '../modules/nms/history';
import { seedFieldWorkers } from './field-workers';
import { seedDashboardData } from './dashboards';
import { DEMO_PASSWORD } from './data';
import { seedAgencyExtras } from './agencies';
import { loadRefs, seedBase } from './base';
import { AIRLINK_TRIALS_SQL, topUpCustomers } from './customers';
import { topUpDevices } from './devices';
import { dropSecondaryIndexes, GENERATED_TABLES, restoreSecondaryIndexes } from './indexes';

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
function customersFor(devices: number): number {
  return Math.max(30, Math.ceil(devices / 5));
}

/** Above this many new devices the generated tables' indexes and foreign keys are rebuilt after the load. */
const REBUILD_THRESHOLD = 50_000;

const ADVISORY_LOCK_KEY = 4_172_026;

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

