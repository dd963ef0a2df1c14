/**
 * Sign-in cost: p50/p95 of a whole sign-in (POST login, read the code from the dev outbox, POST
 * login-otp) through app.inject, over BENCH_SIGNIN_RUNS sign-ins (default 100) rotating the seven
 * demo accounts, on PGlite on disk and on PostgreSQL (ctx.pgUrl). Beside it, measured in the same
 * run: one argon2id verify alone (the floor a password check cannot beat) and GET /api/health (the
 * floor of any call through the app).
 * Issue 24: the same sign-in with the authenticator on (login, login-otp with a computed code; the
 * server's clock moves one 30 s step per sign-in, as codes are single use), and a signed-in read
 * (GET /api/profile: the per-call token and session check plus one row) and the session list, each
 * beside GET /api/health.
 */
import type { FastifyInstance } from 'fastify';
import { TOTP, URI } from 'otpauth';
import { buildApp } from '../src/app';
import { movableClock, testConfig } from '../src/config';
import { migrate, type Db } from '../src/db';
import { onPgliteOnDisk, onThrowawayPostgres } from './databases';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, demoPasswordHash, seedDemoFleet } from '../src/seed';
import { verifyPassword } from '../src/security/password';
import type { BenchContext } from './types';
import { measure as measureRuns, stats } from './measure';

export const name = 'signin';

const RUNS = Number(process.env.BENCH_SIGNIN_RUNS ?? 100);
const WARMUP = 5;

const measure = (fn: (i: number) => Promise<unknown>) => measureRuns(fn, { runs: RUNS, warmup: WARMUP });

/** Login, code from the outbox, login-otp; answers the three step times in ms. */
async function signIn(app: FastifyInstance, email: string): Promise<[number, number, number]> {
  const t0 = performance.now();
  const login = await app.inject({ method: 'POST', url: '/api/authenticate/login', payload: { email, password: DEMO_PASSWORD } });
  if (login.statusCode !== 200) throw new Error(`login ${email}: ${login.statusCode} ${login.body}`);
  const t1 = performance.now();
  const mails = await app.inject({ url: `/api/dev/outbox?to=${encodeURIComponent(email)}` });
  const text = (mails.json() as { info: { data: Array<{ text: string }> } }).info.data[0]?.text ?? '';
  const otp = /\b(\d{6})\b/.exec(text)?.[1];
  if (!otp) throw new Error(`no code mailed to ${email}`);
  const t2 = performance.now();
  const res = await app.inject({ method: 'POST', url: '/api/authenticate/login-otp', payload: { email, otp } });
  if (res.statusCode !== 200) throw new Error(`login-otp ${email}: ${res.statusCode} ${res.body}`);
  const t3 = performance.now();
  return [t1 - t0, t2 - t1, t3 - t2];
}

/** Signs in by mailed code and turns the authenticator on: the app that computes its codes. */
async function turnOnAuthenticator(app: FastifyInstance, email: string, now: () => Date): Promise<{ authenticator: TOTP }> {
  const token = await signInToken(app, email);
  const setup = await app.inject({ method: 'POST', url: '/api/profile/mfa/totp/setup', headers: { authorization: `Bearer ${token}` } });
  const parsed = URI.parse((setup.json() as { info: { otpauth_url: string } }).info.otpauth_url);
  if (!(parsed instanceof TOTP)) throw new Error('not a TOTP address');
  const enabled = await app.inject({ method: 'POST', url: '/api/profile/mfa/totp/enable', headers: { authorization: `Bearer ${token}` }, payload: { code: parsed.generate({ timestamp: now().getTime() }) } });
  if (enabled.statusCode !== 200) throw new Error(`enable: ${enabled.statusCode} ${enabled.body}`);
  return { authenticator: parsed };
}

/** A whole sign-in by mailed code: its access token. */
async function signInToken(app: FastifyInstance, email: string): Promise<string> {
  await app.inject({ method: 'POST', url: '/api/authenticate/login', payload: { email, password: DEMO_PASSWORD } });
  const mails = await app.inject({ url: `/api/dev/outbox?to=${encodeURIComponent(email)}` });
  const otp = /\b(\d{6})\b/.exec((mails.json() as { info: { data: Array<{ text: string }> } }).info.data[0]?.text ?? '')?.[1] ?? '';
  const res = await app.inject({ method: 'POST', url: '/api/authenticate/login-otp', payload: { email, otp } });
  return (res.json() as { token: string }).token;
}

