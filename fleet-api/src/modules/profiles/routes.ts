/**
 * The signed-in person's own profile, one read and one update per role (docs/auth-calls.md,
 * Profiles). The sign-in email is shown but never changed here. A new password keeps this session
 * and ends the others.
 */
import { Type, type Static, type TObject, type TProperties } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import multipart from '@fastify/multipart';
import type { Db } from '../../db';
import { COMMON_PASSWORD_MESSAGE, hashPassword, isCommonPassword, verifyPassword } from '../../security/password';
import { callerOf } from '../../policy/access';
import { duringSecondFactorSetup, only, type Caller, type UserType } from '../../policy/roles';
import { badRequest, notFound } from '../../server/errors';
import { nowIso, type AppContext, type ModuleOptions } from '../../server/context';
import { AbnField, NameField, OptionalPasswordField, PhoneField, PostcodeField, routeSchema, Strict, TextField, trimmed } from '../../server/schemas';
import { revokeUserSessions } from '../auth/sessions';
import { PASSWORD_MISMATCH } from '../auth/accounts';
import { say } from '../../server/messages';

const Text = Type.Union([Type.String(), Type.Null()]);
const OptionalId = Type.Union([Type.Integer(), Type.Null()]);

/** An optional new password: empty means "unchanged"; otherwise the strength rule. */
const OptionalPassword = OptionalPasswordField();
const OptionalConfirm = Type.Optional(Type.String({ maxLength: 128 }));
/** Needed (and checked) whenever `password` changes: a stolen session alone cannot take the account. */
const CurrentPassword = Type.Optional(Type.String({ maxLength: 128 }));

const CURRENT_PASSWORD_REQUIRED = say('profile.currentPasswordRequired');
const CURRENT_PASSWORD_WRONG = say('profile.currentPasswordWrong');

/** A new password needs the current one; a wrong or missing one is a 400 before anything is written. */
async function requireCurrentPassword(db: Db, caller: Caller, form: { password?: string; current_password?: string }): Promise<void> {
  if (!form.password) return;
  if (isCommonPassword(form.password)) throw badRequest(COMMON_PASSWORD_MESSAGE);
  if (!form.current_password) throw badRequest(CURRENT_PASSWORD_REQUIRED);
  const { rows } = await db.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = $1', [caller.userId]);
  const stored = rows[0]?.password_hash ?? '';
  if (!(await verifyPassword(stored, form.current_password))) throw badRequest(CURRENT_PASSWORD_WRONG);
}

const UPDATED = say('profile.updated');

/** The Admin and site manager profiles are their sign-in row alone. */
const UserRowProfile = Type.Object({ first_name: Text, last_name: Text, email: Type.String() });
const USER_ROW_SQL = 'SELECT first_name, last_name, email FROM users WHERE id = $1';

/** The caller's row of a linked table (agency, electrician, ...), or 404 when the link is missing. */
function linked(id: number | null): number {
  if (id === null) throw notFound();
  return id;
}

async function changePassword(db: Db, ctx: AppContext, caller: Caller, password: string | undefined): Promise<void> {
  if (!password) return;
  const hash = await hashPassword(password);
  await db.query('UPDATE users SET password_hash = $2, updated_at = $3 WHERE id = $1', [caller.userId, hash, nowIso(ctx)]);
  await revokeUserSessions(db, ctx, caller.userId, 'password changed', caller.sessionId);
}

/** The sign-in row's name (and phone, where the role's form has one), kept in step with the role's own row. */
async function updateSignInName(db: Db, ctx: AppContext, caller: Caller, name: { first: string; last: string; phone?: string }): Promise<void> {
  if (name.phone === undefined) {
    await db.query('UPDATE users SET first_name = $2, last_name = $3, updated_at = $4 WHERE id = $1', [caller.userId, name.first, name.last, nowIso(ctx)]);
  } else {
    await db.query('UPDATE users SET first_name = $2, last_name = $3, phone_no = $4, updated_at = $5 WHERE id = $1', [
      caller.userId,
      name.first,
      name.last,
      name.phone,
      nowIso(ctx),
    ]);
  }
}

