/**
 * Seeding the demo fleet: 100,000 and 1,000,000 devices (BENCH_SEED_SIZES overrides) on PGlite on disk
 * and on PostgreSQL, each in a fresh database and a process of its own (peak memory is per case).
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import type { BenchContext } from './types';

export const name = 'seed';

const tsxCli = require.resolve('tsx/cli');
const worker = path.join(__dirname, 'seed-worker.ts');

function runWorker(args: string[]): Record<string, unknown> {
  const r = spawnSync(process.execPath, [tsxCli, worker, ...args], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 16 * 1024 * 1024,
    timeout: 20 * 60 * 1000,
  });
  const last = r.stdout.trim().split('\n').pop() ?? '';
  if (r.status !== 0 || !last.startsWith('{')) {
    throw new Error(`seed worker ${args.join(' ')} failed (exit ${r.status}): ${r.stdout.slice(-2000)}`);
  }
  return JSON.parse(last) as Record<string, unknown>;
}

async function withDatabase<T>(adminUrl: string, fn: (url: string) => T): Promise<T> {
  const dbName = `bench_seed_${randomBytes(4).toString('hex')}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${dbName}`);
    const url = new URL(adminUrl);
    url.pathname = `/${dbName}`;
    return fn(url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
  }
}

export async function run(ctx: BenchContext): Promise<Record<string, unknown>> {
  const sizes = (process.env.BENCH_SEED_SIZES ?? '100000,1000000')
    .split(',')
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isInteger(n) && n > 0);
  const pglite: Array<Record<string, unknown>> = [];
  const postgres: Array<Record<string, unknown>> = [];
  for (const size of sizes) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'fleet-bench-pglite-'));
    try {
      console.log(`PGlite on disk, ${size} devices`);
      pglite.push(runWorker(['--size', String(size), '--dir', dir]));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    if (ctx.pgUrl) {
      console.log(`PostgreSQL, ${size} devices`);
      postgres.push(await withDatabase(ctx.pgUrl, (url) => runWorker(['--size', String(size), '--url', url])));
    }
  }
  return {
    what:
      'seedDemoFleet into a fresh, migrated database: organisations and demo accounts, then customers, properties, ' +
      'devices, faults and history generated in SQL (INSERT ... SELECT ... generate_series, 100,000 rows per statement), ' +
      'secondary indexes and foreign keys built once after the load, then ANALYZE. Times are wall clock on a shared ' +
      'machine (see loadAverage); CPU seconds are the work itself. queriesMs: median of 5 after seeding.',
    sizes,
    pglite,
    postgres: ctx.pgUrl ? postgres : 'not run: no PostgreSQL server (BENCH_DATABASE_URL or scripts/pg-server.sh)',
  };
}
