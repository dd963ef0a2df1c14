import { migrate, openDatabase, runUnitOfWork, type Db } from './index';
import { parseArrayLiteral, timestampToIso } from './values';
import { openTestDb, type TestDb } from '../../test/support/db';

describe('timestampToIso: PostgreSQL text timestamps as UTC ISO strings', () => {
  it.each([
    ['2026-11-22 04:03:58.123456+00', '2026-11-22T04:03:58.123Z'],
    ['2026-11-22 14:03:58+10', '2026-11-22T04:03:58.000Z'],
    ['2026-11-22 04:03:58.5-05:30', '2026-11-22T09:33:58.500Z'],
    ['infinity', 'infinity'],
  ])('%s is %s', (text, iso) => expect(timestampToIso(text)).toBe(iso));
});

describe('parseArrayLiteral', () => {
  it('reads PostgreSQL array literals, quoted, null and nested', () => {
    expect(parseArrayLiteral('{}', Number)).toEqual([]);
    expect(parseArrayLiteral('{1,2,NULL}', Number)).toEqual([1, 2, null]);
    expect(parseArrayLiteral('{"a b","c\\"d",e}', (x) => x)).toEqual(['a b', 'c"d', 'e']);
    expect(parseArrayLiteral('{{1,2},{3,4}}', Number)).toEqual([[1, 2], [3, 4]]);
    expect(parseArrayLiteral('[0:1]={5,6}', Number)).toEqual([5, 6]);
  });
});

describe('the database (PGlite, or PostgreSQL when TEST_DATABASE_URL is set)', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openTestDb();
  });
  afterAll(async () => {
    await db.close();
  });

  it('has applied every migration exactly once', async () => {
    await migrate(db);
    const { rows } = await db.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name');
    expect(rows.map((r) => r.name)).toContain('0001_schema.sql');
    expect(new Set(rows.map((r) => r.name)).size).toBe(rows.length);
  });

  it('returns int8 and numeric as numbers, timestamps as ISO strings and dates as YYYY-MM-DD', async () => {
    const { rows } = await db.query<Record<string, unknown>>(
      `SELECT count(*) AS n, 12.5::numeric AS x, timestamptz '2026-01-02 13:04:05.678+10' AS t,
              timestamp '2026-01-02 03:04:05' AS ts, date '2026-01-02' AS d, true AS b, '{"a":1}'::jsonb AS j`,
    );
    expect(rows[0]).toEqual({
      n: 1, x: 12.5, t: '2026-01-02T03:04:05.678Z', ts: '2026-01-02T03:04:05.000Z', d: '2026-01-02', b: true, j: { a: 1 },
    });
  });

  it('returns arrays of those types the same way', async () => {
    const { rows } = await db.query<Record<string, unknown>>(
      `SELECT ARRAY[1, 2]::int8[] AS ids, ARRAY[timestamptz '2026-01-01 10:00:00+10', NULL] AS ts,
              ARRAY[date '2026-01-01'] AS ds, ARRAY['x,y', 'z'] AS texts`,
    );
    expect(rows[0]).toEqual({ ids: [1, 2], ts: ['2026-01-01T00:00:00.000Z', null], ds: ['2026-01-01'], texts: ['x,y', 'z'] });
  });

  it('counts affected rows for writes and returned rows for reads', async () => {
    await db.query("INSERT INTO aggregators (name) VALUES ('Count A'), ('Count B')");
    const upd = await db.query("UPDATE aggregators SET name = name || '!' WHERE name LIKE 'Count %'");
    expect(upd.rowCount).toBe(2);
    const sel = await db.query("SELECT id FROM aggregators WHERE name LIKE 'Count %'");
    expect(sel.rowCount).toBe(2);
    const ids = sel.rows.map((r) => r.id);
    expect(ids.every((id) => typeof id === 'number')).toBe(true);
  });

  it('commits a transaction and rolls a failed one back, nested calls included', async () => {
    await db.transaction(async (tx) => {
      await tx.query("INSERT INTO aggregators (name) VALUES ('Committed')");
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.query("INSERT INTO aggregators (name) VALUES ('Rolled Back Outer')");
        await tx.transaction(async (inner) => {
          await inner.query("INSERT INTO aggregators (name) VALUES ('Rolled Back Inner')");
        });
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    const { rows } = await db.query<{ name: string }>(
      "SELECT name FROM aggregators WHERE name IN ('Committed', 'Rolled Back Outer', 'Rolled Back Inner')",
    );
    expect(rows.map((r) => r.name)).toEqual(['Committed']);
  });

  it("runs a unit of work's opening statement first (with BEGIN on PostgreSQL), also through a wrapper that drops the hint", async () => {
    const opening = "SELECT set_config('fleet.test_opening', 'on', true)";
    const seen = async (tx: Db) => (await tx.query<{ v: string | null }>("SELECT current_setting('fleet.test_opening', true) AS v")).rows[0]?.v ?? null;
    // the test database on PostgreSQL is a wrapper (test/support/db.ts): the driver's own Db is opened beside it
    const url = (db as TestDb).url;
    const direct = url ? await openDatabase({ databaseUrl: url }) : db;
    try {
      for (const target of [direct, db]) {
        expect(await runUnitOfWork(target, seen, opening)).toBe('on');
        expect(await runUnitOfWork(target, seen)).not.toBe('on');
      }
      // transaction-local: nothing of it outside
      expect(await seen(direct)).not.toBe('on');
    } finally {
      if (direct !== db) await direct.close();
    }
  });

  it('enforces the schema vocabularies', async () => {
    await expect(
      db.query("INSERT INTO devices (product_line, serial_number) VALUES ('toaster', '1')"),
    ).rejects.toThrow();
    await expect(
      db.query(
        "INSERT INTO users (email, password_hash, user_type) VALUES ('x@example.com', 'h', 'Root')",
      ),
    ).rejects.toThrow();
  });

  it('refuses a second user with the same email in another case', async () => {
    await db.query("INSERT INTO users (email, password_hash, user_type) VALUES ('Case@Example.com', 'h', 'Admin')");
    await expect(
      db.query("INSERT INTO users (email, password_hash, user_type) VALUES ('case@example.com', 'h', 'Admin')"),
    ).rejects.toThrow();
  });
});

