/**
 * Firmware pushes and their history (docs/ota-calls.md, Availability, push and history). A push is one
 * ota_pushes row and one queued ota_jobs row per selected device that has an available firmware it
 * is not running and no update already in flight; the others are counted as skipped. All of it in
 * one transaction; the simulator (src/simulator) then moves the jobs. Each job's state and the push's
 * counts go to the live socket once committed (modules/ota/rollouts.ts).
 */
import { Type, type Static } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { callerOf } from '../../policy/access';
import { badRequest, notFound } from '../../server/errors';
import type { Db } from '../../db';
import { filterBy, buildListing, filteringItems, listInfo, multiValues, listQueryProperties, ListInfoSchema, type ListInfo, type ListQuery, type ListSpec } from '../../server/listing';
import { SqlParams, whereClause } from '../../server/sql';
import { IdField, NullableText } from '../../server/schemas';
import type { ModuleOptions } from '../../server/context';
import { AVAILABLE_SQL, HAS_UPDATE_SQL, otaJoins, selectionConditions } from './availability';
import { adminOfType, BodyFilter, DeviceIds, filterText, oneRow, pageOfType } from './common';
import { identifierFilter, otaLine } from './device-types';
import { pushCounts, pushJobEvents, rolloutEvents } from './rollouts';
import { publishCommitted } from '../live/bus';
import { say } from '../../server/messages';

const OtaPush = Type.Object({
  id: Type.Integer(),
  created_at: Type.String(),
  created_by_email: NullableText,
  created_by_name: NullableText,
  target_version: Type.String(),
  device_count: Type.Integer(),
  queued: Type.Integer(),
  downloading: Type.Integer(),
  installed: Type.Integer(),
  failed: Type.Integer(),
});
type OtaPushT = Static<typeof OtaPush>;
type RolloutState = 'queued' | 'downloading' | 'installed' | 'failed';
const JOB_STATES: readonly RolloutState[] = ['queued', 'downloading', 'installed', 'failed'];

const OtaJob = Type.Object({
  id: Type.Integer(),
  push_id: Type.Integer(),
  device_id: Type.Integer(),
  serial_number: Type.String(),
  mac_address: NullableText,
  from_version: NullableText,
  to_version: Type.String(),
  state: Type.String(),
  created_at: Type.String(),
  updated_at: Type.String(),
});
type OtaJobT = Static<typeof OtaJob>;

const PUSH_LIST: ListSpec = {
  sortable: { created_at: 'p.created_at', device_count: 'p.device_count', target_version: 'fleet_version_key(p.target_version)' },
  filters: {
    version: filterBy.text('p.target_version'),
    created_by: filterBy.text("concat_ws(' ', u.email, u.first_name, u.last_name)"),
  },
};

const JOB_LIST: ListSpec = {
  sortable: {
    created_at: 'j.created_at',
    updated_at: 'j.updated_at',
    id: 'j.id',
    state: 'j.state',
    serial_number: 'd.serial_number',
    mac_address: 'd.mac_address',
  },
  defaultSort: 'id',
  filters: {
    serial_number: identifierFilter('d.serial_number', false),
    mac_address: identifierFilter('d.mac_address', true),
    state: filterBy.multi('j.state'),
  },
};

const JOB_COLUMNS = `j.id, j.push_id, j.device_id, d.serial_number, d.mac_address, j.from_version, j.to_version, j.state,
  j.created_at, j.updated_at`;

/**
 * The job states a push's job filter keeps when `state` is all it filters on (every state when it has
 * no filter), read as the list's multi rule reads them (several `state` items: those in all of them);
 * null for any other key. The push's kept counts of those states are then the list's exact total.
 */
function countedStates(filter: string | undefined): RolloutState[] | null {
  let states = [...JOB_STATES];
  for (const item of filteringItems(filter, JOB_LIST)) {
    if (item.key !== 'state') return null;
    const named = multiValues(item);
    states = states.filter((s) => named.includes(s));
  }
  return states;
}

