/**
 * Agencies (spec 7: /api/agency/get/all, get/{id}, add, edit/{id}, delete/{id}; Admin): the list
 * with each agency's agents and devices of the selected product, one agency, its add and edit with
 * its sign-in, and its deletion. Emails are unique among agencies and sign-ins. Setting an agency
 * In-Active ends its users' sessions and closes their live sockets at once (the policy layer
 * refuses their tokens from then on). An agency that still has devices, installation agents,
 * customers or electricians is not deleted (409 saying how many): set it In-Active instead.
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
import { revokeUserSessions } from '../auth/sessions';
import { lineCondition } from '../devices/queries';
import type { CsvExport } from '../exports/jobs';
import {
  AGENCY_DEVICE_TYPES,
  andList,
  counted,
  FLOWS,
  isUniqueViolation,
  joinList,
  refuseCommonPassword,
  splitList,
  type AgencyForm,
  type ProductLine,
  type Status,
} from './fields';
import { say } from '../../server/messages';

export const AGENCY_NOT_FOUND = say('agencies.notFound');
const AGENCY_EMAIL_TAKEN = uniqueMessage('agencies_email_key', say('agencies.emailTaken'));
const ACCOUNT_EMAIL_TAKEN = uniqueMessage('users_email_key', say('accounts.emailTaken'));

const CONTACT_NAME = `(coalesce(a.contact_first_name, '') || ' ' || coalesce(a.contact_last_name, ''))`;

/** The list's drawer (Agency Name, Email, Phone Number, Postcode, Status) and sortable columns. */
const AGENCY_LIST: ListSpec = {
  sortable: {
    created_at: 'a.created_at',
    agency_name: 'lower(a.agency_name)',
    email: 'lower(a.email)',
    contact_name: `lower(${CONTACT_NAME})`,
    contact: 'a.contact',
    postcode: 'a.postcode',
    status: 'a.status',
    agents: 'agents',
  },
  filters: {
    agency_name: filterBy.text('a.agency_name'),
    email: filterBy.text('a.email'),
    contact: filterBy.text('a.contact'),
    contact_name: filterBy.text(CONTACT_NAME),
    postcode: filterBy.text('a.postcode'),
    status: filterBy.multi('a.status'),
    // an agency that runs this flow in the installer app (Integrations)
    flows: {
      kind: 'custom',
      build: (item, params) => {
        const values = (Array.isArray(item.value) ? item.value : String(item.value).split(',')).map((v) => String(v).trim()).filter((v) => v !== '');
        if (values.length === 0) return 'false';
        return `string_to_array(coalesce(a.flows, ''), ',') && ${params.add(values)}::text[]`;
      },
    },
  },
};

export const AgencyRow = Type.Object({
  id: Type.Integer(),
  agency_name: Type.String(),
  email: Type.String(),
  contact_first_name: NullableText,
  contact_last_name: NullableText,
  contact: NullableText,
  postcode: NullableText,
  city: NullableText,
  state: NullableText,
  status: Type.String(),
  flows: Type.Array(Type.String()),
  device_type: Type.Array(Type.String()),
  agents: Type.Integer(),
  /** Devices of the selected product (`deviceType`). */
  devices: Type.Integer(),
  created_at: Type.String(),
});
export type AgencyRowT = Static<typeof AgencyRow>;

export const AgencyInfo = Type.Object({
  ...AgencyRow.properties,
  abn_no: NullableText,
  country: NullableText,
  street_address: NullableText,
  plot_address: NullableText,
  email_notification: Type.Boolean(),
  /** Its users sign in with the authenticator or a passkey (docs/second-factor.md). */
  second_factor_required: Type.Boolean(),
  customers: Type.Integer(),
  electricians: Type.Integer(),
  partners: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })),
  updated_at: Type.String(),
});
export type AgencyInfoT = Static<typeof AgencyInfo>;

type RawRow = Omit<AgencyRowT, 'flows' | 'device_type' | 'devices'> & { flows: string | null; device_type: string | null };

const ROW_COLUMNS = `a.id::int AS id, a.agency_name, a.email, a.contact_first_name, a.contact_last_name, a.contact, a.postcode,
  a.city, a.state, a.status, a.flows, a.device_type,
  (SELECT count(*)::int FROM agents ag WHERE ag.agency_id = a.id) AS agents, ${ISO('a.created_at')} AS created_at`;

/** The WHERE conditions of the caller's agencies with the list's filters (list, export, Integrations). */
export function agencyConditions(caller: Caller, query: ListQuery, params: SqlParams, spec: ListSpec = AGENCY_LIST) {
  const listing = buildListing(query, spec, params, 'a.id');
  return { listing, conditions: [scopeFor(caller).agencies('a', params), ...listing.conditions] };
}

