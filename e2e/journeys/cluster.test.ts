// Issue 25: `npm run start:cluster` through nginx. Two fleet-api instances on one PostgreSQL behind
// nginx (deploy/nginx/fleet.conf); Admin signs in through nginx and opens the live socket through it;
// the instance holding that socket (nginx's X-Upstream on the upgrade) is killed with SIGKILL; the
// socket reconnects through nginx to the other instance and hears the fault a write through nginx
// resolves, and every call after the kill is answered. Then SIGUSR2 starts the killed instance again,
// and the console itself, in Chromium, keeps a manager's Attention list live through the kill of the
// instance that holds its socket. Then SIGTERM stops the whole cluster.
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// the live socket from node, as fleet-api's own tests open it (ws comes with fleet-api)
import WebSocket from 'ws';
import { liveProtocols } from '@fleet/contract';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../support/browser';
import { DEMO_PASSWORD, newestMailKey, passwordStep, waitForOtp } from '../support/sign-in';
import { freePort, processAlive, repoRoot } from '../support/stack';

interface ClusterState {
  consoleUrl: string;
  balancerUrl: string;
  nginxPid: number;
  instances: Array<{ name: string; url: string; pid: number }>;
}

interface LiveSocket {
  socket: WebSocket;
  /** host:port of the instance that took the upgrade */
  upstream: string;
  /** fault ids of every resolved-fault message heard */
  resolved: number[];
  closed: Promise<number>;
}

const ADMIN = 'admin@demo.test';
const dataDir = mkdtempSync(join(tmpdir(), 'fleet-cluster-'));
// PostgreSQL runs as its own user when the tests run as root: it must reach the data folder
chmodSync(dataDir, 0o755);
let cluster: ChildProcess | undefined;
let output = '';
let state: ClusterState;

async function waitForState(file: string, timeoutMs: number): Promise<ClusterState> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as ClusterState;
    if (cluster?.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`start:cluster did not come up (exit ${cluster?.exitCode ?? 'none'}):\n${output}`);
}

beforeAll(async () => {
  const [pg, api1, api2, balancer, consolePort] = [await freePort(), await freePort(), await freePort(), await freePort(), await freePort()];
  // what `npm run start:cluster -- --no-build` runs, without npm between: the test signals the script itself
  cluster = spawn(process.execPath, [join(repoRoot, 'scripts/cluster/start-cluster.mjs'), '--no-build'], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      CLUSTER_DATA_DIR: dataDir,
      CLUSTER_INSTANCES: '2',
      CLUSTER_API_PORTS: `${api1},${api2}`,
      CLUSTER_PG_PORT: String(pg),
      CLUSTER_BALANCER_PORT: String(balancer),
      CONSOLE_PORT: String(consolePort),
      FLEET_SEED_DEVICES: '1000',
      // only the test's own write raises an event
      FLEET_SIMULATOR: '0',
      FLEET_ROLLOUTS: '0',
      DATABASE_URL: '',
      NODE_ENV: '',
    },
  });
  cluster.stdout?.on('data', (d: Buffer) => (output += String(d)));
  cluster.stderr?.on('data', (d: Buffer) => (output += String(d)));
  state = await waitForState(join(dataDir, 'cluster.json'), 150_000);
}, 180_000);

