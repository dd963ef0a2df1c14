/**
 * What every fleet-api bench measures with: p50/p95 of repeated calls, a call that must answer 200, a
 * demo account's token, and the statements a call sends (to run them bare as its baseline).
 */
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Db } from '../src/db';
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

/** A call through `app.inject` that must answer 200 (anything else stops the bench with its answer); its parsed body. */
export async function answerOf<T = { info: unknown }>(
  app: FastifyInstance,
  url: string,
  headers: Record<string, string>,
  { method = 'GET', payload }: { method?: InjectOptions['method']; payload?: object } = {},
): Promise<T> {
  const res = await app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
  if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
  return res.json() as T;
}

export interface Statement {
  sql: string;
  params: unknown[];
}

/**
 * `db` as the app sees it, noting each statement sent through `query` while `recorded(fn)` runs: the
 * bare baseline then sends the same statements to the database itself.
 */
export function statementRecorder(db: Db): { db: Db; recorded<T>(fn: () => Promise<T>): Promise<{ result: T; statements: Statement[] }> } {
  let recording: Statement[] | null = null;
  const watched: Db = {
    kind: db.kind,
    query: (sql, params) => {
      recording?.push({ sql, params: params ?? [] });
      return db.query(sql, params);
    },
    transaction: (fn) => db.transaction(fn),
    copyOut: (sql) => db.copyOut(sql),
    close: () => db.close(),
    ...(db.listen ? { listen: db.listen.bind(db) } : {}),
  };
  return {
    db: watched,
    async recorded(fn) {
      const statements: Statement[] = [];
      recording = statements;
      try {
        return { result: await fn(), statements };
      } finally {
        recording = null;
      }
    },
  };
}