/** Devices of a product per agency of a page (cached until a write can move a count). */
async function devicesPerAgency(db: Db, counts: CountCache, ids: number[], line: ProductLine): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const params = new SqlParams();
  const idList = params.add(ids);
  const rows = await counts.rows<{ id: number; n: number }>(
    db,
    `SELECT d.agency_id::int AS id, count(*)::int AS n FROM devices d
      WHERE d.agency_id = ANY(${idList}::bigint[]) AND ${lineCondition(line, params)} GROUP BY d.agency_id`,
    params.values,
  );
  return new Map(rows.map((r) => [r.id, r.n]));
}

function shape(row: RawRow, devices: Map<number, number>): AgencyRowT {
  return { ...row, flows: splitList(row.flows), device_type: splitList(row.device_type), devices: devices.get(row.id) ?? 0 };
}

/** A page of agencies matching `extra` (a partner's) and the list's filters, with their counts. */
export async function listAgencies(db: Db, caller: Caller, line: ProductLine, query: ListQuery, counts: CountCache, extra?: (params: SqlParams) => string): Promise<ListInfo<AgencyRowT>> {
  const params = new SqlParams();
  const { listing, conditions } = agencyConditions(caller, query, params);
  if (extra) conditions.push(extra(params));
  const where = whereClause(conditions);
  const { data: rows, total } = await pagedList<RawRow>(db, listing, params, ROW_COLUMNS, `FROM agencies a ${where}`);
  const devices = await devicesPerAgency(db, counts, rows.map((r) => r.id), line);
  return listInfo(rows.map((r) => shape(r, devices)), total, listing.page, listing.limit);
}

/** One agency of the caller's slice with its counts and partners, or 404. */
export async function agencyDetail(db: Db, caller: Caller, id: number, line: ProductLine, counts: CountCache): Promise<AgencyInfoT> {
  const params = new SqlParams();
  const idParam = params.add(id);
  const { rows } = await db.query<RawRow & Omit<AgencyInfoT, keyof AgencyRowT>>(
    `SELECT ${ROW_COLUMNS}, a.abn_no, a.country, a.street_address, a.plot_address, a.email_notification, a.second_factor_required,
            (SELECT count(*)::int FROM customers c WHERE c.agency_id = a.id) AS customers,
            (SELECT count(*)::int FROM electricians e WHERE e.agency_id = a.id) AS electricians,
            coalesce((SELECT json_agg(json_build_object('id', p.id::int, 'name', p.name) ORDER BY lower(p.name))
                        FROM partner_agencies pa JOIN partners p ON p.id = pa.partner_id WHERE pa.agency_id = a.id), '[]'::json) AS partners,
            ${ISO('a.updated_at')} AS updated_at
       FROM agencies a WHERE a.id = ${idParam} AND (${scopeFor(caller).agencies('a', params)})`,
    params.values,
  );
  const row = rows[0];
  if (!row) throw notFound(AGENCY_NOT_FOUND);
  const devices = await devicesPerAgency(db, counts, [row.id], line);
  return { ...row, ...shape(row, devices) };
}

/** 409 when another agency, or another account's sign-in, has this email. */
async function requireFreeEmail(db: Db, email: string, agencyId: number | null, ownerUserId: number | null): Promise<void> {
  const agency = await db.query('SELECT 1 FROM agencies WHERE lower(email) = $1 AND id IS DISTINCT FROM $2', [email, agencyId]);
  if (agency.rows.length > 0) throw conflict(AGENCY_EMAIL_TAKEN, 'email');
  const user = await db.query('SELECT 1 FROM users WHERE lower(email) = $1 AND id IS DISTINCT FROM $2', [email, ownerUserId]);
  if (user.rows.length > 0) throw conflict(ACCOUNT_EMAIL_TAKEN, 'email');
}

/** The agency's own sign-in: its Agency user of the agency's email (made by sign-up or by Admin's add). */
async function ownerOf(db: Db, agencyId: number, email: string): Promise<number | null> {
  const { rows } = await db.query<{ id: number }>("SELECT id::int AS id FROM users WHERE agency_id = $1 AND user_type = 'Agency' AND lower(email) = lower($2)", [
    agencyId,
    email,
  ]);
  return rows[0]?.id ?? null;
}

