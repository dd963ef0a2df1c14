/**
 * One timeline per device (issue 23, docs/audit.md "Device timeline"): a device's faults and
 * resolutions, online/offline and work-state changes, OTA jobs, rollouts, install history and the
 * audit entries about it, newest first, paged with an exact total, filtered by kind. Scoped as the
 * device is: outside the caller's slice it is 404, as its detail call.
 *
 * Each source is its own query ordered by time and cut at page * limit rows (an index per source,
 * migration 0027), merged with UNION ALL: a page never sorts the whole history; a page past the middle
 * is read from the oldest end the same way. The total is the sum of each source's count.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { DEVICE_TIMELINE_PATHS, TIMELINE_KINDS, type TimelineEntry, type TimelineKind } from '@fleet/contract';
import type { Db } from '../../db';
import { callerOf } from '../../policy/access';
import { only, type Caller, type UserType } from '../../policy/roles';
import { scopeFor } from '../../policy/scope';
import type { ModuleOptions } from '../../server/context';
import { badRequest, notFound } from '../../server/errors';
import { buildListing, ListInfoSchema, listInfo, listQueryProperties, type FilterItem, type ListInfo, type ListQuery } from '../../server/listing';
import { say } from '../../server/messages';
import { IdField, Nullable, NullableInt, NullableText, routeSchema, Strict } from '../../server/schemas';
import { ISO, SqlParams } from '../../server/sql';
import { AuditChangeSchema } from '../audit/entries';

export const TimelineEntrySchema = Type.Object({
  key: Type.String(),
  kind: Type.Union(TIMELINE_KINDS.map((k) => Type.Literal(k))),
  event: Type.String(),
  at: Type.String(),
  subject: NullableText,
  detail: NullableText,
  actor: Nullable(Type.Object({ id: NullableInt, email: NullableText, role: NullableText, name: NullableText })),
  changes: Type.Array(AuditChangeSchema),
});

/**
 * One source of entries. Its SQL names the device `$1` and the page's reach `$2`; `at` and `ref` are
 * its time and row id (the order within the source), the other columns what the entry shows.
 */
