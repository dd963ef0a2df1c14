import type { Db } from '../db';
import { CountCache } from './count-cache';

/** A database double: the version row and a count that resolves when the test says so. */
function fakeDb() {
  let version = '1';
  const pending: Array<(n: number) => void> = [];
  const counts: string[] = [];
  const db = {
    query: (sql: string) => {
      if (sql.includes('table_versions')) return Promise.resolve({ rows: [{ version }] });
      counts.push(sql);
      return new Promise((resolve) => pending.push((n) => resolve({ rows: [{ n }] })));
    },
  } as unknown as Db;
  return {
    db,
    counts,
    finish: (n: number) => pending.splice(0).forEach((done) => done(n)),
    bump: () => {
      version = String(Number(version) + 1);
    },
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('CountCache', () => {
  it('serves a total again until the data version changes', async () => {
    const f = fakeDb();
    const cache = new CountCache('devices');
    const first = cache.total(f.db, 'SELECT count(*) AS n FROM devices', []);
    await settle();
    f.finish(42);
    expect(await first).toBe(42);
    expect(await cache.total(f.db, 'SELECT count(*) AS n FROM devices', [])).toBe(42);
    expect(f.counts).toHaveLength(1);
    f.bump();
    const again = cache.total(f.db, 'SELECT count(*) AS n FROM devices', []);
    await settle();
    f.finish(43);
    expect(await again).toBe(43);
    expect(f.counts).toHaveLength(2);
    expect([cache.hits, cache.misses]).toEqual([1, 2]);
  });

  it('requests missing on the same query at once share one count; other parameters count on their own', async () => {
    const f = fakeDb();
    const cache = new CountCache('devices');
    const same = Array.from({ length: 50 }, () => cache.total(f.db, 'SELECT count(*) AS n FROM devices WHERE x = $1', ['a']));
    const other = cache.total(f.db, 'SELECT count(*) AS n FROM devices WHERE x = $1', ['b']);
    await settle();
    expect(f.counts).toHaveLength(2);
    f.finish(7);
    expect(new Set(await Promise.all(same))).toEqual(new Set([7]));
    expect(await other).toBe(7);
    expect(cache.shared).toBe(49);
  });

  it('a failed count is not kept: the next request counts again', async () => {
    let fail = true;
    const db = {
      query: (sql: string) => {
        if (sql.includes('table_versions')) return Promise.resolve({ rows: [{ version: '1' }] });
        if (fail) return Promise.reject(new Error('canceling statement'));
        return Promise.resolve({ rows: [{ n: 5 }] });
      },
    } as unknown as Db;
    const cache = new CountCache('devices');
    await expect(cache.total(db, 'SELECT count(*) AS n FROM devices', [])).rejects.toThrow('canceling statement');
    fail = false;
    expect(await cache.total(db, 'SELECT count(*) AS n FROM devices', [])).toBe(5);
  });
});
