/**
 * Admin's setting for Admin accounts (issue 24, docs/second-factor.md "Required where wanted"): whether
 * every Admin must have the authenticator or a passkey. Never set, it is configuration's
 * (`adminSecondFactor`); the first PUT writes the one row of second_factor_policy, audited.
 */
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { only } from '../../policy/roles';
import type { AuditDeclaration } from '../../policy/audit';
import { nowIso, type ModuleOptions } from '../../server/context';
import { routeSchema, Strict } from '../../server/schemas';
import { say } from '../../server/messages';
import { adminSecondFactorRequired } from './requirement';

const PolicySchema = Type.Object({ admin_required: Type.Boolean() });
const schema = routeSchema('Two-step sign-in');
const ADMIN = only('Admin');
/** The platform's setting is no product object of its own: `other`, with the row's fields. */
const AUDIT: AuditDeclaration = { action: 'update', entity: 'other', table: 'second_factor_policy', id: () => null };

export const secondFactorPolicyRoutes: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { ctx }) => {
  const { db } = ctx;

  app.get(
    '/api/admin/second-factor-policy',
    { config: { access: ADMIN }, schema: schema('Whether Admin accounts must have a second factor (configuration\'s default until set)', PolicySchema) },
    async () => ({ status: true, message: say('mfa.policy'), info: { admin_required: await adminSecondFactorRequired(db, ctx.config) } }),
  );

  app.put(
    '/api/admin/second-factor-policy',
    {
      config: { access: ADMIN, audit: AUDIT },
      schema: {
        ...schema('Require a second factor of Admin accounts, or not (from their next sign-in)', PolicySchema, 400),
        body: Strict({ admin_required: Type.Boolean({ errorMessage: say('mfa.policyBoolean'), requiredMessage: say('mfa.policyBoolean') }) }),
      },
    },
    async (request) => {
      const adminRequired = request.body.admin_required;
      await db.query(
        `INSERT INTO second_factor_policy (id, admin_required, updated_at) VALUES (true, $1, $2)
         ON CONFLICT (id) DO UPDATE SET admin_required = EXCLUDED.admin_required, updated_at = EXCLUDED.updated_at`,
        [adminRequired, nowIso(ctx)],
      );
      return { status: true, message: say('mfa.policySaved'), info: { admin_required: adminRequired } };
    },
  );
};
