/**
 * The signed-in person's own profile, one read and one update per role (docs/auth-calls.md,
 * Profiles). The sign-in email is shown but never changed here. A new password keeps this session
 * and ends the others.
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import multipart from '@fastify/multipart';
import type { Db } from '../../db';
import { hashPassword } from '../../security/password';
import { callerOf } from '../../policy/access';
import { only, type Caller } from '../../policy/roles';
import { badRequest, notFound } from '../../server/errors';
import { nowIso, type AppContext, type ModuleOptions } from '../../server/context';
import {
  AbnField,
  Envelope,
  NameField,
  PASSWORD_RULE_MESSAGE,
  PhoneField,
  PostcodeField,
  signedInFailures,
  Strict,
  TextField,
  trimmed,
  MessageReply,
} from '../../server/schemas';
import { revokeUserSessions } from '../auth/sessions';
import { PASSWORD_MISMATCH } from '../auth/accounts';

const Text = Type.Union([Type.String(), Type.Null()]);
const OptionalId = Type.Union([Type.Integer(), Type.Null()]);

/** An optional new password: empty means "unchanged"; otherwise the strength rule. */
const OptionalPassword = Type.Optional(
  Type.String({
    maxLength: 128,
    pattern: '^(|(?=.*[a-z])(?=.*[A-Z])(?=.*[0-9]).{8,})$',
    errorMessage: { default: PASSWORD_RULE_MESSAGE, maxLength: 'Password must be at most 128 characters' },
  }),
);
const OptionalConfirm = Type.Optional(Type.String({ maxLength: 128 }));

const UPDATED = 'Profile updated successfully';

function read<T extends TSchema>(tag: string, info: T) {
  return { tags: ['Profiles', tag], security: [{ bearer: [] }], response: { 200: Envelope(info), ...signedInFailures(404) } };
}

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

async function one<T>(db: Db, sql: string, params: unknown[]): Promise<T> {
  const { rows } = await db.query<T>(sql, params);
  const row = rows[0];
  if (!row) throw notFound();
  return row;
}

