import { migrate, openDatabase, timestampToIso, type Db } from './index';

describe('timestampToIso', () => {
  it('turns PostgreSQL text timestamps into UTC ISO strings', () => {
    expect(timestampToIso('2026-11-22 04:03:58.123456+00')).toBe('2026-11-22T04:03:58.123Z');
    expect(timestampToIso('2026-11-22 14:03:58+10')).toBe('2026-11-22T04:03:58.000Z');
    expect(timestampToIso('2026-11-22 04:03:58.5-05:30')).toBe('2026-11-22T09:33:58.500Z');
  });
});

describe('openDatabase (in-memory PGlite)', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openDatabase({ dataDir: 'memory://' });
    await migrate(db);
  });
  afterAll(async () => {
    await db.close();
  });

  it('applies each migration once', async () => {
    await migrate(db);
    const { rows } = await db.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name');
    expect(rows.map((r) => r.name)).toContain('0001_schema.sql');
    expect(new Set(rows.map((r) => r.name)).size).toBe(rows.length);
  });

  it('returns int8 as numbers, timestamps as ISO strings and dates as YYYY-MM-DD', async () => {
    const { rows } = await db.query<{ n: number; t: string; d: string }>(
      "SELECT count(*) AS n, timestamptz '2026-01-02 03:04:05.678+00' AS t, date '2026-01-02' AS d",
    );
    expect(rows[0]).toEqual({ n: 1, t: '2026-01-02T03:04:05.678Z', d: '2026-01-02' });
  });

  it('rolls a failed transaction back', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query("INSERT INTO aggregators (name) VALUES ('Rolled Back')");
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    const { rowCount } = await db.query("SELECT 1 FROM aggregators WHERE name = 'Rolled Back'");
    expect(rowCount).toBe(0);
  });
});
