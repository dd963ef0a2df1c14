/**
 * Installation agents (spec 7): an agency's own (its list, add, edit, delete, one agent and its
 * devices) and Admin's view of every agency's (list, edit, devices, the login payload). An agent
 * signs in to the installer app, not to the console: its password (argon2id) is set by its agency,
 * and its installer id is what the app stamps on the devices it registers. An agent who installed
 * devices is not deleted (409 with how many): set it In-Active, the install history keeps its name.
 * Another agency's agent is not found (404) and nothing changes.
 */
import { Type, type Static } from '@sinclair/typebox';
import type { Db } from '../../db';
import type { Caller } from '../../policy/roles';
import { scopeFor } from '../../policy/scope';
import { hashPassword } from '../../security/password';
import type { AppContext } from '../../server/context';
import { nowIso } from '../../server/context';
import type { CountCache } from '../../server/count-cache';
import { ApiError, conflict, notFound, uniqueMessage } from '../../server/errors';
import { filterBy, buildListing, listInfo, type ListInfo, type ListQuery, type ListSpec, pagedList } from '../../server/listing';
import { normaliseEmail, NullableText } from '../../server/schemas';
import { ISO, SqlParams, whereClause } from '../../server/sql';
import { lineCondition } from '../devices/queries';
import { inlineParams, type CsvExport } from '../exports/jobs';
import { isUniqueViolation, refuseCommonPassword, splitList, type AgentForm, type ProductLine, type Status } from './fields';
import { say } from '../../server/messages';

const AGENT_NOT_FOUND = say('agents.notFound');
const AGENT_EMAIL_TAKEN = uniqueMessage('agents_email_key', say('agents.emailTaken'));

const AGENT_NAME = `(ag.first_name || ' ' || ag.last_name)`;

/** The drawer's fields and the sortable columns of every agent list. */
const AGENT_LIST: ListSpec = {
  sortable: {
    created_at: 'ag.created_at',
    first_name: 'lower(ag.first_name)',
    last_name: 'lower(ag.last_name)',
    name: `lower(${AGENT_NAME})`,
    email: 'lower(ag.email)',
    phone: 'ag.phone',
    status: 'ag.status',
    agency_name: 'lower(a.agency_name)',
  },
  filters: {
    first_name: filterBy.text('ag.first_name'),
    last_name: filterBy.text('ag.last_name'),
    name: filterBy.text(AGENT_NAME),
    email: filterBy.text('ag.email'),
    phone: filterBy.text('ag.phone'),
    status: filterBy.multi('ag.status'),
    agency_name: filterBy.text('a.agency_name'),
  },
};

const Agent = {
  id: Type.Integer(),
  first_name: Type.String(),
  last_name: Type.String(),
  email: Type.String(),
  phone: NullableText,
  status: Type.String(),
  created_at: Type.String(),
};

export const AgentRow = Type.Object({
  ...Agent,
  agency_id: Type.Integer(),
  agency_name: Type.String(),
  /** Devices of the selected product the agent installed. */
  devices: Type.Integer(),
});
export type AgentRowT = Static<typeof AgentRow>;

/** The record an edit form starts from. */
export const AgentRecord = Type.Object({ ...Agent, updated_at: Type.String() });
export type AgentRecordT = Static<typeof AgentRecord>;

/**
 * What the installer app receives when the agent signs in (GET /api/agent/login-payload, our
 * decision): the agent, its installer id, its agency, the flows and product lines the app offers
 * it, and whether it may sign in now (and why not). Never a password hash or a token.
 */
export const LoginPayload = Type.Object({
  agent: Type.Object({ ...AgentRecord.properties, installer_uuid: Type.String() }),
  agency: Type.Object({ id: Type.Integer(), agency_name: Type.String(), status: Type.String() }),
  flows: Type.Array(Type.String()),
  device_types: Type.Array(Type.String()),
  /** Devices of the selected product the agent installed. */
  devices: Type.Integer(),
  may_sign_in: Type.Boolean(),
  refusals: Type.Array(Type.String()),
});
export type LoginPayloadT = Static<typeof LoginPayload>;

const ROW_COLUMNS = `ag.id::int AS id, ag.first_name, ag.last_name, ag.email, ag.phone, ag.status, ag.agency_id::int AS agency_id,
  a.agency_name, ${ISO('ag.created_at')} AS created_at`;
const FROM = 'agents ag JOIN agencies a ON a.id = ag.agency_id';