afterAll(async () => {
  if (cluster && cluster.exitCode === null && cluster.signalCode === null) {
    cluster.kill('SIGTERM');
    await new Promise((r) => cluster?.once('exit', r));
  }
  rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

async function call<T>(path: string, init: { method?: string; token?: string; body?: unknown } = {}): Promise<{ status: number; upstream: string; body: T }> {
  const res = await fetch(`${state.balancerUrl}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const upstream = (res.headers.get('x-upstream') ?? '').split(', ').pop() ?? '';
  const text = await res.text();
  try {
    return { status: res.status, upstream, body: JSON.parse(text) as T };
  } catch {
    // nginx's own error page: say which instances it tried and what its error log says
    const errorLog = join(dataDir, 'nginx', 'logs', 'error.log');
    const tail = existsSync(errorLog) ? readFileSync(errorLog, 'utf8').split('\n').slice(-12).join('\n') : '';
    throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} from nginx (X-Upstream "${res.headers.get('x-upstream') ?? ''}"), not JSON:\n${text.slice(0, 200)}\nnginx error.log:\n${tail}`);
  }
}

/** Password and mailed code, both through nginx; the code read from an instance's own outbox (one database). */
async function signInThroughNginx(): Promise<string> {
  const outboxOf = (state.instances.find((i) => processAlive(i.pid)) ?? state.instances[0]!).url;
  const before = await newestMailKey(ADMIN, outboxOf);
  expect((await call('/api/authenticate/login', { method: 'POST', body: { email: ADMIN, password: DEMO_PASSWORD } })).status).toBe(200);
  const otp = await waitForOtp(ADMIN, before, outboxOf);
  const signed = await call<{ token: string }>('/api/authenticate/login-otp', { method: 'POST', body: { email: ADMIN, otp } });
  expect(signed.status).toBe(200);
  return signed.body.token;
}

function openLive(token: string): Promise<LiveSocket> {
  const url = `${state.balancerUrl.replace(/^http/, 'ws')}/ws`;
  const socket = new WebSocket(url, liveProtocols(token), { origin: new URL(state.consoleUrl).origin.replace('127.0.0.1', 'localhost') });
  const resolved: number[] = [];
  let upstream = '';
  // X-Upstream lists every instance nginx tried ("dead:port, live:port"): the last one answered
  socket.on('upgrade', (res) => (upstream = String(res.headers['x-upstream'] ?? '').split(', ').pop() ?? ''));
  socket.on('message', (data) => {
    // frames {batch, at}; a resolved fault is {resolved: {device_id, fault_ids, ...}} (fleet-api modules/live/events.ts)
    const frame = JSON.parse(String(data)) as { batch: unknown[] };
    for (const message of frame.batch) {
      if (typeof message === 'object' && message !== null && 'resolved' in message) {
        resolved.push(...(message as { resolved: { fault_ids: number[] } }).resolved.fault_ids);
      }
    }
  });
  const closed = new Promise<number>((r) => socket.on('close', (code) => r(code)));
  return new Promise((resolve, reject) => {
    socket.on('open', () => resolve({ socket, upstream, resolved, closed }));
    socket.on('error', reject);
  });
}

/**
 * Resolves the next open fault through nginx until the socket hears one: the instance adds a socket to
 * its hub just after the handshake, so a write racing the handshake may come before it listens.
 */
async function resolveUntilHeard(live: LiveSocket, token: string, faults: number[]): Promise<{ id: number; statuses: number[] }> {
  const statuses: number[] = [];
  for (const id of faults.splice(0)) {
    const answer = await call(`/api/heat-pump/faults/${id}/resolve`, { method: 'PUT', token, body: { agent: 'Cluster test', job_comments: null } });
    statuses.push(answer.status);
    for (let i = 0; i < 40 && !live.resolved.includes(id); i += 1) await new Promise((r) => setTimeout(r, 50));
    if (live.resolved.includes(id)) return { id, statuses };
  }
  throw new Error(`the socket heard none of the resolved faults (answers ${statuses.join(', ')})`);
}

test('a live socket through nginx survives the kill -9 of its instance; calls after the kill are answered', async () => {
  expect(state.instances).toHaveLength(2);
  // the console server's /api goes through nginx (its answer carries nginx's X-Upstream)
  const viaConsole = await fetch(`${state.consoleUrl}/api/health`);
  expect([viaConsole.status, state.instances.some((i) => i.url.endsWith(viaConsole.headers.get('x-upstream') ?? '-'))]).toEqual([200, true]);
  const token = await signInThroughNginx();
  const listed = await call<{ info: { data: Array<{ id: number }> } }>('/api/heat-pump/faults?page=1&limit=10', { token });
  expect(listed.status).toBe(200);
  const faults = listed.body.info.data.map((row) => row.id);
  expect(faults.length).toBeGreaterThanOrEqual(4);

  const first = await openLive(token);
  const holder = state.instances.find((i) => i.url.endsWith(first.upstream));
  const other = state.instances.find((i) => i !== holder);
  if (!holder || !other) throw new Error(`nginx named no instance for the socket (X-Upstream "${first.upstream}")`);
  // the socket works before the kill
  await resolveUntilHeard(first, token, faults.splice(0, 2));

  process.kill(holder.pid, 'SIGKILL');
  // a killed instance ends its TCP connections: the socket closes without a close frame
  expect(await first.closed).toBe(1006);

  // the console's reconnect: through nginx again, which leaves the dead instance out
  const again = await openLive(token);
  expect(other.url.endsWith(again.upstream)).toBe(true);
  const { statuses } = await resolveUntilHeard(again, token, faults);
  expect(statuses.every((s) => s === 200)).toBe(true);

  // every call after the kill is answered, whichever instance nginx tried first
  for (let i = 0; i < 6; i += 1) {
    const read = await call('/api/heat-pump/faults?page=1&limit=5', { token });
    expect([read.status, read.upstream]).toEqual([200, other.url.replace('http://', '')]);
  }
  again.socket.close();
  expect(processAlive(holder.pid)).toBe(false);
});

/** The instance whose log holds the newest live-socket upgrade (fleet-api logs `"url":"/ws"`). */
function socketHolder(since: number): ClusterState['instances'][number] | undefined {
  let newest: { at: number; instance: ClusterState['instances'][number] } | undefined;
  for (const instance of state.instances) {
    const log = join(dataDir, 'logs', `${instance.name}.log`);
    if (!existsSync(log)) continue;
    for (const line of readFileSync(log, 'utf8').split('\n')) {
      if (!line.includes('"url":"/ws')) continue;
      let at = 0;
      try {
        at = (JSON.parse(line) as { time: number }).time;
      } catch {
        continue; // a line still being written
      }
      if (at >= since && (!newest || at > newest.at)) newest = { at, instance };
    }
  }
  return newest?.instance;
}

async function waitUntil<T>(what: string, probe: () => T | undefined | Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > until) throw new Error(`waited ${timeoutMs} ms for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const ATTENTION = 'table[aria-label="Attention [Heat Pump]"]';
const PAGER = /^Showing \d+-\d+ of (\d+)$/;

test("the console in Chromium keeps a manager's Attention list live through the kill -9 of the instance holding its socket", async () => {
  // the instance killed above starts again (start-cluster's SIGUSR2) and takes requests once it answers
  const killed = state.instances.find((i) => !processAlive(i.pid));
  cluster?.kill('SIGUSR2');
  state = await waitUntil('the killed instance to start again', () => {
    const now = JSON.parse(readFileSync(join(dataDir, 'cluster.json'), 'utf8')) as ClusterState;
    return now.instances.every((i) => processAlive(i.pid)) ? now : undefined;
  }, 60_000);
  if (killed) expect(state.instances.find((i) => i.name === killed.name)?.pid).not.toBe(killed.pid);
  // nginx leaves a failed instance out for fail_timeout (10 s) after its last failed try, so it answers
  // again only then: until nginx has sent it a request, killing the other leaves no live upstream
  // (docs/deploy.md, the rolling restart waits the same way)
  if (killed) {
    const back = state.instances.find((i) => i.name === killed.name)!;
    await waitUntil('nginx to send requests to the restarted instance', async () => {
      const health = await fetch(`${state.balancerUrl}/api/health`);
      return back.url.endsWith((health.headers.get('x-upstream') ?? '').split(', ').pop() ?? '-') ? true : undefined;
    }, 30_000);
  }

  let browser: Browser | undefined;
  try {
    browser = await launchChromium();
    // the console's own origin, as PUBLIC_URL names it (the socket refuses other origins)
    const context = await browser.newContext({ baseURL: state.consoleUrl.replace('127.0.0.1', 'localhost') });
    const page = await context.newPage();
    const signedInAt = Date.now();
    const outboxOf = state.instances[0]!.url;
    const before = await newestMailKey('mscc@demo.test', outboxOf);
    await passwordStep(page, 'mscc@demo.test', DEMO_PASSWORD);
    await page.getByRole('textbox', { name: 'OTP', exact: true }).fill(await waitForOtp('mscc@demo.test', before, outboxOf));
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await page.waitForURL('**/multisite/dashboard');

    const listed = page.waitForResponse((r) => r.url().includes('/api/heat-pump/faults?') && r.request().method() === 'GET');
    await page.goto('/multisite/faulty-systems');
    const rows = ((await (await listed).json()) as { info: { data: Array<{ id: number; heatpump: { serial_number: string } }> } }).info.data;
    expect(rows.length).toBeGreaterThan(0);
    await page.waitForFunction((sel) => document.querySelectorAll(`${sel} tbody tr td`).length > 1, ATTENTION);
    const totalShown = async () => Number(PAGER.exec((await page.getByText(PAGER).textContent()) ?? '')?.[1] ?? NaN);
    const total = await totalShown();
    // a reload would drop this mark: what follows must come over the socket
    await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));

    const holder = await waitUntil("the console's socket on an instance", () => socketHolder(signedInAt));
    const survivor = state.instances.find((i) => i !== holder)!;
    const killedAt = Date.now();
    process.kill(holder.pid, 'SIGKILL');
    // the console reconnects (jittered backoff) through the console server and nginx, to the survivor
    await waitUntil('the console to reconnect to the other instance', () => (socketHolder(killedAt) === survivor ? true : undefined));

    // Admin resolves the manager's first fault through nginx, from another client
    const token = await signInThroughNginx();
    const first = rows[0]!;
    const resolved = await call(`/api/heat-pump/faults/${first.id}/resolve`, { method: 'PUT', token, body: { agent: 'Cluster console', job_comments: null } });
    expect(resolved.status).toBe(200);
    await page
      .locator(`${ATTENTION} tbody tr`)
      .filter({ has: page.locator('td:nth-child(2)', { hasText: first.heatpump.serial_number }) })
      .waitFor({ state: 'detached', timeout: 15_000 });
    await waitUntil('the total to drop by one', async () => ((await totalShown()) === total - 1 ? true : undefined), 10_000);
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    await context.close();
  } finally {
    await browser?.close();
  }

  // SIGTERM stops the console server, nginx and the surviving instance
  cluster?.kill('SIGTERM');
  const code = await new Promise<number | null>((r) => cluster?.once('exit', (c) => r(c)));
  expect(code).toBe(0);
  expect([state.nginxPid, ...state.instances.map((i) => i.pid)].filter(processAlive)).toEqual([]);

  // four sockets were opened with a token, two of them cut by a kill (nginx's error log names each
  // request it could not pass on): no log holds a token, a JWT's "eyJ...", or a `token=` in a URL
  const logs = [join(dataDir, 'nginx', 'logs', 'access.log'), join(dataDir, 'nginx', 'logs', 'error.log'), ...state.instances.map((i) => join(dataDir, 'logs', `${i.name}.log`))];
  const written = logs.map((log) => readFileSync(log, 'utf8')).join('\n');
  expect(written.match(/"url":"\/ws"|GET \/ws /g)?.length ?? 0).toBeGreaterThanOrEqual(4);
  expect(written.match(/eyJ[\w-]+\.[\w-]+\.[\w-]+|token=[^\s"&]+/g) ?? []).toEqual([]);
}, 120_000);
