/**
 * The load of the soak bench (soak.bench.ts), in a process of its own so that its CPU and memory are
 * not the instances': signs the demo accounts in through nginx, keeps the console sockets open through
 * nginx (reconnecting as the console does), and sends writes and list reads at fixed rates (open loop:
 * a slow answer does not slow the next call). Reports when the parent asks.
 *
 *   tsx bench/soak-driver.ts '<SoakPlan as JSON>'   (forked by soak.bench.ts, which talks over IPC)
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import WebSocket from 'ws';
import { liveProtocols } from '@fleet/contract';
import { DEMO_PASSWORD } from '../src/seed';
import type { CallFigures, DriverMessage, FailedCall, SoakPlan, SoakReport, SocketFigures, WriteRecord } from './soak-types';

const plan = JSON.parse(process.argv[2] ?? '{}') as SoakPlan;
const startedAt = Date.now();
const since = (at = Date.now()) => Math.round((at - startedAt) / 100) / 10;

// --- the console's reconnect policy, as shared-api's live-connection.ts has it (DEFAULT_BACKOFF, full
// jitter, no retry after an auth refusal); fleet-api does not import front-end code, so it is restated
const BACKOFF = { baseMs: 1000, maxMs: 30_000 };
const AUTH_REFUSED = [4401, 4403, 1008];
const reconnectDelay = (attempt: number) => Math.round(Math.random() * Math.min(BACKOFF.maxMs, BACKOFF.baseMs * 2 ** attempt));

/** 1 ms buckets up to 60 s (the last holds everything slower). */
class Histogram {
  private readonly buckets = new Uint32Array(60_001);
  count = 0;
  add(ms: number): void {
    const i = Math.min(this.buckets.length - 1, Math.max(0, Math.round(ms)));
    this.buckets[i] = (this.buckets[i] ?? 0) + 1;
    this.count += 1;
  }
  percentile(q: number): number {
    const want = Math.max(1, Math.ceil(q * this.count));
    let seen = 0;
    for (let ms = 0; ms < this.buckets.length; ms += 1) {
      seen += this.buckets[ms] ?? 0;
      if (seen >= want) return ms;
    }
    return 0;
  }
}

interface Call {
  kind: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  token: string;
  body?: object;
  /** What the write was, to be looked for in the database afterwards. */
  write?: (answer: unknown) => WriteRecord;
  /** A faults list whose open faults feed the resolves. */
  collectFaults?: boolean;
}

const tokens: Record<string, string> = {};
const calls: Record<string, { latency: Histogram; errors: number }> = {};
const failures: FailedCall[] = [];
let failuresLeftOut = 0;
const acknowledged: WriteRecord[] = [];
const unacknowledged: WriteRecord[] = [];
let retriedByBalancer = 0;
let inFlight = 0;
let skippedBacklog = 0;
let killedAt: number | null = null;
let killedUpstream = '';
const perMinute: Array<{ minute: number; calls: number; errors: number }> = [];
const loopDelay = monitorEventLoopDelay({ resolution: 20 });
loopDelay.enable();

function figuresOf(kind: string) {
  calls[kind] ??= { latency: new Histogram(), errors: 0 };
  return calls[kind];
}

function minuteOf(at: number) {
  const minute = Math.floor((at - startedAt) / 60_000);
  while (perMinute.length <= minute) perMinute.push({ minute: perMinute.length, calls: 0, errors: 0 });
  return perMinute[minute] ?? { minute, calls: 0, errors: 0 };
}

async function send(call: Call): Promise<unknown> {
  inFlight += 1;
  const at = Date.now();
  const t0 = performance.now();
  let status = 0;
  let upstream = '';
  let error = '';
  let answer: unknown = null;
  try {
    const res = await fetch(`${plan.balancerUrl}${call.path}`, {
      method: call.method,
      headers: { authorization: `Bearer ${call.token}`, ...(call.body ? { 'content-type': 'application/json' } : {}) },
      ...(call.body ? { body: JSON.stringify(call.body) } : {}),
      signal: AbortSignal.timeout(60_000),
    });
    status = res.status;
    upstream = res.headers.get('x-upstream') ?? '';
    const text = await res.text();
    try {
      answer = JSON.parse(text) as unknown;
    } catch {
      error = text.slice(0, 120);
    }
  } catch (err) {
    // fetch's own message is "fetch failed"; the reason (ECONNREFUSED, other side closed...) is its cause
    const cause = err instanceof Error && err.cause instanceof Error ? ` (${(err.cause as Error & { code?: string }).code ?? err.cause.message})` : '';
    error = err instanceof Error ? `${err.name}: ${err.message}${cause}` : String(err);
  } finally {
    inFlight -= 1;
  }
  const ms = performance.now() - t0;
  const figures = figuresOf(call.kind);
  figures.latency.add(ms);
  const minute = minuteOf(at);
  minute.calls += 1;
  if (upstream.includes(',')) retriedByBalancer += 1;
  const ok = status >= 200 && status < 300;
  if (call.write) {
    const record = call.write(ok ? answer : null);
    (ok ? acknowledged : unacknowledged).push(ok ? record : { ...record, status });
  }
  if (!ok) {
    figures.errors += 1;
    minute.errors += 1;
    const message = error || ((answer as { message?: string } | null)?.message ?? '');
    if (failures.length < 5000) failures.push({ kind: call.kind, method: call.method, path: call.path.split('?')[0] ?? call.path, at: since(at), ms: Math.round(ms), status, upstream, message });
    else failuresLeftOut += 1;
    return null;
  }
  return answer;
}

