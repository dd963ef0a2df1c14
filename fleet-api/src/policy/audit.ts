/**
 * The audit trail, written once for every route (issue 23, docs/audit.md). An `onRoute` hook wraps the
 * handler of every write route (POST, PUT, PATCH, DELETE, and any route that declares `config.audit`)
 * in a unit of work (db/index.ts): one transaction that every query of the request joins, with the
 * row-capture triggers of 0025_audit.sql switched on. When the handler answers below 400 the entry is
 * appended before the commit; a refusal (a thrown error, or an answer of 400 and above) rolls back
 * the change, the entry and any live event or job queued with `afterCommit` (SECURITY.md 2).
 *
 * Routes declare only what is theirs, beside their access rule (`config.audit`); without one the
 * action comes from the method and path and the object from the rows the write touched.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, onSendAsyncHookHandler, RouteHandlerMethod, RouteOptions } from 'fastify';
import type { AuditAction, AuditChange, AuditEntity, AuditOrganisationKind, SecurityEventKind } from '@fleet/contract';
import { runUnitOfWork, type Db } from '../db';
import type { Caller, RouteAccess } from './roles';
import { ENTITY_OF_TABLE, type Row, defaultAction, entityOfPath, labelOf, rowChanges, rowKeys } from './audit-vocabulary';

/**
 * How a route's writes are recorded:
 * - `transaction` (the default): the whole handler in one unit of work, the entry in it.
 * - `after`: the handler as it is (its refusals keep their own writes: failure counters, address
 *   limits), the entry in a transaction of its own once it has answered below 400. Sign-in's steps.
 * - `none`: records no entry, with the reason (a route that changes nothing of the product's).
 */
export type AuditMode = 'transaction' | 'after' | 'none';

export interface AuditDeclaration {
  mode?: AuditMode;
  /** Why a `none` route records nothing (required with it). */
  reason?: string;
  action?: AuditAction;
  entity?: AuditEntity;
  /** The table of the object when the write touches several (default: the first it touched). */
  table?: string;
  /** The object's id (default: the one row of its table the write touched, else params/query/body `id`). */
  id?: (request: FastifyRequest, answer: unknown) => number | null | undefined;
  /** Who acted when nobody is signed in yet (sign-in: the user the answer names), by user id. */
  actor?: (request: FastifyRequest, answer: unknown) => number | null;
  /** Refusals that are security events (refused sign-ins, tokens): status -> kind. */
  refusals?: Partial<Record<number, SecurityEventKind>>;
}

/** What the registry says of a route's recording (the audit test walks it). */
export interface ResolvedAudit {
  mode: AuditMode;
  action: AuditAction;
  entity: AuditEntity | 'from_rows';
  reason?: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    audit?: AuditDeclaration;
  }
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);


/** The slice key of a caller's own organisation (none for Admin). */
export function organisationOf(caller: Pick<Caller, 'userType' | 'agencyId' | 'electricianId' | 'companyId' | 'siteManagerId' | 'customerId'>): {
  kind: AuditOrganisationKind;
  id: number;
} | null {
  switch (caller.userType) {
    case 'Agency':
      return caller.agencyId === null ? null : { kind: 'agency', id: caller.agencyId };
    case 'Electrician':
      return caller.electricianId === null ? null : { kind: 'electrician', id: caller.electricianId };
    case 'mscc':
      return caller.companyId === null ? null : { kind: 'company', id: caller.companyId };
    case 'sm':
      return caller.siteManagerId === null ? null : { kind: 'site_manager', id: caller.siteManagerId };
    case 'Customer':
    case 'User':
      return caller.customerId === null ? null : { kind: 'customer', id: caller.customerId };
    case 'Admin':
      return null;
  }
}

