/**
 * Faulty systems (spec: Attention [Heat Pump], Fault History, Resolve Fault). The Attention list is
 * one row per heat pump of the caller's slice: its newest fault of the tab's status (UnResolved 0,
 * Resolved 1), with the device's other faults of that status grouped by code (`related_history`).
 * Resolving a row resolves that heat pump's open faults up to the row's (a fault that arrives while
 * the operator reads stays open); many rows, or every row matching a filter, resolve as one job with
 * one resolution id, each fault keeping who resolved it and when.
 */
import { Type, type Static } from '@sinclair/typebox';
import type { Db } from '../../db';
import { scopeFor } from '../../policy/scope';
import type { Caller } from '../../policy/roles';
import { ApiError, badRequest, notFound } from '../../server/errors';
import { filterBy, buildListing, decodeFilter, type ListInfo, type ListQuery, type ListSpec, pagedList } from '../../server/listing';
import { ISO, SqlParams, whereClause } from '../../server/sql';
import { identifierFilter } from '../ota/device-types';
import { DEVICE_KEYS_SQL, deviceKeysOf, type LiveEvent } from '../live/events';
import type { DeviceKeys } from '../../policy/live-scope';
import { NullableInt, NullableText } from '../../server/schemas';
import { say } from '../../server/messages';

const FAULT_LIST: ListSpec = {
  sortable: {
    created_at: 'l.history_datetime',
    history_datetime: 'l.history_datetime',
    serial_number: 'd.serial_number',
    model_name: 'm.model_name',
    fault_code: 'l.fault_code',
    is_online: 'd.is_online',
    device_operation_status: 'd.device_operation_status',
    email: 'c.email',
    id: 'l.id',
  },
  filters: {
    serial_number: identifierFilter('d.serial_number', false),
    mac_address: identifierFilter('d.mac_address', true),
    model_name: filterBy.text('m.model_name'),
    fault_code: filterBy.text('l.fault_code'),
    email: filterBy.text('c.email'),
    agency_name: filterBy.text('a.agency_name'),
    wifi_name: filterBy.text('d.wifi_name'),
    device_status: filterBy.multi('d.device_status'),
    status: filterBy.multi('d.status'),
    connection_type: filterBy.multi('d.connection_type'),
    is_online: filterBy.multi('d.is_online'),
    device_operation_status: filterBy.multi('d.device_operation_status'),
    installation_date: filterBy.date('d.installation_date'),
    history_datetime: filterBy.date('l.history_datetime'),
    id: filterBy.number('d.id'),
  },
  // the tab: read by faultStatusOf, not a condition of the codec
  ignoredFilters: ['fault_status'],
};

type FaultStatus = 0 | 1;

/** The tab of a list query: the filter's fault_status (spec: default 0). */
function faultStatusOf(filter: string | undefined): FaultStatus {
  const item = decodeFilter(filter).find((f) => f.key === 'fault_status');
  if (!item || item.value === '') return 0;
  const value = String(Array.isArray(item.value) ? item.value[0] : item.value);
  if (value === '0' || value === '1') return Number(value) as FaultStatus;
  throw badRequest(say('faults.statusInvalid'));
}

const RelatedFault = Type.Object({
  fault_code: Type.String(),
  fault_description: NullableText,
  last_record: Type.String(),
  count: Type.Integer(),
});

export const FaultRow = Type.Object({
  id: Type.Integer(),
  device_id: Type.Integer(),
  device_history_id: NullableInt,
  fault_code: Type.String(),
  fault_description: NullableText,
  history_datetime: Type.String(),
  fault_status: Type.Integer(),
  agent: NullableText,
  job_comments: NullableText,
  resolved_at: NullableText,
  related_history: Type.Array(RelatedFault),
  heatpump: Type.Object({
    serial_number: Type.String(),
    mac_address: NullableText,
    is_online: Type.Integer(),
    device_operation_status: NullableInt,
    heat_pump_model: Type.Object({ model_name: NullableText }),
    customer: Type.Object({ email: NullableText }),
  }),
});

export type FaultListRow = Static<typeof FaultRow>;