// --- sign-in through nginx, the code read from an instance's outbox (one database for all)
async function newestMail(email: string): Promise<string> {
  const res = await fetch(`${plan.outboxUrl}/api/dev/outbox?to=${encodeURIComponent(email)}`);
  const mails = ((await res.json()) as { info?: { data?: Array<{ text: string; created_at: string }> } }).info?.data ?? [];
  return mails[0] ? `${mails[0].created_at}|${mails[0].text}` : '';
}

async function signIn(email: string): Promise<string> {
  const before = await newestMail(email);
  const post = (path: string, body: object) =>
    fetch(`${plan.balancerUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const login = await post('/api/authenticate/login', { email, password: DEMO_PASSWORD });
  if (login.status !== 200) throw new Error(`login ${email}: ${login.status} ${await login.text()}`);
  for (let i = 0; i < 100; i += 1) {
    const newest = await newestMail(email);
    const otp = newest !== before ? /\b(\d{6})\b/.exec(newest.split('|').slice(1).join('|'))?.[1] : undefined;
    if (otp) {
      const res = await post('/api/authenticate/login-otp', { email, otp });
      if (res.status !== 200) throw new Error(`login-otp ${email}: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { token: string }).token;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no sign-in code reached ${email}`);
}

// --- the consoles' sockets
const sockets: SocketFigures[] = [];
const eventLatency = new Histogram();
let stopping = false;
const consoleCount = plan.consoles.reduce((n, c) => n + c.count, 0);
let everyOpen = false;

function openConsole(role: string, token: string): void {
  const entry: SocketFigures = { role, open: false, upstream: '', opens: [], closes: [], messages: 0, refused: false };
  sockets.push(entry);
  let attempt = 0;
  const connect = () => {
    if (stopping) return;
    const url = `${plan.balancerUrl.replace(/^http/, 'ws')}/ws`;
    const ws = new WebSocket(url, liveProtocols(token), { origin: plan.origin });
    ws.on('upgrade', (res) => (entry.upstream = String(res.headers['x-upstream'] ?? '').split(', ').pop() ?? ''));
    ws.on('open', () => {
      attempt = 0;
      const reconnected = entry.opens.length > 0;
      entry.open = true;
      entry.opens.push({ at: since(), upstream: entry.upstream });
      if (reconnected) void reread(role);
      if (!everyOpen && sockets.length === consoleCount && sockets.every((s) => s.open)) {
        everyOpen = true;
        send0({ type: 'live', at: Date.now() });
      }
    });
    ws.on('message', (data) => {
      const frame = JSON.parse(String(data)) as { batch?: unknown[]; at?: number };
      if (!Array.isArray(frame.batch)) return;
      entry.messages += frame.batch.length;
      const latency = Date.now() - (frame.at ?? Date.now());
      for (let i = 0; i < frame.batch.length; i += 1) eventLatency.add(latency);
    });
    ws.on('close', (code) => {
      const wasOpen = entry.open;
      entry.open = false;
      if (stopping) return;
      if (wasOpen) entry.closes.push({ at: since(), code, upstream: entry.upstream });
      if (AUTH_REFUSED.includes(code)) {
        entry.refused = true;
        return;
      }
      setTimeout(connect, reconnectDelay(attempt));
      attempt += 1;
    });
    // an error is always followed by a close, which decides what happens next
    ws.on('error', () => undefined);
  };
  connect();
}

/** The console's screens read their data again after a reconnect: one list read of the role's. */
async function reread(role: string): Promise<void> {
  const read = READS.find((r) => r.role === role);
  if (read) await send({ ...read.call(), kind: `reread after reconnect (${role})` });
}

// --- the calls
let openFaults: number[] = [];
const usedFaults = new Set<number>();
let sequence = 0;

interface Read {
  role: string;
  weight: number;
  call: () => Call;
}
const get = (kind: string, role: string, path: string): Call => ({ kind, method: 'GET', path, token: tokens[role] ?? '' });
const READS: Read[] = [
  { role: 'Admin', weight: 8, call: () => get('heat-pump list (Admin)', 'Admin', `/api/heat-pump/list?page=${1 + (sequence % 5)}&limit=25`) },
  { role: 'Admin', weight: 8, call: () => ({ ...get('faults list (Admin)', 'Admin', '/api/heat-pump/faults?page=1&limit=50'), collectFaults: true }) },
  { role: 'Admin', weight: 5, call: () => get('OTA groups (Admin)', 'Admin', '/api/ota/group/all?deviceType=heat_pump') },
  { role: 'Admin', weight: 5, call: () => get('OTA history (Admin)', 'Admin', '/api/ota/history?deviceType=heat_pump') },
  { role: 'Admin', weight: 4, call: () => get('NMS dashboard counts (Admin)', 'Admin', '/api/nms/dashboard/counts') },
  { role: 'Admin', weight: 2, call: () => get('dashboard users and versions (Admin)', 'Admin', '/api/dashboard/getusercountandversion?deviceType=heat_pump') },
  { role: 'Agency', weight: 5, call: () => get('device list (Agency)', 'Agency', `/api/agency/devices/all?deviceType=livelink&page=${1 + (sequence % 3)}&limit=25`) },
  { role: 'Agency', weight: 3, call: () => get('NMS device list (Agency)', 'Agency', '/api/agency/nms/dashboard/ws/devices/all?page=1&limit=25') },
  { role: 'mscc', weight: 3, call: () => get('NMS dashboard counts (mscc)', 'mscc', '/api/mscc/nms/dashboard/counts') },
  { role: 'sm', weight: 3, call: () => get('NMS dashboard counts (sm)', 'sm', '/api/sm/nms/dashboard/counts') },
];
const readWeights = READS.reduce((n, r) => n + r.weight, 0);

function nextRead(): Call {
  sequence += 1;
  let pick = Math.random() * readWeights;
  for (const read of READS) {
    pick -= read.weight;
    if (pick <= 0) return read.call();
  }
  return (READS[0] as Read).call();
}

let groupDevicesAt = 0;
/**
 * Three heat pumps no group of the last hundred or so has: a group add moves its devices out of their
 * groups, so groups sharing devices would wait on each other's rows (a contention of the bench's own
 * making, not the console's).
 */
function nextGroupDevices(): number[] {
  const ids = plan.heatPumpIds;
  const chosen = [0, 1, 2].map((i) => ids[(groupDevicesAt + i) % ids.length] ?? 0);
  groupDevicesAt = (groupDevicesAt + 3) % ids.length;
  return chosen;
}

/** Groups this run made, oldest first: the deletes take them out again, so the groups list stays the same size. */
const groupsMade: Array<{ id: number; name: string }> = [];

const WRITES: Array<() => Call | null> = [
  () => {
    const name = `Soak ${plan.label} ${startedAt} ${(sequence += 1)}`;
    return {
      kind: 'OTA group add (Admin, POST)',
      method: 'POST',
      path: '/api/ota/group/add',
      token: tokens.Admin ?? '',
      body: { deviceType: 'heat_pump', group_name: name, device_ids: nextGroupDevices() },
      write: (answer) => {
        const id = (answer as { info?: { id?: number } } | null)?.info?.id ?? null;
        if (id !== null) groupsMade.push({ id, name });
        return { kind: 'group', key: name, id };
      },
    };
  },
  () => {
    if (groupsMade.length <= 20) return null;
    const group = groupsMade.shift() as { id: number; name: string };
    return {
      kind: 'OTA group delete (Admin, DELETE)',
      method: 'DELETE',
      path: '/api/ota/group/delete',
      token: tokens.Admin ?? '',
      body: { deviceType: 'heat_pump', group_id: group.id },
      write: () => ({ kind: 'groupDelete', key: group.name, id: group.id }),
    };
  },
  () => {
    const name = `SOAK-${plan.label}-${startedAt}-${(sequence += 1)}`;
    return {
      kind: 'heat-pump model add (Admin, POST)',
      method: 'POST',
      path: '/api/heat-pump/model/save',
      token: tokens.Admin ?? '',
      body: { model_name: name, capacity_litres: 300, description: 'soak bench' },
      write: () => ({ kind: 'model', key: name, id: null }),
    };
  },
  () => {
    const id = openFaults.shift();
    if (id === undefined) return null;
    usedFaults.add(id);
    return {
      kind: 'fault resolve (Admin, PUT)',
      method: 'PUT',
      path: `/api/heat-pump/faults/${id}/resolve`,
      token: tokens.Admin ?? '',
      body: { agent: 'Soak bench', job_comments: null },
      write: () => ({ kind: 'fault', key: String(id), id }),
    };
  },
];
let writeTurn = 0;
/** Turns that found nothing to do (no open fault to resolve, no group old enough to delete) and wrote the next kind. */
let nothingToWrite = 0;

async function read(): Promise<void> {
  const call = nextRead();
  const answer = await send(call);
  if (call.collectFaults && answer) {
    // the newest list replaces the pool: an older row's fault may have been resolved with a newer one
    const rows = (answer as { info?: { data?: Array<{ id: number; fault_status: number }> } }).info?.data ?? [];
    openFaults = rows.filter((r) => r.fault_status === 0 && !usedFaults.has(r.id)).map((r) => r.id);
  }
}

function write(): void {
  for (let i = 0; i < WRITES.length; i += 1) {
    const make = WRITES[writeTurn % WRITES.length] as () => Call | null;
    writeTurn += 1;
    const call = make();
    if (call) {
      void send(call);
      return;
    }
    nothingToWrite += 1;
  }
}

/** Open loop: every 50 ms, the calls the rates owe; a backlog past 400 calls in flight is counted, not sent. */
function startLoad(): () => void {
  let owedReads = 0;
  let owedWrites = 0;
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    owedReads += (plan.readsPerSecond * (now - last)) / 1000;
    owedWrites += (plan.writesPerSecond * (now - last)) / 1000;
    last = now;
    for (; owedReads >= 1; owedReads -= 1) {
      if (inFlight >= 400) skippedBacklog += 1;
      else void read();
    }
    for (; owedWrites >= 1; owedWrites -= 1) {
      if (inFlight >= 400) skippedBacklog += 1;
      else write();
    }
  }, 50);
  return () => clearInterval(timer);
}

function send0(message: DriverMessage): void {
  process.send?.(message);
}

function report(): SoakReport {
  const byKind: Record<string, CallFigures> = {};
  for (const [kind, f] of Object.entries(calls)) {
    byKind[kind] = { calls: f.latency.count, errors: f.errors, p50: f.latency.percentile(0.5), p95: f.latency.percentile(0.95), p99: f.latency.percentile(0.99), max: f.latency.percentile(1) };
  }
  return {
    type: 'report',
    seconds: since(),
    calls: byKind,
    failures,
    failuresLeftOut,
    retriedByBalancer,
    skippedBacklog,
    nothingToWrite,
    acknowledged,
    unacknowledged,
    perMinute,
    killedAt: killedAt === null ? null : since(killedAt),
    killedUpstream,
    sockets,
    events: { messages: eventLatency.count, p50: eventLatency.percentile(0.5), p95: eventLatency.percentile(0.95), p99: eventLatency.percentile(0.99), max: eventLatency.percentile(1) },
    driverLoopDelayMs: { p50: Math.round(loopDelay.percentile(50) / 1e6), p99: Math.round(loopDelay.percentile(99) / 1e6), max: Math.round(loopDelay.max / 1e6) },
  };
}

async function main(): Promise<void> {
  for (const c of plan.consoles) tokens[c.role] = await signIn(c.email);
  for (const c of plan.consoles) for (let i = 0; i < c.count; i += 1) openConsole(c.role, tokens[c.role] ?? '');
  let stopLoad: (() => void) | null = null;
  process.on('message', (message: DriverMessage) => {
    if (message.type === 'start') stopLoad = startLoad();
    else if (message.type === 'killed') {
      killedAt = message.at;
      killedUpstream = message.upstream;
    } else if (message.type === 'stop') {
      stopLoad?.();
      void (async () => {
        // let the calls in flight finish (their answers count), then close the consoles
        for (let i = 0; i < 600 && inFlight > 0; i += 1) await new Promise((r) => setTimeout(r, 100));
        stopping = true;
        send0(report());
        setTimeout(() => process.exit(0), 200);
      })();
    }
  });
  send0({ type: 'ready', at: Date.now() });
}

main().catch((err: unknown) => {
  send0({ type: 'failed', message: err instanceof Error ? err.message : String(err) });
  setTimeout(() => process.exit(1), 200);
});
