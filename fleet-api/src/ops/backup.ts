/**
 * Backup and restore of a fleet, in both modes (docs/deploy.md, "Backup and restore").
 *
 *   npm run backup [-- --out file.tar.gz]              (from the repository root or fleet-api/)
 *   npm run restore -- <archive> [--data-dir dir]
 *
 * One archive (tar.gz) with a manifest.json (when, fleet-api version, last migration, row counts of a
 * few tables, stored files per area) and:
 * - PGlite (no DATABASE_URL): the data folder: the database (pgdata/), the file folders (firmware/,
 *   sliders/, exports/, without files still being received in .staging/) and the remote registry
 *   (remotes.json, remotes/). PGlite has no lock of its own another process would respect, so the
 *   backup refuses while a process holds the database open, and copies a database it has opened and
 *   closed cleanly itself; if a console started meanwhile, the archive is thrown away.
 * - PostgreSQL (DATABASE_URL): `pg_dump -Fc` of the database, which holds the stored files too
 *   (stored_files, stored_file_chunks), as database.dump.
 * A restore goes only into an empty data folder or a database without tables, then compares the
 * manifest's counts with what it restored.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, packageDir } from '../config';
import { openDatabase, type Db } from '../db';
import { openFileStores, type FileArea } from '../storage';

/** Tables whose row counts a manifest records and a restore checks. */
const COUNTED_TABLES = ['agencies', 'customers', 'users', 'devices', 'firmwares', 'audit_entries'] as const;
const FILE_AREAS = ['firmware', 'sliders', 'exports'] as const satisfies readonly FileArea[];
/** What a PGlite backup takes from the data folder (the cluster's own PostgreSQL, .data/cluster, is not one). */
const DATA_FOLDER_ENTRIES = ['pgdata', ...FILE_AREAS, 'remotes.json', 'remotes'] as const;
const FORMAT = 'fleet-backup-1';

export interface BackupManifest {
  format: typeof FORMAT;
  mode: Db['kind'];
  createdAt: string;
  fleetApiVersion: string;
  lastMigration: string | null;
  rows: Record<string, number>;
  files: Record<FileArea, number>;
  /** PostgreSQL only: the server the dump was taken from. */
  serverVersion?: string;
}

type Counts = Pick<BackupManifest, 'lastMigration' | 'rows' | 'files'>;

async function countFleet(db: Db, dataDir: string): Promise<Counts> {
  const rows: Record<string, number> = {};
  for (const table of COUNTED_TABLES) {
    const present = await db.query<{ present: boolean }>('SELECT to_regclass($1) IS NOT NULL AS present', [table]);
    if (!present.rows[0]?.present) continue;
    const counted = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
    rows[table] = counted.rows[0]?.n ?? 0;
  }
  const migrated = await db.query<{ name: string | null }>(
    "SELECT CASE WHEN to_regclass('schema_migrations') IS NULL THEN NULL ELSE (SELECT max(name) FROM schema_migrations) END AS name",
  );
  const stores = openFileStores(db, dataDir);
  const files = { firmware: 0, sliders: 0, exports: 0 };
  for (const area of FILE_AREAS) files[area] = (await stores[area].inventory()).committed.length;
  return { lastMigration: migrated.rows[0]?.name ?? null, rows, files };
}

/**
 * Differences between what a manifest counted and what a restore holds, one sentence each. `orMore`:
 * more rows or files than counted is no difference (a dump of a fleet that kept serving).
 */
export function countDifferences(expected: Counts, found: Counts, orMore = false): string[] {
  const differs = (want: number, got: number | undefined) => got === undefined || (orMore ? got < want : got !== want);
  const out: string[] = [];
  if (expected.lastMigration !== found.lastMigration) out.push(`last migration ${found.lastMigration ?? 'none'}, the backup's ${expected.lastMigration ?? 'none'}`);
  for (const [table, n] of Object.entries(expected.rows)) {
    if (differs(n, found.rows[table])) out.push(`${table}: ${found.rows[table] ?? 'no table'} rows, the backup's ${n}`);
  }
  for (const area of FILE_AREAS) {
    if (differs(expected.files[area], found.files[area])) out.push(`${area} files: ${found.files[area]}, the backup's ${expected.files[area]}`);
  }
  return out;
}

function fleetApiVersion(): string {
  return (JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as { version: string }).version;
}

/** Where the archive goes: `--out`, else fleet-backup-<time>.tar.gz in the current folder. */
export function defaultArchiveName(now: Date): string {
  return `fleet-backup-${now.toISOString().replace(/[:.]/g, '-')}.tar.gz`;
}

