// A failed sign-in costs the same whether or not the account exists (issue 20, item 7; SECURITY.md
// 11): the same argon2 verification (same parameters), the same statements in the same order and the
// same delay schedule after repeated failures, at the password step and at the code step. Checked by
// recording what each request does, not by timing it (a timed assertion would be fragile here).
// Each case builds its own app and runs many argon2 verifications: generous on a busy machine.
jest.setTimeout(120_000);
import { buildApp } from '../src/app';
import type { Db } from '../src/db';
import { appForFile, DEMO_PASSWORD, post, SETUP_TIMEOUT } from './support/app';

// Every argon2 verification, by the parameters of the hash it checks against (never the hash
// itself), and every hash made (a failed sign-in makes none).
const argon2: string[] = [];
jest.mock('@node-rs/argon2', () => {
  const actual = jest.requireActual<typeof import('@node-rs/argon2')>('@node-rs/argon2');
  return {
    ...actual,
    verify: (hash: string, ...rest: unknown[]) => {
      argon2.push(`verify ${/^\$argon2(id|i|d)\$v=\d+\$[^$]+/.exec(hash)?.[0] ?? `not argon2: ${hash.slice(0, 9)}`}`);
      return (actual.verify as (...args: unknown[]) => Promise<boolean>)(hash, ...rest);
    },
    hash: (...args: unknown[]) => {
      argon2.push('hash');
      return (actual.hash as (...a: unknown[]) => Promise<string>)(...args);
    },
  };
});

const t = appForFile({});
beforeAll(async () => {
  // an invited account (no password chosen yet) is a third kind of known address
  await t.db.query(
    `INSERT INTO users (email, password_hash, user_type, status, email_verified_at) VALUES ('invited.alike@demo.test', '!invited:x', 'sm', 'active', now())`,
  );
}, SETUP_TIMEOUT);

interface Trace {
  status: number;
  statements: string[];
  argon2: string[];
  /** Waits of the sign-in delay (setTimeout with config.signIn.slowDelayMs) the request made. */
  delays: number;
}

/** A delay no other timer of the server uses, so the sign-in delay can be counted, not timed. */
const SLOW_DELAY_MS = 13;

/** One request through an app whose database records each statement (text without values, and how many values). */
async function traced(calls: Array<{ url: string; payload: Record<string, string>; address: string }>): Promise<Trace[]> {
  const seen: string[] = [];
  const shape = (sql: string, params?: unknown[]) => `${sql.replace(/\s+/g, ' ').trim()} [${params?.length ?? 0}]`;
  const wrap = (db: Db): Db =>
    ({
      kind: db.kind,
      query: (sql: string, params?: unknown[]) => {
        seen.push(shape(sql, params));
        return db.query(sql, params);
      },
      transaction: <T>(fn: (tx: Db) => Promise<T>) => {
        seen.push('BEGIN');
        return db.transaction((tx) => fn(wrap(tx)));
      },
      copyOut: (sql: string) => db.copyOut(sql),
      close: () => db.close(),
    }) as Db;
  const app = await buildApp({ db: wrap(t.db), config: { ...t.config, signIn: { ...t.config.signIn, slowDelayMs: SLOW_DELAY_MS } } });
  let delays = 0;
  const realSetTimeout = global.setTimeout;
  const spy = jest.spyOn(global, 'setTimeout').mockImplementation(((fn: () => void, ms?: number) => {
    if (ms === SLOW_DELAY_MS) delays += 1;
    return realSetTimeout(fn, ms);
  }) as typeof setTimeout);
  try {
    const out: Trace[] = [];
    for (const c of calls) {
      seen.length = 0;
      argon2.length = 0;
      delays = 0;
      const res = await post(app, c.url, c.payload, { remoteAddress: c.address });
      out.push({ status: res.statusCode, statements: [...seen], argon2: [...argon2], delays });
    }
    return out;
  } finally {
    spy.mockRestore();
    await app.close();
  }
}

const password = (email: string, address: string) => ({ url: '/api/authenticate/login', payload: { email, password: 'Wrong-pass-1' }, address });
const code = (email: string, address: string) => ({ url: '/api/authenticate/login-otp', payload: { email, otp: '000000' }, address });

describe('a wrong password', () => {
  it('runs the same argon2 verification and the same statements for a known, an invited and an unknown address', async () => {
    t.clock.advance(20 * 60);
    const [known, invited, unknown] = await traced([
      password('customer@demo.test', '10.20.7.1'),
      password('invited.alike@demo.test', '10.20.7.2'),
      password('nobody.alike@example.test', '10.20.7.3'),
    ]);
    for (const trace of [known, invited, unknown]) expect(trace?.status).toBe(401);
    // one verification each, against a hash of the same algorithm and parameters (m=19456, t=2, p=1);
    // no hash is made on the way (the unknown address's stand-in hash is made at start-up)
    expect(known?.argon2).toEqual(['verify $argon2id$v=19$m=19456,t=2,p=1']);
    expect(invited?.argon2).toEqual(known?.argon2);
    expect(unknown?.argon2).toEqual(known?.argon2);
    expect(invited?.statements).toEqual(known?.statements);
    expect(unknown?.statements).toEqual(known?.statements);
  });

  it('is slowed on the same schedule after repeated failures, known or not', async () => {
    t.clock.advance(20 * 60);
    const after = t.config.signIn.slowAfter;
    const calls = (email: string, n: number) => Array.from({ length: n }, (_, i) => password(email, `10.20.8.${i + 1}`));
    const known = await traced(calls('electrician@demo.test', after + 2));
    const unknown = await traced(calls('nobody.slowed@example.test', after + 2));
    // the first `slowAfter` failures wait nothing, the following ones wait once each, for both
    const schedule = [...Array<number>(after).fill(0), 1, 1];
    expect(known.map((c) => c.delays)).toEqual(schedule);
    expect(unknown.map((c) => c.delays)).toEqual(schedule);
    expect(unknown.map((c) => c.statements)).toEqual(known.map((c) => c.statements));
    expect(unknown.map((c) => c.argon2)).toEqual(known.map((c) => c.argon2));
    t.clock.advance(20 * 60);
  });
});

describe('a wrong code', () => {
  it('runs the same statements for a known address with or without an open sign-in, and for an unknown one', async () => {
    t.clock.advance(20 * 60);
    // agency@ has an open sign-in (its password was right), mscc@ has none
    expect((await post(t.app, '/api/authenticate/login', { email: 'agency@demo.test', password: DEMO_PASSWORD }, { remoteAddress: '10.20.9.9' })).statusCode).toBe(200);
    const [open, known, unknown] = await traced([code('agency@demo.test', '10.20.9.1'), code('mscc@demo.test', '10.20.9.2'), code('nobody.code@example.test', '10.20.9.3')]);
    for (const trace of [open, known, unknown]) expect(trace?.status).toBe(401);
    expect(known?.statements).toEqual(open?.statements);
    expect(unknown?.statements).toEqual(open?.statements);
  });
});