const columnsOf = (form: AgencyForm) => [
  form.agency_name,
  normaliseEmail(form.email),
  form.postcode,
  form.contact_first_name,
  form.contact_last_name,
  form.contact,
  form.abn_no || null,
  form.country || null,
  form.state || null,
  form.city || null,
  form.street_address || null,
  form.plot_address || null,
  joinList(form.flows, FLOWS) || null,
  joinList(form.deviceType, AGENCY_DEVICE_TYPES) || null,
  form.email_notification ?? false,
];

/**
 * Adds an agency and its sign-in (email verified: Admin typed the address; each sign-in still mails
 * a code to it). Spec 4: anything but Active is In-Active (the console sends one of the two).
 */
export async function addAgency(ctx: AppContext, form: AgencyForm): Promise<number> {
  const { db } = ctx;
  refuseCommonPassword(form.password);
  const email = normaliseEmail(form.email);
  await requireFreeEmail(db, email, null, null);
  const passwordHash = await hashPassword(form.password ?? '');
  const status: Status = form.status === 'Active' || form.status === undefined ? 'Active' : 'In-Active';
  try {
    return await db.transaction(async (tx) => {
      const { rows } = await tx.query<{ id: number }>(
        `INSERT INTO agencies (agency_name, email, postcode, contact_first_name, contact_last_name, contact, abn_no, country, state,
           city, street_address, plot_address, flows, device_type, email_notification, status, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $17) RETURNING id::int AS id`,
        [...columnsOf(form), status, nowIso(ctx)],
      );
      const id = rows[0]?.id;
      if (id === undefined) throw new Error('agency insert returned no id');
      await tx.query(
        `INSERT INTO users (email, password_hash, user_type, first_name, last_name, phone_no, status, email_verified_at, agency_id, created_at, updated_at)
         VALUES ($1, $2, 'Agency', $3, $4, $5, 'active', $6, $7, $6, $6)`,
        [email, passwordHash, form.contact_first_name, form.contact_last_name, form.contact, nowIso(ctx), id],
      );
      return id;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(AGENCY_EMAIL_TAKEN, 'email');
    throw err;
  }
}

/** Ends every session of the agency's users and closes their live sockets on every instance. */
async function endAgencySessions(ctx: AppContext, agencyId: number, reason: string): Promise<void> {
  const { rows } = await ctx.db.query<{ id: number }>('SELECT id::int AS id FROM users WHERE agency_id = $1', [agencyId]);
  for (const user of rows) await revokeUserSessions(ctx.db, ctx, user.id, reason);
}

/**
 * Saves an agency's form (password only when given: it becomes its sign-in's, and that sign-in's
 * other sessions end). Turning it In-Active ends every session of its users at once.
 */
export async function editAgency(ctx: AppContext, caller: Caller, id: number, form: AgencyForm): Promise<void> {
  const { db } = ctx;
  refuseCommonPassword(form.password);
  const params = new SqlParams();
  const before = (
    await db.query<{ email: string; status: Status }>(`SELECT a.email, a.status FROM agencies a WHERE a.id = ${params.add(id)} AND (${scopeFor(caller).agencies('a', params)})`, params.values)
  ).rows[0];
  if (!before) throw notFound(AGENCY_NOT_FOUND);
  const email = normaliseEmail(form.email);
  const owner = await ownerOf(db, id, before.email);
  await requireFreeEmail(db, email, id, owner);
  const status: Status = form.status ?? before.status;
  const passwordHash = form.password ? await hashPassword(form.password) : null;
  try {
    await db.transaction(async (tx) => {
      await tx.query(
        `UPDATE agencies SET agency_name = $1, email = $2, postcode = $3, contact_first_name = $4, contact_last_name = $5, contact = $6,
                abn_no = $7, country = $8, state = $9, city = $10, street_address = $11, plot_address = $12, flows = $13, device_type = $14,
                email_notification = $15, status = $16, updated_at = $17,
                second_factor_required = coalesce($19, second_factor_required) WHERE id = $18`,
        [...columnsOf(form), status, nowIso(ctx), id, form.second_factor_required ?? null],
      );
      if (owner !== null) {
        await tx.query(
          `UPDATE users SET email = $2, first_name = $3, last_name = $4, phone_no = $5, password_hash = coalesce($6, password_hash), updated_at = $7 WHERE id = $1`,
          [owner, email, form.contact_first_name, form.contact_last_name, form.contact, passwordHash, nowIso(ctx)],
        );
      } else if (passwordHash) {
        // an agency without a sign-in of its own gets one with the password Admin set
        await tx.query(
          `INSERT INTO users (email, password_hash, user_type, first_name, last_name, phone_no, status, email_verified_at, agency_id, created_at, updated_at)
           VALUES ($1, $2, 'Agency', $3, $4, $5, 'active', $6, $7, $6, $6)`,
          [email, passwordHash, form.contact_first_name, form.contact_last_name, form.contact, nowIso(ctx), id],
        );
      }
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(AGENCY_EMAIL_TAKEN, 'email');
    throw err;
  }
  // after the commit: the sockets close once the refusal is what every instance reads
  if (status === 'In-Active' && before.status !== 'In-Active') await endAgencySessions(ctx, id, 'agency set In-Active');
  else if (passwordHash && owner !== null) await revokeUserSessions(db, ctx, owner, 'password set by Admin');
}

/** What an agency still has, each counted: deletion waits until none is left. */
async function agencyHoldings(db: Db, id: number): Promise<{ devices: number; agents: number; customers: number; electricians: number }> {
  const { rows } = await db.query<{ devices: number; agents: number; customers: number; electricians: number }>(
    `SELECT (SELECT count(*)::int FROM devices WHERE agency_id = $1) AS devices,
            (SELECT count(*)::int FROM agents WHERE agency_id = $1) AS agents,
            (SELECT count(*)::int FROM customers WHERE agency_id = $1) AS customers,
            (SELECT count(*)::int FROM electricians WHERE agency_id = $1) AS electricians`,
    [id],
  );
  return rows[0] ?? { devices: 0, agents: 0, customers: 0, electricians: 0 };
}

/** Deletes an agency that has nothing left, with its sign-ins (their sessions end first). */
export async function deleteAgency(ctx: AppContext, caller: Caller, id: number): Promise<void> {
  const { db } = ctx;
  const params = new SqlParams();
  const found = await db.query(`SELECT 1 FROM agencies a WHERE a.id = ${params.add(id)} AND (${scopeFor(caller).agencies('a', params)})`, params.values);
  if (found.rows.length === 0) throw notFound(AGENCY_NOT_FOUND);
  const held = await agencyHoldings(db, id);
  const parts = [
    held.devices > 0 ? counted(held.devices, 'device') : '',
    held.agents > 0 ? counted(held.agents, 'installation agent') : '',
    held.customers > 0 ? counted(held.customers, 'customer') : '',
    held.electricians > 0 ? counted(held.electricians, 'electrician') : '',
  ].filter((p) => p !== '');
  if (parts.length > 0) throw new ApiError(409, say('agencies.inUse', { holdings: andList(parts) }));
  await endAgencySessions(ctx, id, 'agency deleted');
  await db.transaction(async (tx) => {
    await tx.query("DELETE FROM users WHERE agency_id = $1 AND user_type = 'Agency'", [id]);
    await tx.query('DELETE FROM agencies WHERE id = $1', [id]);
  });
}

/** The agency list's CSV: its columns, every product's counts left to the screens. */
const EXPORT_COLUMNS: Array<[string, string]> = [
  ['Record ID', 'a.id'],
  ['Agency Name', 'fleet_csv_safe(a.agency_name)'],
  ['Email', 'fleet_csv_safe(a.email)'],
  ['Contact First Name', 'fleet_csv_safe(a.contact_first_name)'],
  ['Contact Last Name', 'fleet_csv_safe(a.contact_last_name)'],
  ['Phone Number', 'fleet_csv_safe(a.contact)'],
  ['Postcode', 'fleet_csv_safe(a.postcode)'],
  ['City', 'fleet_csv_safe(a.city)'],
  ['State', 'fleet_csv_safe(a.state)'],
  ['ABN', 'fleet_csv_safe(a.abn_no)'],
  ['Status', 'a.status'],
  ['Flows', 'a.flows'],
  ['Product Lines', 'a.device_type'],
  ['Installation Agents', '(SELECT count(*) FROM agents ag WHERE ag.agency_id = a.id)'],
  ['Created', `to_char(a.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')`],
];

/** The list's sorts as the export's SQL can say them: the agents count is a column of the page's rows only. */
const EXPORT_LIST: ListSpec = { ...AGENCY_LIST, sortable: { ...AGENCY_LIST.sortable, agents: '(SELECT count(*) FROM agents ag WHERE ag.agency_id = a.id)' } };

/** The export of the caller's agencies with the list's filters and sort (a bad filter is a 400 here). */
export function agencyExport(caller: Caller, query: ListQuery): CsvExport {
  const params = new SqlParams();
  const { conditions, listing } = agencyConditions(caller, query, params, EXPORT_LIST);
  return { kind: 'agencies', from: 'agencies a', idColumn: 'a.id', orderBy: listing.orderBy, columns: EXPORT_COLUMNS, conditions, values: params.values };
}