/** Each heat pump's newest fault of one status: DISTINCT ON over faults_status_device_idx (0010). */
const LATEST = (status: string) => `(SELECT DISTINCT ON (f.device_id) f.*
    FROM faults f WHERE f.fault_status = ${status}
    ORDER BY f.device_id, f.history_datetime DESC, f.id DESC) l`;

const JOINS = `JOIN devices d ON d.id = l.device_id
  LEFT JOIN heat_pump_models m ON m.id = d.heat_pump_model_id
  LEFT JOIN customers c ON c.id = d.customer_id
  LEFT JOIN agencies a ON a.id = d.agency_id`;

/** The FROM and WHERE of the Attention list of `caller` for a query (lists and bulk resolve share it). */
function attention(caller: Caller, query: ListQuery, params: SqlParams) {
  const status = faultStatusOf(query.filter);
  const listing = buildListing(query, FAULT_LIST, params, 'l.id');
  const statusParam = params.add(status);
  const from = `FROM ${LATEST(statusParam)} ${JOINS}`;
  const where = whereClause([`d.product_line = 'heat_pump'`, scopeFor(caller).devices('d', params), ...listing.conditions]);
  return { status, statusParam, listing, from, where };
}

/** A page of the Attention list with its exact total. */
export async function listFaults(db: Db, caller: Caller, query: ListQuery): Promise<ListInfo<FaultListRow>> {
  const params = new SqlParams();
  const { statusParam, listing, from, where } = attention(caller, query, params);
  return pagedList<FaultListRow>(
    db,
    listing,
    params,
    `l.id::int AS id, l.device_id::int AS device_id, l.device_history_id::int AS device_history_id, l.fault_code,
            l.fault_description, ${ISO('l.history_datetime')} AS history_datetime, l.fault_status::int AS fault_status,
            l.agent, l.job_comments, ${ISO('l.resolved_at')} AS resolved_at,
            COALESCE((SELECT json_agg(json_build_object('fault_code', r.fault_code, 'fault_description', r.fault_description,
                                                        'last_record', r.last_record, 'count', r.n) ORDER BY r.at DESC)
                        FROM (SELECT f.fault_code, max(f.fault_description) AS fault_description, max(f.history_datetime) AS at,
                                     ${ISO('max(f.history_datetime)')} AS last_record, count(*)::int AS n
                                FROM faults f WHERE f.device_id = l.device_id AND f.fault_status = ${statusParam}
                               GROUP BY f.fault_code) r), '[]'::json) AS related_history,
            json_build_object('serial_number', d.serial_number, 'mac_address', d.mac_address, 'is_online', d.is_online::int,
                              'device_operation_status', d.device_operation_status::int,
                              'heat_pump_model', json_build_object('model_name', m.model_name),
                              'customer', json_build_object('email', c.email)) AS heatpump`,
    `${from} ${where}`,
  );
}

export interface Resolution {
  agent: string;
  job_comments?: string | null;
}

const ALREADY_RESOLVED = say('faults.alreadyResolved');

export interface Resolved {
  info: { faults: number; devices: number; resolution_id: number };
  /** One `resolved` event per heat pump, to publish once the transaction has committed. */
  events: LiveEvent[];
}

/**
 * Resolves open faults of the caller's heat pumps: for each chosen fault, it and its device's older
 * open faults. Answers how many faults and heat pumps were resolved, under one resolution id, and
 * the live events of the heat pumps it changed (with each one's fault code afterwards).
 */
