/**
 * One timeline per device (issue 23, docs/audit.md "Device timeline"): a device's faults and
 * resolutions, online/offline and work-state changes, OTA jobs, rollouts, install history and the
 * audit entries about it, newest first, paged with an exact total, filtered by kind. Scoped as the
 * device is: outside the caller's slice it is 404, as its detail call.
 *
 * Its sources are read by server/timeline.ts (each on its own index, migration 0027).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DEVICE_TIMELINE_PATHS, TIMELINE_KINDS, type TimelineEntry, type TimelineKind } from '@fleet/contract';
import type { Db } from '../../db';
import { callerOf } from '../../policy/access';
import { only, type Caller, type UserType } from '../../policy/roles';
import { scopeFor } from '../../policy/scope';
import type { ModuleOptions } from '../../server/context';
import { notFound } from '../../server/errors';
import { ListInfoSchema, listQueryProperties, type ListInfo, type ListQuery } from '../../server/listing';
import { say } from '../../server/messages';
import { IdField, routeSchema, Strict } from '../../server/schemas';
import { SqlParams } from '../../server/sql';
import { AUDIT_ENTRY_COLUMNS, HAS_OWN_FIELD_CHANGE, OWN_FIELD_CHANGES, readTimeline, timelineEntrySchema, timelineKindsOf, type TimelineSource } from '../../server/timeline';

export const TimelineEntrySchema = timelineEntrySchema(TIMELINE_KINDS);
type Source = TimelineSource<TimelineKind>;

const USER = (alias: string, id: string) => `LEFT JOIN users ${alias} ON ${alias}.id = ${id}`;
const AUDIT_ABOUT_DEVICE = `FROM audit_entries a
  WHERE a.entity IN ('device', 'heat_pump') AND (a.entity_id = $1 OR a.touched_ids @> ARRAY[$1::bigint])`;
const AUDIT_COLUMNS = AUDIT_ENTRY_COLUMNS;
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
      WHERE gd.device_id = $1 AND ${HAS_OWN_FIELD_CHANGE}`,
    ...AUDIT_COLUMNS,
    changes: OWN_FIELD_CHANGES,
  },
  { kind: 'assignment', from: `${AUDIT_ABOUT_DEVICE} AND a.action = 'assign'`, ...AUDIT_COLUMNS },
];

/** The device's timeline page, newest first; 404 when the device is not in the caller's slice. */
export async function deviceTimeline(db: Db, caller: Caller, id: number, query: ListQuery): Promise<ListInfo<TimelineEntry>> {
  const params = new SqlParams();
  const { rows: found } = await db.query(`SELECT 1 FROM devices d WHERE d.id = ${params.add(id)} AND (${scopeFor(caller).devices('d', params)})`, params.values);
  if (found.length === 0) throw notFound(say('devices.notFound'));

  return readTimeline(db, SOURCES, id, timelineKindsOf(query, TIMELINE_KINDS), query);
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
