// Issue 23: the trail cannot be quietly edited. Entries refuse UPDATE and DELETE; verify recomputes the
// hash chain and names the first entry changed, removed or relinked behind the API's back; retention
// drops only the oldest whole month, through its one function, records that it did, and the chain
// stays verifiable.
import { createHash } from 'node:crypto';
import { appForFile, bearersFor, answer, forFile } from '../support/app';
import { openTestDb } from '../support/db';
import { verifyChain } from '../../src/modules/audit/verify';

const t = appForFile({}, { devices: 20 });
const tokens = bearersFor(t, ['Admin', 'Agency']);

interface Verification {
  intact: boolean;
  checked: number;
  first_broken: { id: number; seq: number; reason: string } | null;
}
const verify = async () => (await answer<Verification>(t.app, tokens.Admin, '/api/audit/verify')).info;

/** Runs `sql` with the entries' guard switched off, as someone with the schema owner's rights could. */
async function behindTheApi(sql: string, params: unknown[] = []): Promise<void> {
  await t.db.transaction(async (tx) => {
    await tx.query('ALTER TABLE audit_entries DISABLE TRIGGER audit_entries_immutable');
    await tx.query(sql, params);
    await tx.query('ALTER TABLE audit_entries ENABLE TRIGGER audit_entries_immutable');
  });
}

