#!/usr/bin/env node
// `npm test`: builds what the browser journeys need, runs every package's suite (fleet-api twice when
// TEST_DATABASE_URL names a PostgreSQL server: once on in-memory PGlite, once on PostgreSQL), then the
// browser journeys, type-checking and lint; ends with one line `N passed, N failed` adding up everything.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const resultsDir = join(root, '.test-results');
rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });

const only = process.argv.slice(2); // `npm test -- shared-ui fleet-api` runs just those
const wanted = (name) => only.length === 0 || only.some((o) => name.startsWith(o));

let passed = 0;
let failed = 0;
const lines = [];

function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: process.env, ...opts });
  return r.status === 0;
}

function step(name, cmd, args) {
  console.log(`\n=== ${name}`);
  const ok = run(cmd, args);
  if (ok) passed += 1;
  else failed += 1;
  lines.push(`${name}: ${ok ? 'ok' : 'FAILED'}`);
  return ok;
}

// jest's default is one worker fewer than the cores: one worker on a 2-core machine, the other core idle
// while the main process waits. A worker per core runs fleet-api's suite in 314 s instead of 460 s there.
// The browser journeys share one stack and run in band.
const workers = Math.max(2, availableParallelism());

function jestSuite(label, pkg, env = {}) {
  const out = join(resultsDir, `${label}.json`);
  console.log(`\n=== ${label} (jest)`);
  const r = spawnSync(
    'npx',
    ['jest', '--ci', '--json', `--outputFile=${out}`, ...(pkg === 'e2e' ? ['--runInBand'] : [`--maxWorkers=${workers}`])],
    { cwd: join(root, pkg), stdio: 'inherit', env: { ...process.env, ...env } },
  );
  if (!existsSync(out)) {
    failed += 1;
    lines.push(`${label}: jest did not report (exit ${r.status})`);
    return;
  }
  const j = JSON.parse(readFileSync(out, 'utf8'));
  // A suite that fails to run (syntax error, failing import) has no test results: count it as a failure.
  const broken = j.numRuntimeErrorTestSuites ?? 0;
  passed += j.numPassedTests;
  failed += j.numFailedTests + broken;
  if (r.status !== 0 && j.numFailedTests + broken === 0) failed += 1; // e.g. a failing globalSetup
  lines.push(`${label}: ${j.numPassedTests} passed, ${j.numFailedTests + broken} failed`);
}

// Every workspace with a jest config, in the root package.json's order; the browser journeys run last.
const packages = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).workspaces.filter((w) => w !== 'e2e');
const hasTests = (pkg) => existsSync(join(root, pkg, 'jest.config.js'));

if (wanted('build') || wanted('e2e')) {
  if (!step('build', 'npx', ['lerna', 'run', 'build', '--concurrency', '2'])) {
    console.log('build failed: the browser journeys cannot run');
  }
}

for (const pkg of packages) {
  if (!wanted(pkg) || !hasTests(pkg)) continue;
  if (pkg === 'fleet-api') {
    jestSuite('fleet-api (PGlite)', pkg, { TEST_DATABASE_URL: '' });
    if (process.env.TEST_DATABASE_URL) jestSuite('fleet-api (PostgreSQL)', pkg);
    else lines.push('fleet-api (PostgreSQL): not run, TEST_DATABASE_URL is not set (.ci/run sets it)');
  } else {
    jestSuite(pkg, pkg);
  }
}

if (wanted('e2e') && hasTests('e2e')) jestSuite('e2e (Chromium)', 'e2e');
if (wanted('typecheck')) step('typecheck', 'npx', ['lerna', 'run', 'typecheck', '--concurrency', '2']);
if (wanted('lint')) step('lint', 'npx', ['eslint', '.', '--max-warnings', '1000']);

console.log('\n=== summary');
for (const l of lines) console.log(`  ${l}`);
const summary = `${passed} passed, ${failed} failed`;
writeFileSync(join(resultsDir, 'summary.txt'), summary + '\n');
console.log(summary);
process.exit(failed === 0 ? 0 : 1);