async function resolve(db: Db, caller: Caller, chosen: string, params: SqlParams, form: Resolution, now: Date, guard?: (tx: Db) => Promise<void>): Promise<Resolved> {
  return db.transaction(async (tx) => {
    // refusals first, inside the transaction: a refused resolve takes no resolution number and writes nothing
    await guard?.(tx);
    const { rows: ids } = await tx.query<{ id: string }>("SELECT nextval('fault_resolutions_seq')::text AS id");
    const resolutionId = ids[0]?.id ?? '0';
    const names = await tx.query<{ name: string }>(
      `SELECT NULLIF(trim(coalesce(first_name, '') || ' ' || coalesce(last_name, '')), '') AS name FROM users WHERE id = $1`,
      [caller.userId],
    );
    const who = names.rows[0]?.name ?? caller.email;
    const p = (v: unknown) => params.add(v);
    const updated = await tx.query<{ id: number; device_id: number; fault_code: string }>(
      `UPDATE faults f
          SET fault_status = 1, agent = ${p(form.agent.trim())}, job_comments = ${p(form.job_comments?.trim() || null)},
              resolved_at = ${p(now.toISOString())}, resolved_by = ${p(caller.userId)}, resolved_by_name = ${p(who)},
              resolution_id = ${p(resolutionId)}, updated_at = ${p(now.toISOString())}
         FROM (${chosen}) c
        WHERE f.device_id = c.device_id AND f.fault_status = 0
          AND (f.history_datetime, f.id) <= (c.history_datetime, c.id)
        RETURNING f.id::int AS id, f.device_id::int AS device_id, f.fault_code`,
      params.values,
    );
    const faultsOf = new Map<number, number[]>();
    for (const r of updated.rows) faultsOf.set(r.device_id, [...(faultsOf.get(r.device_id) ?? []), r.id]);
    const devices = [...faultsOf.keys()];
    // the heat pumps' activity says who resolved what
    await tx.query(
      `INSERT INTO heat_pump_events (device_id, at, event, fault_code, detail)
       SELECT x.device_id, $3, 'resolved', x.fault_code, $4 FROM unnest($1::bigint[], $2::text[]) AS x(device_id, fault_code)`,
      [updated.rows.map((r) => r.device_id), updated.rows.map((r) => r.fault_code), now.toISOString(), form.agent.trim()],
    );
    // a heat pump with no open fault left has no current fault code (the live counts read it)
    await tx.query(
      `UPDATE devices d SET fault_code = NULL
        WHERE d.id = ANY($1::bigint[]) AND NOT EXISTS (SELECT 1 FROM faults f WHERE f.device_id = d.id AND f.fault_status = 0)`,
      [devices],
    );
    const keys = await tx.query<DeviceKeys & { fault_code: string | null }>(`SELECT ${DEVICE_KEYS_SQL}, d.fault_code FROM devices d WHERE d.id = ANY($1::bigint[])`, [devices]);
    const at = Date.now();
    const events: LiveEvent[] = keys.rows.map((k) => ({
      kind: 'resolved',
      at,
      device: deviceKeysOf(k),
      fault_ids: faultsOf.get(k.device_id) ?? [],
      fault_code: k.fault_code,
      resolution_id: Number(resolutionId),
    }));
    return { info: { faults: updated.rows.length, devices: devices.length, resolution_id: Number(resolutionId) }, events };
  });
}

/** One Attention row's Resolve Fault: 404 outside the slice, 409 when it is already resolved. */
export async function resolveFault(db: Db, caller: Caller, faultId: number, form: Resolution, now: Date): Promise<Resolved> {
  const params = new SqlParams();
  const scope = scopeFor(caller).devices('d', params);
  const { rows } = await db.query<{ fault_status: number }>(
    `SELECT f.fault_status::int AS fault_status FROM faults f JOIN devices d ON d.id = f.device_id
      WHERE f.id = ${params.add(faultId)} AND d.product_line = 'heat_pump' AND (${scope})`,
    params.values,
  );
  const fault = rows[0];
  if (!fault) throw notFound(say('faults.notFound'));
  if (fault.fault_status === 1) throw new ApiError(409, ALREADY_RESOLVED);
  const chosenParams = new SqlParams();
  const chosen = `SELECT f.id, f.device_id, f.history_datetime FROM faults f WHERE f.id = ${chosenParams.add(faultId)}`;
  return resolve(db, caller, chosen, chosenParams, form, now);
}

/**
 * Resolve many (beyond the spec): the chosen rows of the UnResolved list (`fault_ids`: one outside the
 * slice refuses the whole list with 404, nothing written), or every row matching the list's filter.
 * Chosen rows already resolved (by someone else meanwhile) are skipped.
 */
