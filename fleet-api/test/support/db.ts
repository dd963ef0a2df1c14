/**
 * A database for one test file: in-memory PGlite, or, when TEST_DATABASE_URL names a PostgreSQL
 * server, a fresh database created on that server for this file and dropped on close, so suites
 * never see each other's rows. Migrated; optionally seeded with a small demo fleet.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { dumpPGlite, migrate, openDatabase, type Db } from '../../src/db';
import { demoPasswordHash, seedDemoFleet } from '../../src/seed';

export interface TestDbOptions {
  /** Seed the demo fleet (organisations, demo accounts, customers) with this many devices. */
  seedDevices?: number;
}

/** The server's maintenance database, where test databases are created and dropped. */
function adminUrl(url: string): string {
  const u = new URL(url);
  u.pathname = '/postgres';
  return u.toString();
}

async function onAdmin<T>(url: string, fn: (c: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: adminUrl(url) });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** A test database; on PostgreSQL its URL, for a second connection (two fleet-api instances on one fleet). */
export type TestDb = Db & { url?: string };

async function openPostgresTestDb(url: string): Promise<TestDb> {
  const name = `fleet_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await onAdmin(url, (c) => c.query(`CREATE DATABASE ${name}`));
  const target = new URL(url);
  target.pathname = `/${name}`;
  let inner: Db;
  try {
    inner = await openDatabase({ databaseUrl: target.toString() });
  } catch (err) {
    await onAdmin(url, (c) => c.query(`DROP DATABASE IF EXISTS ${name}`));
    throw err;
  }
  let closed = false;
  return {
    url: target.toString(),
    kind: inner.kind,
    query: (sql, params) => inner.query(sql, params),
    transaction: (fn) => inner.transaction(fn),
    copyOut: (sql) => inner.copyOut(sql),
    ...(inner.listen ? { listen: inner.listen.bind(inner) } : {}),
    ...(inner.session ? { session: inner.session.bind(inner) } : {}),
    async close() {
      if (closed) return;
      closed = true;
      await inner.close();
      await onAdmin(url, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

/**
 * PGlite's start is mostly its initdb (4 of a test file's 11 s here). The first test file saves the
 * freshly migrated database as a tarball, named by PGlite's version and the migrations' contents; the
 * others start from it. Only the migrated schema is kept: the demo seed is written per file, as its
 * rows are dated from the moment it runs.
 */
function migratedImagePath(): string {
  const migrations = join(__dirname, '../../src/db/migrations');
  const hash = createHash('sha256');
  hash.update(JSON.parse(readFileSync(join(require.resolve('@electric-sql/pglite'), '../../package.json'), 'utf8')).version);
  for (const name of readdirSync(migrations).sort()) hash.update(name).update(readFileSync(join(migrations, name)));
  return join(tmpdir(), 'fleet-api-test-pglite', `migrated-${hash.digest('hex').slice(0, 16)}.tar`);
}

async function openMigratedPGlite(): Promise<Db> {
  const image = migratedImagePath();
  if (existsSync(image)) return openDatabase({ dataDir: 'memory://', pgliteImage: new Blob([readFileSync(image)]) });
  const db = await openDatabase({ dataDir: 'memory://' });
  await migrate(db);
  mkdirSync(join(image, '..'), { recursive: true });
  // written aside and renamed: a worker starting meanwhile never reads half a file
  const partial = `${image}.${process.pid}.partial`;
  writeFileSync(partial, Buffer.from(await (await dumpPGlite(db)).arrayBuffer()));
  renameSync(partial, image);
  return db;
}

/** Opens, migrates and (when asked) seeds a database of its own for the calling test file. */
export async function openTestDb(opts: TestDbOptions = {}): Promise<TestDb> {
  const url = process.env.TEST_DATABASE_URL;
  const db = url ? await openPostgresTestDb(url) : await openMigratedPGlite();
  try {
    await migrate(db);
    if (opts.seedDevices !== undefined) {
      // argon2 costs ~50 ms per hash: one hash of the demo password per test process.
      await seedDemoFleet(db, { devices: opts.seedDevices, passwordHash: await demoPasswordHash() });
    }
  } catch (err) {
    await db.close();
    throw err;
  }
  return db;
}
