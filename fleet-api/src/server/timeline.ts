/**
 * A timeline of one object (issue 23, docs/audit.md "Device timeline", "Property timeline"): entries of
 * several sources merged newest first, paged with an exact total, filtered by kind. The device's and the
 * property's timelines name their sources; this reads them.
 *
 * Each source is its own query ordered by time and cut at page * limit rows (an index per source),
 * merged with UNION ALL: a page never sorts the whole history; a page past the middle is read from the
 * oldest end the same way, so the last page costs what the first does. The total is the sum of each
 * source's count.
 */
import { Type } from '@sinclair/typebox';
import type { TimelineEntry } from '@fleet/contract';
import type { Db } from '../db';
import { badRequest } from './errors';
import { buildListing, listInfo, type FilterItem, type ListInfo, type ListQuery } from './listing';
import { say } from './messages';
import { AuditChangeSchema, Nullable, NullableInt, NullableText } from './schemas';
import { ISO, SqlParams } from './sql';

/** The answer row of a timeline whose kinds are `kinds`. */
export function timelineEntrySchema(kinds: readonly string[]) {
  return Type.Object({
    key: Type.String(),
    kind: Type.Union(kinds.map((k) => Type.Literal(k))),
    event: Type.String(),
    at: Type.String(),
    subject: NullableText,
    detail: NullableText,
    actor: Nullable(Type.Object({ id: NullableInt, email: NullableText, role: NullableText, name: NullableText })),
    changes: Type.Array(AuditChangeSchema),
  });
}

/**
 * One source of entries. Its SQL names the object `$1` and the page's reach `$2`; `at` and `ref` are
 * its time and row id (the order within the source), the other columns what the entry shows.
 */
export interface TimelineSource<K extends string> {
  kind: K;
  /** `FROM ... WHERE ...` of the object's rows (aliased as the columns expect). */
  from: string;
  at: string;
  ref: string;
  event: string;
  subject: string;
  detail: string;
  /** id, email, role, name of who made it, or nothing. */
  actor?: [string, string, string, string];
  changes?: string;
}

/** An audit entry's columns as a timeline entry (from `audit_entries a`): its action, label, call and actor. */
export const AUDIT_ENTRY_COLUMNS = {
  at: 'a.created_at',
  ref: 'a.id',
  event: 'a.action',
  subject: 'a.label',
  detail: 'a.route',
  actor: ['a.actor_id', 'a.actor_email', 'a.actor_role', 'a.actor_org_name'],
  changes: 'a.changes',
} satisfies Omit<TimelineSource<string>, 'kind' | 'from'>;

/** An audit entry's changes of the object's own row only: a `table.field` change names another row. */
export const OWN_FIELD_CHANGES = `(SELECT jsonb_agg(c) FROM jsonb_array_elements(a.changes) c WHERE strpos(c->>'field', '.') = 0)`;
export const HAS_OWN_FIELD_CHANGE = `EXISTS (SELECT 1 FROM jsonb_array_elements(a.changes) c WHERE strpos(c->>'field', '.') = 0)`;

/** The kinds a `filter` asks for (all when it names none); a kind that is not one of `kinds` is a 400. */
export function timelineKindsOf<K extends string>(query: ListQuery, kinds: readonly K[]): Set<K> {
  const asked = new Set<K>();
  const known = (v: unknown): v is K => (kinds as readonly unknown[]).includes(v);
  const kindRule = (item: FilterItem) => {
    for (const v of Array.isArray(item.value) ? item.value : [item.value]) {
      if (!known(v)) throw badRequest(say('requests.fieldInvalid', { field: 'filter kind' }));
      asked.add(v);
    }
    return '';
  };
  // the one list codec reads the filter (unknown keys are a 400); the order is fixed, newest first
  buildListing({ filter: query.filter, sortBy: 'at' }, { sortable: { at: 'at' }, filters: { kind: { kind: 'custom', build: kindRule } } }, new SqlParams());
  return asked.size === 0 ? new Set(kinds) : asked;
}

