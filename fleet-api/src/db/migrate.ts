/**
 * Migrations: `fleet-api/src/db/migrations/*.sql`, applied in name order, once each, each in its own
 * transaction; concurrent starts (several instances) apply each once, under a lock of
 * schema_migrations on PostgreSQL.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Db } from './index';

/** What both drivers' connections offer beyond `Db`: a multi-statement script, as a migration is. */
export interface ScriptRunner {
  execScript(sql: string): Promise<void>;
}

function hasScriptRunner(db: Db): db is Db & ScriptRunner {
  return typeof (db as Partial<ScriptRunner>).execScript === 'function';
}

/** dist/db/migrations does not exist after tsc (it copies no .sql), so fall back to the sources. */
function migrationsDir(): string {
  const candidates = [
    path.join(__dirname, 'migrations'),
    path.resolve(__dirname, '../../src/db/migrations'),
  ];
  for (const dir of candidates) {
    if (existsSync(dir)) return dir;
  }
  throw new Error(`No migrations folder found (looked in ${candidates.join(', ')})`);
}

interface Migration {
  name: string;
  sql: string;
}

function loadMigrations(dir = migrationsDir()): Migration[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((name) => ({ name, sql: readFileSync(path.join(dir, name), 'utf8') }));
}

/** Applies every migration not yet recorded in schema_migrations, each in its own transaction. */
export async function migrate(db: Db): Promise<void> {
  await db.query(
    `CREATE TABLE IF NOT EXISTS schema_migrations (
       name text PRIMARY KEY,
       applied_at timestamptz NOT NULL DEFAULT now()
     )`,
  );
  const applied = new Set(
    (await db.query<{ name: string }>('SELECT name FROM schema_migrations')).rows.map((r) => r.name),
  );
  for (const m of loadMigrations()) {
    if (applied.has(m.name)) continue;
    await db.transaction(async (tx) => {
      // Another process may have applied it between our read and this transaction.
      if (tx.kind === 'postgres') await tx.query('LOCK TABLE schema_migrations IN EXCLUSIVE MODE');
      const again = await tx.query('SELECT 1 FROM schema_migrations WHERE name = $1', [m.name]);
      if (again.rowCount > 0) return;
      if (hasScriptRunner(tx)) await tx.execScript(m.sql);
      else await tx.query(m.sql);
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [m.name]);
      // a table a migration added is captured for the audit trail too (0025_audit.sql)
      const attach = await tx.query<{ present: boolean }>("SELECT to_regproc('fleet_audit_attach') IS NOT NULL AS present");
      if (attach.rows[0]?.present) await tx.query('SELECT fleet_audit_attach()');
    });
  }
}
