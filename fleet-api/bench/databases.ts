/** The databases a bench runs on: PGlite on disk in a temporary folder, and a throwaway PostgreSQL database. */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { openDatabase, type Db } from '../src/db';

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
