/**
 * Electricians (spec 7, Electricians; docs/organisation-calls.md): Admin's list, one electrician, add,
 * edit and delete; the agency's read-only view of the electricians of its slice. An electrician is a
 * row of `electricians` and its console sign-in (a `users` row of type Electrician): both are made,
 * changed and removed together. The caller's slice is ANDed into every read (404 outside it).
 */
import { Type, type Static, type TObject } from '@sinclair/typebox';
import type { Db } from '../../db';
import type { Caller } from '../../policy/roles';
import { scopeFor } from '../../policy/scope';
import { COMMON_PASSWORD_MESSAGE, hashPassword, isCommonPassword } from '../../security/password';
import type { AppContext } from '../../server/context';
import { ApiError, badRequest, conflict, isUniqueViolation, uniqueMessage } from '../../server/errors';
import { filterBy, buildListing, type ListInfo, type ListQuery, type ListSpec, pagedList } from '../../server/listing';
import { EmailField, NameField, NewPasswordField, normaliseEmail, OptionalPasswordField, PhoneField, PostcodeField, StatusField, TextField, type Status, RequiredText, NullableInt, NullableText } from '../../server/schemas';
import { ISO, SqlParams, whereClause } from '../../server/sql';
import { revokeUserSessions } from '../auth/sessions';
import { say } from '../../server/messages';

const ELECTRICIAN_NOT_FOUND = say('electricians.notFound');
const EMAIL_TAKEN = uniqueMessage('electricians_email_key', say('electricians.emailTaken'));
const ABN_REQUIRED = say('fields.abnNumberRequired');
const ABN_INVALID = say('fields.abnInvalid');
const AGGREGATOR_REQUIRED = say('fields.aggregatorRequired');
const AGGREGATOR_NOT_FOUND = say('aggregators.notFound');
const STATE_INVALID = say('fields.stateInvalid');
/** Spec 9: States. */
const STATES = ['NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA', 'ACT'] as const;
const ABN_LENGTH = 11;

const deleteRefusal = (devices: number): string => say('electricians.inUse', { count: devices });

// Body fields, in the form's order (the first field in error is the one answered).
const OptionalText = (label: string, maxLength: number) =>
  Type.Optional(Type.String({ maxLength, errorMessage: say('fields.tooLong', { field: label, max: maxLength }) }));
const AbnNumber = RequiredText(64, ABN_REQUIRED, ABN_INVALID);
const State = Type.Optional(
  Type.Unsafe<string>({ type: 'string', enum: ['', ...STATES], errorMessage: STATE_INVALID }),
);
const AggregatorId = Type.Integer({ minimum: 1, maximum: 2147483647, errorMessage: AGGREGATOR_REQUIRED, requiredMessage: AGGREGATOR_REQUIRED });

const common = {
  first_name: NameField('First Name'),
  last_name: NameField('Last Name'),
  email: EmailField(say('fields.emailInvalid')),
  phone_no: PhoneField(),
  company_name: NameField('Company Name'),
  abn_number: AbnNumber,
  eid: OptionalText('EID', 50),
  address: TextField('Address', 500),
  city: OptionalText('City', 100),
  state: State,
  postcode: PostcodeField,
};

/** POST /api/electrician/add: the aggregator may wait; the password is required (the sign-in). */
export const ElectricianAddBody = {
  ...common,
  aggregator_id: Type.Optional(Type.Union([AggregatorId, Type.Null()], { errorMessage: AGGREGATOR_REQUIRED })),
  password: NewPasswordField(),
};
/** PUT /api/electrician/edit/{id}: spec 5, "aggregator when editing"; a password only when set. */
export const ElectricianEditBody = {
  ...common,
  aggregator_id: AggregatorId,
  password: OptionalPasswordField(),
  status: Type.Optional(StatusField),
  /** Its sign-in needs the authenticator or a passkey (docs/second-factor.md); left out: unchanged. */
  second_factor_required: Type.Optional(Type.Boolean({ errorMessage: say('mfa.requiredBoolean') })),
};

export type ElectricianEditForm = Static<TObject<typeof ElectricianEditBody>>;
/** What the add and edit forms give the queries (the add's aggregator may be missing or null; the status is the edit's). */
export type ElectricianForm = Static<TObject<typeof ElectricianAddBody>> | ElectricianEditForm;

export const ElectricianRow = Type.Object({
  id: Type.Integer(),
  first_name: Type.String(),
  last_name: Type.String(),
  full_name: Type.String(),
  email: Type.String(),
  phone_no: NullableText,
  company_name: NullableText,
  abn_number: NullableText,
  eid: NullableText,
  address: NullableText,
  city: NullableText,
  state: NullableText,
  postcode: NullableText,
  aggregator_id: NullableInt,
  aggregator_name: NullableText,
  field_workers: Type.Integer(),
  status: StatusField,
  created_at: Type.String(),
});
export type ElectricianRowT = Static<typeof ElectricianRow>;

export const ElectricianInfo = Type.Object({
  ...ElectricianRow.properties,
  agency_name: NullableText,
  second_factor_required: Type.Boolean(),
  /** Devices it installed, of the caller's slice (an agency counts its own). */
  devices: Type.Integer(),
  updated_at: Type.String(),
});
export type ElectricianInfoT = Static<typeof ElectricianInfo>;