/** The WHERE conditions of the caller's agents (of `agencyIds` when given) with the list's filters. */
function agentConditions(caller: Caller, query: ListQuery, params: SqlParams, extra?: (params: SqlParams) => string) {
  const listing = buildListing(query, AGENT_LIST, params, 'ag.id');
  const conditions = [scopeFor(caller).agents('ag', params), ...listing.conditions];
  if (extra) conditions.push(extra(params));
  return { listing, conditions };
}

/** Devices of a product per agent of a page (cached until a write can move a count). */
async function devicesPerAgent(db: Db, counts: CountCache, ids: number[], line: ProductLine): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const params = new SqlParams();
  const idList = params.add(ids);
  const rows = await counts.rows<{ id: number; n: number }>(
    db,
    `SELECT d.agent_id::int AS id, count(*)::int AS n FROM devices d WHERE d.agent_id = ANY(${idList}::bigint[]) AND ${lineCondition(line, params)} GROUP BY d.agent_id`,
    params.values,
  );
  return new Map(rows.map((r) => [r.id, r.n]));
}

/** A page of the caller's agents (an agency's, a partner's agencies' when `extra` says so). */
export async function listAgents(db: Db, caller: Caller, line: ProductLine, query: ListQuery, counts: CountCache, extra?: (params: SqlParams) => string): Promise<ListInfo<AgentRowT>> {
  const params = new SqlParams();
  const { listing, conditions } = agentConditions(caller, query, params, extra);
  const where = whereClause(conditions);
  const { data: rows, total } = await pagedList<Omit<AgentRowT, 'devices'>>(db, listing, params, ROW_COLUMNS, `FROM ${FROM} ${where}`);
  const devices = await devicesPerAgent(db, counts, rows.map((r) => r.id), line);
  return listInfo(rows.map((r) => ({ ...r, devices: devices.get(r.id) ?? 0 })), total, listing.page, listing.limit);
}

/** One agent of the caller's slice (the edit form's record), or 404. */
export async function agentRecord(db: Db, caller: Caller, id: number): Promise<AgentRecordT> {
  const params = new SqlParams();
  const { rows } = await db.query<AgentRecordT>(
    `SELECT ag.id::int AS id, ag.first_name, ag.last_name, ag.email, ag.phone, ag.status, ${ISO('ag.created_at')} AS created_at, ${ISO('ag.updated_at')} AS updated_at
       FROM agents ag WHERE ag.id = ${params.add(id)} AND (${scopeFor(caller).agents('ag', params)})`,
    params.values,
  );
  const row = rows[0];
  if (!row) throw notFound(AGENT_NOT_FOUND);
  return row;
}

/** The agent as its installer app receives it at sign-in, with the devices it installed of `line`. */
export async function loginPayload(db: Db, caller: Caller, id: number, line: ProductLine, counts: CountCache): Promise<LoginPayloadT> {
  const params = new SqlParams();
  const { rows } = await db.query<AgentRecordT & { installer_uuid: string; has_password: boolean; agency_id: number; agency_name: string; agency_status: Status; flows: string | null; device_type: string | null }>(
    `SELECT ag.id::int AS id, ag.first_name, ag.last_name, ag.email, ag.phone, ag.status, ${ISO('ag.created_at')} AS created_at, ${ISO('ag.updated_at')} AS updated_at,
            ag.installer_uuid, ag.password_hash IS NOT NULL AS has_password, a.id::int AS agency_id, a.agency_name, a.status AS agency_status, a.flows, a.device_type
       FROM ${FROM} WHERE ag.id = ${params.add(id)} AND (${scopeFor(caller).agents('ag', params)})`,
    params.values,
  );
  const row = rows[0];
  if (!row) throw notFound(AGENT_NOT_FOUND);
  const refusals = [
    row.status !== 'Active' ? 'The installation agent is In-Active' : '',
    row.agency_status !== 'Active' ? 'The agency is In-Active' : '',
    row.has_password ? '' : 'No password is set: its agency sets one',
  ].filter((r) => r !== '');
  const devices = await devicesPerAgent(db, counts, [row.id], line);
  return {
    agent: {
      id: row.id,
      first_name: row.first_name,
      last_name: row.last_name,
      email: row.email,
      phone: row.phone,
      status: row.status,
      created_at: row.created_at,
      updated_at: row.updated_at,
      installer_uuid: row.installer_uuid,
    },
    agency: { id: row.agency_id, agency_name: row.agency_name, status: row.agency_status },
    flows: splitList(row.flows),
    device_types: splitList(row.device_type),
    devices: devices.get(row.id) ?? 0,
    may_sign_in: refusals.length === 0,
    refusals,
  };
}