async function benchOn(db: Db): Promise<Record<string, unknown>> {
  await migrate(db);
  await seedDemoFleet(db, { devices: 100, passwordHash: await demoPasswordHash() });
  const clock = movableClock();
  const app = await buildApp({ db, config: { ...testConfig({ now: clock.now }), logLevel: 'silent' } });
  try {
    const steps: Array<[number, number, number]> = [];
    const whole = await measure(async (i) => {
      const account = DEMO_ACCOUNTS[(i + WARMUP) % DEMO_ACCOUNTS.length];
      if (!account) throw new Error('no demo accounts');
      steps.push(await signIn(app, account.email));
    });
    const measured = steps.slice(WARMUP);
    const health = await measure(() => app.inject({ url: '/api/health' }));

    // the authenticator: an account of its own, a new time step before each sign-in (codes are single use)
    const totpEmail = DEMO_ACCOUNTS.find((a) => a.userType === 'User')?.email ?? '';
    const { authenticator } = await turnOnAuthenticator(app, totpEmail, clock.now);
    const withAuthenticator = await measure(async () => {
      clock.advance(30);
      const login = await app.inject({ method: 'POST', url: '/api/authenticate/login', payload: { email: totpEmail, password: DEMO_PASSWORD } });
      if (login.statusCode !== 200) throw new Error(`login ${totpEmail}: ${login.statusCode}`);
      const otp = authenticator.generate({ timestamp: clock.now().getTime() });
      const res = await app.inject({ method: 'POST', url: '/api/authenticate/login-otp', payload: { email: totpEmail, otp } });
      if (res.statusCode !== 200) throw new Error(`login-otp ${totpEmail}: ${res.statusCode} ${res.body}`);
    });
    // the per-call check (token, user and session row) as every signed-in call pays it, and the session
    // list (Admin's, with the sessions of the sign-ins above)
    const adminToken = await signInToken(app, 'admin@demo.test');
    const signedInRead = await measure(async () => {
      const res = await app.inject({ url: '/api/profile', headers: { authorization: `Bearer ${adminToken}` } });
      if (res.statusCode !== 200) throw new Error(`profile: ${res.statusCode}`);
    });
    const sessionList = await measure(async () => {
      const res = await app.inject({ url: '/api/profile/sessions', headers: { authorization: `Bearer ${adminToken}` } });
      if (res.statusCode !== 200) throw new Error(`sessions: ${res.statusCode}`);
    });
    return {
      signIn: whole,
      loginStep: stats(measured.map((s) => s[0])),
      outboxRead: stats(measured.map((s) => s[1])),
      otpStep: stats(measured.map((s) => s[2])),
      baselineHealth: health,
      signInWithAuthenticator: withAuthenticator,
      signedInRead,
      sessionList,
    };
  } finally {
    await app.close();
  }
}

export async function run(ctx: BenchContext): Promise<Record<string, unknown>> {
  const hash = await demoPasswordHash();
  const argon2Verify = await measure(() => verifyPassword(hash, DEMO_PASSWORD));
  console.log(`argon2id verify alone: p50 ${argon2Verify.p50} ms, p95 ${argon2Verify.p95} ms`);

  const pglite = await onPgliteOnDisk('signin', (db) => benchOn(db));
  console.log(`PGlite: ${JSON.stringify(pglite)}`);
  const postgres = ctx.pgUrl ? await onThrowawayPostgres(ctx.pgUrl, 'signin', (db) => benchOn(db)) : null;
  if (postgres) console.log(`PostgreSQL: ${JSON.stringify(postgres)}`);

  return {
    what: 'p50/p95 ms of a whole sign-in (login + code from the outbox + login-otp) through app.inject, per database; with the authenticator on (login + login-otp with its code); a signed-in read (GET /api/profile) and the session list (GET /api/profile/sessions)',
    runs: RUNS,
    baselines: { argon2idVerify: argon2Verify, note: 'baselineHealth per database is GET /api/health through the same app' },
    pglite,
    postgres,
  };
}