export async function resolveFaults(
  db: Db,
  caller: Caller,
  selection: { fault_ids?: number[]; filter?: string },
  form: Resolution,
  now: Date,
): Promise<Resolved> {
  const params = new SqlParams();
  let chosen: string;
  let guard: ((tx: Db) => Promise<void>) | undefined;
  if (selection.fault_ids) {
    if (selection.fault_ids.length === 0) throw badRequest(say('faults.noneSelected'));
    const chosenIds = [...new Set(selection.fault_ids)];
    // every chosen fault must be a heat pump's of the slice: one that is not refuses the list whole (404)
    guard = async (tx) => {
      const check = new SqlParams();
      const scope = scopeFor(caller).devices('d', check);
      const { rows } = await tx.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM faults f JOIN devices d ON d.id = f.device_id
          WHERE f.id = ANY(${check.add(chosenIds)}::bigint[]) AND d.product_line = 'heat_pump' AND (${scope})`,
        check.values,
      );
      if ((rows[0]?.n ?? 0) !== chosenIds.length) throw notFound(say('faults.notFound'));
    };
    const scope = scopeFor(caller).devices('d', params);
    chosen = `SELECT f.id, f.device_id, f.history_datetime FROM faults f JOIN devices d ON d.id = f.device_id
               WHERE f.id = ANY(${params.add(chosenIds)}::bigint[]) AND f.fault_status = 0
                 AND d.product_line = 'heat_pump' AND (${scope})`;
  } else {
    const { status, from, where } = attention(caller, { filter: selection.filter }, params);
    if (status !== 0) throw badRequest(say('faults.onlyUnresolved'));
    chosen = `SELECT l.id, l.device_id, l.history_datetime ${from} ${where}`;
  }
  return resolve(db, caller, chosen, params, form, now, guard);
}

export const FaultEvent = Type.Object({
  id: Type.Integer(),
  device_id: Type.Integer(),
  fault_code: Type.String(),
  fault_description: NullableText,
  email: NullableText,
  fault_status: Type.Integer(),
  history_datetime: Type.String(),
  agent: NullableText,
  job_comments: NullableText,
  resolved_at: NullableText,
  resolved_by_name: NullableText,
  resolve_seconds: NullableInt,
});

export const FaultDevice = Type.Object({
  id: Type.Integer(),
  serial_number: Type.String(),
  mac_address: NullableText,
  model_name: NullableText,
  email: NullableText,
});

const HISTORY_LIST: ListSpec = {
  sortable: { created_at: 'f.history_datetime', history_datetime: 'f.history_datetime' },
  filters: {
    fault_status: filterBy.multi('f.fault_status'),
    fault_code: filterBy.text('f.fault_code'),
    history_datetime: filterBy.date('f.history_datetime'),
  },
};

/** The fault history of one heat pump of the slice (newest first), with how long each took to resolve. */
export async function faultHistory(db: Db, caller: Caller, deviceId: number, query: ListQuery) {
  const params = new SqlParams();
  const scope = scopeFor(caller).devices('d', params);
  const deviceRows = await db.query<{ id: number; serial_number: string; mac_address: string | null; model_name: string | null; email: string | null }>(
    `SELECT d.id::int AS id, d.serial_number, d.mac_address, m.model_name, c.email
       FROM devices d LEFT JOIN heat_pump_models m ON m.id = d.heat_pump_model_id LEFT JOIN customers c ON c.id = d.customer_id
      WHERE d.id = ${params.add(deviceId)} AND d.product_line = 'heat_pump' AND (${scope})`,
    params.values,
  );
  const device = deviceRows.rows[0];
  if (!device) throw notFound(say('heatPumps.notFound'));
  const hp = new SqlParams();
  const listing = buildListing(query, HISTORY_LIST, hp, 'f.id');
  const where = whereClause([`f.device_id = ${hp.add(deviceId)}`, ...listing.conditions]);
  const page = await pagedList<Omit<Static<typeof FaultEvent>, 'email'>>(
    db,
    listing,
    hp,
    `f.id::int AS id, f.device_id::int AS device_id, f.fault_code, f.fault_description,
     f.fault_status::int AS fault_status, ${ISO('f.history_datetime')} AS history_datetime, f.agent, f.job_comments,
     ${ISO('f.resolved_at')} AS resolved_at, f.resolved_by_name,
     CASE WHEN f.resolved_at IS NULL THEN NULL
          ELSE greatest(0, extract(epoch FROM f.resolved_at - f.history_datetime))::int END AS resolve_seconds`,
    `FROM faults f ${where}`,
  );
  // every row is the device's: its customer's email once, from the device read above
  return { ...page, data: page.data.map((row) => ({ ...row, email: device.email })), device };
}