describe('the hash chain', () => {
  const entries = async () => (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_entries')).rows[0]?.n ?? 0;

  beforeAll(async () => {
    for (let i = 0; i < 6; i += 1) {
      expect((await answer(t.app, tokens.Admin, '/api/aggregators/add', 'POST', { name: `Chain ${i}` })).status).toBe(200);
    }
  });

  it('is intact after ordinary writes and sign-ins, and only Admin may verify it', async () => {
    expect(await verify()).toEqual({ intact: true, checked: await entries(), first_broken: null });
    expect((await answer(t.app, tokens.Agency, '/api/audit/verify')).status).toBe(403);
  });

  it('refuses UPDATE, DELETE and TRUNCATE of entries', async () => {
    await expect(t.db.query("UPDATE audit_entries SET label = 'quiet edit'")).rejects.toThrow(/cannot be changed or deleted/);
    await expect(t.db.query('DELETE FROM audit_entries')).rejects.toThrow(/cannot be changed or deleted/);
    await expect(t.db.query('TRUNCATE audit_entries')).rejects.toThrow(/cannot be changed or deleted/);
    expect((await verify()).intact).toBe(true);
  });

  it('names an entry that does not link to the one before it, whatever the batch it falls in', async () => {
    const target = (await t.db.query<{ id: number; seq: number; prev_hash: string }>('SELECT id::int AS id, seq, prev_hash FROM audit_entries ORDER BY seq OFFSET 3 LIMIT 1')).rows[0];
    if (!target) throw new Error('no entry');
    await behindTheApi('UPDATE audit_entries SET prev_hash = $2 WHERE id = $1', [target.id, 'f'.repeat(64)]);
    // first, last and only entry of a batch, and inside one
    for (const batch of [1, 3, 4, 5000]) {
      expect(await verifyChain(t.db, batch)).toEqual({ intact: false, checked: 3, first_broken: { id: target.id, seq: target.seq, reason: 'link' } });
    }
    await behindTheApi('UPDATE audit_entries SET prev_hash = $2 WHERE id = $1', [target.id, target.prev_hash]);
    expect(await verifyChain(t.db, 4)).toEqual({ intact: true, checked: await entries(), first_broken: null });
  });

  it('names the first entry changed behind the API’s back, then one removed, and streams in batches', async () => {
    const { rows } = await t.db.query<{ id: number; seq: number; label: string }>('SELECT id::int AS id, seq, label FROM audit_entries ORDER BY seq OFFSET 6 LIMIT 1');
    const target = rows[0];
    if (!target) throw new Error('no entry');
    await behindTheApi('UPDATE audit_entries SET label = $2 WHERE id = $1', [target.id, 'Nothing to see']);
    expect(await verify()).toEqual({ intact: false, checked: 6, first_broken: { id: target.id, seq: target.seq, reason: 'hash' } });
    // the same answer when read two entries at a time (the call reads 5000 at a time)
    expect(await verifyChain(t.db, 2)).toEqual({ intact: false, checked: 6, first_broken: { id: target.id, seq: target.seq, reason: 'hash' } });
    await behindTheApi('UPDATE audit_entries SET label = $2 WHERE id = $1', [target.id, target.label]);
    expect((await verify()).intact).toBe(true);

    const second = (await t.db.query<{ id: number; seq: number }>('SELECT id::int AS id, seq FROM audit_entries ORDER BY seq OFFSET 1 LIMIT 1')).rows[0];
    if (!second) throw new Error('no entry');
    await behindTheApi('DELETE FROM audit_entries WHERE id = $1', [second.id]);
    const broken = await verify();
    expect(broken).toMatchObject({ intact: false, checked: 1, first_broken: { seq: second.seq, reason: 'missing' } });
  });

});

const r = forFile(() => openTestDb());

describe('retention', () => {
  it('drops only the oldest whole month through its function, records it, and verifies from there', async () => {
    // January and February 2025, then today: written in time order, as the API writes them
    await r.query(
      `INSERT INTO audit_entries (created_at, action, entity, label, prev_hash, hash)
       SELECT timestamptz '2025-01-20T00:00:00Z' + (i || ' days')::interval, 'update', 'device', 'old ' || i, '', '' FROM generate_series(1, 20) i`,
    );
    await r.query("INSERT INTO audit_entries (action, entity, label, prev_hash, hash) VALUES ('update', 'device', 'today', '', '')");
    expect(await verifyChain(r)).toEqual({ intact: true, checked: 21, first_broken: null });
    await expect(r.query("SELECT fleet_audit_drop_month('2025-02-01')")).rejects.toThrow(/only the oldest month/);
    await expect(r.query('SELECT fleet_audit_drop_month($1)', [new Date().toISOString().slice(0, 10)])).rejects.toThrow(/only the oldest month/);
    const dropped = await r.query<{ n: number }>("SELECT fleet_audit_drop_month('2025-01-01') AS n");
    // 21 January .. 31 January
    expect(dropped.rows[0]?.n).toBe(11);
    const recorded = await r.query<{ bulk: { count: number; month: string } }>("SELECT bulk FROM audit_entries WHERE action = 'retention'");
    expect(recorded.rows).toEqual([{ bulk: { count: 11, month: '2025-01' } }]);
    // what is left verifies from the first entry kept (linked to the last one dropped)
    expect(await verifyChain(r)).toEqual({ intact: true, checked: 11, first_broken: null });
    await expect(r.query("UPDATE audit_entries SET label = 'x' WHERE action = 'retention'")).rejects.toThrow(/cannot be changed or deleted/);
  });
});

describe('the hash', () => {
  it('is sha256 of the hash before and the entry as docs/audit.md writes it, as before 0040 (old entries verify)', async () => {
    const head = (await r.query<{ seq: number; hash: string }>('SELECT last_seq AS seq, last_hash AS hash FROM audit_chain WHERE id = 1')).rows[0];
    if (!head) throw new Error('no chain head');
    const written = await r.query<{ hash: string; prev_hash: string }>(
      `INSERT INTO audit_entries (created_at, actor_id, actor_email, actor_role, ip, request_id, route, action, entity, entity_id, label, changes, slice_keys, prev_hash, hash)
       VALUES ('2026-03-04T05:06:07.123456Z', 7, 'ops@demo.test', 'Admin', '10.0.0.1', 'req-1', 'PUT /api/x', 'update', 'device', 42, 'Pump 1',
               '[{"field": "name", "old": "a", "new": "b"}]', '{agency:5}', '', '') RETURNING hash, prev_hash`,
    );
    // the fields in their fixed order, joined by \x1f (empty for none); jsonb's own text for the changes
    const content = [head.seq + 1, '2026-03-04T05:06:07.123456', 7, 'ops@demo.test', 'Admin', '', '', '', '10.0.0.1', '', 'req-1', 'PUT /api/x',
      'update', 'device', 42, 'Pump 1', '[{"new": "b", "old": "a", "field": "name"}]', '', '', '{agency:5}'].join('\x1f');
    expect(written.rows[0]).toEqual({ prev_hash: head.hash, hash: createHash('sha256').update(`${head.hash}\x1e${content}`).digest('hex') });
    expect((await verifyChain(r)).intact).toBe(true);
  });

  it('names an entry cut from the end of the chain as missing', async () => {
    const last = (await r.query<{ id: number; seq: number }>('SELECT id::int AS id, seq FROM audit_entries ORDER BY seq DESC LIMIT 1')).rows[0];
    if (!last) throw new Error('no entry');
    await r.transaction(async (tx) => {
      await tx.query("SELECT set_config('fleet.audit_retention', 'on', true)");
      await tx.query('DELETE FROM audit_entries WHERE id = $1', [last.id]);
    });
    expect(await verifyChain(r, 2)).toMatchObject({ intact: false, first_broken: { seq: last.seq, reason: 'missing' } });
  });
});