/** A source's rows in time order (newest first, or oldest first for a page nearer the end), cut at `$2`. */
function sourceSql<K extends string>(s: TimelineSource<K>, i: number, newestFirst: boolean): string {
  const [id, email, role, name] = s.actor ?? ['NULL', 'NULL', 'NULL', 'NULL'];
  const order = newestFirst ? 'DESC' : 'ASC';
  return `(SELECT ${i} AS src, ${s.ref}::bigint AS ref, '${s.kind}'::text AS kind, ${s.event}::text AS event, ${s.at} AS at,
      ${s.subject}::text AS subject, ${s.detail}::text AS detail, ${id}::bigint AS actor_id, ${email}::text AS actor_email,
      ${role}::text AS actor_role, ${name}::text AS actor_name, ${s.changes ?? 'NULL'}::jsonb AS changes
    ${s.from} ORDER BY ${s.at} ${order}, ${s.ref} ${order} LIMIT $2)`;
}

interface TimelineRow<K extends string> {
  src: number;
  ref: number;
  kind: K;
  event: string;
  at: string;
  subject: string | null;
  detail: string | null;
  actor_id: number | null;
  actor_email: string | null;
  actor_role: string | null;
  actor_name: string | null;
  changes: TimelineEntry['changes'] | null;
}

/**
 * A page of the object `id`'s timeline from `sources` (in the order entries at the same instant are
 * shown), those of `kinds` only. The caller has checked that the object is in the caller's slice.
 */
export async function readTimeline<K extends string>(
  db: Db,
  sources: ReadonlyArray<TimelineSource<K>>,
  id: number,
  kinds: ReadonlySet<K>,
  query: ListQuery,
): Promise<ListInfo<TimelineEntry<K>>> {
  const page = query.page ?? 1;
  const limit = Math.min(query.limit ?? 25, 500);
  const chosen = sources.map((s, i) => ({ s, i })).filter(({ s }) => kinds.has(s.kind));
  const counts = chosen.map(({ s }) => `(SELECT count(*) ${s.from})`).join(' + ');
  const total = (await db.query<{ n: number }>(`SELECT (${counts})::int AS n`, [id])).rows[0]?.n ?? 0;
  const offset = (page - 1) * limit;
  if (offset >= total) return listInfo([], total, page, limit);

  // A page nearer the end is read from the oldest entry backwards, so the last page costs what the first does.
  const newestFirst = offset <= total - offset - limit;
  const reach = newestFirst ? offset + limit : total - offset;
  const [cut, skip] = newestFirst ? [limit, offset] : [Math.min(limit, total - offset), Math.max(0, total - offset - limit)];
  const { rows: read } = await db.query<TimelineRow<K>>(
    `SELECT t.src, t.ref::int AS ref, t.kind, t.event, ${ISO('t.at')} AS at, t.subject, t.detail, t.actor_id::int AS actor_id,
            t.actor_email, t.actor_role, t.actor_name, t.changes
       FROM (${chosen.map(({ s, i }) => sourceSql(s, i, newestFirst)).join(' UNION ALL ')}) t
      ORDER BY ${newestFirst ? 't.at DESC, t.src ASC, t.ref DESC' : 't.at ASC, t.src DESC, t.ref ASC'}
      LIMIT $3 OFFSET $4`,
    [id, reach, cut, skip],
  );
  const rows = newestFirst ? read : read.reverse();
  const data = rows.map(
    (r): TimelineEntry<K> => ({
      // two sources of one kind may share row ids (a table's and the audit trail's)
      key: `${r.kind}:${r.src}:${r.ref}:${r.event}`,
      kind: r.kind,
      event: r.event,
      at: r.at,
      subject: r.subject,
      detail: r.detail,
      actor: r.actor_id === null && r.actor_email === null && r.actor_name === null ? null : { id: r.actor_id, email: r.actor_email, role: r.actor_role, name: r.actor_name },
      changes: r.changes ?? [],
    }),
  );
  return listInfo(data, total, page, limit);
}
