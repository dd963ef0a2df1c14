// The assembled console for a browser: fleet-api and the console server, each a child process on a
// free port, over a throw-away data folder holding the database and the published remotes.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';

export const repoRoot = resolve(__dirname, '..', '..');

/** The remotes the console is assembled from (every built mfe-* workspace): name -> its package folder. */
export const remotePackages: Record<string, string> = Object.fromEntries(
  readdirSync(repoRoot)
    .filter((dir) => dir.startsWith('mfe-') && existsSync(join(repoRoot, dir, 'dist', 'mf-manifest.json')))
    .map((dir) => [dir, dir]),
);

export interface StackInfo {
  apiUrl: string;
  consoleUrl: string;
  dataDir: string;
  apiPid: number;
  consolePid: number;
}

export interface Stack extends StackInfo {
  stop(): Promise<void>;
  /** Stops fleet-api alone (SIGTERM), leaving the console server up: an API outage. */
  stopApi(): Promise<void>;
  /** Starts fleet-api again on the same port and data, and waits until it answers. */
  startApi(): Promise<void>;
}

export interface StackOptions {
  /** Devices seeded on the first start (FLEET_SEED_DEVICES). */
  seedDevices?: number;
  /** Extra environment for fleet-api only, e.g. ACCESS_TOKEN_TTL_SECONDS. */
  apiEnv?: Record<string, string>;
}

/** `FLEET_E2E_STATE_<n>`: the state file of jest worker n's own stack (global-setup.ts). */
export const WORKER_STATE_PREFIX = 'FLEET_E2E_STATE_';

/**
 * Makes `stack` the console the journeys of this process reach (`stackInfo()`): its URLs go to a state
 * file named by FLEET_E2E_STATE (jest's globalSetup cannot hand objects to test files). Answers the
 * state file it replaced, for a journey with a stack of its own to put back when it ends.
 */
export function announceStack(stack: StackInfo): string | undefined {
  const previous = process.env.FLEET_E2E_STATE;
  const info: StackInfo = { apiUrl: stack.apiUrl, consoleUrl: stack.consoleUrl, dataDir: stack.dataDir, apiPid: stack.apiPid, consolePid: stack.consolePid };
  const stateFile = join(stack.dataDir, 'e2e-state.json');
  writeFileSync(stateFile, JSON.stringify(info));
  process.env.FLEET_E2E_STATE = stateFile;
  return previous;
}

/**
 * A stack of the journey file's own, for journeys that stop fleet-api or start it otherwise: started and
 * announced (stackInfo() reaches it) before the file's first test; after its last, the stack it replaced
 * is announced again and this one stops. The getter gives the stack inside a test.
 */
export function ownStackPerFile(opts: StackOptions): () => Stack {
  let own: Stack | undefined;
  let replaced: { state: string | undefined } | undefined;
  beforeAll(async () => {
    own = await startStack(opts);
    replaced = { state: announceStack(own) };
  }, 180_000);
  afterAll(async () => {
    // only a stack that was announced puts the worker's back: one that failed to start changed nothing,
    // and the later journeys of this worker keep the worker's stack
    if (replaced) {
      if (replaced.state === undefined) delete process.env.FLEET_E2E_STATE;
      else process.env.FLEET_E2E_STATE = replaced.state;
    }
    await own?.stop();
  }, 60_000);
  return () => {
    if (!own) throw new Error('the own stack starts in beforeAll: ask for it inside a test');
    return own;
  };
}

/** The journeys run against built packages; building is the root test script's job. */
function requireBuilt(): void {
  const needed = [
    ['shell/dist/index.html', 'npm run build -w @fleet/shell'],
    ['mfe-auth/dist/mf-manifest.json', 'npm run build -w @fleet/mfe-auth'],
    ['fleet-api/dist/main.js', 'npm run build -w @fleet/fleet-api'],
    ['shell/server/console-server.mjs', '(the shell package provides it)'],
    ['scripts/publish-remotes.mjs', '(the repository provides it)'],
  ];
  const missing = needed.filter(([file]) => !existsSync(join(repoRoot, file!)));
  if (missing.length > 0) {
    throw new Error(
      'The browser journeys need the built console. Missing:\n' +
        missing.map(([file, how]) => `  ${file}  ->  ${how}`).join('\n') +
        '\nRun `npm test` at the repository root (it builds first) or `npx lerna run build`.',
    );
  }
}

/**
 * The console at http://localhost:<port>, the same server as `consoleUrl`: WebAuthn refuses an IP
 * address as relying party id, and Chromium takes localhost as a secure context (a passkey journey
 * opens the console there; fleet-api's WEBAUTHN_* and LIVE_ORIGINS settings name it).
 */
export function onLocalhost(consoleUrl: string): string {
  const url = new URL(consoleUrl);
  url.hostname = 'localhost';
  return url.origin;
}

