/**
 * The authenticator on the profile (issue 24, docs/second-factor.md): the same calls for every role.
 * Setup answers a new secret once and keeps it pending (sealed); enable needs a current code of it and
 * answers ten recovery codes once; disable needs the password and a current code. Each change is an
 * audit entry (user_totp's fields, secrets as "changed") and a mail to the user.
 */
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { RECOVERY_CODE_PATTERN, SIX_DIGIT_CODE_PATTERN } from '@fleet/contract';
import type { Db } from '../../db';
import { callerOf } from '../../policy/access';
import { duringSecondFactorSetup, USER_TYPES, type Caller } from '../../policy/roles';
import type { AuditDeclaration } from '../../policy/audit';
import { verifyPassword } from '../../security/password';
import { queueMail, type Mail } from '../../mail/outbox';
import { ApiError, badRequest } from '../../server/errors';
import { nowIso, type ModuleOptions } from '../../server/context';
import { PasswordField, routeSchema, Strict } from '../../server/schemas';
import { say } from '../../server/messages';
import { matchingStep, newRecoveryCodes, newSecret, openSecret, sealSecret, totpRow, acceptSecondFactorCode } from './totp';
import { countPasskeys } from './passkeys';
import { passkeyRoutes } from './passkey-routes';
import { endSecondFactorSetup, keepRequiredSecondFactor } from './requirement';
import { secondFactorPolicyRoutes } from './policy-routes';

/** Six digits (a mailed or authenticator code) or a recovery code, spaces around allowed. */
export const SecondFactorCodeField = Type.String({
  pattern: `^\\s*(${SIX_DIGIT_CODE_PATTERN.slice(1, -1)}|${RECOVERY_CODE_PATTERN.slice(1, -1)})\\s*$`,
  errorMessage: say('auth.otpDigits'),
  requiredMessage: say('auth.otpRequired'),
});

const AuthenticatorCodeField = Type.String({
  pattern: `^\\s*${SIX_DIGIT_CODE_PATTERN.slice(1, -1)}\\s*$`,
  errorMessage: say('auth.otpDigits'),
  requiredMessage: say('auth.otpRequired'),
});

const StateSchema = Type.Object({ totp: Type.Boolean(), recovery_codes_left: Type.Integer(), passkeys: Type.Integer() });
const SetupSchema = Type.Object({ otpauth_url: Type.String(), secret: Type.String() });
const RecoveryCodesSchema = Type.Object({ recovery_codes: Type.Array(Type.String()) });

const schema = routeSchema('Two-step sign-in');
const EVERY_ROLE = { roles: USER_TYPES };
/** What a session waiting for its required second factor may call (policy/access.ts). */
const DURING_SETUP = duringSecondFactorSetup(USER_TYPES);
/** The object is the user; the row written is user_totp (the recovery codes are not captured). */
const AUDIT: AuditDeclaration = { action: 'second_factor_change', entity: 'user', table: 'user_totp', id: (request) => request.caller?.userId ?? null };

function changeMail(to: string, on: boolean): Mail {
  const what = on ? 'turned on' : 'turned off';
  return {
    to,
    subject: `Two-step sign-in was ${what}`,
    text: `Two-step sign-in with an authenticator app was ${what} for your Fleet Console account.\n\nIf this was not you, reset your password now and tell your administrator.`,
  };
}

async function totpState(db: Db, userId: number) {
  const { rows } = await db.query<{ totp: boolean; recovery_codes_left: number }>(
    `SELECT EXISTS (SELECT 1 FROM user_totp WHERE user_id = $1 AND enabled_at IS NOT NULL) AS totp,
            (SELECT count(*)::int FROM user_recovery_codes WHERE user_id = $1 AND used_at IS NULL) AS recovery_codes_left`,
    [userId],
  );
  const row = rows[0];
  return { totp: row?.totp ?? false, recovery_codes_left: row?.totp ? row.recovery_codes_left : 0, passkeys: await countPasskeys(db, userId) };
}

async function passwordOf(db: Db, caller: Caller): Promise<string> {
  const { rows } = await db.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = $1', [caller.userId]);
  return rows[0]?.password_hash ?? '';
}

const alreadyOn = () => new ApiError(409, say('mfa.alreadyOn'));

