/**
 * One seeded fleet-api per test file: a fresh database from openTestDb() (PGlite in memory, or a
 * fresh PostgreSQL database with TEST_DATABASE_URL), the demo seed (password hashed once), and the
 * app on a clock the test can move. Plus sign-in helpers that read codes from the dev outbox.
 */
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp } from '../../src/app';
import { movableClock, testConfig, type Config, type TestClock } from '../../src/config';
import type { Db } from '../../src/db';
import type { Caller } from '../../src/policy/roles';

import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../src/seed';
import { openTestDb, type TestDb } from './db';
export { DEMO_ACCOUNTS, DEMO_PASSWORD };

export interface TestApp {
  app: FastifyInstance;
  db: TestDb;
  clock: TestClock;
  config: Config;
  close(): Promise<void>;
}

export async function startTestApp(overrides: Partial<Config> = {}, opts: { devices?: number } = {}): Promise<TestApp> {
  const db = await openTestDb({ seedDevices: opts.devices ?? 60 });
  const clock = movableClock();
  const config = testConfig({ now: clock.now, ...overrides });
  const app = await buildApp({ db, config });
  return {
    app,
    db,
    clock,
    config,
    async close() {
      await app.close();
      await db.close();
    },
  };
}

/**
 * The test file's app, started before its tests and closed after them: `const t = appForFile()` in
 * place of a `let t` with its own beforeAll and afterAll. Its fields are there once beforeAll has run.
 */
export function appForFile(overrides: Partial<Config> = {}, opts: { devices?: number } = {}): TestApp {
  return forFile(() => startTestApp(overrides, opts));
}

/**
 * What `start` answers (an app, a database), started by the file's beforeAll and closed by its
 * afterAll; read through the returned stand-in, whose fields are there once beforeAll has run.
 */
export function forFile<T extends { close(): Promise<void> }>(start: () => Promise<T>): T {
  let started: T | null = null;
  beforeAll(async () => {
    started = await start();
  }, SETUP_TIMEOUT);
  afterAll(async () => {
    await started?.close();
  });
  return new Proxy({} as T, {
    get(_target, key) {
      if (!started) throw new Error('the test app is started by beforeAll: read it inside a test or hook');
      const value: unknown = Reflect.get(started, key);
      return typeof value === 'function' ? value.bind(started) : value;
    },
  });
}

export const bearer = (token: string): Record<string, string> => ({ authorization: `Bearer ${token}` });

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  created_at: string;
}

export async function mailsTo(app: FastifyInstance, email: string): Promise<OutboxMail[]> {
  const res = await app.inject({ url: `/api/dev/outbox?to=${encodeURIComponent(email)}` });
  if (res.statusCode !== 200) throw new Error(`outbox answered ${res.statusCode}: ${res.body}`);
  return (res.json() as { info: { data: OutboxMail[] } }).info.data;
}

/** The code of the newest mail to `email`. */
export async function latestOtp(app: FastifyInstance, email: string): Promise<string> {
  const newest = (await mailsTo(app, email))[0];
  const code = newest && /\b(\d{6})\b/.exec(newest.text)?.[1];
  if (!code) throw new Error(`no OTP mail for ${email}`);
  return code;
}

/** A link of the newest mail to `email` (the first URL in it). */
export async function latestLink(app: FastifyInstance, email: string): Promise<URL> {
  const newest = (await mailsTo(app, email))[0];
  const href = newest && /(https?:\/\/\S+)/.exec(newest.text)?.[1];
  if (!href) throw new Error(`no link mailed to ${email}`);
  return new URL(href);
}

export async function post(app: FastifyInstance, url: string, payload: unknown, extra: Partial<InjectOptions> = {}) {
  return app.inject({ method: 'POST', url, payload: payload as InjectOptions['payload'], ...extra });
}

/** POSTs `{ email }` of a known and of an unknown address to `url`, expecting the same answer (status and body): the known one's. */
export async function answersAlike(app: FastifyInstance, url: string, knownEmail: string, unknownEmail: string) {
  const known = await post(app, url, { email: knownEmail });
  const unknown = await post(app, url, { email: unknownEmail });
  expect(unknown.statusCode).toBe(known.statusCode);
  expect(unknown.json()).toEqual(known.json());
  return known;
}

