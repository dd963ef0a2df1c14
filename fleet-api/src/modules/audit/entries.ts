/**
 * Reading the audit trail (issue 23, docs/audit.md): the lists of Admin and of each organisation, one
 * entry and the security events (the chain's verification: verify.ts). Entries are written by policy/audit.ts.
 *
 * An organisation's slice of the trail is decided by the entry's `slice_keys`, written with it: the
 * organisation of whoever acted and the organisations the object belonged to ('agency:5', 'site:9').
 * The caller's keys are its own organisation and, for an agency, the multi-site companies it created
 * or is linked to; for mscc, its sites and site managers; for sm, its sites.
 */
import { Type, type Static } from '@sinclair/typebox';
import { AUDIT_ACTIONS, AUDIT_ENTITIES, AUDIT_ORGANISATION_KINDS, SECURITY_EVENT_KINDS } from '@fleet/contract';
import type { Db } from '../../db';
import type { Caller } from '../../policy/roles';
import { organisationOf } from '../../policy/audit';
import { notFound } from '../../server/errors';
import { buildListing, filterBy, listInfo, pagedList, type FilterItem, type ListInfo, type Listing, type ListQuery, type ListSpec } from '../../server/listing';
import { ISO, SqlParams, whereClause } from '../../server/sql';
import { AuditChangeSchema, Nullable, NullableInt, NullableText } from '../../server/schemas';
import { inLocalDays } from './local-days';

const literals = <T extends readonly string[]>(values: T) => Type.Union(values.map((v) => Type.Literal(v)));

export const AuditActorSchema = Type.Object({
  id: NullableInt,
  email: NullableText,
  role: NullableText,
  organisation: Nullable(Type.Object({ kind: literals(AUDIT_ORGANISATION_KINDS), id: Type.Integer(), name: NullableText })),
});

export const AuditEntrySchema = Type.Object({
  id: Type.Integer(),
  created_at: Type.String(),
  actor: AuditActorSchema,
  action: literals(AUDIT_ACTIONS),
  entity: literals(AUDIT_ENTITIES),
  entity_id: NullableInt,
  label: NullableText,
  changes: Type.Array(AuditChangeSchema),
  ip: NullableText,
  request_id: NullableText,
});
export type AuditEntryRowT = Static<typeof AuditEntrySchema>;

export const AuditEntryInfoSchema = Type.Object({
  ...AuditEntrySchema.properties,
  user_agent: NullableText,
  route: NullableText,
  bulk: Nullable(Type.Object({ filter: Type.Optional(Type.Unknown()), count: Type.Integer() })),
  touched_ids: Type.Array(Type.Integer()),
  seq: Type.Integer(),
  hash: Type.String(),
});
export type AuditEntryInfoT = Static<typeof AuditEntryInfoSchema>;

export const AuditVerificationSchema = Type.Object({
  intact: Type.Boolean(),
  checked: Type.Integer(),
  first_broken: Nullable(Type.Object({ id: Type.Integer(), seq: Type.Integer(), reason: literals(['hash', 'link', 'missing'] as const) })),
});

export const SecurityEventSchema = Type.Object({
  id: Type.Integer(),
  created_at: Type.String(),
  kind: literals(SECURITY_EVENT_KINDS),
  email: NullableText,
  user_id: NullableInt,
  ip: NullableText,
  user_agent: NullableText,
  request_id: NullableText,
  route: NullableText,
  status: Type.Integer(),
});
export type SecurityEventRowT = Static<typeof SecurityEventSchema>;

/**
 * How the object filter (`entity_id`) meets an entry: its object, or one of the rows a bulk write touched
 * (`either`, one condition: the export's single statement). A list reads the two apart (`own`, and
 * `touched` without the entries already of `own`), each from its own index: as one OR, an object with
 * many entries was read whole from the table to be counted and sorted. `touched` is 0046's partial index
 * (the touched ids less the entry's own object): a busy device's own bulk writes, which touched it too,
 * are not read from the table again only to be left out (2,000 of them at 10,000,000 entries).
 */
type ObjectMatch = 'either' | 'own' | 'touched';
const OBJECT_MATCH: Record<ObjectMatch, (p: string) => string> = {
  either: (p) => `(e.entity_id = ${p} OR e.touched_ids @> ARRAY[${p}]::bigint[])`,
  own: (p) => `e.entity_id = ${p}`,
  touched: (p) => `e.touched_ids IS NOT NULL AND array_remove(e.touched_ids, e.entity_id) @> ARRAY[${p}]::bigint[]`,
};

