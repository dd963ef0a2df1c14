/**
 * `npm run bench -w fleet-api` (= `tsx bench/run.ts [name ...]`): runs every `bench/*.bench.ts` in name
 * order (or only those named) and writes each one's figures to `<repo root>/bench/results/fleet-api-<name>.json`.
 * PostgreSQL figures use BENCH_DATABASE_URL, or a throwaway server from scripts/pg-server.sh that is
 * stopped again at the end.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BenchContext, BenchModule } from './types';

const repoRoot = path.resolve(__dirname, '..', '..');

function startPostgres(): { url?: string; started: boolean } {
  if (process.env.BENCH_DATABASE_URL) return { url: process.env.BENCH_DATABASE_URL, started: false };
  const script = path.join(repoRoot, 'scripts', 'pg-server.sh');
  if (!existsSync(script)) return { started: false };
  // A server that is already up (someone's tests) is used and left running.
  const status = spawnSync('bash', [script, 'status'], { encoding: 'utf8' });
  if (status.status === 0 && status.stdout.trim()) return { url: status.stdout.trim(), started: false };
  const r = spawnSync('bash', [script, 'start'], { encoding: 'utf8' });
  const url = r.stdout.trim().split('\n').pop();
  if (r.status !== 0 || !url) {
    console.log(`PostgreSQL could not be started, PostgreSQL figures are skipped:\n${r.stderr}`);
    return { started: false };
  }
  return { url, started: true };
}

function isBenchModule(value: unknown): value is BenchModule {
  const m = value as Partial<BenchModule> | null;
  return !!m && typeof m.run === 'function';
}

async function main(): Promise<void> {
  const only = process.argv.slice(2);
  const resultsDir = path.join(repoRoot, 'bench', 'results');
  mkdirSync(resultsDir, { recursive: true });
  const files = readdirSync(__dirname)
    .filter((f) => f.endsWith('.bench.ts'))
    .sort()
    .filter((f) => only.length === 0 || only.some((o) => f.startsWith(o)));

  const pg = startPostgres();
  const ctx: BenchContext = { resultsDir, ...(pg.url ? { pgUrl: pg.url } : {}) };
  let failed = 0;
  try {
    for (const file of files) {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const mod: unknown = require(path.join(__dirname, file));
      if (!isBenchModule(mod)) {
        console.log(`${file}: exports no run(ctx); skipped`);
        continue;
      }
      const name = mod.name || file.replace(/\.bench\.ts$/, '');
      console.log(`\n--- fleet-api bench: ${name}`);
      const started = new Date();
      const load = os.loadavg().map((l) => Math.round(l * 100) / 100);
      try {
        const result = await mod.run(ctx);
        const out = path.join(resultsDir, `fleet-api-${name}.json`);
        const doc = {
          bench: `fleet-api-${name}`,
          at: started.toISOString(),
          seconds: Math.round((Date.now() - started.getTime()) / 100) / 10,
          machine: {
            node: process.version,
            cpus: os.cpus().length,
            cpuModel: os.cpus()[0]?.model ?? 'unknown',
            memoryGb: Math.round(os.totalmem() / 2 ** 30),
            // The machine is shared: the load average says how much of it the bench had.
            loadAverageAtStart: load,
            loadAverageAtEnd: os.loadavg().map((l) => Math.round(l * 100) / 100),
          },
          ...result,
        };
        writeFileSync(out, `${JSON.stringify(doc, null, 2)}\n`);
        console.log(`wrote ${path.relative(repoRoot, out)}`);
      } catch (err) {
        failed += 1;
        console.error(`${name} failed:`, err);
      }
    }
  } finally {
    if (pg.started) spawnSync('bash', [path.join(repoRoot, 'scripts', 'pg-server.sh'), 'stop'], { stdio: 'inherit' });
  }
  if (failed > 0) process.exitCode = 1;
}

void main();