interface Source {
  kind: TimelineKind;
  /** `FROM ... WHERE ...` of the device's rows (aliased as the columns expect). */
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

const USER = (alias: string, id: string) => `LEFT JOIN users ${alias} ON ${alias}.id = ${id}`;
const AUDIT_ABOUT_DEVICE = `FROM audit_entries a
  WHERE a.entity IN ('device', 'heat_pump') AND (a.entity_id = $1 OR a.touched_ids @> ARRAY[$1::bigint])`;
const AUDIT_COLUMNS = {
  at: 'a.created_at',
  ref: 'a.id',
  event: 'a.action',
  subject: 'a.label',
  detail: 'a.route',
  actor: ['a.actor_id', 'a.actor_email', 'a.actor_role', 'a.actor_org_name'],
  changes: 'a.changes',
} satisfies Omit<Source, 'kind' | 'from'>;
const JOB_COLUMNS = { ref: 'j.id', subject: 'j.to_version', detail: 'j.from_version', actor: ['p.created_by', 'u.email', 'u.user_type', 'NULL'] } satisfies Partial<Source>;
const ROLLOUT_FROM = `FROM rollout_devices rd JOIN rollouts r ON r.id = rd.rollout_id ${USER('u', 'r.created_by')} WHERE rd.device_id = $1`;

/** Every source, in the order entries at the same instant are shown. */
const SOURCES: Source[] = [
  { kind: 'fault', from: 'FROM faults f WHERE f.device_id = $1', at: 'f.history_datetime', ref: 'f.id', event: `'raised'`, subject: 'f.fault_code', detail: 'f.fault_description' },
  {
    kind: 'fault',
    from: `FROM faults f ${USER('u', 'f.resolved_by')} WHERE f.device_id = $1 AND f.resolved_at IS NOT NULL`,
    at: 'f.resolved_at',
    ref: 'f.id',
    event: `'resolved'`,
    subject: 'f.fault_code',
    detail: 'f.job_comments',
    actor: ['f.resolved_by', 'u.email', 'u.user_type', 'f.resolved_by_name'],
  },
  { kind: 'connection', from: `FROM heat_pump_events e WHERE e.device_id = $1 AND e.event IN ('online', 'offline')`, at: 'e.at', ref: 'e.id', event: 'e.event', subject: 'NULL', detail: 'NULL' },
  { kind: 'work_state', from: `FROM heat_pump_events e WHERE e.device_id = $1 AND e.event = 'work_state'`, at: 'e.at', ref: 'e.id', event: 'e.event', subject: 'e.work_state::text', detail: 'NULL' },
  { kind: 'ota', from: `FROM ota_jobs j JOIN ota_pushes p ON p.id = j.push_id ${USER('u', 'p.created_by')} WHERE j.device_id = $1`, at: 'j.created_at', event: `'pushed'`, ...JOB_COLUMNS },
  {
    kind: 'ota',
    from: `FROM ota_jobs j JOIN ota_pushes p ON p.id = j.push_id ${USER('u', 'p.created_by')} WHERE j.device_id = $1 AND j.state IN ('installed', 'failed')`,
    at: 'j.updated_at',
    event: 'j.state',
    ...JOB_COLUMNS,
  },
  { kind: 'rollout', from: ROLLOUT_FROM, at: 'r.created_at', ref: 'r.id', event: `'joined'`, subject: 'r.name', detail: 'rd.state', actor: ['r.created_by', 'u.email', 'u.user_type', 'NULL'] },
  {
    kind: 'rollout',
    from: `${ROLLOUT_FROM} AND rd.finished_at IS NOT NULL AND rd.state IN ('installed', 'failed', 'timed_out', 'cancelled')`,
    at: 'rd.finished_at',
    ref: 'r.id',
    event: 'rd.state',
    subject: 'r.name',
    detail: 'r.firmware_version',
  },
  {
    kind: 'install',
    from: `FROM device_history h WHERE h.device_id = $1 AND h.event IN ('installed', 'replaced', 'removed')`,
    at: 'h.created_at',
    ref: 'h.id',
    event: 'h.event',
    subject: 'h.serial_number',
    detail: 'h.note',
  },
  { kind: 'edit', from: `${AUDIT_ABOUT_DEVICE} AND a.action <> 'assign'`, ...AUDIT_COLUMNS },
  // changes of the OTA group the device is in (its Update Flag, its target): the group's own fields only,
  // never the rows of its members (other devices' ids)
  {
    kind: 'edit',
    from: `FROM ota_group_devices gd JOIN audit_entries a ON a.entity = 'ota_group' AND a.entity_id = gd.group_id
      WHERE gd.device_id = $1 AND EXISTS (SELECT 1 FROM jsonb_array_elements(a.changes) c WHERE strpos(c->>'field', '.') = 0)`,
    ...AUDIT_COLUMNS,
    changes: `(SELECT jsonb_agg(c) FROM jsonb_array_elements(a.changes) c WHERE strpos(c->>'field', '.') = 0)`,
  },
  { kind: 'assignment', from: `${AUDIT_ABOUT_DEVICE} AND a.action = 'assign'`, ...AUDIT_COLUMNS },
];

/** The kinds a `filter` asks for (all when it names none); a kind that is not one is a 400. */
function kindsOf(query: ListQuery): Set<TimelineKind> {
  const asked = new Set<TimelineKind>();
  const known = (v: unknown): v is TimelineKind => (TIMELINE_KINDS as readonly unknown[]).includes(v);
  const kindRule = (item: FilterItem) => {
    for (const v of Array.isArray(item.value) ? item.value : [item.value]) {
      if (!known(v)) throw badRequest(say('requests.fieldInvalid', { field: 'filter kind' }));
      asked.add(v);
    }
    return '';
  };
  // the one list codec reads the filter (unknown keys are a 400); the order is fixed, newest first
  buildListing({ filter: query.filter, sortBy: 'at' }, { sortable: { at: 'at' }, filters: { kind: { kind: 'custom', build: kindRule } } }, new SqlParams());
  return asked.size === 0 ? new Set(TIMELINE_KINDS) : asked;
}

/** A source's rows in time order (newest first, or oldest first for a page nearer the end), cut at `$2`. */
function sourceSql(s: Source, i: number, newestFirst: boolean): string {
  const [id, email, role, name] = s.actor ?? ['NULL', 'NULL', 'NULL', 'NULL'];
  const order = newestFirst ? 'DESC' : 'ASC';
  return `(SELECT ${i} AS src, ${s.ref}::bigint AS ref, '${s.kind}'::text AS kind, ${s.event}::text AS event, ${s.at} AS at,
      ${s.subject}::text AS subject, ${s.detail}::text AS detail, ${id}::bigint AS actor_id, ${email}::text AS actor_email,
      ${role}::text AS actor_role, ${name}::text AS actor_name, ${s.changes ?? 'NULL'}::jsonb AS changes
    ${s.from} ORDER BY ${s.at} ${order}, ${s.ref} ${order} LIMIT $2)`;
}

interface TimelineRow {
  ref: number;
  kind: TimelineKind;
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

/** The device's timeline page, newest first; 404 when the device is not in the caller's slice. */
export async function deviceTimeline(db: Db, caller: Caller, id: number, query: ListQuery): Promise<ListInfo<TimelineEntry>> {
  const params = new SqlParams();
  const { rows: found } = await db.query(`SELECT 1 FROM devices d WHERE d.id = ${params.add(id)} AND (${scopeFor(caller).devices('d', params)})`, params.values);
  if (found.length === 0) throw notFound(say('devices.notFound'));

  const kinds = kindsOf(query);
  const page = query.page ?? 1;
  const limit = Math.min(query.limit ?? 25, 500);
  const chosen = SOURCES.map((s, i) => ({ s, i })).filter(({ s }) => kinds.has(s.kind));
  const counts = chosen.map(({ s }) => `(SELECT count(*) ${s.from})`).join(' + ');
  const total = (await db.query<{ n: number }>(`SELECT (${counts})::int AS n`, [id])).rows[0]?.n ?? 0;
  const offset = (page - 1) * limit;
  if (offset >= total) return listInfo([], total, page, limit);

  // A page nearer the end is read from the oldest entry backwards, so the last page costs what the first does.
  const newestFirst = offset <= total - offset - limit;
  const reach = newestFirst ? offset + limit : total - offset;
  const [cut, skip] = newestFirst ? [limit, offset] : [Math.min(limit, total - offset), Math.max(0, total - offset - limit)];
  const { rows: read } = await db.query<TimelineRow>(
    `SELECT t.ref::int AS ref, t.kind, t.event, ${ISO('t.at')} AS at, t.subject, t.detail, t.actor_id::int AS actor_id,
            t.actor_email, t.actor_role, t.actor_name, t.changes
       FROM (${chosen.map(({ s, i }) => sourceSql(s, i, newestFirst)).join(' UNION ALL ')}) t
      ORDER BY ${newestFirst ? 't.at DESC, t.src ASC, t.ref DESC' : 't.at ASC, t.src DESC, t.ref ASC'}
      LIMIT $3 OFFSET $4`,
    [id, reach, cut, skip],
  );
  const rows = newestFirst ? read : read.reverse();
  const data = rows.map(
    (r): TimelineEntry => ({
      key: `${r.kind}:${r.ref}:${r.event}`,
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

const schema = routeSchema('Devices');
const TimelineQuery = Strict({ ...listQueryProperties, id: IdField });

/** `GET .../device/timeline` under each role's device-call prefix (contract: DEVICE_TIMELINE_PATHS). */
export const deviceTimelineRoutes: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { ctx }) => {
  const rolesOf = new Map<string, UserType[]>();
  for (const [role, path] of Object.entries(DEVICE_TIMELINE_PATHS) as Array<[UserType, string]>) rolesOf.set(path, [...(rolesOf.get(path) ?? []), role]);
  for (const [path, roles] of rolesOf) {
    app.get(
      path,
      {
        config: { access: only(...roles) },
        schema: { ...schema("A device's timeline: faults, connection, work state, OTA, rollouts, installs and changes, newest first", ListInfoSchema(TimelineEntrySchema), 400, 404), querystring: TimelineQuery },
      },
      async (request) => ({ status: true, message: say('titles.history'), info: await deviceTimeline(ctx.db, callerOf(request), request.query.id, request.query) }),
    );
  }
};