// PostgreSQL only: a connection ended by the server in the middle of a unit of work (a restart, a
// failover, pg_terminate_backend) fails that unit and nothing else; the process lives on (issue 25).
const onPostgres = process.env.TEST_DATABASE_URL ? describe : describe.skip;
onPostgres('a connection PostgreSQL ends during a unit of work', () => {
  let db: Db;
  let other: Db;
  beforeAll(async () => {
    db = await openTestDb();
    other = await openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL });
  });
  afterAll(async () => {
    await other?.close();
    await db?.close();
  });

  it('fails the unit with the reason, without an unheard error, and the next unit gets a new connection', async () => {
    const unheard: unknown[] = [];
    const hear = (err: unknown) => unheard.push(err);
    process.on('uncaughtException', hear);
    try {
      const unit = db.transaction(async (tx) => {
        const { rows } = await tx.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
        // ended between two statements: nothing of this unit is waiting on the socket
        await other.query('SELECT pg_terminate_backend($1)', [rows[0]?.pid]);
        await new Promise((resolve) => setTimeout(resolve, 200));
        await tx.query('SELECT 1');
      });
      await expect(unit).rejects.toThrow(/terminat|Connection/i);
      expect(unheard).toEqual([]);
      expect((await db.transaction((tx) => tx.query<{ one: number }>('SELECT 1 AS one'))).rows).toEqual([{ one: 1 }]);
    } finally {
      process.off('uncaughtException', hear);
    }
  });
});

describe('PGlite transactions', () => {
  let db: Db;
  // a PGlite start is a WebAssembly Postgres booting: seconds alone, over 30 s on a core shared with CI's other suite
  beforeAll(async () => {
    db = await openDatabase({ dataDir: 'memory://' });
  }, 120_000);
  afterAll(async () => {
    await db?.close();
  });

  it('runs concurrent transactions one after the other and holds plain queries until the commit', async () => {
    await db.query('CREATE TABLE events (id serial PRIMARY KEY, what text NOT NULL)');
    const seen: string[] = [];
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const first = db.transaction(async (tx) => {
      seen.push('first:start');
      await tx.query("INSERT INTO events (what) VALUES ('first')");
      await gate;
      seen.push('first:end');
    });
    const second = db.transaction(async (tx) => {
      seen.push('second:start');
      await tx.query("INSERT INTO events (what) VALUES ('second')");
      seen.push('second:end');
    });
    const plain = db.query<{ n: number }>('SELECT count(*) AS n FROM events').then((r) => {
      seen.push(`plain:${r.rows[0]?.n}`);
    });
    await new Promise((resolve) => setImmediate(resolve));
    release();
    await Promise.all([first, second, plain]);
    // Nothing else ran while 'first' was open: not 'second', not the plain query.
    expect(seen.slice(0, 2)).toEqual(['first:start', 'first:end']);
    expect(seen.indexOf('second:start')).toBe(seen.indexOf('second:end') - 1);
    const plainAt = seen.findIndex((s) => s.startsWith('plain:'));
    expect(plainAt).toBeGreaterThan(1);
    expect(['plain:1', 'plain:2']).toContain(seen[plainAt]);
  });
});