/**
 * A page of jobs of one push or of one device (`key` is `j.push_id` or `j.device_id`, trusted SQL).
 * A push's total, unfiltered or by state, is the sum of its kept counts (migration 0043: counting a
 * 112,142-job push took 100 ms on PGlite); otherwise the count reads the device only when a filter
 * does (every job has its device), else the (push_id, state) index alone.
 */
async function jobList(db: Db, query: ListQuery, key: 'j.push_id' | 'j.device_id', id: number, spec: ListSpec): Promise<ListInfo<OtaJobT>> {
  const params = new SqlParams();
  const conditions = [`${key} = ${params.add(id)}`];
  const listing = buildListing(query, spec, params, 'j.id');
  conditions.push(...listing.conditions);
  const where = whereClause(conditions);
  const device = 'JOIN devices d ON d.id = j.device_id';
  const states = key === 'j.push_id' ? countedStates(query.filter) : null;
  const kept = states ? (await pushCounts(db, [id]))[0] : undefined;
  const countSql = `SELECT count(*)::int AS n FROM ota_jobs j ${/\bd\./.test(where) ? device : ''} ${where}`;
  const total =
    states && kept
      ? states.reduce((sum, s) => sum + kept[s], 0)
      : ((await db.query<{ n: number }>(countSql, params.values.slice())).rows[0]?.n ?? 0);
  if (listing.offset >= total) return listInfo([], total, listing.page, listing.limit);
  const { rows } = await db.query<OtaJobT>(
    `SELECT ${JOB_COLUMNS} FROM ota_jobs j ${device} ${where} ${listing.orderBy} LIMIT ${params.add(listing.limit)} OFFSET ${params.add(listing.offset)}`,
    params.values,
  );
  return listInfo(rows, total, listing.page, listing.limit);
}

const pushes = adminOfType('OTA push');

