/** The databases a bench runs on: PGlite on disk in a temporary folder, and a throwaway PostgreSQL database. */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { migrate, openDatabase, type Db } from '../src/db';

/** Runs `fn` on PGlite in a new folder, removed afterwards. */
export async function onPgliteOnDisk<T>(prefix: string, fn: (db: Db) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(path.join(os.tmpdir(), `fleet-${prefix}-bench-`));
  try {
    const db = await openDatabase({ dataDir: path.join(dir, 'pgdata') });
    try {
      return await fn(db);
    } finally {
      await db.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Runs `fn` on a new database of the PostgreSQL server at `pgUrl` (its maintenance database), dropped afterwards. */
export async function onThrowawayPostgres<T>(pgUrl: string, prefix: string, fn: (db: Db) => Promise<T>): Promise<T> {
  const dbName = `fleet_bench_${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  try {
    const url = new URL(pgUrl);
    url.pathname = `/${dbName}`;
    const db = await openDatabase({ databaseUrl: url.toString() });
    try {
      return await fn(db);
    } finally {
      await db.close();
    }
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
  }
}

/** `fn` on `db` once it is migrated; `db` closed afterwards. */
async function migrated<T>(db: Db, fn: (db: Db) => Promise<T>): Promise<T> {
  try {
    await migrate(db);
    return await fn(db);
  } finally {
    await db.close();
  }
}

/** `fn` on a migrated PGlite on disk: in `keep` (kept, filled once, reused by later runs) or a new folder (removed afterwards). */
export async function onKeptOrNewPglite<T>(keep: string | undefined, prefix: string, fn: (db: Db) => Promise<T>): Promise<T> {
  const dir = keep ?? mkdtempSync(path.join(os.tmpdir(), `fleet-bench-${prefix}-pglite-`));
  try {
    console.log(`PGlite on disk (${dir})`);
    return await migrated(await openDatabase({ dataDir: dir }), fn);
  } finally {
    if (!keep) rmSync(dir, { recursive: true, force: true });
  }
}

/** `fn` on a migrated PostgreSQL database: `keep` (a database URL, kept) or a throwaway one on the server at `pgUrl`. */
export async function onKeptOrNewPostgres<T>(keep: string | undefined, pgUrl: string, prefix: string, fn: (db: Db) => Promise<T>): Promise<T> {
  console.log('PostgreSQL');
  if (keep) return migrated(await openDatabase({ databaseUrl: keep }), fn);
  return onThrowawayPostgres(pgUrl, prefix, async (db) => {
    await migrate(db);
    return fn(db);
  });
}

/**
 * The fleet-size benches' two runs: `bench` on a migrated PGlite on disk (kept in BENCH_<NAME>_PGLITE_DIR
 * when that is set), then on a migrated throwaway PostgreSQL database when a server is given; each gets
 * a files folder of its own. Answers `{pglite, postgres}` for the results file.
 */
export async function onEachDatabase(
  name: string,
  pgUrl: string | undefined,
  bench: (db: Db, label: 'pglite' | 'postgres', filesDir: string) => Promise<Record<string, unknown>>,
): Promise<{ pglite: Record<string, unknown>; postgres: Record<string, unknown> | string }> {
  const files = mkdtempSync(path.join(os.tmpdir(), `fleet-bench-${name}-files-`));
  try {
    const pglite = await onKeptOrNewPglite(process.env[`BENCH_${name.toUpperCase()}_PGLITE_DIR`], name, (db) => bench(db, 'pglite', path.join(files, 'pglite')));
    if (!pgUrl) return { pglite, postgres: 'not run: no PostgreSQL server (BENCH_DATABASE_URL or scripts/pg-server.sh)' };
    const postgres = await onKeptOrNewPostgres(undefined, pgUrl, name, (db) => bench(db, 'postgres', path.join(files, 'postgres')));
    return { pglite, postgres };
  } finally {
    rmSync(files, { recursive: true, force: true });
  }
}
