// Sign-up and reset requests cannot be used to probe or flood (issue 8, item 8): a reset request does
// the same work for known and unknown addresses, both calls are limited per client address, and the
// most common passwords are refused wherever a password is set.
import type { Db } from '../src/db';
import { buildApp } from '../src/app';
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from '../src/security/password';
import { TOO_MANY_REQUESTS } from '../src/modules/auth/limits';
import { bearer, DEMO_PASSWORD, post, signIn, appForFile } from './support/app';

const t = appForFile();

const agency = (email: string, password = 'Strong-pass-1') => ({ agency_name: 'Probe Pty', email, abn_no: '12345678901', contact: '0412345678', password });

describe('common passwords', () => {
  it('uses the maintained list, case-insensitively', () => {
    expect(isCommonPassword('Password1')).toBe(true);
    expect(isCommonPassword('Qwerty123')).toBe(true);
    expect(isCommonPassword('Tangerine-Fleet-42')).toBe(false);
  });

  it('refuses them at sign-up, reset and profile change (each passes the spec rule)', async () => {
    const signUp = await post(t.app, '/api/agency/sign-up', agency('common.pw@example.test', 'Password1'), { remoteAddress: '10.9.0.1' });
    expect(signUp.statusCode).toBe(400);
    expect(signUp.json().message).toBe(COMMON_PASSWORD_MESSAGE);

    const reset = await post(t.app, '/api/reset-password', { email: 'admin@demo.test', token: 'x', password: 'Welcome1', confirm_password: 'Welcome1' });
    expect(reset.statusCode).toBe(400);
    expect(reset.json().message).toBe(COMMON_PASSWORD_MESSAGE);

    const s = await signIn(t.app, 'sm@demo.test');
    const profile = await t.app.inject({
      method: 'PUT',
      url: '/api/sm/nms/profile/update',
      headers: bearer(s.token),
      payload: { first_name: 'Sam', last_name: 'Site', password: 'Qwerty123', current_password: DEMO_PASSWORD },
    });
    expect(profile.statusCode).toBe(400);
    expect(profile.json().message).toBe(COMMON_PASSWORD_MESSAGE);
  });
});

describe('per-address limits', () => {
  it('reset requests from one address are refused with 429 after the limit, other addresses go on', async () => {
    const from = { remoteAddress: '10.9.1.1' };
    for (let i = 0; i < t.config.requestLimits.perAddress; i += 1) {
      expect((await post(t.app, '/api/reset-password-request', { email: `nobody${i}@example.test` }, from)).statusCode).toBe(200);
    }
    const refused = await post(t.app, '/api/reset-password-request', { email: 'admin@demo.test' }, from);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(TOO_MANY_REQUESTS);
    expect((await post(t.app, '/api/electrician/reset-password-request', { email: 'x@example.test' }, from)).statusCode).toBe(429);
    expect((await post(t.app, '/api/reset-password-request', { email: 'admin@demo.test' }, { remoteAddress: '10.9.1.2' })).statusCode).toBe(200);
    t.clock.advance(16 * 60);
    expect((await post(t.app, '/api/reset-password-request', { email: 'nobody@example.test' }, from)).statusCode).toBe(200);
  });

  it('sign-ups from one address are refused with 429 after the limit', async () => {
    const from = { remoteAddress: '10.9.2.1' };
    for (let i = 0; i < t.config.requestLimits.perAddress; i += 1) {
      expect((await post(t.app, '/api/agency/sign-up', agency(`flood${i}@example.test`), from)).statusCode).toBe(200);
    }
    const refused = await post(t.app, '/api/agency/sign-up', agency('flood-last@example.test'), from);
    expect(refused.statusCode).toBe(429);
    const { rows } = await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM agencies WHERE email = 'flood-last@example.test'");
    expect(rows[0]?.n).toBe(0);
  });
});

describe('reset request for a known and an unknown address', () => {
  /** The statements a request runs, in order, without their values. */
  async function statementsOf(email: string, address: string): Promise<string[]> {
    const seen: string[] = [];
    const shape = (sql: string) => sql.replace(/\s+/g, ' ').trim().split(' ').slice(0, 2).join(' ');
    const wrap = (db: Db): Db => ({
      kind: db.kind,
      query: (sql, params) => {
        seen.push(shape(sql));
        return db.query(sql, params);
      },
      transaction: (fn) => {
        seen.push('BEGIN');
        return db.transaction((tx) => fn(wrap(tx)));
      },
      close: () => db.close(),
    } as Db);
    const app = await buildApp({ db: wrap(t.db), config: t.config });
    try {
      seen.length = 0;
      const res = await post(app, '/api/reset-password-request', { email }, { remoteAddress: address });
      expect(res.statusCode).toBe(200);
      return [...seen];
    } finally {
      await app.close();
    }
  }

  it('runs the same statements (one look-up, the mail slot, one transaction of two statements)', async () => {
    t.clock.advance(2 * 60);
    const known = await statementsOf('customer@demo.test', '10.9.3.1');
    const unknown = await statementsOf('no-such-person@example.test', '10.9.3.2');
    // Access check and limits are the same; then the same number and kind of round trips.
    expect(unknown.length).toBe(known.length);
    expect(unknown.filter((s) => s === 'BEGIN')).toHaveLength(1);
    expect(known.filter((s) => s === 'BEGIN')).toHaveLength(1);
  });
});