/** The acting organisation's name, read by the entry's INSERT itself (its id is the INSERT's $5). */
const ORGANISATION_NAME_OF: Record<AuditOrganisationKind, string> = {
  agency: '(SELECT agency_name FROM agencies WHERE id = $5)',
  company: '(SELECT company_name FROM multi_site_companies WHERE id = $5)',
  electrician: "(SELECT trim(concat_ws(' ', first_name, last_name)) FROM electricians WHERE id = $5)",
  site_manager: "(SELECT trim(concat_ws(' ', first_name, last_name)) FROM site_managers WHERE id = $5)",
  customer: "(SELECT trim(concat_ws(' ', first_name, last_name)) FROM customers WHERE id = $5)",
};

/**
 * Reads and removes the rows this transaction captured (0040: one unlogged table for every connection,
 * each row tagged with its transaction). txid_current() is volatile: as a sub-select it is computed once
 * and the index on `tx` serves, where other writers' rows may be waiting.
 */
const TAKE_CAPTURED = 'DELETE FROM audit_captured_rows WHERE tx = (SELECT txid_current()) RETURNING n, tbl, op, row_id, old_row, new_row';

interface StagedRow {
  n: number;
  tbl: string;
  op: 'INSERT' | 'UPDATE' | 'DELETE';
  row_id: string | null;
  old_row: Row | null;
  new_row: Row | null;
}

/** Per table in the order first written: its distinct ids (a row written twice is one row touched). */
function touchedPerTable(rows: StagedRow[]): Array<{ tbl: string; n: number; ids: string[] }> {
  const byTable = new Map<string, Set<string>>();
  for (const r of rows) {
    const ids = byTable.get(r.tbl) ?? new Set<string>();
    if (r.row_id !== null) ids.add(r.row_id);
    byTable.set(r.tbl, ids);
  }
  return [...byTable].map(([tbl, ids]) => ({ tbl, n: ids.size, ids: [...ids] }));
}

/** One row per object: a row written several times keeps its first old and its last new values. */
function mergeWrites(rows: StagedRow[]): StagedRow[] {
  const byRow = new Map<string, StagedRow>();
  for (const r of rows) {
    const key = `${r.tbl}\u0000${r.row_id ?? ''}`;
    const seen = byRow.get(key);
    if (!seen || r.row_id === null) {
      byRow.set(r.row_id === null ? `${key}\u0000${byRow.size}` : key, { ...r });
      continue;
    }
    seen.new_row = r.new_row;
    if (seen.op === 'INSERT') seen.op = r.op === 'DELETE' ? 'DELETE' : 'INSERT';
    else seen.op = r.op === 'DELETE' ? 'DELETE' : 'UPDATE';
  }
  return [...byRow.values()];
}

/** Rows of the object kept with their values; past this a write is a bulk write (ids only). */
const DETAILED_ROWS = 1000;

function numericId(value: unknown): number | null {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
  if (typeof value === 'string' && /^\d{1,15}$/.test(value)) return Number(value);
  return null;
}

/** The `id` a request names (params, then query, then body), or null. */
function requestId(request: FastifyRequest): number | null {
  for (const source of [request.params, request.query, request.body] as unknown[]) {
    if (source && typeof source === 'object' && 'id' in source) {
      const id = numericId((source as { id: unknown }).id);
      if (id !== null) return id;
    }
  }
  return null;
}

/** The `info.id` an answer gives (a create's new id), or null. */
function answerId(answer: unknown): number | null {
  const info = answer && typeof answer === 'object' ? (answer as { info?: unknown }).info : undefined;
  return info && typeof info === 'object' && 'id' in info ? numericId((info as { id: unknown }).id) : null;
}

function bodyFilter(request: FastifyRequest): unknown {
  const body = request.body;
  if (!body || typeof body !== 'object') return undefined;
  const b = body as Record<string, unknown>;
  const filter: Record<string, unknown> = {};
  for (const key of ['filter', 'all', 'ids', 'device_ids', 'search']) if (b[key] !== undefined) filter[key] = b[key];
  return Object.keys(filter).length > 0 ? filter : undefined;
}

interface EntryActor {
  id: number | null;
  email: string | null;
  role: string | null;
  orgKind: AuditOrganisationKind | null;
  orgId: number | null;
}