export const otaPushRoutes: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { ctx }) => {
  const { db } = ctx;

  app.put(
    '/api/ota/update-firmware',
    pushes.body(
      'Send their available firmware to the selected devices',
      Type.Object({ push_id: Type.Integer(), device_count: Type.Integer(), skipped: Type.Integer() }),
      {
        devices: Type.Optional(DeviceIds),
        all: Type.Optional(Type.Boolean({ default: false, errorMessage: say('ota.allInvalid') })),
        filter: BodyFilter,
      },
      400,
      404,
    ),
    async (request) => {
      const caller = callerOf(request);
      const body = request.body;
      const all = body.all ?? false;
      const ids = [...new Set(body.devices ?? [])];
      if (!all && ids.length === 0) throw badRequest(say('ota.noDeviceSelected'));
      const now = ctx.config.now().toISOString();
      const result = await db.transaction(async (tx) => {
        const params = new SqlParams();
        const typeParam = params.add(body.deviceType);
        const conditions = selectionConditions(body.deviceType, params, { all, ids, filter: filterText(body.filter) });
        const { rows } = await tx.query<{ id: number }>(
          `INSERT INTO ota_pushes (product_line, created_by, target_version, all_devices, device_count, created_at)
           VALUES ($1, $2, '', $3, 0, $4) RETURNING id`,
          [body.deviceType, caller.userId, all, now],
        );
        const pushId = rows[0]?.id ?? 0;
        const p = params.add(pushId);
        const at = params.add(now);
        // The selection read once (its availability is joined per device since migration 0024): how many
        // it names, and the jobs of those with an update and none in flight. A refusal below rolls it back.
        const { rows: written } = await tx.query<{ selected: number; sent: number }>(
          `WITH chosen AS MATERIALIZED (
             SELECT d.id, d.firmware_version, ${AVAILABLE_SQL} AS available, ${HAS_UPDATE_SQL} AS has_update
               FROM devices d ${otaJoins(typeParam)} ${whereClause(conditions)}
           ), jobs AS (
             INSERT INTO ota_jobs (push_id, device_id, from_version, to_version, state, created_at, updated_at)
             SELECT ${p}, c.id, c.firmware_version, c.available, 'queued', ${at}, ${at} FROM chosen c
              WHERE c.has_update
                AND NOT EXISTS (SELECT 1 FROM ota_jobs a WHERE a.device_id = c.id AND a.state IN ('queued', 'downloading'))
             RETURNING 1
           )
           SELECT (SELECT count(*) FROM chosen)::int AS selected, (SELECT count(*) FROM jobs)::int AS sent`,
          params.values,
        );
        const selected = written[0]?.selected ?? 0;
        const count = written[0]?.sent ?? 0;
        if (!all && selected !== ids.length) throw notFound(say('devices.notFound'));
        if (count === 0) throw badRequest(say('ota.noUpdateAvailable'));
        // The versions sent, for the history list ("3.3.0", or "3.2.5, 3.3.0" when they differ).
        await tx.query(
          `UPDATE ota_pushes SET device_count = $2,
                  target_version = (SELECT string_agg(v, ', ' ORDER BY fleet_version_key(v), v) FROM (SELECT DISTINCT to_version AS v FROM ota_jobs WHERE push_id = $1) x)
            WHERE id = $1`,
          [pushId, count],
        );
        // each device's queued job and the push's counts, for the consoles once this commits
        const events = [...(await pushJobEvents(tx, pushId)), ...(await rolloutEvents(tx, [pushId]))];
        return { info: { push_id: pushId, device_count: count, skipped: selected - count }, events };
      });
      await publishCommitted(ctx.live, result.events, request.log);
      return {
        status: true,
        message: say('ota.pushSent', { count: result.info.device_count }),
        info: result.info,
      };
    },
  );

  app.get(
    '/api/ota/history',
    pushes.query('Firmware pushes of a type, newest first, with job counts per state', ListInfoSchema(OtaPush), listQueryProperties, 400),
    async (request) => {
      const page = await pageOfType<Omit<OtaPushT, RolloutState>>(db, request.query.deviceType, request.query, {
        spec: PUSH_LIST,
        alias: 'p',
        from: 'ota_pushes p LEFT JOIN users u ON u.id = p.created_by',
        columns: `p.id, p.created_at, u.email AS created_by_email, nullif(concat_ws(' ', u.first_name, u.last_name), '') AS created_by_name,
          p.target_version, p.device_count`,
      });
      // the page's job counts, as the live rollout events count them
      const counts = new Map((await pushCounts(db, page.data.map((p) => p.id))).map((c) => [c.push_id, c]));
      const data = page.data.map((p): OtaPushT => {
        const c = counts.get(p.id);
        return { ...p, queued: c?.queued ?? 0, downloading: c?.downloading ?? 0, installed: c?.installed ?? 0, failed: c?.failed ?? 0 };
      });
      return { status: true, message: say('titles.history'), info: { ...page, data } };
    },
  );

  app.get(
    '/api/ota/history/devices',
    pushes.query('The device jobs of one push', ListInfoSchema(OtaJob), { ...listQueryProperties, push_id: IdField }, 400, 404),
    async (request) => {
      const q = request.query;
      await oneRow(db, 'SELECT 1 FROM ota_pushes WHERE id = $1 AND product_line = $2', [q.push_id, q.deviceType], say('ota.pushNotFound'));
      return { status: true, message: say('titles.pushDevices'), info: await jobList(db, q, 'j.push_id', q.push_id, JOB_LIST) };
    },
  );

  app.get(
    '/api/device/ota-history',
    pushes.query("A device's firmware update jobs, newest first", ListInfoSchema(OtaJob), { ...listQueryProperties, device_id: IdField }, 400, 404),
    async (request) => {
      const q = request.query;
      await oneRow(
        db,
        'SELECT 1 FROM devices d WHERE d.id = $1 AND fleet_ota_line(d.product_line) = $2',
        [q.device_id, otaLine(q.deviceType)],
        say('devices.notFound'),
      );
      const info = await jobList(db, q, 'j.device_id', q.device_id, { ...JOB_LIST, defaultSort: 'created_at' });
      return { status: true, message: say('titles.firmwareHistory'), info };
    },
  );
};