const FULL_NAME = `(e.first_name || ' ' || e.last_name)`;

/** The drawer's Name, Email, Phone, Company Name, ABN Number, Aggregator, City, State and Postcode. */
const ELECTRICIAN_LIST: ListSpec = {
  sortable: {
    created_at: 'e.created_at',
    id: 'e.id',
    full_name: `lower(${FULL_NAME})`,
    first_name: 'lower(e.first_name)',
    email: 'lower(e.email)',
    phone_no: 'e.phone_no',
    company_name: 'lower(e.company_name)',
    aggregator_name: '(SELECT lower(g.name) FROM aggregators g WHERE g.id = e.aggregator_id)',
    city: 'lower(e.city)',
    state: 'e.state',
    postcode: 'e.postcode',
    status: 'e.status',
  },
  filters: {
    full_name: filterBy.text(FULL_NAME),
    email: filterBy.text('e.email'),
    phone_no: filterBy.text('e.phone_no'),
    company_name: filterBy.text('e.company_name'),
    abn_number: filterBy.text('e.abn_number'),
    aggregator_id: filterBy.number('e.aggregator_id'),
    city: filterBy.text('e.city'),
    state: filterBy.multi('e.state'),
    postcode: filterBy.text('e.postcode'),
    status: filterBy.multi('e.status'),
  },
};

const ROW_COLUMNS = `e.id::int AS id, e.first_name, e.last_name, trim(${FULL_NAME}) AS full_name, e.email, e.phone_no,
  e.company_name, e.abn_number, e.eid, e.address, e.city, e.state, e.postcode, e.aggregator_id::int AS aggregator_id,
  g.name AS aggregator_name,
  (SELECT count(*)::int FROM electrician_agents ea WHERE ea.electrician_id = e.id) AS field_workers, e.status,
  ${ISO('e.created_at')} AS created_at`;

/** A page of the caller's electricians (Admin: all; Agency: its slice). */
export async function listElectricians(db: Db, caller: Caller, query: ListQuery): Promise<ListInfo<ElectricianRowT>> {
  const params = new SqlParams();
  const listing = buildListing(query, ELECTRICIAN_LIST, params, 'e.id');
  const where = whereClause([scopeFor(caller).electricians('e', params), ...listing.conditions]);
  return pagedList<ElectricianRowT>(db, listing, params, ROW_COLUMNS, `FROM electricians e LEFT JOIN aggregators g ON g.id = e.aggregator_id ${where}`);
}

/** One electrician of the caller's slice, with its agency and how many of the caller's devices it installed. */
export async function electricianDetail(db: Db, caller: Caller, id: number): Promise<ElectricianInfoT> {
  const params = new SqlParams();
  const idParam = params.add(id);
  const scope = scopeFor(caller);
  const { rows } = await db.query<ElectricianInfoT>(
    `SELECT ${ROW_COLUMNS}, a.agency_name, e.second_factor_required, ${ISO('e.updated_at')} AS updated_at,
            (SELECT count(*)::int FROM devices d WHERE d.electrician_id = e.id AND ${scope.devices('d', params)}) AS devices
       FROM electricians e LEFT JOIN aggregators g ON g.id = e.aggregator_id LEFT JOIN agencies a ON a.id = e.agency_id
      WHERE e.id = ${idParam} AND ${scope.electricians('e', params)}`,
    params.values,
  );
  const row = rows[0];
  if (!row) throw new ApiError(404, ELECTRICIAN_NOT_FOUND);
  return row;
}

/** What the schema cannot say: ABN length after trimming, the aggregator exists, the password is not a common one. */
async function checkForm(db: Db, form: ElectricianForm): Promise<void> {
  if (form.abn_number.trim().length !== ABN_LENGTH) throw badRequest(ABN_INVALID);
  if (form.aggregator_id != null) {
    const found = await db.query('SELECT 1 FROM aggregators WHERE id = $1', [form.aggregator_id]);
    if (found.rows.length === 0) throw badRequest(AGGREGATOR_NOT_FOUND);
  }
  if (form.password && isCommonPassword(form.password)) throw badRequest(COMMON_PASSWORD_MESSAGE);
}

/** The email is the electrician's sign-in: no other electrician and no other account may use it. */
async function requireFreeEmail(db: Db, email: string, electricianId: number | null): Promise<void> {
  const { rows } = await db.query(
    `SELECT 1 FROM users WHERE lower(email) = $1 AND electrician_id IS DISTINCT FROM $2
     UNION ALL SELECT 1 FROM electricians WHERE lower(email) = $1 AND id IS DISTINCT FROM $2 LIMIT 1`,
    [email, electricianId],
  );
  if (rows.length > 0) throw conflict(EMAIL_TAKEN, 'email');
}

const blankToNull = (v: string | undefined): string | null => (v === undefined || v.trim() === '' ? null : v.trim());