/** The sortable columns an entry always has (NOT NULL): their order needs no NULLS clause. */
const NEWEST = { column: 'e.created_at', notNull: true };
const SORTABLE: Record<string, { column: string; notNull: boolean }> = {
  created_at: NEWEST,
  action: { column: 'e.action', notNull: true },
  entity: { column: 'e.entity', notNull: true },
  actor: { column: 'e.actor_email', notNull: false },
};

/**
 * `filterBy.multi`'s condition, but one value as `=`: `entity = ANY(...)` keeps PostgreSQL from reading the
 * object index in its order (an object's first page then sorted all its entries: 547 ms against 1 ms at
 * 10,000,000 entries, EXPLAIN ANALYZE on PostgreSQL 15).
 */
function oneOrAny(column: string, item: FilterItem, params: SqlParams): string {
  const values = (Array.isArray(item.value) ? item.value : String(item.value).split(',')).map((v) => String(v).trim()).filter((v) => v !== '');
  if (values.length === 0) return 'FALSE';
  if (values.length === 1) return `${column} = ${params.add(values[0])}`;
  return `${column} = ANY(${params.add(values)}::text[])`;
}

/** The list's rules; `objects` counts the object filters it meets (one can be read as two queries). */
function entryList(match: ObjectMatch, objects: { count: number }): ListSpec {
  return {
    sortable: Object.fromEntries(Object.entries(SORTABLE).map(([key, { column }]) => [key, column])),
    filters: {
      actor: filterBy.text('e.actor_email'),
      actor_id: filterBy.number('e.actor_id'),
      action: filterBy.multi('e.action'),
      entity: { kind: 'custom', build: (item, params) => oneOrAny('e.entity', item, params) },
      entity_id: {
        kind: 'custom',
        build: (item, params) => {
          const id = Number(item.value);
          if (!Number.isSafeInteger(id)) return 'FALSE';
          objects.count += 1;
          return OBJECT_MATCH[match](params.add(id));
        },
      },
      label: filterBy.text('e.label'),
      request_id: filterBy.exact('e.request_id'),
      // created_at: inLocalDays, by the call's time zone
    },
  };
}

const ENTRY_COLUMNS = `e.id::int AS id, ${ISO('e.created_at')} AS created_at,
  json_build_object('id', e.actor_id, 'email', e.actor_email, 'role', e.actor_role,
    'organisation', CASE WHEN e.actor_org_kind IS NULL THEN NULL
      ELSE json_build_object('kind', e.actor_org_kind, 'id', e.actor_org_id, 'name', e.actor_org_name) END) AS actor,
  e.action, e.entity, e.entity_id, e.label, e.changes, e.ip, e.request_id`;

/**
 * The slice keys of a caller's organisation (null: Admin, who sees everything). A role without an
 * organisation sees nothing.
 */
export async function sliceKeysOf(db: Db, caller: Caller): Promise<string[] | null> {
  if (caller.userType === 'Admin') return null;
  const own = organisationOf(caller);
  if (!own) return [];
  const keys = [`${own.kind}:${own.id}`];
  const more = async (sql: string, prefix: string) => {
    const { rows } = await db.query<{ id: number }>(sql, [own.id]);
    for (const row of rows) keys.push(`${prefix}:${row.id}`);
  };
  if (own.kind === 'agency') {
    await more(
      `SELECT id::int AS id FROM multi_site_companies WHERE created_by_agency_id = $1
       UNION SELECT company_id::int FROM multi_site_company_agencies WHERE agency_id = $1`,
      'company',
    );
  } else if (own.kind === 'company') {
    await more('SELECT id::int AS id FROM sites WHERE company_id = $1', 'site');
    await more('SELECT id::int AS id FROM site_managers WHERE company_id = $1', 'site_manager');
  } else if (own.kind === 'site_manager') {
    await more('SELECT site_id::int AS id FROM site_manager_sites WHERE site_manager_id = $1', 'site');
  }
  return keys;
}

/**
 * The slice as a condition; `filterOnly` where another index finds the rows (one object's): as an index
 * condition the planner ANDed an agency's whole GIN bitmap (100,000 entries) into every read of the
 * object's (580-820 ms against about 100 ms at 10,000,000 entries on PostgreSQL), and `IS TRUE` is not
 * an index condition.
 */
function sliceCondition(keys: string[] | null, params: SqlParams, filterOnly = false): string {
  if (keys === null) return 'TRUE';
  if (keys.length === 0) return 'FALSE';
  const meets = `e.slice_keys && ${params.add(keys)}::text[]`;
  return filterOnly ? `(${meets}) IS TRUE` : meets;
}