async function requireFreeEmail(db: Db, email: string, id: number | null): Promise<void> {
  const { rows } = await db.query('SELECT 1 FROM agents WHERE lower(email) = $1 AND id IS DISTINCT FROM $2', [email, id]);
  if (rows.length > 0) throw conflict(AGENT_EMAIL_TAKEN, 'email');
}

/** The caller's agency adds an agent (active unless said otherwise). */
export async function addAgent(ctx: AppContext, caller: Caller, form: AgentForm): Promise<number> {
  const agencyId = caller.agencyId;
  if (agencyId === null) throw notFound();
  refuseCommonPassword(form.password);
  const email = normaliseEmail(form.email);
  await requireFreeEmail(ctx.db, email, null);
  const passwordHash = await hashPassword(form.password ?? '');
  try {
    const { rows } = await ctx.db.query<{ id: number }>(
      `INSERT INTO agents (agency_id, first_name, last_name, email, phone, status, password_hash, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8) RETURNING id::int AS id`,
      [agencyId, form.first_name, form.last_name, email, form.phone, form.status ?? 'Active', passwordHash, nowIso(ctx)],
    );
    const id = rows[0]?.id;
    if (id === undefined) throw new Error('agent insert returned no id');
    return id;
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(AGENT_EMAIL_TAKEN, 'email');
    throw err;
  }
}

/** Saves an agent of the caller's slice (its password only when given); another's is 404. */
export async function editAgent(ctx: AppContext, caller: Caller, id: number, form: AgentForm): Promise<void> {
  refuseCommonPassword(form.password);
  await agentRecord(ctx.db, caller, id);
  const email = normaliseEmail(form.email);
  await requireFreeEmail(ctx.db, email, id);
  const passwordHash = form.password ? await hashPassword(form.password) : null;
  const params = new SqlParams();
  const values = [form.first_name, form.last_name, email, form.phone, form.status ?? null, passwordHash, nowIso(ctx)].map((v) => params.add(v));
  try {
    await ctx.db.query(
      `UPDATE agents ag SET first_name = ${values[0]}, last_name = ${values[1]}, email = ${values[2]}, phone = ${values[3]},
              status = coalesce(${values[4]}, ag.status), password_hash = coalesce(${values[5]}, ag.password_hash), updated_at = ${values[6]}
        WHERE ag.id = ${params.add(id)} AND (${scopeFor(caller).agents('ag', params)})`,
      params.values,
    );
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(AGENT_EMAIL_TAKEN, 'email');
    throw err;
  }
}

/** Deletes an agent of the caller's slice who installed nothing. */
export async function deleteAgent(db: Db, caller: Caller, id: number): Promise<void> {
  await agentRecord(db, caller, id);
  const installed = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM devices WHERE agent_id = $1', [id])).rows[0]?.n ?? 0;
  if (installed > 0) throw new ApiError(409, say('agents.inUse', { count: installed }));
  const params = new SqlParams();
  await db.query(`DELETE FROM agents ag WHERE ag.id = ${params.add(id)} AND (${scopeFor(caller).agents('ag', params)})`, params.values);
}

const EXPORT_COLUMNS: Array<[string, string]> = [
  ['Record ID', 'ag.id'],
  ['First Name', 'fleet_csv_safe(ag.first_name)'],
  ['Last Name', 'fleet_csv_safe(ag.last_name)'],
  ['Email', 'fleet_csv_safe(ag.email)'],
  ['Phone Number', 'fleet_csv_safe(ag.phone)'],
  ['Status', 'ag.status'],
  ['Agency', 'fleet_csv_safe(a.agency_name)'],
  ['Installer ID', 'ag.installer_uuid'],
  ['Created', `to_char(ag.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')`],
];

/** The agent list's CSV in the list's order; with a product, its Devices column counts that product's devices. */
export function agentExport(caller: Caller, line: ProductLine, query: ListQuery): CsvExport {
  const params = new SqlParams();
  const { conditions, listing } = agentConditions(caller, query, params);
  // the line is written in (a value of the enum): a parameter only the COPY's columns read would
  // leave the job's count query with one it does not use
  const own = new SqlParams();
  const lineSql = inlineParams(lineCondition(line, own), own.values);
  const columns: Array<[string, string]> = [...EXPORT_COLUMNS.slice(0, -1), ['Devices', `(SELECT count(*) FROM devices d WHERE d.agent_id = ag.id AND ${lineSql})`], EXPORT_COLUMNS[EXPORT_COLUMNS.length - 1] as [string, string]];
  return { kind: 'agents', from: FROM, idColumn: 'ag.id', orderBy: listing.orderBy, columns, conditions, values: params.values };
}