export const profileRoutes: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { ctx }) => {
  const { db } = ctx;

  // Admin ----------------------------------------------------------------------------------------
  app.get(
    '/api/profile',
    {
      config: { access: only('Admin') },
      schema: { summary: 'Admin profile', ...read('Admin', Type.Object({ first_name: Text, last_name: Text, email: Type.String() })) },
    },
    async (request) => {
      const caller = callerOf(request);
      const info = await one<{ first_name: string | null; last_name: string | null; email: string }>(
        db,
        'SELECT first_name, last_name, email FROM users WHERE id = $1',
        [caller.userId],
      );
      return { status: true, message: 'Profile', info };
    },
  );

  app.put(
    '/api/profile/update',
    {
      config: { access: only('Admin') },
      schema: {
        tags: ['Profiles', 'Admin'],
        summary: 'Update the admin profile',
        security: [{ bearer: [] }],
        body: Strict({
          first_name: NameField('First Name'),
          last_name: NameField('Last Name'),
          password: OptionalPassword,
          confirm_password: OptionalConfirm,
        }),
        response: { 200: MessageReply, ...signedInFailures(400, 404) },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const body = trimmed(request.body);
      if ((body.password ?? '') !== (body.confirm_password ?? '')) throw badRequest(PASSWORD_MISMATCH);
      await db.transaction(async (tx) => {
        await tx.query('UPDATE users SET first_name = $2, last_name = $3, updated_at = $4 WHERE id = $1', [
          caller.userId,
          body.first_name,
          body.last_name,
          nowIso(ctx),
        ]);
        await changePassword(tx, ctx, caller, body.password);
      });
      return { status: true, message: UPDATED };
    },
  );

  // Agency ---------------------------------------------------------------------------------------
  const AgencyProfile = Type.Object({
    agency_name: Type.String(),
    email: Type.String(),
    postcode: Text,
    contact_first_name: Text,
    contact_last_name: Text,
    contact: Text,
    abn_no: Text,
  });

  app.get(
    '/api/agency/getprofile',
    { config: { access: only('Agency') }, schema: { summary: 'Agency profile', ...read('Agency', AgencyProfile) } },
    async (request) => {
      const caller = callerOf(request);
      const info = await one<Static<typeof AgencyProfile>>(
        db,
        `SELECT agency_name, email, postcode, contact_first_name, contact_last_name, contact, abn_no
           FROM agencies WHERE id = $1`,
        [linked(caller.agencyId)],
      );
      return { status: true, message: 'Profile', info };
    },
  );

  // The agency form is sent as multipart form data; its parser lives only in this scope.
  await app.register(async (scoped) => {
    await scoped.register(multipart, {
      attachFieldsToBody: 'keyValues',
      limits: { files: 0, fields: 20, fieldSize: 4096, parts: 20 },
    });
    scoped.withTypeProvider<TypeBoxTypeProvider>().post(
      '/api/agency/editprofile',
      {
        config: { access: only('Agency') },
        schema: {
          tags: ['Profiles', 'Agency'],
          summary: 'Update the agency profile (multipart form data; JSON accepted too)',
          security: [{ bearer: [] }],
          consumes: ['multipart/form-data', 'application/json'],
          body: Strict({
            agency_name: TextField('Agency name', 200),
            postcode: PostcodeField,
            contact_first_name: NameField('Contact First Name'),
            contact_last_name: NameField('Contact Last Name'),
            contact: PhoneField('Contact Number'),
            password: OptionalPassword,
          }),
          response: { 200: MessageReply, ...signedInFailures(400, 404, 413) },
        },
      },
      async (request) => {
        const caller = callerOf(request);
        const body = trimmed(request.body);
        const agencyId = linked(caller.agencyId);
        await db.transaction(async (tx) => {
          const res = await tx.query(
            `UPDATE agencies SET agency_name = $2, postcode = $3, contact_first_name = $4, contact_last_name = $5,
                    contact = $6, updated_at = $7 WHERE id = $1`,
            [agencyId, body.agency_name, body.postcode, body.contact_first_name, body.contact_last_name, body.contact, nowIso(ctx)],
          );
          if (res.rowCount === 0) throw notFound();
          await tx.query('UPDATE users SET first_name = $2, last_name = $3, phone_no = $4, updated_at = $5 WHERE id = $1', [
            caller.userId,
            body.contact_first_name,
            body.contact_last_name,
            body.contact,
            nowIso(ctx),
          ]);
          await changePassword(tx, ctx, caller, body.password);
        });
        return { status: true, message: UPDATED };
      },
    );
  });

  // Electrician ----------------------------------------------------------------------------------
  const ElectricianProfile = Type.Object({
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
  });

  app.get(
    '/api/electrician/getprofile',
    { config: { access: only('Electrician') }, schema: { summary: 'Electrician profile', ...read('Electrician', ElectricianProfile) } },
    async (request) => {
      const caller = callerOf(request);
      const info = await one<Static<typeof ElectricianProfile>>(
        db,
        `SELECT u.email, e.postcode, e.first_name, e.last_name, e.company_name, e.phone_no, e.address, e.abn_number,
                e.aggregator_id, g.name AS aggregator_name
           FROM electricians e JOIN users u ON u.id = $2
           LEFT JOIN aggregators g ON g.id = e.aggregator_id
          WHERE e.id = $1`,
        [linked(caller.electricianId), caller.userId],
      );
      return { status: true, message: 'Profile', info };
    },
  );

  app.put(
    '/api/electrician/editprofile',
    {
      config: { access: only('Electrician') },
      schema: {
        tags: ['Profiles', 'Electrician'],
        summary: 'Update the electrician profile',
        security: [{ bearer: [] }],
        body: Strict({
          postcode: PostcodeField,
          first_name: NameField('First Name'),
          last_name: NameField('Last Name'),
          company_name: TextField('Company name', 200),
          phone_no: PhoneField(),
          address: TextField('Address', 500),
          abn_number: AbnField,
          aggregator_id: Type.Integer({ minimum: 1, maximum: 2147483647, errorMessage: 'Aggregator is required', requiredMessage: 'Aggregator is required' }),
          password: OptionalPassword,
        }),
        response: { 200: MessageReply, ...signedInFailures(400, 404) },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const body = trimmed(request.body);
      const electricianId = linked(caller.electricianId);
      await db.transaction(async (tx) => {
        const agg = await tx.query('SELECT 1 FROM aggregators WHERE id = $1', [body.aggregator_id]);
        if (agg.rowCount === 0) throw badRequest('Aggregator not found');
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
        await tx.query('UPDATE users SET first_name = $2, last_name = $3, phone_no = $4, updated_at = $5 WHERE id = $1', [
          caller.userId,
          body.first_name,
          body.last_name,
          body.phone_no,
          nowIso(ctx),
        ]);
        await changePassword(tx, ctx, caller, body.password);
      });
      return { status: true, message: UPDATED };
    },
  );

  // Customer -------------------------------------------------------------------------------------
  const CustomerProfile = Type.Object({ email: Type.String(), first_name: Text, last_name: Text, phone_no: Text });

  app.get(
    '/api/nms/customer/profile',
    { config: { access: only('Customer') }, schema: { summary: 'Customer profile', ...read('Customer', CustomerProfile) } },
    async (request) => {
      const caller = callerOf(request);
      // The customer record when linked (what installers see), else the sign-in row.
      const info = await one<Static<typeof CustomerProfile>>(
        db,
        `SELECT u.email, COALESCE(c.first_name, u.first_name) AS first_name, COALESCE(c.last_name, u.last_name) AS last_name,
                COALESCE(c.phone_no, u.phone_no) AS phone_no
           FROM users u LEFT JOIN customers c ON c.id = u.customer_id WHERE u.id = $1`,
        [caller.userId],
      );
      return { status: true, message: 'Profile', info };
    },
  );

  app.put(
    '/api/nms/customer/profile/update',
    {
      config: { access: only('Customer') },
      schema: {
        tags: ['Profiles', 'Customer'],
        summary: 'Update the customer profile',
        security: [{ bearer: [] }],
        body: Strict({ first_name: NameField('First Name'), last_name: NameField('Last Name'), phone_no: PhoneField() }),
        response: { 200: MessageReply, ...signedInFailures(400, 404) },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const body = trimmed(request.body);
      await db.transaction(async (tx) => {
        await tx.query('UPDATE users SET first_name = $2, last_name = $3, phone_no = $4, updated_at = $5 WHERE id = $1', [
          caller.userId,
          body.first_name,
          body.last_name,
          body.phone_no,
          nowIso(ctx),
        ]);
        if (caller.customerId !== null) {
          await tx.query('UPDATE customers SET first_name = $2, last_name = $3, phone_no = $4, updated_at = $5 WHERE id = $1', [
            caller.customerId,
            body.first_name,
            body.last_name,
            body.phone_no,
            nowIso(ctx),
          ]);
        }
      });
      return { status: true, message: UPDATED };
    },
  );

  // Multi-site company contact (mscc) --------------------------------------------------------------
  const MsccProfile = Type.Object({
    first_name: Text,
    last_name: Text,
    email: Type.String(),
    contact_no: Text,
    company_name: Text,
    company_address: Text,
  });

  app.get(
    '/api/mscc/nms/profile/get',
    { config: { access: only('mscc') }, schema: { summary: 'Multi-site company contact profile', ...read('mscc', MsccProfile) } },
    async (request) => {
      const caller = callerOf(request);
      const info = await one<Static<typeof MsccProfile>>(
        db,
        `SELECT u.first_name, u.last_name, u.email, u.phone_no AS contact_no, c.company_name, c.company_address
           FROM users u LEFT JOIN multi_site_companies c ON c.id = u.company_id WHERE u.id = $1`,
        [caller.userId],
      );
      return { status: true, message: 'Profile', info };
    },
  );

  app.put(
    '/api/mscc/nms/profile/update',
    {
      config: { access: only('mscc') },
      schema: {
        tags: ['Profiles', 'mscc'],
        summary: 'Update the multi-site company contact profile (our addition)',
        security: [{ bearer: [] }],
        body: Strict({
          first_name: NameField('First Name'),
          last_name: NameField('Last Name'),
          contact_no: PhoneField('Contact Number'),
          company_name: TextField('Company name', 200),
          company_address: TextField('Company address', 500),
          password: OptionalPassword,
        }),
        response: { 200: MessageReply, ...signedInFailures(400, 404) },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const body = trimmed(request.body);
      const companyId = linked(caller.companyId);
      await db.transaction(async (tx) => {
        await tx.query('UPDATE users SET first_name = $2, last_name = $3, phone_no = $4, updated_at = $5 WHERE id = $1', [
          caller.userId,
          body.first_name,
          body.last_name,
          body.contact_no,
          nowIso(ctx),
        ]);
        await tx.query('UPDATE multi_site_companies SET company_name = $2, company_address = $3, updated_at = $4 WHERE id = $1', [
          companyId,
          body.company_name,
          body.company_address,
          nowIso(ctx),
        ]);
        await changePassword(tx, ctx, caller, body.password);
      });
      return { status: true, message: UPDATED };
    },
  );

  // Site manager (sm) ----------------------------------------------------------------------------
  const SmProfile = Type.Object({ first_name: Text, last_name: Text, email: Type.String() });

  app.get(
    '/api/sm/nms/profile/get',
    { config: { access: only('sm') }, schema: { summary: 'Site manager profile', ...read('sm', SmProfile) } },
    async (request) => {
      const caller = callerOf(request);
      const info = await one<Static<typeof SmProfile>>(db, 'SELECT first_name, last_name, email FROM users WHERE id = $1', [
        caller.userId,
      ]);
      return { status: true, message: 'Profile', info };
    },
  );

  app.put(
    '/api/sm/nms/profile/update',
    {
      config: { access: only('sm') },
      schema: {
        tags: ['Profiles', 'sm'],
        summary: 'Update the site manager profile (our addition)',
        security: [{ bearer: [] }],
        body: Strict({ first_name: NameField('First Name'), last_name: NameField('Last Name'), password: OptionalPassword }),
        response: { 200: MessageReply, ...signedInFailures(400, 404) },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const body = trimmed(request.body);
      await db.transaction(async (tx) => {
        await tx.query('UPDATE users SET first_name = $2, last_name = $3, updated_at = $4 WHERE id = $1', [
          caller.userId,
          body.first_name,
          body.last_name,
          nowIso(ctx),
        ]);
        if (caller.siteManagerId !== null) {
          await tx.query('UPDATE site_managers SET first_name = $2, last_name = $3 WHERE id = $1', [
            caller.siteManagerId,
            body.first_name,
            body.last_name,
          ]);
        }
        await changePassword(tx, ctx, caller, body.password);
      });
      return { status: true, message: UPDATED };
    },
  );

  // Lists the electrician profile needs ------------------------------------------------------------
  app.get(
    '/api/aggregators/get-list',
    {
      config: { access: only('Admin', 'Agency', 'Electrician') },
      schema: {
        tags: ['Lists'],
        summary: 'Aggregators for the electrician profile select',
        security: [{ bearer: [] }],
        response: { 200: Envelope(Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() }))), ...signedInFailures() },
      },
    },
    async () => {
      const { rows } = await db.query<{ id: number; name: string }>('SELECT id, name FROM aggregators ORDER BY name, id');
      return { status: true, message: 'Aggregators', info: rows };
    },
  );
};

