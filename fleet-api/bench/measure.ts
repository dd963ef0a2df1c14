/** What every fleet-api bench measures with: p50/p95 of repeated calls, and a demo account's token. */
import type { FastifyInstance } from 'fastify';
import { DEMO_PASSWORD } from '../src/seed';

export interface Stats {
  p50: number;
  p95: number;
  runs: number;
}

/** p50/p95 (ms, one decimal) of the samples. */
export function stats(samples: number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  const r = (n: number) => Math.round(n * 10) / 10;
  return { p50: r(at(0.5)), p95: r(at(0.95)), runs: sorted.length };
}

export interface MeasureOptions {
  runs: number;
  warmup: number;
  /** Runs untimed before each call (e.g. a write that makes the next count miss the cache). */
  before?: () => Promise<unknown>;
}

/** p50/p95 of `fn` over `runs` calls after `warmup` untimed ones; `fn` gets the run's index (warm-ups are negative). */
export async function measure(fn: (i: number) => Promise<unknown>, { runs, warmup, before }: MeasureOptions): Promise<Stats> {
  for (let i = 0; i < warmup; i += 1) {
    await before?.();
    await fn(-1 - i);
  }
  const samples: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    await before?.();
    const t0 = performance.now();
    await fn(i);
    samples.push(performance.now() - t0);
  }
  return stats(samples);
}

/** A demo account's access token through the real sign-in (password, then the code from the dev outbox). */
export async function signedInToken(app: FastifyInstance, email: string): Promise<string> {
  const login = await app.inject({ method: 'POST', url: '/api/authenticate/login', payload: { email, password: DEMO_PASSWORD } });
  if (login.statusCode !== 200) throw new Error(`login ${email}: ${login.statusCode} ${login.body}`);
  const mails = await app.inject({ url: `/api/dev/outbox?to=${encodeURIComponent(email)}` });
  const text = (mails.json() as { info: { data: Array<{ text: string }> } }).info.data[0]?.text ?? '';
  const otp = /\b(\d{6})\b/.exec(text)?.[1];
  const res = await app.inject({ method: 'POST', url: '/api/authenticate/login-otp', payload: { email, otp } });
  if (res.statusCode !== 200) throw new Error(`login-otp ${email}: ${res.statusCode} ${res.body}`);
  return (res.json() as { token: string }).token;
}