type ActingUser = Pick<Caller, 'userId' | 'email' | 'userType' | 'agencyId' | 'electricianId' | 'companyId' | 'siteManagerId' | 'customerId'>;

async function actorOf(tx: Db, request: FastifyRequest, declared: AuditDeclaration, answer: unknown): Promise<EntryActor> {
  const named = request.caller ? null : (declared.actor?.(request, answer) ?? null);
  const caller: ActingUser | null =
    request.caller ??
    (named === null
      ? null
      : ((
          await tx.query<ActingUser>(
            `SELECT id::int AS "userId", email, user_type AS "userType", agency_id::int AS "agencyId", electrician_id::int AS "electricianId",
                    company_id::int AS "companyId", site_manager_id::int AS "siteManagerId", customer_id::int AS "customerId"
               FROM users WHERE id = $1`,
            [named],
          )
        ).rows[0] ?? null));
  if (!caller) return { id: null, email: null, role: null, orgKind: null, orgId: null };
  const org = organisationOf(caller);
  return { id: caller.userId, email: caller.email, role: caller.userType, orgKind: org?.kind ?? null, orgId: org?.id ?? null };
}

/**
 * Appends the request's entry in `tx`, from what the write touched (audit_captured_rows) and the route's
 * declaration. The chain trigger gives it its place and hash.
 */
async function appendEntry(tx: Db, request: FastifyRequest, resolved: ResolvedAudit, declared: AuditDeclaration, answer: unknown): Promise<void> {
  const captured = resolved.mode === 'transaction';
  // every row the write touched (past the first DETAILED_ROWS, the capture kept table and id only)
  const staged = captured ? (await tx.query<StagedRow>(TAKE_CAPTURED)).rows.sort((a, b) => a.n - b.n) : [];
  const detailed = mergeWrites(staged.slice(0, DETAILED_ROWS));
  const counts = touchedPerTable(staged);
  // the object: the table declared, else the one holding the row the request names, else the first written
  const asked = requestId(request);
  const table = declared.table ?? (asked === null ? undefined : detailed.find((r) => numericId(r.row_id) === asked)?.tbl) ?? detailed[0]?.tbl ?? null;
  const main = counts.find((c) => c.tbl === table);
  const mainRows = detailed.filter((r) => r.tbl === table);
  const single = main?.n === 1 ? mainRows[0] : undefined;

  const declaredEntity = resolved.entity === 'from_rows' ? null : resolved.entity;
  const entity: AuditEntity = declaredEntity ?? (table ? ENTITY_OF_TABLE[table] : undefined) ?? entityOfPath(request.routeOptions.url ?? request.url);
  const entityId = declared.id?.(request, answer) ?? asked ?? (single ? numericId(single.row_id) : null) ?? answerId(answer);

  const changes: AuditChange[] = [];
  if (single) changes.push(...rowChanges(single.op, single.old_row, single.new_row));
  // the write's other rows, when few (a user beside its agency, a site's managers): `table.field`
  if (detailed.length <= 20) {
    for (const r of detailed) if (r !== single) changes.push(...rowChanges(r.op, r.old_row, r.new_row, `${r.tbl}.`));
  }
  const bulk = main && main.n > 1 ? { count: main.n, ...(bodyFilter(request) === undefined ? {} : { filter: bodyFilter(request) }) } : null;
  const touched = main && main.n > 1 ? main.ids.map(numericId).filter((id): id is number => id !== null) : null;

  // a path that says only "save" or nothing: what the rows say (a new row, a changed one, a removed one)
  let action = resolved.action;
  if (!declared.action && main && (action === 'create' || action === 'update' || action === 'action')) {
    const op = single?.op ?? mainRows[0]?.op;
    if (op === 'INSERT') action = 'create';
    else if (op === 'DELETE') action = main.n > 1 ? 'bulk_delete' : 'delete';
    else if (op === 'UPDATE') action = main.n > 1 ? 'bulk_update' : 'update';
  }
  const actor = await actorOf(tx, request, declared, answer);
  const keys = new Set<string>();
  if (actor.orgKind && actor.orgId !== null) keys.add(`${actor.orgKind}:${actor.orgId}`);
  for (const r of mainRows.length > 0 ? mainRows : detailed) {
    rowKeys(r.tbl, r.old_row, keys);
    rowKeys(r.tbl, r.new_row, keys);
  }
  await parentKeys(tx, mainRows.length > 0 ? mainRows : detailed, keys);

  const label = labelOf(single?.new_row ?? single?.old_row ?? mainRows[0]?.new_row ?? mainRows[0]?.old_row ?? null);
  await tx.query(
    `INSERT INTO audit_entries (actor_id, actor_email, actor_role, actor_org_kind, actor_org_id, actor_org_name, ip, user_agent,
       request_id, route, action, entity, entity_id, label, changes, bulk, touched_ids, slice_keys, prev_hash, hash)
     VALUES ($1, $2, $3, $4, $5, ${actor.orgKind && actor.orgId !== null ? ORGANISATION_NAME_OF[actor.orgKind] : 'NULL'},
             $6, $7, $8, $9, $10, $11, $12, $13, $14::jsonb, $15::jsonb, $16::bigint[], $17::text[], '', '')`,
    [
      actor.id,
      actor.email,
      actor.role,
      actor.orgKind,
      actor.orgId,
      request.ip,
      request.headers['user-agent'] ?? null,
      String(request.id),
      `${request.method} ${request.routeOptions.url ?? request.url}`,
      action,
      entity,
      entityId,
      label,
      JSON.stringify(changes),
      bulk === null ? null : JSON.stringify(bulk),
      touched,
      [...keys],
    ],
  );
}

