// Issue 23: the audit lists' pages and exact totals as they are read at scale (docs/audit.md "Scale and
// cost"): one object's entries read as two queries (its own and those of bulk writes that touched it),
// an organisation's total kept per set of slice keys (migration 0041) and its page, and the kept counts
// following every entry written, rolled back and dropped by retention.
import type { AuditEntryRow } from '@fleet/contract';
import { listEntries } from '../../src/modules/audit/entries';
import type { Caller } from '../../src/policy/roles';
import { appForFile, bearersFor, answer, countOf, forFile } from '../support/app';
import { openTestDb } from '../support/db';

const t = appForFile({}, { devices: 20 });
const tokens = bearersFor(t, ['Admin', 'Agency']);

/** The object the entries are about, and the one user whose entries are filtered. */
const OBJECT = 900001;
const USER = 900002;

interface Page {
  data: AuditEntryRow[];
  total: number;
  last_page: number;
}

/** Every page of a list, `limit` entries a page: the ids in the order shown, and the total each page said. */
async function walk(role: string, path: string, filter: object[], extra = '', limit = 4): Promise<{ ids: number[]; totals: number[] }> {
  const ids: number[] = [];
  const totals: number[] = [];
  for (let page = 1; ; page += 1) {
    const res = await answer<Page>(t.app, tokens[role], `${path}?limit=${limit}&page=${page}&filter=${encodeURIComponent(JSON.stringify(filter))}${extra}`);
    expect(res.status).toBe(200);
    ids.push(...res.info.data.map((e) => e.id));
    totals.push(res.info.total);
    if (page >= res.info.last_page) return { ids, totals };
  }
}

/** The ids the old single statement finds: the slice, `where`, in `order`. */
async function expected(keys: string[] | null, where: string, order = 'e.created_at DESC, e.id DESC'): Promise<number[]> {
  const slice = keys === null ? 'TRUE' : 'e.slice_keys && $1::text[]';
  const { rows } = await t.db.query<{ id: number }>(`SELECT e.id::int AS id FROM audit_entries e WHERE ${slice} AND ${where} ORDER BY ${order}`, keys === null ? [] : [keys]);
  return rows.map((r) => r.id);
}

const either = `(e.entity_id = ${OBJECT} OR e.touched_ids @> ARRAY[${OBJECT}]::bigint[])`;
const byObject = (entity?: string) => [...(entity ? [{ key: 'entity', value: [entity], type: 'multi' }] : []), { key: 'entity_id', value: String(OBJECT) }];

let agencyKeys: string[] = [];
let otherKeys: string[] = [];

beforeAll(async () => {
  const agencyOf = async (sql: string, params: unknown[] = []) => countOf(t.db, sql, params);
  const a = await agencyOf("SELECT agency_id::int AS n FROM users WHERE email = 'agency@demo.test'");
  const b = await agencyOf('SELECT min(id)::int AS n FROM agencies WHERE id <> $1', [a]);
  // names that overlap: a filter on words would find both
  await t.db.query("UPDATE agencies SET agency_name = CASE WHEN id = $1 THEN 'Volt' ELSE 'Volt Partners' END WHERE id IN ($1, $2)", [a, b]);
  const company = await agencyOf("INSERT INTO multi_site_companies (company_name, created_by_agency_id) VALUES ('Volt Sites', $1) RETURNING id::int AS n", [a]);
  agencyKeys = [`agency:${a}`, ...(await t.db.query<{ id: number }>('SELECT id::int AS id FROM multi_site_companies WHERE created_by_agency_id = $1 UNION SELECT company_id::int FROM multi_site_company_agencies WHERE agency_id = $1', [a])).rows.map((r) => `company:${r.id}`)];
  otherKeys = [`agency:${b}`];
  // a real write of each agency's device: entries written by the policy layer are counted too
  const livelink = (await t.db.query<{ id: number }>("SELECT id::int AS id FROM devices WHERE product_line = 'livelink' ORDER BY id LIMIT 2")).rows;
  for (const [i, agency] of [a, b].entries()) {
    const device = livelink[i]?.id;
    await t.db.query('UPDATE devices SET agency_id = $2 WHERE id = $1', [device, agency]);
    const edited = await answer(t.app, tokens.Admin, `/api/device/edit/${device}`, 'PUT', { impulse_rate: 1000 + i, impulse_rate_type: 'imp/kWh', nmi: '6102345678' });
    expect([edited.status, edited.message]).toEqual([200, edited.message]);
  }
  // 60 entries: slices of one organisation with one key and with several (an agency's and its company's:
  // counted once), the other agency's, customers' keys, none; the object's own entries, bulk writes that
  // touched it (one of them about the object itself as well), another kind of object that touched it;
  // every third pair at the same instant (the order falls back to the id)
  await t.db.query(
    `INSERT INTO audit_entries (created_at, actor_id, actor_email, action, entity, entity_id, touched_ids, slice_keys, prev_hash, hash)
     SELECT timestamptz '2026-06-01T00:00:00Z' + ((i / 2) * 3 || ' minutes')::interval,
            CASE WHEN i % 4 = 0 THEN ${USER} ELSE 1000 + i END,
            CASE WHEN i % 5 = 0 THEN NULL ELSE 'user' || (i % 7) || '@lists.test' END,
            (ARRAY['update', 'bulk_update', 'create', 'assign'])[1 + i % 4],
            CASE WHEN i % 11 = 0 THEN 'ota_group' ELSE 'device' END,
            CASE WHEN i % 3 = 0 THEN ${OBJECT} WHEN i % 3 = 1 THEN NULL ELSE 5000 + i END,
            CASE WHEN i % 3 = 1 AND i % 2 = 1 THEN ARRAY[${OBJECT}, 7]::bigint[] WHEN i % 9 = 0 THEN ARRAY[${OBJECT}]::bigint[] WHEN i % 3 = 1 THEN ARRAY[8]::bigint[] END,
            CASE i % 8 WHEN 0 THEN $1::text[] WHEN 1 THEN $2::text[] WHEN 2 THEN ARRAY[$3::text] WHEN 3 THEN $4::text[] WHEN 4 THEN ARRAY[]::text[]
                       WHEN 5 THEN ARRAY['customer:9'] WHEN 6 THEN $1::text[] || ARRAY['customer:3'] ELSE ARRAY['site:1', $3::text] END,
            '', ''
       FROM generate_series(1, 60) i`,
    [[agencyKeys[0]], agencyKeys, `company:${company}`, otherKeys],
  );
});