export const secondFactorRoutes: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { ctx }) => {
  const { db } = ctx;
  await app.register(passkeyRoutes, { ctx });
  await app.register(secondFactorPolicyRoutes, { ctx });

  app.get(
    '/api/profile/mfa',
    { config: { access: DURING_SETUP }, schema: schema('What is on: the authenticator, recovery codes left, passkeys', StateSchema) },
    async (request) => ({ status: true, message: say('mfa.state'), info: await totpState(db, callerOf(request).userId) }),
  );

  app.post(
    '/api/profile/mfa/totp/setup',
    { config: { access: DURING_SETUP, audit: AUDIT }, schema: schema('A new authenticator secret, pending until a code of it turns it on; answered once', SetupSchema, 409) },
    async (request, reply) => {
      const caller = callerOf(request);
      if ((await totpRow(db, caller.userId))?.secret_enc) throw alreadyOn();
      const { base32, otpauthUrl } = newSecret(caller.email);
      // a second setup replaces the first pending secret: only the newest QR code works
      await db.query(
        `INSERT INTO user_totp (user_id, pending_secret_enc, updated_at) VALUES ($1, $2, $3)
         ON CONFLICT (user_id) DO UPDATE SET pending_secret_enc = EXCLUDED.pending_secret_enc, updated_at = EXCLUDED.updated_at`,
        [caller.userId, sealSecret(ctx, base32), nowIso(ctx)],
      );
      reply.header('cache-control', 'no-store');
      return { status: true, message: say('mfa.setupStarted'), info: { otpauth_url: otpauthUrl, secret: base32 } };
    },
  );

  app.post(
    '/api/profile/mfa/totp/enable',
    {
      config: { access: DURING_SETUP, audit: AUDIT },
      schema: { ...schema('Turn the authenticator on with a current code of the pending secret; answers ten recovery codes, once', RecoveryCodesSchema, 400, 409), body: Strict({ code: AuthenticatorCodeField }) },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const row = await totpRow(db, caller.userId);
      if (row?.secret_enc) throw alreadyOn();
      if (!row?.pending_secret_enc) throw badRequest(say('mfa.noSetup'));
      const step = matchingStep(openSecret(ctx, row.pending_secret_enc), request.body.code.trim(), ctx.config.now().getTime());
      if (step === null) throw badRequest(say('mfa.codeInvalid'));
      // the enabling code's step counts as used: it cannot sign in a second time
      await db.query(
        `UPDATE user_totp SET secret_enc = pending_secret_enc, pending_secret_enc = NULL, enabled_at = $2, last_used_step = $3, updated_at = $2
          WHERE user_id = $1`,
        [caller.userId, nowIso(ctx), step],
      );
      const codes = await newRecoveryCodes(db, ctx, caller.userId);
      // the sessions that were waiting for a second factor work fully from this commit on
      await endSecondFactorSetup(db, caller.userId);
      await queueMail(db, changeMail(caller.email, true));
      reply.header('cache-control', 'no-store');
      return { status: true, message: say('mfa.totpOn'), info: { recovery_codes: codes } };
    },
  );

  app.post(
    '/api/profile/mfa/totp/disable',
    {
      config: { access: EVERY_ROLE, audit: AUDIT },
      schema: { ...schema('Turn the authenticator off with the password and a current code (or a recovery code); 409 when the organisation requires a second factor and no passkey is left', null, 400, 409), body: Strict({ password: PasswordField, code: SecondFactorCodeField }) },
    },
    async (request) => {
      const caller = callerOf(request);
      if (!(await totpRow(db, caller.userId))?.secret_enc) throw badRequest(say('mfa.notOn'));
      await keepRequiredSecondFactor(db, ctx.config, caller.userId, 'totp');
      if (!(await verifyPassword(await passwordOf(db, caller), request.body.password))) throw badRequest(say('profile.currentPasswordWrong'));
      // a refused code rolls the whole call back (its unit of work): nothing changes
      if (!(await acceptSecondFactorCode(db, ctx, caller.userId, request.body.code.trim()))) throw badRequest(say('mfa.codeInvalid'));
      await db.query('DELETE FROM user_recovery_codes WHERE user_id = $1', [caller.userId]);
      await db.query('DELETE FROM user_totp WHERE user_id = $1', [caller.userId]);
      await queueMail(db, changeMail(caller.email, false));
      return { status: true, message: say('mfa.totpOff') };
    },
  );
};