interface Selection {
  listing: Listing;
  /** The slice and the filters, params added. */
  conditions: string[];
  /** How many object filters (`entity_id`) the query holds. */
  objects: number;
}

/** The caller's slice (its keys, `sliceKeysOf`) and the query's filters and order; a bad filter or sort is a 400. */
function selectionOf(keys: string[] | null, query: ListQuery, params: SqlParams, match: ObjectMatch = 'either'): Selection {
  const objects = { count: 0 };
  const listing = buildListing(query, inLocalDays(entryList(match, objects), { created_at: 'e.created_at' }, query), params, 'e.id');
  return { listing, conditions: [sliceCondition(keys, params, match !== 'either'), ...listing.conditions], objects: objects.count };
}

/**
 * The entries a caller's list shows for `query`: its slice and the filters (a bad filter or sort is a 400
 * here), and the listing's order. The list pages it; the CSV export writes all of it.
 */
export async function entrySelection(db: Db, caller: Caller, query: ListQuery, params: SqlParams): Promise<{ listing: Listing; conditions: string[] }> {
  return selectionOf(await sliceKeysOf(db, caller), query, params);
}

/** The list's direction, as buildListing reads it. */
const directionOf = (query: ListQuery): 'ASC' | 'DESC' => ((query.orderBy ?? 'desc').toLowerCase() === 'asc' ? 'ASC' : 'DESC');

/** The list's sort column (buildListing has refused one it does not know). */
const sortOf = (query: ListQuery) => (query.sortBy ? SORTABLE[query.sortBy] : undefined) ?? NEWEST;

/**
 * The listing's order without NULLS for a column that is never null, so that an index in plain
 * `created_at DESC` order (the object index, which the timelines read too) serves it.
 */
function indexOrderOf(query: ListQuery): string {
  const direction = directionOf(query);
  const sort = sortOf(query);
  const nulls = sort.notNull ? '' : direction === 'DESC' ? ' NULLS LAST' : ' NULLS FIRST';
  return `ORDER BY ${sort.column} ${direction}${nulls}, e.id ${direction}`;
}

/**
 * One object's entries (docs/audit.md "Scale and cost"): those about it and those of bulk writes that
 * touched it, read apart from their own indexes, each once for both the total and the page (an
 * organisation's slice is checked on each entry in the table: twice was half its cost). Only ids and the
 * sort column are read (from the object index alone when sorted by time, 0046), the page's ids picked in
 * the list's order, then those entries read by id: reading whole entries to be sorted, page 40 read 1,000
 * of them. The total is the two counts (`touched` leaves out entries about the object, so none counts twice).
 */
async function objectEntries(db: Db, keys: string[] | null, query: ListQuery): Promise<ListInfo<AuditEntryRowT>> {
  const params = new SqlParams();
  const own = selectionOf(keys, query, params, 'own');
  const touched = selectionOf(keys, query, params, 'touched');
  const { listing } = own;
  const read = (s: Selection) => `SELECT e.id, ${sortOf(query).column} FROM audit_entries e ${whereClause(s.conditions)}`;
  // the ids cast once the page is cut: cast before the sort, every one was (page 40 at p50 8.6 against 6.0 ms on PGlite)
  const { rows } = await db.query<{ total: number; ids: number[] }>(
    `WITH own AS MATERIALIZED (${read(own)}), touched AS MATERIALIZED (${read(touched)})
     SELECT ((SELECT count(*) FROM own) + (SELECT count(*) FROM touched))::int AS total,
            ARRAY(SELECT p.id::int FROM (SELECT e.id FROM (SELECT * FROM own UNION ALL SELECT * FROM touched) e ${indexOrderOf(query)}
                                          LIMIT ${params.add(listing.limit)} OFFSET ${params.add(listing.offset)}) p) AS ids`,
    params.values,
  );
  const { total = 0, ids = [] } = rows[0] ?? {};
  if (ids.length === 0) return listInfo([], total, listing.page, listing.limit);
  const page = await db.query<AuditEntryRowT>(`SELECT ${ENTRY_COLUMNS} FROM audit_entries e WHERE e.id = ANY($1::bigint[]) ${listing.orderBy}`, [ids]);
  return listInfo(page.rows, total, listing.page, listing.limit);
}

/**
 * The total of a slice kept by the database (migration 0041: entries counted per set of slice keys in
 * their own transaction), for a list without filters: null where it is not kept (a customer's keys).
 */
