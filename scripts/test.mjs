#!/usr/bin/env node
// `npm test`: builds what the browser journeys need, runs every package's suite (fleet-api twice when
// TEST_DATABASE_URL names a PostgreSQL server: once on in-memory PGlite, once on PostgreSQL), then the
// browser journeys, type-checking and lint; ends with one line `N passed, N failed` adding up everything.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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

const started = Date.now();
/** How long a step took, for the summary: CI has 40 minutes, this shows where they go. */
const took = (since) => `${Math.round((Date.now() - since) / 1000)} s`;

function step(name, cmd, args) {
  console.log(`\n=== ${name}`);
  const since = Date.now();
  const ok = run(cmd, args);
  if (ok) passed += 1;
  else failed += 1;
  lines.push(`${name}: ${ok ? 'ok' : 'FAILED'} (${took(since)})`);
  return ok;
}

// jest's default is one worker fewer than the cores: one worker on a 2-core machine, the other core idle
// while the main process waits. A worker per core runs fleet-api's suite in 314 s instead of 460 s there.
// The browser journeys run a worker per core too, each worker on a console of its own (e2e/support/
// global-setup.ts): a journey waiting for a page leaves its core to the other.
const workers = Math.max(2, availableParallelism());
// each journey worker drives a Chromium and a console of its own: a few, not one per core of a big machine
const journeyWorkers = Math.min(workers, 4);

function jestArgs(label, jobs) {
  const out = join(resultsDir, `${label}.json`);
  return { out, args: ['jest', '--ci', '--json', `--outputFile=${out}`, `--maxWorkers=${jobs}`] };
}

function countSuite(label, out, status, since) {
  if (!existsSync(out)) {
    failed += 1;
    lines.push(`${label}: jest did not report (exit ${status}, ${took(since)})`);
    return;
  }
  const j = JSON.parse(readFileSync(out, 'utf8'));
  // A suite that fails to run (syntax error, failing import) has no test results: count it as a failure.
  const broken = j.numRuntimeErrorTestSuites ?? 0;
  passed += j.numPassedTests;
  failed += j.numFailedTests + broken;
  if (status !== 0 && j.numFailedTests + broken === 0) failed += 1; // e.g. a failing globalSetup
  lines.push(`${label}: ${j.numPassedTests} passed, ${j.numFailedTests + broken} failed (${took(since)})`);
}

function jestSuite(label, pkg, env = {}, jobs = workers) {
  const { out, args } = jestArgs(label, jobs);
  console.log(`\n=== ${label} (jest)`);
  const since = Date.now();
  const r = spawnSync('npx', args, { cwd: join(root, pkg), stdio: 'inherit', env: { ...process.env, ...env } });
  countSuite(label, out, r.status, since);
}

/**
 * A command run beside the steps that follow (fleet-api's PostgreSQL run, type-checking, lint): its
 * output goes to a log, printed when it ends (the suite in front blocks this process's event loop), and
 * `done` counts its outcome.
 */
function beside(label, cmd, args, { cwd = root, env = {} } = {}, done) {
  const logPath = join(resultsDir, `${label}.log`);
  console.log(`\n=== ${label} (beside the next steps; output in ${logPath})`);
  // the child writes to the file itself: the journeys' run below blocks this process's event loop
  const log = openSync(logPath, 'w');
  const since = Date.now();
  const child = spawn(cmd, args, { cwd, stdio: ['ignore', log, log], env: { ...process.env, ...env } });
  return new Promise((resolve) => {
    child.on('close', (status) => {
      closeSync(log);
      console.log(`\n=== ${label} (ran beside)`);
      console.log(readFileSync(logPath, 'utf8'));
      done(status, since);
      resolve();
    });
  });
}

/** A jest suite beside the steps that follow, on one worker. */
function jestSuiteBeside(label, pkg, env = {}) {
  const { out, args } = jestArgs(label, 1);
  return beside(label, 'npx', args, { cwd: join(root, pkg), env }, (status, since) => countSuite(label, out, status, since));
}

/** Type-checking and lint (scripts/checks.mjs), beside the steps that follow; each counted on its own. */
function checksBeside(names) {
  return beside('checks', process.execPath, [join(root, 'scripts', 'checks.mjs'), ...names], { env: { FLEET_CHECKS_BESIDE: '1' } }, (status, since) => {
    const out = join(resultsDir, 'checks.json');
    const results = existsSync(out) ? JSON.parse(readFileSync(out, 'utf8')) : [];
    for (const r of results) {
      if (r.ok) passed += 1;
      else failed += 1;
      lines.push(`${r.name}: ${r.ok ? 'ok' : 'FAILED'} (${r.seconds} s, beside)`);
    }
    if (results.length < names.length) {
      failed += 1;
      lines.push(`checks: did not report (exit ${status}, ${took(since)})`);
    }
  });
}

// Every workspace with a jest config, in the root package.json's order; the browser journeys run last.
const packages = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).workspaces.filter((w) => w !== 'e2e');
const hasTests = (pkg) => existsSync(join(root, pkg, 'jest.config.js'));

if (wanted('build') || wanted('e2e')) {
  if (!step('build', 'npx', ['lerna', 'run', 'build', '--concurrency', '2'])) {
    console.log('build failed: the browser journeys cannot run');
  }
}

// fleet-api's PostgreSQL run goes on one worker beside everything after its PGlite run (the screens'
// suites, the journeys): measured here, both fleet-api runs side by side took over 15 minutes, PGlite
// alone on two workers 6.6, and the later steps leave room beside them.
let postgresRun = Promise.resolve();
for (const pkg of packages) {
  if (!wanted(pkg) || !hasTests(pkg)) continue;
  if (pkg === 'fleet-api') {
    if (process.env.TEST_DATABASE_URL) {
      jestSuite('fleet-api (PGlite)', pkg, { TEST_DATABASE_URL: '' });
      postgresRun = jestSuiteBeside('fleet-api (PostgreSQL)', pkg);
    } else {
      jestSuite('fleet-api (PGlite)', pkg, { TEST_DATABASE_URL: '' });
      lines.push('fleet-api (PostgreSQL): not run, TEST_DATABASE_URL is not set (.ci/run sets it)');
    }
  } else {
    jestSuite(pkg, pkg);
  }
}

// Type-checking and the type-aware lint go beside the journeys when those run, at the lowest priority:
// a journey spends much of its time waiting on a page, the network or a timer, and the checks take that
// time; what they do not get then they do after the journeys, as before (4 to 5 minutes on their own).
const checkNames = ['typecheck', 'lint'].filter((name) => wanted(name));
const journeys = wanted('e2e') && hasTests('e2e');
const checksRun = checkNames.length > 0 ? checksBeside(checkNames) : Promise.resolve();
if (journeys) jestSuite('e2e (Chromium)', 'e2e', { FLEET_E2E_WORKERS: String(journeyWorkers) }, journeyWorkers);
await checksRun;
await postgresRun;

console.log('\n=== summary');
for (const l of lines) console.log(`  ${l}`);
console.log(`  in all: ${took(started)}`);
const summary = `${passed} passed, ${failed} failed`;
writeFileSync(join(resultsDir, 'summary.txt'), summary + '\n');
console.log(summary);
process.exit(failed === 0 ? 0 : 1);