function tar(args: string[], what: string): void {
  try {
    execFileSync('tar', args, { stdio: ['ignore', 'ignore', 'pipe'] });
  } catch (err) {
    const stderr = (err as { stderr?: Buffer }).stderr?.toString().trim();
    throw new Error(`${what} failed${stderr ? `: ${stderr}` : ''}`);
  }
}

/** Writes `out` through a partial file renamed at the end, so a failed backup leaves no half archive. */
function writeArchive(out: string, manifest: BackupManifest, addContent: (tarArgs: string[]) => string[]): void {
  const work = mkdtempSync(path.join(os.tmpdir(), 'fleet-backup-'));
  const partial = `${out}.partial`;
  try {
    writeFileSync(path.join(work, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    mkdirSync(path.dirname(out), { recursive: true });
    tar(addContent(['-czf', partial, '-C', work, 'manifest.json']), `Writing ${out}`);
    renameSync(partial, out);
  } finally {
    rmSync(partial, { force: true });
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * Unpacks an archive into a fresh temporary folder (in `near`, so that its entries can be renamed
 * into place on the same file system) and reads its manifest; the caller removes the folder.
 */
function unpack(archive: string, near = os.tmpdir()): { dir: string; manifest: BackupManifest } {
  if (!existsSync(archive)) throw new Error(`No archive at ${archive}`);
  mkdirSync(near, { recursive: true });
  const dir = mkdtempSync(path.join(near, '.fleet-restore-'));
  try {
    tar(['-xzf', archive, '-C', dir], `Unpacking ${archive} (a tar.gz made by npm run backup?)`);
    const file = path.join(dir, 'manifest.json');
    if (!existsSync(file)) throw new Error(`${archive} is not a fleet backup: it has no manifest.json`);
    const manifest = JSON.parse(readFileSync(file, 'utf8')) as BackupManifest;
    if (manifest.format !== FORMAT) throw new Error(`${archive} is not a fleet backup of a format this fleet-api reads (format ${String(manifest.format)})`);
    return { dir, manifest };
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
}

// ---------------------------------------------------------------------------------------------
// PGlite: the data folder

/**
 * Processes (other than none) holding a file of `folder` open: PGlite keeps its WAL and table files
 * open while a database is open. Linux only (/proc); answers null where it cannot tell.
 */
function processesHolding(folder: string): number[] | null {
  if (!existsSync('/proc/self/fd')) return null;
  const inside = `${path.resolve(folder)}${path.sep}`;
  const holders: number[] = [];
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue; // gone, or another user's: a console of this user's is readable
    }
    const holds = fds.some((fd) => {
      try {
        return readlinkSync(`/proc/${pid}/fd/${fd}`).startsWith(inside);
      } catch {
        return false;
      }
    });
    if (holds) holders.push(Number(pid));
  }
  return holders;
}

/**
 * Refuses a database some process has open. PGlite writes postmaster.pid when it opens a folder and
 * removes it when it closes; one left by a killed process is harmless once nobody holds the folder.
 */
function refuseOpenDatabase(pgdata: string): void {
  if (!existsSync(path.join(pgdata, 'postmaster.pid'))) return;
  const holders = processesHolding(pgdata);
  if (holders === null) {
    throw new Error(`The database in ${pgdata} is open (its postmaster.pid is there): stop the console (Ctrl+C in npm start) and run the backup again. If nothing runs (a killed console), start and stop the console once.`);
  }
  if (holders.length > 0) {
    throw new Error(`The database in ${pgdata} is in use by process ${holders.join(', ')} (the console?): stop it (Ctrl+C in npm start) and run the backup again; a copy of a running database can be torn.`);
  }
}

export async function backupDataFolder(opts: { dataDir: string; out: string; now?: Date }): Promise<BackupManifest> {
  const pgdata = path.join(opts.dataDir, 'pgdata');
  if (!existsSync(path.join(pgdata, 'PG_VERSION'))) throw new Error(`No database in ${pgdata}: nothing to back up (FLEET_DATA_DIR names the data folder)`);
  refuseOpenDatabase(pgdata);
  // opened and closed here: recovers a killed console's database and leaves it shut down cleanly
  const db = await openDatabase({ dataDir: pgdata });
  let counts: Counts;
  try {
    counts = await countFleet(db, opts.dataDir);
  } finally {
    await db.close();
  }
  const manifest: BackupManifest = { format: FORMAT, mode: 'pglite', createdAt: (opts.now ?? new Date()).toISOString(), fleetApiVersion: fleetApiVersion(), ...counts };
  const entries = DATA_FOLDER_ENTRIES.filter((entry) => existsSync(path.join(opts.dataDir, entry)));
  writeArchive(path.resolve(opts.out), manifest, (args) => [...args, '--exclude=.staging', '--exclude=pgdata/postmaster.pid', '-C', path.resolve(opts.dataDir), ...entries]);
  if (existsSync(path.join(pgdata, 'postmaster.pid'))) {
    rmSync(path.resolve(opts.out), { force: true });
    throw new Error(`The database in ${pgdata} was opened while it was being copied (a console started?): the archive was thrown away; stop it and run the backup again.`);
  }
  return manifest;
}

export async function restoreDataFolder(opts: { archive: string; dataDir: string }): Promise<BackupManifest> {
  const dataDir = path.resolve(opts.dataDir);
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    throw new Error(`${dataDir} is not empty (${readdirSync(dataDir).slice(0, 5).join(', ')}): a restore goes into an empty data folder only, so nothing there is overwritten. Move it aside or name another with --data-dir.`);
  }
  const { dir, manifest } = unpack(path.resolve(opts.archive), path.dirname(dataDir));
  try {
    if (manifest.mode !== 'pglite') throw new Error(`${opts.archive} is a backup of a PostgreSQL fleet: restore it with DATABASE_URL set to an empty database`);
    mkdirSync(dataDir, { recursive: true });
    for (const entry of DATA_FOLDER_ENTRIES) {
      if (existsSync(path.join(dir, entry))) renameSync(path.join(dir, entry), path.join(dataDir, entry));
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const db = await openDatabase({ dataDir: path.join(dataDir, 'pgdata') });
  try {
    checkCounts(manifest, await countFleet(db, dataDir), dataDir);
  } finally {
    await db.close();
  }
  return manifest;
}

function checkCounts(manifest: BackupManifest, found: Counts, where: string): void {
  const differences = countDifferences(manifest, found);
  if (differences.length > 0) throw new Error(`Restored into ${where}, but it does not hold what the backup counted: ${differences.join('; ')}`);
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL: pg_dump and pg_restore

/** The major version of a PostgreSQL client tool, from `--version` ("pg_dump (PostgreSQL) 15.14 ..."). */
function toolMajor(binary: string): number | null {
  try {
    const match = /\(PostgreSQL\)\s+(\d+)/.exec(execFileSync(binary, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }));
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

/**
 * The newest `tool` whose major version is at least the server's (an older pg_dump refuses a newer
 * server): PG_BIN's, Debian's /usr/lib/postgresql/<major>/bin, then the one on PATH.
 */
export function findPgTool(tool: 'pg_dump' | 'pg_restore', serverMajor: number): string {
  const candidates: string[] = [];
  if (process.env.PG_BIN) candidates.push(path.join(process.env.PG_BIN, tool));
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) for (const v of readdirSync(debian)) candidates.push(path.join(debian, v, 'bin', tool));
  candidates.push(tool);
  const found = candidates
    .filter((c) => !c.includes(path.sep) || existsSync(c))
    .map((binary) => ({ binary, major: toolMajor(binary) }))
    .filter((c): c is { binary: string; major: number } => c.major !== null);
  const fit = found.filter((c) => c.major >= serverMajor).sort((x, y) => y.major - x.major)[0];
  if (!fit) {
    const seen = found.map((c) => `${c.binary} (${c.major})`).join(', ') || 'none';
    throw new Error(`${tool} ${serverMajor} or newer is needed for this PostgreSQL ${serverMajor} server; found: ${seen}. Install the PostgreSQL client ${serverMajor} (apt-get install postgresql-client-${serverMajor}) or set PG_BIN.`);
  }
  return fit.binary;
}

async function serverVersion(db: Db): Promise<{ text: string; major: number }> {
  const { rows } = await db.query<{ text: string; num: string }>("SELECT current_setting('server_version') AS text, current_setting('server_version_num') AS num");
  return { text: rows[0]?.text ?? '', major: Math.floor(Number(rows[0]?.num ?? 0) / 10000) };
}

function runPgTool(binary: string, args: string[]): void {
  try {
    execFileSync(binary, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  } catch (err) {
    const stderr = (err as { stderr?: Buffer }).stderr?.toString().trim();
    throw new Error(`${path.basename(binary)} failed${stderr ? `: ${stderr}` : ''}`);
  }
}

export async function backupPostgres(opts: { databaseUrl: string; out: string; now?: Date }): Promise<BackupManifest> {
  const db = await openDatabase({ databaseUrl: opts.databaseUrl });
  let manifest: BackupManifest;
  let pgDump: string;
  try {
    const server = await serverVersion(db);
    pgDump = findPgTool('pg_dump', server.major);
    // counted before the dump: a fleet that keeps serving can only have more rows in the dump
    manifest = {
      format: FORMAT,
      mode: 'postgres',
      createdAt: (opts.now ?? new Date()).toISOString(),
      fleetApiVersion: fleetApiVersion(),
      serverVersion: server.text,
      ...(await countFleet(db, '')),
    };
  } finally {
    await db.close();
  }
  const dumpDir = mkdtempSync(path.join(os.tmpdir(), 'fleet-dump-'));
  try {
    // one consistent snapshot of rows and stored files (they live in the same database)
    runPgTool(pgDump, ['-Fc', '--no-owner', '--no-privileges', `--file=${path.join(dumpDir, 'database.dump')}`, `--dbname=${opts.databaseUrl}`]);
    writeArchive(path.resolve(opts.out), manifest, (args) => [...args, '-C', dumpDir, 'database.dump']);
  } finally {
    rmSync(dumpDir, { recursive: true, force: true });
  }
  return manifest;
}

export async function restorePostgres(opts: { archive: string; databaseUrl: string }): Promise<BackupManifest> {
  const db = await openDatabase({ databaseUrl: opts.databaseUrl });
  try {
    const { rows } = await db.query<{ name: string }>("SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename LIMIT 5");
    if (rows.length > 0) {
      throw new Error(`The database of DATABASE_URL has tables already (${rows.map((r) => r.name).join(', ')}): a restore goes into an empty database only, so nothing there is overwritten. Create one (CREATE DATABASE ...) and name it.`);
    }
    const { dir, manifest } = unpack(path.resolve(opts.archive));
    try {
      if (manifest.mode !== 'postgres') throw new Error(`${opts.archive} is a backup of a PGlite data folder: restore it without DATABASE_URL`);
      const pgRestore = findPgTool('pg_restore', (await serverVersion(db)).major);
      runPgTool(pgRestore, ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${opts.databaseUrl}`, path.join(dir, 'database.dump')]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    // a dump taken while the fleet served may hold rows written after the count: never fewer
    const fewer = countDifferences(manifest, await countFleet(db, ''), true);
    if (fewer.length > 0) throw new Error(`Restored, but the database does not hold what the backup counted: ${fewer.join('; ')}`);
    return manifest;
  } finally {
    await db.close();
  }
}

// ---------------------------------------------------------------------------------------------
// The commands

/** Paths the user typed are relative to where npm was run (INIT_CWD), not to fleet-api/. */
function fromUser(p: string): string {
  return path.resolve(process.env.INIT_CWD ?? process.cwd(), p);
}

function option(args: string[], name: string): string | undefined {
  const at = args.indexOf(name);
  if (at < 0) return undefined;
  const value = args[at + 1];
  if (value === undefined || value.startsWith('--')) throw new Error(`${name} needs a value`);
  return value;
}

function summary(manifest: BackupManifest): string {
  const rows = Object.entries(manifest.rows).map(([t, n]) => `${n} ${t}`).join(', ');
  const files = FILE_AREAS.map((a) => `${manifest.files[a]} ${a}`).join(', ');
  return `${manifest.mode}, migrated to ${manifest.lastMigration ?? 'nothing'}: ${rows}; files: ${files}`;
}

async function main(argv: string[]): Promise<void> {
  const [command, ...args] = argv;
  const config = loadConfig();
  const started = Date.now();
  const took = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
  if (command === 'backup') {
    const out = fromUser(option(args, '--out') ?? defaultArchiveName(new Date()));
    const manifest = config.databaseUrl
      ? await backupPostgres({ databaseUrl: config.databaseUrl, out })
      : await backupDataFolder({ dataDir: config.dataDir, out });
    process.stdout.write(`Backed up to ${out} in ${took()} (${summary(manifest)})\n`);
    return;
  }
  if (command === 'restore') {
    const archive = args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--data-dir');
    if (!archive) throw new Error('Name the archive: npm run restore -- <archive> [--data-dir dir]');
    const dataDir = option(args, '--data-dir');
    if (config.databaseUrl) {
      if (dataDir) throw new Error('--data-dir is for a PGlite data folder; with DATABASE_URL the restore goes into that database');
      const manifest = await restorePostgres({ archive: fromUser(archive), databaseUrl: config.databaseUrl });
      process.stdout.write(`Restored ${fromUser(archive)} into the database of DATABASE_URL in ${took()}; its counts match the backup's (${summary(manifest)})\n`);
      return;
    }
    const target = dataDir ? fromUser(dataDir) : config.dataDir;
    const manifest = await restoreDataFolder({ archive: fromUser(archive), dataDir: target });
    process.stdout.write(`Restored ${fromUser(archive)} into ${target} in ${took()}; its counts match the backup's (${summary(manifest)})\n`);
    return;
  }
  throw new Error('Usage: backup.ts backup [--out file] | restore <archive> [--data-dir dir]');
}

if (require.main === module) {
  main(process.argv.slice(2)).catch((err: unknown) => {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  });
}
