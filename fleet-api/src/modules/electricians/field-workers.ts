/**
 * Field workers, the electrician agents (spec 7, Electrician agents; docs/organisation-calls.md): the
 * people an electrician sends to install. The electrician adds, edits and removes its own; Admin sees
 * all of them and edits their contact details; an agency reads those of its electricians. The
 * caller's slice is ANDed into every query: another's field worker is not found (404) and unchanged.
 */
import { Type, type Static } from '@sinclair/typebox';
import type { Db } from '../../db';
import type { Caller } from '../../policy/roles';
import { requireVisible, scopeFor } from '../../policy/scope';
import { COMMON_PASSWORD_MESSAGE, hashPassword, isCommonPassword } from '../../security/password';
import { ApiError, badRequest, conflict, isUniqueViolation, uniqueMessage } from '../../server/errors';
import { filterBy, buildListing, listInfo, type ListInfo, type ListQuery, type ListSpec } from '../../server/listing';
import { EmailField, NameField, NewPasswordField, normaliseEmail, OptionalPasswordField, PhoneField, NullableText } from '../../server/schemas';
import { ISO, SqlParams, whereClause } from '../../server/sql';
import { say } from '../../server/messages';

const FIELD_WORKER_NOT_FOUND = say('fieldWorkers.notFound');
const FIELD_WORKER_EMAIL_TAKEN = uniqueMessage('electrician_agents_email_key', say('fieldWorkers.emailTaken'));

// Spec 5 (Installation agent, which the spec applies to field workers): names required and under 200
// characters, email, a phone (form field mobile) of 8 to 13, a password on create only.
const contact = {
  first_name: NameField('First Name'),
  last_name: NameField('Last Name'),
  email: EmailField(say('fields.emailInvalid')),
  phone: PhoneField(),
};
/** Admin's PUT /api/electrician-agent/edit/{id}: email, first_name, last_name, phone. */
export const FieldWorkerContactBody = contact;
/** The electrician's POST /api/electrician/agent/add. */
export const FieldWorkerAddBody = { ...contact, password: NewPasswordField() };
/** The electrician's PUT /api/electrician/agent/edit/{id}: the password only when set. */
export const FieldWorkerEditBody = { ...contact, password: OptionalPasswordField() };

export interface FieldWorkerForm {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  password?: string;
}

export const FieldWorkerRow = Type.Object({
  id: Type.Integer(),
  electrician_id: Type.Integer(),
  electrician_name: Type.String(),
  company_name: NullableText,
  first_name: Type.String(),
  last_name: Type.String(),
  full_name: Type.String(),
  email: Type.String(),
  phone: NullableText,
  /** Devices it installed, of the caller's slice. */
  devices: Type.Integer(),
  created_at: Type.String(),
});
export type FieldWorkerRowT = Static<typeof FieldWorkerRow>;

export const FieldWorkerInfo = Type.Object({ ...FieldWorkerRow.properties, updated_at: Type.String() });
export type FieldWorkerInfoT = Static<typeof FieldWorkerInfo>;

const FULL_NAME = `(w.first_name || ' ' || w.last_name)`;
const ELECTRICIAN_NAME = `(e.first_name || ' ' || e.last_name)`;

/** The drawer's Name, Email, Phone and (Admin, Agency) Electrician and Company Name. */
const FIELD_WORKER_LIST: ListSpec = {
  sortable: {
    created_at: 'w.created_at',
    id: 'w.id',
    full_name: `lower(${FULL_NAME})`,
    first_name: 'lower(w.first_name)',
    email: 'lower(w.email)',
    phone: 'w.phone',
    electrician_name: `lower(${ELECTRICIAN_NAME})`,
    company_name: 'lower(e.company_name)',
  },
  filters: {
    full_name: filterBy.text(FULL_NAME),
    email: filterBy.text('w.email'),
    phone: filterBy.text('w.phone'),
    electrician_name: filterBy.text(ELECTRICIAN_NAME),
    company_name: filterBy.text('e.company_name'),
  },
};

function rowColumns(caller: Caller, params: SqlParams): string {
  return `w.id::int AS id, w.electrician_id::int AS electrician_id, trim(${ELECTRICIAN_NAME}) AS electrician_name, e.company_name,
    w.first_name, w.last_name, trim(${FULL_NAME}) AS full_name, w.email, w.phone,
    (SELECT count(*)::int FROM devices d WHERE d.electrician_agent_id = w.id AND ${scopeFor(caller).devices('d', params)}) AS devices,
    ${ISO('w.created_at')} AS created_at`;
}

/**
 * A page of the caller's field workers: every one for Admin, its electricians' for an agency, its own
 * for an electrician; `electricianId` narrows to one electrician's (the electrician view's table).
 */