async function one<T>(db: Db, sql: string, params: unknown[]): Promise<T> {
  const { rows } = await db.query<T>(sql, params);
  const row = rows[0];
  if (!row) throw notFound();
  return row;
}

export const profileRoutes: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { ctx }) => {
  const { db } = ctx;

  /**
   * A role's profile read, as (options, handler) for app.get: the caller's row from sql, with params
   * taken from the caller; 404 when there is none.
   */
  function profileRead<T extends TObject>(role: UserType, summary: string, info: T, sql: string, params: (caller: Caller) => unknown[]) {
    const options = {
      // the own profile opens while a required second factor is being set up (its card is there)
      config: { access: duringSecondFactorSetup([role]) },
      schema: routeSchema(['Profiles', role])(summary, info, 404),
    };
    const handler = async (request: { caller: Caller | null }) => {
      const info = await one<Static<T>>(db, sql, params(callerOf(request)));
      return { status: true, message: say('titles.profile'), info };
    };
    return [options, handler] as const;
  }

  /**
   * A role's profile update, as (options, handler) for app.put: the checked form is trimmed and
   * written in one transaction, then the new password where the form has one (the other sessions end).
   * A multipart route also takes form data and can answer 413.
   */
  function profileUpdate<P extends TProperties>(
    role: UserType,
    summary: string,
    body: TObject<P>,
    write: (tx: Db, caller: Caller, form: Static<TObject<P>>) => Promise<void>,
    { multipart = false } = {},
  ) {
    const options = {
      config: { access: only(role) },
      schema: {
        ...routeSchema(['Profiles', role])(summary, null, 400, 404, ...(multipart ? [413 as const] : [])),
        ...(multipart ? { consumes: ['multipart/form-data', 'application/json'] } : {}),
        body,
      },
    };
    const handler = async (request: { caller: Caller | null; body: Static<TObject<P>> }) => {
      const caller = callerOf(request);
      const form = trimmed(request.body);
      const passwords = form as { password?: string; current_password?: string };
      await requireCurrentPassword(db, caller, passwords);
      await db.transaction(async (tx) => {
        await write(tx, caller, form);
        await changePassword(tx, ctx, caller, passwords.password);
      });
      return { status: true, message: UPDATED };
    };
    return [options, handler] as const;
  }

  // Admin ----------------------------------------------------------------------------------------
  app.get(
    '/api/profile',
    ...profileRead(
      'Admin',
      'Admin profile',
      UserRowProfile,
      USER_ROW_SQL,
      (caller) => [caller.userId],
    ),
  );

  app.put(
    '/api/profile/update',
    ...profileUpdate(
      'Admin',
      'Update the admin profile',
      Strict({
        first_name: NameField('First Name'),
        last_name: NameField('Last Name'),
        password: OptionalPassword,
        current_password: CurrentPassword,
        confirm_password: OptionalConfirm,
      }),
      async (tx, caller, body) => {
        if ((body.password ?? '') !== (body.confirm_password ?? '')) throw badRequest(PASSWORD_MISMATCH);
        await updateSignInName(tx, ctx, caller, { first: body.first_name, last: body.last_name });
      },
    ),
  );

  // Agency ---------------------------------------------------------------------------------------
  app.get(
    '/api/agency/getprofile',
    ...profileRead(
      'Agency',
      'Agency profile',
      Type.Object({
        agency_name: Type.String(),
        email: Type.String(),
        postcode: Text,
        contact_first_name: Text,
        contact_last_name: Text,
        contact: Text,
        abn_no: Text,
      }),
      `SELECT agency_name, email, postcode, contact_first_name, contact_last_name, contact, abn_no
         FROM agencies WHERE id = $1`,
      (caller) => [linked(caller.agencyId)],
    ),
  );

  // The agency form is sent as multipart form data; its parser lives only in this scope.
  await app.register(async (scoped) => {
    await scoped.register(multipart, {
      attachFieldsToBody: 'keyValues',
      limits: { files: 0, fields: 20, fieldSize: 4096, parts: 20 },
    });
    scoped.withTypeProvider<TypeBoxTypeProvider>().post(
      '/api/agency/editprofile',
      ...profileUpdate(
        'Agency',
        'Update the agency profile (multipart form data; JSON accepted too)',
        Strict({
          agency_name: TextField('Agency name', 200),
          postcode: PostcodeField,
          contact_first_name: NameField('Contact First Name'),
          contact_last_name: NameField('Contact Last Name'),
          contact: PhoneField('Contact Number'),
          password: OptionalPassword,
        current_password: CurrentPassword,
        }),
        async (tx, caller, body) => {
          const res = await tx.query(
            `UPDATE agencies SET agency_name = $2, postcode = $3, contact_first_name = $4, contact_last_name = $5,
                    contact = $6, updated_at = $7 WHERE id = $1`,
            [linked(caller.agencyId), body.agency_name, body.postcode, body.contact_first_name, body.contact_last_name, body.contact, nowIso(ctx)],
          );
          if (res.rowCount === 0) throw notFound();
          await updateSignInName(tx, ctx, caller, { first: body.contact_first_name, last: body.contact_last_name, phone: body.contact });
        },
        { multipart: true },
      ),
    );
  });

  // Electrician ----------------------------------------------------------------------------------
  app.get(
    '/api/electrician/getprofile',
    ...profileRead(
      'Electrician',
      'Electrician profile',
      Type.Object({
        email: Type.String(),
        postcode: Text,
        first_name: Text,
        last_name: Text,
        company_name: Text,
        phone_no: Text,
        address: Text,
        abn_number: Text,
        aggregator_id: OptionalId,
        aggregator_name: Text,
      }),
      `SELECT u.email, e.postcode, e.first_name, e.last_name, e.company_name, e.phone_no, e.address, e.abn_number,
              e.aggregator_id, g.name AS aggregator_name
         FROM electricians e JOIN users u ON u.id = $2
         LEFT JOIN aggregators g ON g.id = e.aggregator_id
        WHERE e.id = $1`,
      (caller) => [linked(caller.electricianId), caller.userId],
    ),
  );

  app.put(
    '/api/electrician/editprofile',
    ...profileUpdate(
      'Electrician',
      'Update the electrician profile',
      Strict({
        postcode: PostcodeField,
        first_name: NameField('First Name'),
        last_name: NameField('Last Name'),
        company_name: TextField('Company name', 200),
        phone_no: PhoneField(),
        address: TextField('Address', 500),
        abn_number: AbnField,
        aggregator_id: Type.Integer({ minimum: 1, maximum: 2147483647, errorMessage: say('fields.aggregatorRequired'), requiredMessage: say('fields.aggregatorRequired') }),
        password: OptionalPassword,
        current_password: CurrentPassword,
      }),
      async (tx, caller, body) => {
        const electricianId = linked(caller.electricianId);
        const agg = await tx.query('SELECT 1 FROM aggregators WHERE id = $1', [body.aggregator_id]);
        if (agg.rowCount === 0) throw badRequest(say('aggregators.notFound'));
        const res = await tx.query(
          `UPDATE electricians SET postcode = $2, first_name = $3, last_name = $4, company_name = $5, phone_no = $6,
                  address = $7, abn_number = $8, aggregator_id = $9, updated_at = $10 WHERE id = $1`,
          [
            electricianId,
            body.postcode,
            body.first_name,
            body.last_name,
            body.company_name,
            body.phone_no,
            body.address,
            body.abn_number,
            body.aggregator_id,
            nowIso(ctx),
          ],
        );
        if (res.rowCount === 0) throw notFound();
        await updateSignInName(tx, ctx, caller, { first: body.first_name, last: body.last_name, phone: body.phone_no });
      },
    ),
  );

  // Customer -------------------------------------------------------------------------------------
  // The customer record when linked (what installers see), else the sign-in row.
  app.get(
    '/api/nms/customer/profile',
    ...profileRead(
      'Customer',
      'Customer profile',
      Type.Object({ email: Type.String(), first_name: Text, last_name: Text, phone_no: Text }),
      `SELECT u.email, COALESCE(c.first_name, u.first_name) AS first_name, COALESCE(c.last_name, u.last_name) AS last_name,
              COALESCE(c.phone_no, u.phone_no) AS phone_no
         FROM users u LEFT JOIN customers c ON c.id = u.customer_id WHERE u.id = $1`,
      (caller) => [caller.userId],
    ),
  );

  app.put(
    '/api/nms/customer/profile/update',
    ...profileUpdate(
      'Customer',
      'Update the customer profile',
      Strict({ first_name: NameField('First Name'), last_name: NameField('Last Name'), phone_no: PhoneField() }),
      async (tx, caller, body) => {
        await updateSignInName(tx, ctx, caller, { first: body.first_name, last: body.last_name, phone: body.phone_no });
        if (caller.customerId !== null) {
          await tx.query('UPDATE customers SET first_name = $2, last_name = $3, phone_no = $4, updated_at = $5 WHERE id = $1', [
            caller.customerId,
            body.first_name,
            body.last_name,
            body.phone_no,
            nowIso(ctx),
          ]);
        }
      },
    ),
  );

  // Multi-site company contact (mscc) --------------------------------------------------------------
  app.get(
    '/api/mscc/nms/profile/get',
    ...profileRead(
      'mscc',
      'Multi-site company contact profile',
      Type.Object({
        first_name: Text,
        last_name: Text,
        email: Type.String(),
        contact_no: Text,
        company_name: Text,
        company_address: Text,
      }),
      `SELECT u.first_name, u.last_name, u.email, u.phone_no AS contact_no, c.company_name, c.company_address
         FROM users u LEFT JOIN multi_site_companies c ON c.id = u.company_id WHERE u.id = $1`,
      (caller) => [caller.userId],
    ),
  );

  app.put(
    '/api/mscc/nms/profile/update',
    ...profileUpdate(
      'mscc',
      'Update the multi-site company contact profile (our addition)',
      Strict({
        first_name: NameField('First Name'),
        last_name: NameField('Last Name'),
        contact_no: PhoneField('Contact Number'),
        company_name: TextField('Company name', 200),
        company_address: TextField('Company address', 500),
        password: OptionalPassword,
        current_password: CurrentPassword,
      }),
      async (tx, caller, body) => {
        const companyId = linked(caller.companyId);
        await updateSignInName(tx, ctx, caller, { first: body.first_name, last: body.last_name, phone: body.contact_no });
        await tx.query('UPDATE multi_site_companies SET company_name = $2, company_address = $3, updated_at = $4 WHERE id = $1', [
          companyId,
          body.company_name,
          body.company_address,
          nowIso(ctx),
        ]);
      },
    ),
  );

  // Site manager (sm) ----------------------------------------------------------------------------
  app.get(
    '/api/sm/nms/profile/get',
    ...profileRead(
      'sm',
      'Site manager profile',
      UserRowProfile,
      USER_ROW_SQL,
      (caller) => [caller.userId],
    ),
  );

  app.put(
    '/api/sm/nms/profile/update',
    ...profileUpdate(
      'sm',
      'Update the site manager profile (our addition)',
      Strict({ first_name: NameField('First Name'), last_name: NameField('Last Name'), password: OptionalPassword, current_password: CurrentPassword }),
      async (tx, caller, body) => {
        await updateSignInName(tx, ctx, caller, { first: body.first_name, last: body.last_name });
        if (caller.siteManagerId !== null) {
          await tx.query('UPDATE site_managers SET first_name = $2, last_name = $3 WHERE id = $1', [
            caller.siteManagerId,
            body.first_name,
            body.last_name,
          ]);
        }
      },
    ),
  );

  // Lists the electrician profile needs ------------------------------------------------------------
  app.get(
    '/api/aggregators/get-list',
    {
      // reference data of the electrician's profile form, which opens while a second factor is set up
      config: { access: duringSecondFactorSetup(['Admin', 'Agency', 'Electrician']) },
      schema: routeSchema('Lists')('Aggregators for the electrician profile select', Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() }))),
    },
    async () => {
      const { rows } = await db.query<{ id: number; name: string }>('SELECT id, name FROM aggregators ORDER BY name, id');
      return { status: true, message: say('titles.aggregators'), info: rows };
    },
  );
};

