/**
 * The consoles of the live bench (live.bench.ts), in a process of their own so that fleet-api's RSS
 * is measured without them: opens the sockets it is told to, and for every frame records how long
 * its oldest event took to arrive (`Date.now() - frame.at`, one clock: the same machine) for each
 * message in it, and how many device messages each socket heard. Reports when the parent asks.
 *
 *   tsx bench/live-consoles.ts '{"url":"ws://127.0.0.1:1234/ws","origin":"http://localhost:8080","sockets":[{"slice":"Admin","token":"..."}]}'
 */
import WebSocket from 'ws';
import { liveProtocols } from '@fleet/contract';

interface Plan {
  url: string;
  origin: string;
  sockets: Array<{ slice: string; token: string }>;
}

const plan = JSON.parse(process.argv[2] ?? '{}') as Plan;
/** Latency histogram in 1 ms buckets (the last bucket holds everything slower). */
const buckets = new Uint32Array(10_001);
const received: Array<{ slice: string; devices: number; dashboards: number; closed: number | null }> = [];
let opened = 0;

for (const { slice, token } of plan.sockets) {
  const entry = { slice, devices: 0, dashboards: 0, closed: null as number | null };
  received.push(entry);
  const socket = new WebSocket(plan.url, liveProtocols(token), { origin: plan.origin });
  socket.on('open', () => {
    opened += 1;
    if (opened === plan.sockets.length) process.send?.({ type: 'ready' });
  });
  socket.on('message', (data) => {
    const now = Date.now();
    const frame = JSON.parse(String(data)) as { batch: unknown[]; at: number };
    const latency = Math.min(buckets.length - 1, Math.max(0, Math.round(now - frame.at)));
    for (const message of frame.batch) {
      const isDashboard = typeof message === 'object' && message !== null && !Array.isArray(message) && 'dashboard' in message;
      if (isDashboard) entry.dashboards += 1;
      else entry.devices += 1;
      buckets[latency] = (buckets[latency] ?? 0) + 1;
    }
  });
  socket.on('close', (code) => {
    entry.closed = code;
  });
}

function percentile(q: number): number {
  let total = 0;
  for (const n of buckets) total += n;
  const want = Math.ceil(q * total);
  let seen = 0;
  for (let ms = 0; ms < buckets.length; ms += 1) {
    seen += buckets[ms] ?? 0;
    if (seen >= want) return ms;
  }
  return buckets.length - 1;
}

process.on('message', (message: { type: string }) => {
  if (message.type !== 'report') return;
  let messages = 0;
  for (const n of buckets) messages += n;
  process.send?.({
    type: 'report',
    latencyMs: { p50: percentile(0.5), p95: percentile(0.95), p99: percentile(0.99), max: percentile(1) },
    messages,
    received,
  });
  setTimeout(() => process.exit(0), 100);
});