export async function listFieldWorkers(db: Db, caller: Caller, query: ListQuery, electricianId?: number): Promise<ListInfo<FieldWorkerRowT>> {
  const params = new SqlParams();
  const listing = buildListing(query, FIELD_WORKER_LIST, params, 'w.id');
  const conditions = [scopeFor(caller).electricianAgents('w', params), ...listing.conditions];
  if (electricianId !== undefined) conditions.push(`w.electrician_id = ${params.add(electricianId)}`);
  const where = whereClause(conditions);
  const from = 'FROM electrician_agents w JOIN electricians e ON e.id = w.electrician_id';
  const total = (await db.query<{ n: number }>(`SELECT count(*)::int AS n ${from} ${where}`, params.values.slice())).rows[0]?.n ?? 0;
  const { rows } = await db.query<FieldWorkerRowT>(
    `SELECT ${rowColumns(caller, params)} ${from} ${where} ${listing.orderBy} LIMIT ${params.add(listing.limit)} OFFSET ${params.add(listing.offset)}`,
    params.values,
  );
  return listInfo(rows, total, listing.page, listing.limit);
}

export async function fieldWorkerDetail(db: Db, caller: Caller, id: number): Promise<FieldWorkerInfoT> {
  const params = new SqlParams();
  const idParam = params.add(id);
  const { rows } = await db.query<FieldWorkerInfoT>(
    `SELECT ${rowColumns(caller, params)}, ${ISO('w.updated_at')} AS updated_at
       FROM electrician_agents w JOIN electricians e ON e.id = w.electrician_id
      WHERE w.id = ${idParam} AND ${scopeFor(caller).electricianAgents('w', params)}`,
    params.values,
  );
  const row = rows[0];
  if (!row) throw new ApiError(404, FIELD_WORKER_NOT_FOUND);
  return row;
}

/** A field worker's email is its sign-in to the installer app: one field worker per address. */
async function requireFreeEmail(db: Db, email: string, id: number | null): Promise<void> {
  const { rows } = await db.query('SELECT 1 FROM electrician_agents WHERE lower(email) = $1 AND id IS DISTINCT FROM $2', [email, id]);
  if (rows.length > 0) throw conflict(FIELD_WORKER_EMAIL_TAKEN, 'email');
}

async function passwordHashOf(password: string | undefined): Promise<string | null> {
  if (!password) return null;
  if (isCommonPassword(password)) throw badRequest(COMMON_PASSWORD_MESSAGE);
  return hashPassword(password);
}

/** The electrician adds a field worker of its own. */
export async function addFieldWorker(db: Db, caller: Caller, form: FieldWorkerForm, now: Date): Promise<number> {
  if (caller.electricianId === null) throw new ApiError(404, say('electricians.notFound'));
  const email = normaliseEmail(form.email);
  const passwordHash = await passwordHashOf(form.password);
  await requireFreeEmail(db, email, null);
  try {
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO electrician_agents (electrician_id, first_name, last_name, email, phone, password_hash, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $7) RETURNING id::int AS id`,
      [caller.electricianId, form.first_name, form.last_name, email, form.phone, passwordHash, now.toISOString()],
    );
    const id = rows[0]?.id;
    if (id === undefined) throw new Error('field worker insert returned no id');
    return id;
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(FIELD_WORKER_EMAIL_TAKEN, 'email');
    throw err;
  }
}

/**
 * Edits a field worker of the caller's slice: the electrician its own (a new password only when one
 * is given), Admin any one's contact details. Another's field worker is a 404 and nothing changes.
 */
export async function editFieldWorker(db: Db, caller: Caller, id: number, form: FieldWorkerForm, now: Date): Promise<void> {
  await requireVisible(db, caller, 'electricianAgents', id);
  const email = normaliseEmail(form.email);
  const passwordHash = await passwordHashOf(form.password);
  await requireFreeEmail(db, email, id);
  try {
    await db.query(
      `UPDATE electrician_agents SET first_name = $2, last_name = $3, email = $4, phone = $5, updated_at = $6,
              password_hash = COALESCE($7, password_hash)
        WHERE id = $1`,
      [id, form.first_name, form.last_name, email, form.phone, now.toISOString(), passwordHash],
    );
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(FIELD_WORKER_EMAIL_TAKEN, 'email');
    throw err;
  }
}

/**
 * The electrician removes one of its field workers (someone who left must lose the installer app at
 * once, so this is never refused): the devices it installed stay the electrician's, only the link to
 * the field worker is cleared.
 */
export async function deleteFieldWorker(db: Db, caller: Caller, id: number): Promise<void> {
  const params = new SqlParams();
  const idParam = params.add(id);
  const { rows } = await db.query(
    `DELETE FROM electrician_agents w WHERE w.id = ${idParam} AND ${scopeFor(caller).electricianAgents('w', params)} RETURNING w.id`,
    params.values,
  );
  if (rows.length === 0) throw new ApiError(404, FIELD_WORKER_NOT_FOUND);
}