/** Whether a process of this machine still runs (signal 0 only asks). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export async function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => ok(port));
    });
  });
}

async function waitForHttp(url: string, child: ChildProcess, logFile: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      const res = await fetch(url);
      if (res.ok) return;
      last = `HTTP ${res.status}`;
    } catch (err) {
      last = (err as Error).message;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  const log = existsSync(logFile) ? readFileSync(logFile, 'utf8').split('\n').slice(-40).join('\n') : '';
  throw new Error(
    `${url} did not answer (${child.exitCode !== null ? `process exited with ${child.exitCode}` : last}).\n` +
      `Last lines of ${logFile}:\n${log}`,
  );
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((ok) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(kill);
      ok();
    });
    child.kill('SIGTERM');
  });
}

/** Copies one remote build into the data folder and points the registry entry at it (no restart). */
export function publishRemote(dataDir: string, name: string, distDir: string, version: string): void {
  const r = spawnSync(
    process.execPath,
    [join(repoRoot, 'scripts/publish-remotes.mjs'), '--remote', name, '--dist', distDir, '--version', version],
    { cwd: repoRoot, encoding: 'utf8', env: { ...process.env, FLEET_DATA_DIR: dataDir } },
  );
  if (r.status !== 0) throw new Error(`publish-remotes failed for ${name}@${version}:\n${r.stdout}\n${r.stderr}`);
}

export function remoteVersion(pkgDir: string): string {
  return (JSON.parse(readFileSync(join(repoRoot, pkgDir, 'package.json'), 'utf8')) as { version: string }).version;
}

/**
 * The stack's fleet-api and console logs outlive it in .test-results/stacks/ (CI keeps that folder):
 * a journey that met a 503 or a refused call can then be read against what the servers said.
 */
function keepLogs(dataDir: string): void {
  const logs = join(dataDir, 'logs');
  if (existsSync(logs)) cpSync(logs, join(repoRoot, '.test-results', 'stacks', basename(dataDir)), { recursive: true });
}

export async function startStack(opts: StackOptions = {}): Promise<Stack> {
  requireBuilt();
  const dataDir = mkdtempSync(join(tmpdir(), 'fleet-e2e-'));
  mkdirSync(join(dataDir, 'logs'), { recursive: true });
  const [apiPort, consolePort] = [await freePort(), await freePort()];
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const consoleUrl = `http://127.0.0.1:${consolePort}`;
  const children: ChildProcess[] = [];

  let stopApi = async (): Promise<void> => undefined;
  let startApi = async (): Promise<void> => undefined;
  const stop = async (): Promise<void> => {
    for (const c of children.reverse()) await stopChild(c);
    keepLogs(dataDir);
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    const apiLog = join(dataDir, 'logs', 'fleet-api.log');
    const spawnApi = async (): Promise<ChildProcess> => {
      const apiOut = openSync(apiLog, 'a');
      const child = spawn(process.execPath, [join(repoRoot, 'fleet-api/dist/main.js')], {
        cwd: join(repoRoot, 'fleet-api'),
        stdio: ['ignore', apiOut, apiOut],
        env: {
          ...process.env,
          NODE_ENV: 'test',
          PORT: String(apiPort),
          HOST: '127.0.0.1',
          FLEET_DATA_DIR: join(dataDir, 'db'),
          FLEET_SEED_DEVICES: String(opts.seedDevices ?? 300),
          PUBLIC_URL: consoleUrl,
          // passkeys need a host name as relying party: the console's localhost address (onLocalhost)
          WEBAUTHN_RP_ID: 'localhost',
          WEBAUTHN_ORIGINS: onLocalhost(consoleUrl),
          LIVE_ORIGINS: onLocalhost(consoleUrl),
          DATABASE_URL: '',
          ...opts.apiEnv,
        },
      });
      children.push(child);
      await waitForHttp(`${apiUrl}/api/health`, child, apiLog, 150_000);
      return child;
    };
    let api = await spawnApi();
    stopApi = () => stopChild(api);
    startApi = async () => {
      api = await spawnApi();
    };

    for (const [name, pkgDir] of Object.entries(remotePackages)) {
      publishRemote(dataDir, name, join(repoRoot, pkgDir, 'dist'), remoteVersion(pkgDir));
    }

    // a copy of the shell's build: a rebuild of shell/dist during the run must not pull files away
    const shellDist = join(dataDir, 'shell-dist');
    cpSync(join(repoRoot, 'shell/dist'), shellDist, { recursive: true });

    const consoleLog = join(dataDir, 'logs', 'console.log');
    const consoleOut = openSync(consoleLog, 'a');
    const serverOptions = { port: consolePort, host: '127.0.0.1', dataDir, apiUrl, shellDist };
    const consoleServer = spawn(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        'const { startConsoleServer } = await import(process.argv[1]); await startConsoleServer(JSON.parse(process.argv[2]));',
        join(repoRoot, 'shell/server/console-server.mjs'),
        JSON.stringify(serverOptions),
      ],
      { cwd: repoRoot, stdio: ['ignore', consoleOut, consoleOut], env: { ...process.env, NODE_ENV: 'test' } },
    );
    children.push(consoleServer);
    await waitForHttp(`${consoleUrl}/remotes.json`, consoleServer, consoleLog, 60_000);

    return {
      apiUrl,
      consoleUrl,
      dataDir,
      apiPid: api.pid!,
      consolePid: consoleServer.pid!,
      stop,
      stopApi: () => stopApi(),
      startApi: () => startApi(),
    };
  } catch (err) {
    await stop();
    throw err;
  }
}