async function keptTotal(db: Db, keys: string[] | null): Promise<number | null> {
  if (keys === null) return (await db.query<{ n: number }>('SELECT coalesce(sum(entries), 0)::int AS n FROM audit_slice_counts')).rows[0]?.n ?? 0;
  if (keys.some((key) => key.startsWith('customer:'))) return null;
  if (keys.length === 0) return 0;
  return (await db.query<{ n: number }>('SELECT coalesce(sum(entries), 0)::int AS n FROM audit_slice_counts WHERE keys && $1::text[]', [keys])).rows[0]?.n ?? 0;
}

/**
 * An organisation's unfiltered page in time order: each of its keys read from 0041's audit_entry_keys in
 * that order and cut at the page's reach, merged (an entry under two of its keys once), then the page's
 * entries read by id. Through the entries' newest-first index a deep page went through every entry of
 * every organisation before it.
 */
async function slicePage(db: Db, keys: string[], query: ListQuery, listing: Listing, total: number): Promise<ListInfo<AuditEntryRowT>> {
  if (listing.offset >= total) return listInfo([], total, listing.page, listing.limit);
  const params = new SqlParams();
  const direction = directionOf(query);
  const order = `ORDER BY created_at ${direction}, entry_id ${direction}`;
  const reach = params.add(listing.offset + listing.limit);
  const perKey = keys.map((key) => `(SELECT entry_id, created_at FROM audit_entry_keys WHERE key = ${params.add(key)} ${order} LIMIT ${reach})`);
  const page = `SELECT entry_id FROM (${perKey.join(' UNION ')}) k ${order} LIMIT ${params.add(listing.limit)} OFFSET ${params.add(listing.offset)}`;
  const { rows } = await db.query<AuditEntryRowT>(`SELECT ${ENTRY_COLUMNS} FROM audit_entries e WHERE e.id IN (${page}) ${listing.orderBy}`, params.values);
  return listInfo(rows, total, listing.page, listing.limit);
}

export async function listEntries(db: Db, caller: Caller, query: ListQuery): Promise<ListInfo<AuditEntryRowT>> {
  const keys = await sliceKeysOf(db, caller);
  const params = new SqlParams();
  const { listing, conditions, objects } = selectionOf(keys, query, params);
  // one object: two index-ordered reads (two object filters stay one condition: they do not split)
  if (objects === 1) return objectEntries(db, keys, query);
  const source = `FROM audit_entries e ${whereClause(conditions)}`;
  const kept = listing.conditions.length === 0 ? await keptTotal(db, keys) : null;
  if (kept === null) return pagedList<AuditEntryRowT>(db, listing, params, ENTRY_COLUMNS, source);
  if (keys !== null && (!query.sortBy || query.sortBy === 'created_at')) return slicePage(db, keys, query, listing, kept);
  return pagedList<AuditEntryRowT>(db, listing, params, ENTRY_COLUMNS, source, kept);
}

/** One entry in the caller's slice; outside it, not found (SECURITY.md 1). */
export async function entryInfo(db: Db, caller: Caller, id: number): Promise<AuditEntryInfoT> {
  const params = new SqlParams();
  const idParam = params.add(id);
  const scope = sliceCondition(await sliceKeysOf(db, caller), params);
  const { rows } = await db.query<AuditEntryInfoT>(
    `SELECT ${ENTRY_COLUMNS}, e.user_agent, e.route, e.bulk, COALESCE(e.touched_ids, '{}') AS touched_ids, e.seq, e.hash
       FROM audit_entries e WHERE e.id = ${idParam} AND ${scope}`,
    params.values,
  );
  const row = rows[0];
  if (!row) throw notFound();
  return row;
}

const SECURITY_LIST: ListSpec = {
  sortable: { created_at: 's.created_at', kind: 's.kind', email: 's.email' },
  filters: {
    kind: filterBy.multi('s.kind'),
    email: filterBy.text('s.email'),
    ip: filterBy.exact('s.ip'),
    // created_at: inLocalDays, by the call's time zone
  },
};

export async function listSecurityEvents(db: Db, query: ListQuery): Promise<ListInfo<SecurityEventRowT>> {
  const params = new SqlParams();
  const listing = buildListing(query, inLocalDays(SECURITY_LIST, { created_at: 's.created_at' }, query), params, 's.id');
  return pagedList<SecurityEventRowT>(
    db,
    listing,
    params,
    `s.id::int AS id, ${ISO('s.created_at')} AS created_at, s.kind, s.email, s.user_id::int AS user_id, s.ip, s.user_agent, s.request_id, s.route, s.status`,
    `FROM security_events s ${whereClause(listing.conditions)}`,
  );
}