describe('one object’s entries, read as two queries', () => {
  it('are those of the single condition, in order, on every page, with their exact total, for Admin and an agency', async () => {
    for (const [role, path, keys] of [
      ['Admin', '/api/audit/list', null],
      ['Agency', '/api/agency/audit/list', agencyKeys],
    ] as const) {
      const cases: Array<[object[], string, string?, string?]> = [
        [byObject('device'), `e.entity = 'device' AND ${either}`],
        [byObject(), either],
        [[...byObject('device'), { key: 'actor_id', value: String(USER) }], `e.entity = 'device' AND e.actor_id = ${USER} AND ${either}`],
        [byObject('device'), `e.entity = 'device' AND ${either}`, '&orderBy=asc', 'e.created_at ASC, e.id ASC'],
        [byObject(), either, '&sortBy=action&orderBy=asc', 'e.action ASC, e.id ASC'],
        [byObject(), either, '&sortBy=actor&orderBy=desc', 'e.actor_email DESC NULLS LAST, e.id DESC'],
        [byObject(), either, '&sortBy=actor&orderBy=asc', 'e.actor_email ASC NULLS FIRST, e.id ASC'],
      ];
      for (const [filter, where, extra, order] of cases) {
        const want = await expected(keys, where, order);
        const { ids, totals } = await walk(role, path, filter, extra);
        expect({ role, filter, extra, ids }).toEqual({ role, filter, extra, ids: want });
        expect(new Set(totals)).toEqual(new Set([want.length]));
      }
    }
    // entries about the object and bulk writes that touched it are both there, the one that is both once
    const both = await expected(null, `e.entity_id = ${OBJECT} AND e.touched_ids @> ARRAY[${OBJECT}]::bigint[]`);
    const touchedOnly = await expected(null, `e.entity_id IS NULL AND e.touched_ids @> ARRAY[${OBJECT}]::bigint[]`);
    expect(both.length).toBeGreaterThan(0);
    expect(touchedOnly.length).toBeGreaterThan(0);
  });

  it('a page past the last is empty with the total; a second object filter narrows as before', async () => {
    const total = (await expected(null, either)).length;
    const res = await answer<Page>(t.app, tokens.Admin, `/api/audit/list?limit=4&page=99&filter=${encodeURIComponent(JSON.stringify(byObject()))}`);
    expect(res.info).toMatchObject({ data: [], total });
    const two = [...byObject(), { key: 'entity_id', value: '7' }];
    const { ids, totals } = await walk('Admin', '/api/audit/list', two);
    const want = await expected(null, `${either} AND (e.entity_id = 7 OR e.touched_ids @> ARRAY[7]::bigint[])`);
    expect(ids).toEqual(want);
    expect(want.length).toBeGreaterThan(0);
    expect(new Set(totals)).toEqual(new Set([want.length]));
  });

  it('pages of every size meet without a gap or a repeat; the other agency (overlapping name) sees only its own', async () => {
    // the object twice among a bulk write's ids, about itself and about nothing, at one instant with another
    await t.db.query(
      `INSERT INTO audit_entries (created_at, action, entity, entity_id, touched_ids, slice_keys, prev_hash, hash)
       VALUES ('2026-06-01T00:30:00Z', 'bulk_update', 'device', ${OBJECT}, ARRAY[${OBJECT}, ${OBJECT}, 7]::bigint[], $1::text[], '', ''),
              ('2026-06-01T00:30:00Z', 'bulk_update', 'device', NULL, ARRAY[${OBJECT}, ${OBJECT}]::bigint[], $2::text[], '', ''),
              ('2026-06-01T00:30:00Z', 'update', 'device', ${OBJECT}, NULL, $2::text[], '', '')`,
      [[agencyKeys[0]], otherKeys],
    );
    for (const [role, path, keys] of [
      ['Admin', '/api/audit/list', null],
      ['Agency', '/api/agency/audit/list', agencyKeys],
    ] as const) {
      const want = await expected(keys, `e.entity = 'device' AND ${either}`);
      for (const limit of [1, 3, 7, want.length, want.length + 1]) {
        const { ids, totals } = await walk(role, path, byObject('device'), '', limit);
        expect({ role, limit, ids }).toEqual({ role, limit, ids: want });
        expect(new Set(totals)).toEqual(new Set([want.length]));
      }
    }
    // the other agency, read as its list reads it (its user is not signed in here): its slice only
    const other = Number(otherKeys[0]?.split(':')[1]);
    const caller: Caller = { userId: 0, userType: 'Agency', email: 'other@lists.test', sessionId: 'lists', agencyId: other, electricianId: null, companyId: null, siteManagerId: null, customerId: null };
    const theirs = await expected(otherKeys, either);
    const seen: number[] = [];
    for (let page = 1; page <= Math.ceil(theirs.length / 3); page += 1) {
      const info = await listEntries(t.db, caller, { page, limit: 3, filter: JSON.stringify(byObject()) });
      expect(info.total).toBe(theirs.length);
      seen.push(...info.data.map((e) => e.id));
    }
    expect(seen).toEqual(theirs);
    const mine = await expected(agencyKeys, either);
    expect(theirs.filter((id) => mine.includes(id))).toEqual([]);
    expect(theirs.length).toBeGreaterThan(2);
  });
});

