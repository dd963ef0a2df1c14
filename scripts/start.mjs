#!/usr/bin/env node
// `npm start`: builds fleet-api (and the contract it reads) and the console's packages at once, and
// starts fleet-api as soon as it is built, so that it migrates and seeds the demo fleet while the
// console is still building; then publishes every built
// remote to .data/remotes and the registry, waits for fleet-api's /api/health and serves the console
// on :8080. `npm start -- --no-build` serves what is already built. SIGINT/SIGTERM stop both; the exit
// code says whether they stopped cleanly.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { publishAll } from './publish-remotes.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const apiPort = Number(process.env.PORT ?? 3000);
const consolePort = Number(process.env.CONSOLE_PORT ?? 8080);
const apiUrl = process.env.FLEET_API_URL ?? `http://127.0.0.1:${apiPort}`;
const build = !process.argv.includes('--no-build');
const startedAt = Date.now();
const since = () => `${Math.round((Date.now() - startedAt) / 1000)} s`;

const DEMO_ACCOUNTS = [
  ['admin@demo.test', 'Admin'],
  ['agency@demo.test', 'Agency'],
  ['electrician@demo.test', 'Electrician'],
  ['mscc@demo.test', 'multi-site company contact (mscc)'],
  ['sm@demo.test', 'site manager (sm)'],
  ['customer@demo.test', 'Customer'],
  ['user@demo.test', 'User'],
];

/** The server side, in order: what fleet-api needs to run. The rest is the console, built while it seeds. */
const API_PACKAGES = ['contract', 'fleet-api'];
/**
 * The console's packages, longest build first (the shell takes about twice a remote), so that two at a
 * time end together instead of the shell building alone at the end.
 */
const CONSOLE_PACKAGES = ['shell', ...readdirSync(root).filter((dir) => dir.startsWith('mfe-') && existsSync(join(root, dir, 'package.json'))).sort()];

const apiMain = join(root, 'fleet-api', 'dist', 'main.js');

let api = null;
const builds = [];
let consoleServer = null;
let stopping = false;

async function stop(code) {
  if (stopping) return;
  stopping = true;
  const closing = [];
  for (const b of builds) if (b.exitCode === null) b.kill('SIGTERM');
  if (consoleServer) closing.push(consoleServer.close().catch(() => undefined));
  if (api && api.exitCode === null) {
    closing.push(
      new Promise((resolveExit) => {
        const force = setTimeout(() => api.kill('SIGKILL'), 12_000);
        api.once('exit', () => {
          clearTimeout(force);
          resolveExit();
        });
        api.kill('SIGTERM');
      }),
    );
  }
  await Promise.all(closing);
  process.exit(code);
}

process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));

async function waitForHealth(url, child, timeoutMs) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`fleet-api exited with code ${child.exitCode}`);
    try {
      const r = await fetch(`${url}/api/health`);
      if (r.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`fleet-api did not answer ${url}/api/health within ${timeoutMs / 1000} s`);
}

// Demo mode: the development outbox answers on fleet-api's own port to callers on this machine
// (never through the console). If fleet-api stops unexpectedly the console keeps serving (its /api
// answers 502 meanwhile) and fleet-api is started again with capped backoff.
const apiEnv = {
  TRUST_PROXY: '127.0.0.1',
  FLEET_DEMO: '1',
  ...process.env,
  PORT: String(apiPort),
  PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${consolePort}`,
};
let restartDelayMs = 1000;
const MAX_RESTART_DELAY_MS = 30_000;

function startApi() {
  const child = spawn(process.execPath, [apiMain], { cwd: join(root, 'fleet-api'), env: apiEnv, stdio: 'inherit' });
  const startedAt = Date.now();
  child.on('exit', (code, signal) => {
    if (stopping) return;
    // a run that lasted a minute was healthy: the next failure starts the backoff again
    if (Date.now() - startedAt > 60_000) restartDelayMs = 1000;
    console.error(`fleet-api stopped (${signal ?? `exit ${code}`}); the console keeps serving; starting fleet-api again in ${restartDelayMs / 1000} s`);
    setTimeout(() => {
      if (!stopping) api = startApi();
    }, restartDelayMs);
    restartDelayMs = Math.min(restartDelayMs * 2, MAX_RESTART_DELAY_MS);
  });
  return child;
}

/** One package's own `build` script (`npm run build -w <dir>`), in the background. */
function buildPackage(dir) {
  const child = spawn('npm', ['run', 'build', '--silent', '-w', dir], { cwd: root, stdio: 'inherit' });
  builds.push(child);
  return new Promise((done, failed) => {
    child.on('exit', (code) => (code === 0 ? done() : failed(new Error(`the build of ${dir} failed (exit ${code})`))));
  });
}

/**
 * Builds `dirs` in their order, `concurrency` at a time; answers when all have ended well. Run directly
 * rather than through lerna: its start-up (the Nx project graph) cost seconds twice on a fresh clone,
 * and there is no order to work out (the front end reads the contract's sources, not its build).
 */
async function buildPackages(what, dirs, concurrency) {
  if (!build) return;
  const queue = [...dirs];
  const worker = async () => {
    for (let dir = queue.shift(); dir !== undefined; dir = queue.shift()) await buildPackage(dir);
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  console.log(`${what} built (${since()})`);
}

// Both builds at once; fleet-api starts (migrates, seeds the demo fleet) as soon as its own is done,
// while the console's packages are still building.
const apiBuilt = buildPackages('fleet-api', API_PACKAGES, 1);
const consoleBuilt = buildPackages('the console', CONSOLE_PACKAGES, 2);

try {
  await apiBuilt;
  if (!existsSync(apiMain)) throw new Error(`fleet-api is not built (${apiMain} is missing): run npm run build`);
  api = startApi();
  await consoleBuilt;
  if (!existsSync(join(root, 'shell', 'dist', 'index.html'))) throw new Error('the shell is not built: run npm run build');
  const published = publishAll();
  if (published.length === 0) console.warn('warning: no remote build found; the console will show only its frame');
  for (const r of published) console.log(`published ${r.name}@${r.version}`);
  // the first start seeds the demo fleet, which takes a while on two cores
  await waitForHealth(apiUrl, api, Number(process.env.FLEET_START_TIMEOUT_MS ?? 300_000));
  const { startConsoleServer } = await import('../shell/server/console-server.mjs');
  consoleServer = await startConsoleServer({ port: consolePort, apiUrl });
} catch (err) {
  console.error(err.message);
  await stop(1);
}

console.log(`
  Up in ${since()}.
  Fleet console: http://localhost:${consolePort}
  fleet-api:     ${apiUrl}  (OpenAPI at /api/docs)

  Demo accounts, password Demo-pass-2026. The sign-in code is mailed to the demo outbox, which
  fleet-api answers only on this machine, on its own port (never through the console):
    curl 'http://localhost:${apiPort}/api/dev/outbox?to=admin@demo.test'
${DEMO_ACCOUNTS.map(([email, role]) => `    ${email.padEnd(24)} ${role}`).join('\n')}

  Ctrl+C stops everything.
`);