function values(form: ElectricianForm, email: string): unknown[] {
  return [
    form.first_name,
    form.last_name,
    email,
    form.phone_no,
    form.company_name,
    form.abn_number,
    blankToNull(form.eid),
    form.address,
    blankToNull(form.city),
    blankToNull(form.state),
    form.postcode,
    form.aggregator_id ?? null,
  ];
}

/**
 * Adds an electrician and its sign-in (Admin). The address is taken as verified: Admin typed it, and
 * every sign-in sends its code there anyway.
 */
export async function addElectrician(db: Db, ctx: AppContext, form: ElectricianForm): Promise<number> {
  await checkForm(db, form);
  const email = normaliseEmail(form.email);
  await requireFreeEmail(db, email, null);
  const passwordHash = await hashPassword(form.password ?? '');
  const now = ctx.config.now().toISOString();
  try {
    return await db.transaction(async (tx) => {
      const { rows } = await tx.query<{ id: number }>(
        `INSERT INTO electricians (first_name, last_name, email, phone_no, company_name, abn_number, eid, address, city,
           state, postcode, aggregator_id, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $13) RETURNING id::int AS id`,
        [...values(form, email), now],
      );
      const id = rows[0]?.id;
      if (id === undefined) throw new Error('electrician insert returned no id');
      await tx.query(
        `INSERT INTO users (email, password_hash, user_type, first_name, last_name, phone_no, email_verified_at, electrician_id, created_at, updated_at)
         VALUES ($1, $2, 'Electrician', $3, $4, $5, $6, $7, $6, $6)`,
        [email, passwordHash, form.first_name, form.last_name, form.phone_no, now, id],
      );
      return id;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(EMAIL_TAKEN, 'email');
    throw err;
  }
}

/**
 * Edits an electrician (Admin); its sign-in follows the email and names. A new password ends its
 * sessions; In-Active disables its sign-in and ends its sessions at once, Active gives it back.
 */
export async function editElectrician(db: Db, ctx: AppContext, id: number, form: ElectricianEditForm): Promise<void> {
  const exists = await db.query<{ status: Status }>('SELECT status FROM electricians WHERE id = $1', [id]);
  const before = exists.rows[0];
  if (!before) throw new ApiError(404, ELECTRICIAN_NOT_FOUND);
  const status: Status = form.status ?? before.status;
  await checkForm(db, form);
  const email = normaliseEmail(form.email);
  await requireFreeEmail(db, email, id);
  const passwordHash = form.password ? await hashPassword(form.password) : null;
  const now = ctx.config.now().toISOString();
  try {
    await db.transaction(async (tx) => {
      await tx.query(
        `UPDATE electricians SET first_name = $1, last_name = $2, email = $3, phone_no = $4, company_name = $5, abn_number = $6,
                eid = $7, address = $8, city = $9, state = $10, postcode = $11, aggregator_id = $12, updated_at = $13, status = $15,
                second_factor_required = coalesce($16, second_factor_required)
          WHERE id = $14`,
        [...values(form, email), now, id, status, form.second_factor_required ?? null],
      );
      const { rows } = await tx.query<{ id: number }>(
        `UPDATE users SET email = $2, first_name = $3, last_name = $4, phone_no = $5, updated_at = $6,
                password_hash = COALESCE($7, password_hash), status = $8
          WHERE electrician_id = $1 AND user_type = 'Electrician' RETURNING id::int AS id`,
        [id, email, form.first_name, form.last_name, form.phone_no, now, passwordHash, status === 'Active' ? 'active' : 'disabled'],
      );
      const ending = status === 'In-Active' && before.status !== 'In-Active' ? 'electrician set In-Active' : passwordHash ? 'password changed by an administrator' : null;
      if (ending) {
        for (const user of rows) await revokeUserSessions(tx, ctx, user.id, ending);
      }
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(EMAIL_TAKEN, 'email');
    throw err;
  }
}

/**
 * Deletes an electrician who installed nothing (Admin): its field workers and its sign-in go with it,
 * and its sessions end at once. One who installed devices is kept (409 with how many): the devices'
 * install records name it, and removing it would also take those customers out of its reach.
 */
export async function deleteElectrician(db: Db, ctx: AppContext, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const found = await tx.query('SELECT 1 FROM electricians WHERE id = $1 FOR UPDATE', [id]);
    if (found.rows.length === 0) throw new ApiError(404, ELECTRICIAN_NOT_FOUND);
    const installed =
      (
        await tx.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM (SELECT d.id FROM devices d WHERE d.electrician_id = $1
                                          UNION SELECT h.device_id FROM device_history h WHERE h.electrician_id = $1) installed`,
          [id],
        )
      ).rows[0]?.n ?? 0;
    if (installed > 0) throw new ApiError(409, deleteRefusal(installed));
    const users = await tx.query<{ id: number }>("SELECT id::int AS id FROM users WHERE electrician_id = $1 AND user_type = 'Electrician'", [id]);
    for (const user of users.rows) await revokeUserSessions(tx, ctx, user.id, 'electrician deleted');
    await tx.query("DELETE FROM users WHERE electrician_id = $1 AND user_type = 'Electrician'", [id]);
    await tx.query('DELETE FROM electricians WHERE id = $1', [id]);
  });
}
