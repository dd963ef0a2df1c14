/**
 * A large seed loads the generated tables without their secondary indexes and foreign keys,
 * then builds those once (seed/index.ts).
 */
import type { Db } from '../db';

interface SavedIndexes {
  indexes: Array<{ name: string; def: string }>;
  foreignKeys: Array<{ name: string; table: string; def: string }>;
}

/** The tables the generator fills; loading them without secondary indexes and foreign keys, then
 *  building those once, is several times faster than maintaining them row by row. */
export const GENERATED_TABLES = ['customers', 'properties', 'customer_sync_events', 'customer_feedback', 'suppression_list', 'airlink_trials', 'devices', 'device_history', 'faults', 'smoke_alarms', 'device_flashes', 'heat_pump_events', 'device_readings', 'customer_apps', 'ota_device_rows'];

export async function dropSecondaryIndexes(db: Db, log: (msg: string) => void): Promise<SavedIndexes> {
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

export async function restoreSecondaryIndexes(db: Db, saved: SavedIndexes, log: (msg: string) => void): Promise<void> {
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