/** Rows that hang off a device or a property (faults, jobs, members) belong to its slice too. */
async function parentKeys(tx: Db, rows: StagedRow[], keys: Set<string>): Promise<void> {
  const ids = (field: string) => [
    ...new Set(rows.flatMap((r) => [r.old_row?.[field], r.new_row?.[field]]).map(numericId).filter((id): id is number => id !== null)),
  ];
  const devices = ids('device_id');
  const properties = ids('property_id');
  const parents: Array<[string, number[]]> = [
    ['devices', devices],
    ['properties', properties],
  ];
  for (const [table, list] of parents) {
    if (list.length === 0) continue;
    const { rows: found } = await tx.query<Row>(
      `SELECT agency_id, company_id, site_id, customer_id${table === 'devices' ? ', electrician_id' : ''} FROM ${table} WHERE id = ANY($1::bigint[])`,
      [list],
    );
    for (const row of found) rowKeys(table, row, keys);
  }
}

/** A refused sign-in or token: a row of security_events (never the trail). Failing to write it refuses nothing. */
export async function recordSecurityEvent(
  db: Db,
  request: FastifyRequest,
  kind: SecurityEventKind,
  status: number,
  who: { email?: string | null; userId?: number | null } = {},
): Promise<void> {
  try {
    await db.query(
      `INSERT INTO security_events (kind, email, user_id, ip, user_agent, request_id, route, status) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        kind,
        who.email ?? null,
        who.userId ?? null,
        request.ip,
        request.headers['user-agent'] ?? null,
        String(request.id),
        `${request.method} ${request.routeOptions.url ?? request.url}`,
        status,
      ],
    );
  } catch (err) {
    request.log.error({ err }, 'a security event was not recorded');
  }
}

/** Switches the row capture on for the unit's transaction (sent with its BEGIN where the driver can). */
const CAPTURE_ON = "SELECT set_config('fleet.audit_capture', 'on', true)";

/** A handler's answer of 400 and above: the unit of work rolls back and the answer goes out as it is. */
class RefusedAnswer {
  constructor(readonly answer: unknown) {}
}

function statusOf(err: unknown): number {
  const code = err && typeof err === 'object' ? (err as { statusCode?: unknown }).statusCode : undefined;
  return typeof code === 'number' ? code : 500;
}

function emailOf(request: FastifyRequest): string | null {
  const body = request.body;
  if (!body || typeof body !== 'object') return null;
  const email = (body as { email?: unknown }).email;
  return typeof email === 'string' ? email.trim().toLowerCase().slice(0, 320) : null;
}

export function resolveAudit(method: string, url: string, declared: AuditDeclaration | undefined): ResolvedAudit | null {
  if (!declared && !WRITE_METHODS.has(method)) return null;
  const mode = declared?.mode ?? 'transaction';
  if (mode === 'none' && !declared?.reason) throw new Error(`Route ${method} ${url} records no audit entry and says not why (config.audit.reason)`);
  return {
    mode,
    action: declared?.action ?? defaultAction(method, url),
    entity: declared?.entity ?? 'from_rows',
    ...(declared?.reason ? { reason: declared.reason } : {}),
  };
}

/** A route's options with its audit declaration beside its access rule (`withAudit(publicRoute(...)(...), {...})`). */
export function withAudit<O extends { config: { access: RouteAccess } }>(options: O, audit: AuditDeclaration): O {
  return { ...options, config: { ...options.config, audit } };
}

export interface AuditRegistryEntry {
  method: string;
  url: string;
  audit?: ResolvedAudit;
}

/**
 * Wraps every write route's handler as the module comment says, and notes in the registry how each
 * is recorded. Install after `enforceDeclarations` (whose registry entries it completes).
 * `recording: false` notes the registry only and leaves the handlers as they are: the baseline that
 * bench/audit.bench.ts measures recording against.
 */
export function installAuditTrail(app: FastifyInstance, registry: AuditRegistryEntry[], db: Db, { recording = true }: { recording?: boolean } = {}): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).map(String);
    const declared = route.config?.audit;
    const resolved = methods.map((m) => resolveAudit(m, route.url, declared)).find((r) => r !== null) ?? null;
    if (!resolved) return;
    for (const entry of registry) if (entry.url === route.url && methods.includes(entry.method)) entry.audit = resolved;
    if (!recording) return;
    const handler = route.handler as RouteHandlerMethod;
    const decl = declared ?? {};
    const refused = async (request: FastifyRequest, err: unknown): Promise<void> => {
      const kind = decl.refusals?.[statusOf(err)];
      if (kind) await recordSecurityEvent(db, request, kind, statusOf(err), { email: emailOf(request) });
    };
    if (resolved.mode === 'none') {
      if (!decl.refusals) return;
      route.handler = async function (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
        try {
          return await handler.call(this, request, reply);
        } catch (err) {
          await refused(request, err);
          throw err;
        }
      };
      return;
    }
    if (resolved.mode === 'after') {
      // the entry is written as the answer goes out (onSend: before a streamed file's first byte too)
      const answers = new WeakMap<FastifyRequest, { answer: unknown }>();
      route.handler = async function (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
        // a handler that sends a stream itself reaches onSend before it returns: its answer is unknown then
        const seen: { answer: unknown } = { answer: undefined };
        answers.set(request, seen);
        try {
          seen.answer = await handler.call(this, request, reply);
          return seen.answer;
        } catch (err) {
          await refused(request, err);
          throw err;
        }
      };
      const record: onSendAsyncHookHandler = async (request, reply, payload) => {
        const done = answers.get(request);
        if (done && reply.statusCode < 400) await runUnitOfWork(db, (tx) => appendEntry(tx, request, resolved, decl, done.answer));
        return payload;
      };
      route.onSend = [...(Array.isArray(route.onSend) ? route.onSend : route.onSend ? [route.onSend] : []), record];
      return;
    }
    route.handler = async function (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
      try {
        return await runUnitOfWork(
          db,
          async (tx) => {
            const answer: unknown = await handler.call(this, request, reply);
            if (reply.statusCode >= 400) throw new RefusedAnswer(answer);
            await appendEntry(tx, request, resolved, decl, answer);
            return answer;
          },
          CAPTURE_ON,
        );
      } catch (err) {
        if (err instanceof RefusedAnswer) return err.answer;
        await refused(request, err);
        throw err;
      }
    };
  });
}