describe('an organisation’s own list', () => {
  it('holds only its slice, each entry once, with the kept total; the other agency (overlapping name) only its own', async () => {
    // newest first and oldest first (read by key from 0041's audit_entry_keys), by another column (not)
    const orders: Array<[string, string | undefined]> = [
      ['', undefined],
      ['&orderBy=asc', 'e.created_at ASC, e.id ASC'],
      ['&sortBy=action&orderBy=desc', 'e.action DESC, e.id DESC'],
    ];
    for (const [role, keys] of [['Agency', () => agencyKeys], ['Admin', () => null]] as const) {
      for (const [extra, order] of orders) {
        const want = await expected(keys(), 'TRUE', order);
        const { ids, totals } = await walk(role, role === 'Admin' ? '/api/audit/list' : '/api/agency/audit/list', [], extra);
        expect({ role, extra, ids }).toEqual({ role, extra, ids: want });
        expect(new Set(totals)).toEqual(new Set([want.length]));
      }
    }
    // entries carrying two keys of the agency's slice (its own and its company's) are there once
    expect(await countOf(t.db, 'SELECT count(*)::int AS n FROM audit_entries WHERE slice_keys @> $1::text[]', [agencyKeys])).toBeGreaterThan(0);
    const theirs = await expected(otherKeys, 'TRUE');
    const mine = await expected(agencyKeys, 'TRUE');
    expect(theirs.length).toBeGreaterThan(0);
    expect(mine.filter((id) => theirs.includes(id))).toEqual([]);
    // the kept counts are what counting the trail says, every set
    const { rows } = await t.db.query<{ n: number }>('SELECT fleet_audit_recount()::int AS n');
    expect(rows[0]?.n).toBe(await countOf(t.db, 'SELECT count(*)::int AS n FROM audit_entries'));
  });

  it('a filtered list counts its rows, and a write rolled back leaves the kept counts as they were', async () => {
    const filter = [{ key: 'action', value: ['bulk_update'], type: 'multi' }];
    const want = await expected(agencyKeys, "e.action = 'bulk_update'");
    const { ids, totals } = await walk('Agency', '/api/agency/audit/list', filter);
    expect(ids).toEqual(want);
    expect(new Set(totals)).toEqual(new Set([want.length]));

    const counts = () => t.db.query<{ keys: string[]; entries: string }>('SELECT keys, entries::text AS entries FROM audit_slice_counts ORDER BY keys');
    const before = (await counts()).rows;
    await expect(
      t.db.transaction(async (tx) => {
        await tx.query("INSERT INTO audit_entries (action, entity, slice_keys, prev_hash, hash) VALUES ('update', 'device', $1::text[], '', '')", [agencyKeys]);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect((await counts()).rows).toEqual(before);
  });
});

const r = forFile(() => openTestDb());

describe('the kept counts and retention', () => {
  it('a dropped month leaves the counts of what is left, and sets without entries go', async () => {
    // a set with January's entry only
    await r.query("INSERT INTO audit_entries (created_at, action, entity, slice_keys, prev_hash, hash) VALUES ('2025-01-10T00:00:00Z', 'update', 'device', ARRAY['electrician:7'], '', '')");
    await r.query(
      `INSERT INTO audit_entries (created_at, action, entity, slice_keys, prev_hash, hash)
       SELECT timestamptz '2025-01-10T00:00:00Z' + (i || ' days')::interval, 'update', 'device',
              CASE i % 5 WHEN 0 THEN ARRAY['agency:1'] WHEN 1 THEN ARRAY['agency:1', 'company:2'] WHEN 2 THEN ARRAY['agency:3']
                         WHEN 3 THEN ARRAY['customer:4', 'agency:1'] ELSE ARRAY[]::text[] END, '', ''
         FROM generate_series(1, 40) i`,
    );
    // January: i = 1 .. 21, and the electrician's
    await r.query("INSERT INTO audit_entries (action, entity, slice_keys, prev_hash, hash) VALUES ('update', 'device', ARRAY['agency:9'], '', '')");
    const kept = (keys: string[]) => countOf(r, 'SELECT coalesce(sum(entries), 0)::int AS n FROM audit_slice_counts WHERE keys && $1::text[]', [keys]);
    const counted = (keys: string[]) => countOf(r, 'SELECT count(*)::int AS n FROM audit_entries WHERE slice_keys && $1::text[]', [keys]);
    const all = () => countOf(r, 'SELECT coalesce(sum(entries), 0)::int AS n FROM audit_slice_counts');
    expect(await kept(['agency:1', 'company:2'])).toBe(24);
    expect(await all()).toBe(42);

    const dropped = (await r.query<{ n: number }>("SELECT fleet_audit_drop_month('2025-01-01')::int AS n")).rows[0]?.n;
    expect(dropped).toBe(22);
    expect(await countOf(r, "SELECT count(*)::int AS n FROM audit_slice_counts WHERE keys = ARRAY['electrician:7']")).toBe(0);
    for (const keys of [['agency:1'], ['agency:1', 'company:2'], ['company:2'], ['agency:3'], ['agency:9'], ['electrician:7'], ['customer:4']]) {
      expect({ keys, n: await kept(keys) }).toEqual({ keys, n: keys[0] === 'customer:4' ? 0 : await counted(keys) });
    }
    // 42 - 22 + the retention entry
    expect(await all()).toBe(21);
    expect(await all()).toBe(await countOf(r, 'SELECT count(*)::int AS n FROM audit_entries'));
    expect(await countOf(r, 'SELECT count(*)::int AS n FROM audit_slice_counts WHERE entries <= 0')).toBe(0);
    // the keys in time order: one row per counted key of every entry left, none of a dropped one
    const keyed = `SELECT k.key, e.created_at, e.id AS entry_id FROM audit_entries e, unnest(fleet_audit_counted_keys(e.slice_keys)) k(key)`;
    expect(await countOf(r, `SELECT count(*)::int AS n FROM ((${keyed}) EXCEPT ALL (SELECT key, created_at, entry_id FROM audit_entry_keys)) x`)).toBe(0);
    expect(await countOf(r, `SELECT count(*)::int AS n FROM ((SELECT key, created_at, entry_id FROM audit_entry_keys) EXCEPT ALL (${keyed})) x`)).toBe(0);
    expect(await countOf(r, 'SELECT count(*)::int AS n FROM audit_entry_keys')).toBe(await countOf(r, `SELECT count(*)::int AS n FROM (${keyed}) x`));
  });
});
