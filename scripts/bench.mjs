#!/usr/bin/env node
// `npm run bench`: builds, then runs every package's bench (fleet-api: seeding and sign-in on PGlite and
// PostgreSQL; e2e: page weight and time to the login form in Chromium, each beside a baseline measured in
// the same run), and gathers the figures in bench/results/*.json plus bench/RESULTS.md.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const resultsDir = join(root, 'bench', 'results');
mkdirSync(resultsDir, { recursive: true });

const run = (cmd, args, env = {}) =>
  spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status === 0;

let ok = run('npx', ['lerna', 'run', 'build', '--concurrency', '2']);

// A throwaway PostgreSQL server for the PostgreSQL figures, unless one is given.
let startedPg = false;
if (!process.env.BENCH_DATABASE_URL && existsSync(join(root, 'scripts', 'pg-server.sh'))) {
  // A server somebody else started is used and left running.
  const running = spawnSync('bash', ['scripts/pg-server.sh', 'status'], { cwd: root, encoding: 'utf8' });
  const r = running.status === 0 ? running : spawnSync('bash', ['scripts/pg-server.sh', 'start'], { cwd: root, encoding: 'utf8' });
  if (r.status === 0) {
    process.env.BENCH_DATABASE_URL = r.stdout.trim().split('\n').pop();
    startedPg = running.status !== 0;
  } else console.log('PostgreSQL could not be started: PostgreSQL figures are skipped');
}

for (const ws of ['fleet-api', 'e2e']) {
  const pkg = JSON.parse(readFileSync(join(root, ws, 'package.json'), 'utf8'));
  if (!pkg.scripts?.bench) continue;
  console.log(`\n=== bench: ${ws}`);
  ok = run('npm', ['run', 'bench', '-w', ws]) && ok;
}
if (startedPg) spawnSync('bash', ['scripts/pg-server.sh', 'stop'], { cwd: root, stdio: 'inherit' });

const lines = ['# Benchmark results', '', `Run at ${new Date().toISOString()} on ${process.version}.`, ''];
for (const f of readdirSync(resultsDir).filter((f) => f.endsWith('.json')).sort()) {
  lines.push(`## ${f}`, '', '```json', readFileSync(join(resultsDir, f), 'utf8').trim(), '```', '');
}
writeFileSync(join(root, 'bench', 'RESULTS.md'), lines.join('\n'));
console.log(`\nfigures: bench/results/*.json, bench/RESULTS.md`);
process.exit(ok ? 0 : 1);