export interface SignedIn {
  token: string;
  refresh_token: string;
  info: { user_type: string; userInfo: Record<string, unknown> };
}

/** Password, then the mailed code: the whole sign-in. */
export async function signIn(
  app: FastifyInstance,
  email: string,
  password = DEMO_PASSWORD,
  remoteAddress = '127.0.0.1',
): Promise<SignedIn> {
  const login = await post(app, '/api/authenticate/login', { email, password }, { remoteAddress });
  if (login.statusCode !== 200) throw new Error(`login ${email}: ${login.statusCode} ${login.body}`);
  const otp = await latestOtp(app, email);
  const res = await post(app, '/api/authenticate/login-otp', { email, otp }, { remoteAddress });
  if (res.statusCode !== 200) throw new Error(`login-otp ${email}: ${res.statusCode} ${res.body}`);
  return res.json() as SignedIn;
}

/** One signed-in token per demo role. */
export async function tokensByRole(app: FastifyInstance): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const account of DEMO_ACCOUNTS) out[account.userType] = (await signIn(app, account.email)).token;
  return out;
}

/** Bearer headers of the demo accounts of these user types, each signed in through the real OTP flow. */
export async function bearersOf(app: FastifyInstance, userTypes: readonly string[]): Promise<Record<string, Record<string, string>>> {
  const out: Record<string, Record<string, string>> = {};
  for (const userType of userTypes) {
    const account = DEMO_ACCOUNTS.find((a) => a.userType === userType);
    if (!account) throw new Error(`no demo account of type ${userType}`);
    out[userType] = bearer((await signIn(app, account.email)).token);
  }
  return out;
}

/** Budget of a file's beforeAll: a database, the seed and a few sign-ins on a busy 2-core machine. */
export const SETUP_TIMEOUT = 120_000;

/** Bearer headers of these demo user types, signed in before the file's tests (after `appForFile`'s start). */
export function bearersFor(t: TestApp, userTypes: readonly string[]): Record<string, Record<string, string>> {
  const headers: Record<string, Record<string, string>> = {};
  beforeAll(async () => {
    Object.assign(headers, await bearersOf(t.app, userTypes));
  }, SETUP_TIMEOUT);
  return headers;
}

/** One token per demo role, signed in before the file's tests (after `appForFile`'s start). */
export function tokensFor(t: TestApp): Record<string, string> {
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    Object.assign(tokens, await tokensByRole(t.app));
  }, SETUP_TIMEOUT);
  return tokens;
}

/** An answer's status and its envelope's message and info. */
export interface Answer<T> {
  status: number;
  message: string;
  info: T;
}

/** A call with these headers (a bearer, or none), read as {status, message, info}. */
export async function answer<T>(
  app: FastifyInstance,
  headers: Record<string, string> | undefined,
  url: string,
  method: InjectOptions['method'] = 'GET',
  payload?: object,
): Promise<Answer<T>> {
  const res = await app.inject({ url, method, headers: headers ?? {}, ...(payload ? { payload } : {}) });
  const body = res.json() as { message: string; info: T };
  return { status: res.statusCode, message: body.message, info: body.info };
}

/** The `n` of a query's one row (a count), 0 when there is no row. */
export async function countOf(db: Db, sql: string, params: unknown[] = []): Promise<number> {
  return (await db.query<{ n: number }>(sql, params)).rows[0]?.n ?? 0;
}

/** The policy layer's caller of the user with this email, read from the database as the sign-in hook would. */
export async function callerByEmail(db: Db, email: string): Promise<Caller> {
  const { rows } = await db.query<{ id: number; user_type: Caller['userType']; agency_id: number | null; electrician_id: number | null; company_id: number | null; site_manager_id: number | null; customer_id: number | null }>(
    'SELECT id::int, user_type, agency_id::int, electrician_id::int, company_id::int, site_manager_id::int, customer_id::int FROM users WHERE email = $1',
    [email],
  );
  const u = rows[0];
  if (!u) throw new Error(`no user ${email}`);
  return {
    userId: u.id,
    userType: u.user_type,
    email,
    sessionId: 'test',
    agencyId: u.agency_id,
    electricianId: u.electrician_id,
    companyId: u.company_id,
    siteManagerId: u.site_manager_id,
    customerId: u.customer_id,
  };
}
