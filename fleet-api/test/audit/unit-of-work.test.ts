// Issue 23: the unit of work around a write (policy/audit.ts, db/index.ts). A handler that throws after
// its first statement leaves neither its change nor an entry; one that answers 400 itself keeps nothing
// either; a plain query made through the database object (not the transaction) joins the unit, so
// nothing waits on the one PGlite connection; work queued for after the commit runs only after it,
// and never after a rollback. Writes that arrive together each record their own rows, and the captured
// rows are gone once their entry is written.
import Fastify, { type FastifyInstance } from 'fastify';
import { afterCommit, type Db } from '../../src/db';
import { enforceDeclarations, type RegisteredRoute } from '../../src/policy/access';
import { installAuditTrail } from '../../src/policy/audit';
import { PUBLIC } from '../../src/policy/roles';
import { installErrorHandling } from '../../src/server/errors';
import { forFile } from '../support/app';
import { openTestDb, type TestDb } from '../support/db';

interface Harness {
  app: FastifyInstance;
  db: TestDb;
  /** What ran after a commit, in order. */
  committed: string[];
  close(): Promise<void>;
}

async function harness(): Promise<Harness> {
  const db = await openTestDb();
  const app = Fastify();
  const registry: RegisteredRoute[] = [];
  const committed: string[] = [];
  installErrorHandling(app);
  enforceDeclarations(app, registry);
  installAuditTrail(app, registry, db);
  const add = (plain: Db, name: string) => plain.query('INSERT INTO aggregators (name) VALUES ($1)', [name]);
  app.post<{ Body: { name: string; fail?: 'throw' | 'answer' } }>('/add', { config: { access: PUBLIC, audit: { action: 'create', entity: 'aggregator' } } }, async (request, reply) => {
    await add(db, request.body.name);
    void afterCommit(async () => {
      committed.push(request.body.name);
    });
    // a second statement through the same plain object: it must join the unit, not wait for it
    await db.query('SELECT count(*) FROM aggregators');
    if (request.body.fail === 'throw') throw new Error('the handler failed after its first statement');
    if (request.body.fail === 'answer') return reply.code(400).send({ status: false, message: 'refused' });
    return { status: true, message: 'added' };
  });
  await app.ready();
  return {
    app,
    db,
    committed,
    async close() {
      await app.close();
      await db.close();
    },
  };
}

const h = forFile(harness);
const count = async (sql: string, params: unknown[] = []) => (await h.db.query<{ n: number }>(sql, params)).rows[0]?.n;

describe('a write in its unit of work', () => {
  it('commits the change with its entry, then runs what waited for the commit', async () => {
    const res = await h.app.inject({ method: 'POST', url: '/add', payload: { name: 'Kept Energy' } });
    expect(res.statusCode).toBe(200);
    expect(await count("SELECT count(*)::int AS n FROM aggregators WHERE name = 'Kept Energy'")).toBe(1);
    const entry = (await h.db.query<{ action: string; entity: string; label: string; changes: unknown[] }>('SELECT action, entity, label, changes FROM audit_entries')).rows;
    expect(entry).toEqual([{ action: 'create', entity: 'aggregator', label: 'Kept Energy', changes: [{ field: 'name', old: null, new: 'Kept Energy' }] }]);
    expect(h.committed).toEqual(['Kept Energy']);
  });

  it('keeps neither change nor entry nor after-commit work when the handler throws after its first statement', async () => {
    const res = await h.app.inject({ method: 'POST', url: '/add', payload: { name: 'Lost Energy', fail: 'throw' } });
    expect(res.statusCode).toBe(500);
    expect(await count("SELECT count(*)::int AS n FROM aggregators WHERE name = 'Lost Energy'")).toBe(0);
    expect(await count('SELECT count(*)::int AS n FROM audit_entries')).toBe(1);
    expect(h.committed).toEqual(['Kept Energy']);
  });

  it('keeps nothing when the handler answers 400 itself', async () => {
    const res = await h.app.inject({ method: 'POST', url: '/add', payload: { name: 'Refused Energy', fail: 'answer' } });
    expect(res.statusCode).toBe(400);
    expect(await count("SELECT count(*)::int AS n FROM aggregators WHERE name = 'Refused Energy'")).toBe(0);
    expect(await count('SELECT count(*)::int AS n FROM audit_entries')).toBe(1);
    expect(h.committed).toEqual(['Kept Energy']);
  });

  it('serves writes that arrive together one after the other, each with its entry, the chain unforked', async () => {
    const names = Array.from({ length: 6 }, (_, i) => `Together ${i}`);
    const answers = await Promise.all(names.map((name) => h.app.inject({ method: 'POST', url: '/add', payload: { name } })));
    expect(answers.map((a) => a.statusCode)).toEqual(names.map(() => 200));
    const chain = (await h.db.query<{ seq: number; linked: boolean }>(
      'SELECT seq, prev_hash = lag(hash, 1, $1) OVER (ORDER BY seq) AS linked FROM audit_entries ORDER BY seq',
      ['genesis'],
    )).rows;
    expect(chain.map((r) => r.seq)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(chain.every((r) => r.linked)).toBe(true);
    expect([...h.committed].sort()).toEqual(['Kept Energy', ...names].sort());
    // each entry holds its own write's rows only (captured rows are per transaction), and none are left
    const own = (await h.db.query<{ label: string; changes: unknown[] }>('SELECT label, changes FROM audit_entries WHERE seq > 1')).rows;
    expect(own.map((e) => e.label).sort()).toEqual([...names].sort());
    for (const e of own) expect(e.changes).toEqual([{ field: 'name', old: null, new: e.label }]);
    expect(await count('SELECT count(*)::int AS n FROM audit_captured_rows')).toBe(0);
  });
});

describe('recording switched off (the baseline bench/audit.bench.ts measures against)', () => {
  it('leaves the handler as it is: the write is kept, no entry, the registry still says how it would record', async () => {
    const db = await openTestDb();
    const app = Fastify();
    const registry: RegisteredRoute[] = [];
    try {
      installErrorHandling(app);
      enforceDeclarations(app, registry);
      installAuditTrail(app, registry, db, { recording: false });
      app.post<{ Body: { name: string } }>('/add', { config: { access: PUBLIC, audit: { action: 'create', entity: 'aggregator' } } }, async (request) => {
        await db.query('INSERT INTO aggregators (name) VALUES ($1)', [request.body.name]);
        return { status: true, message: 'added' };
      });
      await app.ready();
      expect((await app.inject({ method: 'POST', url: '/add', payload: { name: 'Unrecorded Energy' } })).statusCode).toBe(200);
      expect((await db.query<{ n: number }>("SELECT count(*)::int AS n FROM aggregators WHERE name = 'Unrecorded Energy'")).rows[0]?.n).toBe(1);
      expect((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_entries')).rows[0]?.n).toBe(0);
      expect(registry.find((r) => r.url === '/add')?.audit).toMatchObject({ mode: 'transaction', action: 'create', entity: 'aggregator' });
    } finally {
      await app.close();
      await db.close();
    }
  });
});
