/**
 * Agency sign-up, e-mail verification and password reset. Every request that names an email
 * answers alike whether or not it is known; links are built from PUBLIC_URL; tokens are random,
 * stored as sha256, single use and expiring.
 */
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../../db';
import { guardAddressRequests } from './limits';
import { COMMON_PASSWORD_MESSAGE, hashPassword, isCommonPassword } from '../../security/password';
import { alreadyRegisteredMail, queueMail, resetMail, verificationMail } from '../../mail/outbox';
import { randomToken, sha256 } from '../../policy/tokens';
import { badRequest, isUniqueViolation } from '../../server/errors';
import { withAudit } from '../../policy/audit';
import { inSeconds, nowIso, type AppContext, type ModuleOptions } from '../../server/context';
import {
  AbnField,
  EmailField,
  MessageReply,
  NewPasswordField,
  normaliseEmail,
  PhoneField,
  publicRoute,
  Strict,
  TextField,
  trimmed,
} from '../../server/schemas';
import { closeChallenges } from './otp';
import { findUserByEmail } from './sessions';
import { say } from '../../server/messages';

const SIGN_UP_DONE = say('auth.signedUp');
const VERIFICATION_SENT = say('auth.verificationLinkSent');
const RESET_SENT = say('auth.resetLinkSent');
const RESET_DONE = say('auth.passwordReset');
const RESET_INVALID = say('auth.resetLinkInvalid');
export const PASSWORD_MISMATCH = say('auth.passwordsDiffer');

/** Mails of one kind to one address at most once a minute (they cannot be used to flood a mailbox). */
async function claimMailSlot(db: Db, ctx: AppContext, email: string, purpose: string): Promise<boolean> {
  const res = await db.query(
    `INSERT INTO mail_cooldowns (email, purpose, last_sent_at) VALUES ($1, $2, $3)
     ON CONFLICT (email, purpose) DO UPDATE SET last_sent_at = EXCLUDED.last_sent_at
       WHERE mail_cooldowns.last_sent_at <= $4
     RETURNING email`,
    [email, purpose, nowIso(ctx), new Date(ctx.config.now().getTime() - 60_000).toISOString()],
  );
  return res.rowCount > 0;
}

async function mailVerification(db: Db, ctx: AppContext, userId: number, to: string): Promise<void> {
  const token = randomToken();
  await db.query(
    'INSERT INTO email_verification_tokens (token_hash, user_id, expires_at, created_at) VALUES ($1, $2, $3, $4)',
    [sha256(token), userId, inSeconds(ctx, ctx.config.verifyTokenTtlSeconds), nowIso(ctx)],
  );
  await queueMail(db, verificationMail(to, `${ctx.config.publicUrl}/login?verify=${encodeURIComponent(token)}`));
}

type ResetVariant = 'default' | 'msc' | 'sm' | 'electrician';

const RESET_PATHS: Record<ResetVariant, string> = {
  default: '/reset-password',
  msc: '/msc/reset-password',
  sm: '/sm/reset-password',
  electrician: '/electrician-reset-password',
};

const ResetType = Type.Union([Type.Literal('msc'), Type.Literal('sm')], { errorMessage: say('auth.accountTypeInvalid') });

const signUp = publicRoute('Sign-up');
const passwordReset = publicRoute('Password reset');
// what mails a link records nothing (the account's change is recorded when the link is used); sign-up
// keeps its per-address count on a refusal, so its entry is written after it (policy/audit.ts)
const MAILS_ONLY = { mode: 'none', reason: 'mails a link; the change is recorded when the link is used' } as const;

export const accountRoutes: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { ctx }) => {
  app.post(
    '/api/agency/sign-up',
    withAudit(signUp(
      'Create an agency and its sign-in (unverified); mails a verification link',
      {
        body: Strict({
          agency_name: TextField('Company name', 200),
          email: EmailField(say('fields.emailEnteredInvalid')),
          abn_no: AbnField,
          contact: PhoneField(),
          password: NewPasswordField(),
        }),
      },
      MessageReply,
      400,
    ), { mode: 'after', action: 'sign_up', entity: 'agency' }),
    async (request) => {
      const body = trimmed(request.body);
      const email = normaliseEmail(body.email);
      await guardAddressRequests(ctx, 'signup', request.ip);
      if (isCommonPassword(body.password)) throw badRequest(COMMON_PASSWORD_MESSAGE);
      // Hash first in both cases, so a known email takes as long as a new one.
      const passwordHash = await hashPassword(body.password);
      const existing = await ctx.db.query(
        'SELECT 1 FROM users WHERE lower(email) = $1 UNION ALL SELECT 1 FROM agencies WHERE lower(email) = $1 LIMIT 1',
        [email],
      );
      if (existing.rowCount > 0) {
        if (await claimMailSlot(ctx.db, ctx, email, 'signup')) {
          await queueMail(ctx.db, alreadyRegisteredMail(email, `${ctx.config.publicUrl}/login`));
        }
        return { status: true, message: SIGN_UP_DONE };
      }
      try {
        await ctx.db.transaction(async (tx) => {
          const agency = await tx.query<{ id: number }>(
            `INSERT INTO agencies (agency_name, email, abn_no, contact, status) VALUES ($1, $2, $3, $4, 'Active') RETURNING id`,
            [body.agency_name, email, body.abn_no, body.contact],
          );
          const agencyId = agency.rows[0]?.id;
          const user = await tx.query<{ id: number }>(
            `INSERT INTO users (email, password_hash, user_type, agency_id, phone_no, status)
             VALUES ($1, $2, 'Agency', $3, $4, 'active') RETURNING id`,
            [email, passwordHash, agencyId, body.contact],
          );
          const userId = user.rows[0]?.id;
          if (userId === undefined) throw new Error('user insert returned no id');
          await mailVerification(tx, ctx, userId, email);
        });
      } catch (err) {
        // Two sign-ups for one address at the same moment: the second is the "already known" case.
        if (!isUniqueViolation(err)) throw err;
      }
      return { status: true, message: SIGN_UP_DONE };
    },
  );

  app.post(
    '/api/send-verification-mail',
    withAudit(signUp('Mail a new verification link to an unverified account', { body: Strict({ email: EmailField() }) }, MessageReply, 400), MAILS_ONLY),
    async (request) => {
      const email = normaliseEmail(request.body.email);
      const user = await findUserByEmail(ctx.db, email);
      if (user && !user.email_verified_at && (await claimMailSlot(ctx.db, ctx, email, 'verify'))) {
        await ctx.db.transaction((tx) => mailVerification(tx, ctx, user.id, user.email));
      }
      return { status: true, message: VERIFICATION_SENT };
    },
  );

  app.post(
    '/api/verify-email',
    signUp(
      'Mark the email of a verification link as verified',
      {
        body: Strict({ token: Type.String({ minLength: 1, maxLength: 200, requiredMessage: say('auth.tokenRequired') }) }),
      },
      MessageReply,
      400,
    ),
    async (request) => {
      const verified = await ctx.db.transaction(async (tx) => {
        const used = await tx.query<{ user_id: number }>(
          `UPDATE email_verification_tokens SET used_at = $2
            WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2 RETURNING user_id`,
          [sha256(request.body.token.trim()), nowIso(ctx)],
        );
        const row = used.rows[0];
        if (!row) return false;
        await tx.query(
          'UPDATE users SET email_verified_at = COALESCE(email_verified_at, $2), updated_at = $2 WHERE id = $1',
          [row.user_id, nowIso(ctx)],
        );
        return true;
      });
      if (!verified) throw badRequest(say('auth.verificationLinkInvalid'));
      return { status: true, message: say('auth.emailVerified') };
    },
  );

  /**
   * Known and unknown addresses take the same path and the same statements (look-up, mail slot,
   * token, one transaction of two statements), so the answer time says nothing about the address.
   */
  async function requestReset(email: string, variant: ResetVariant): Promise<void> {
    const found = await findUserByEmail(ctx.db, email);
    const user = found && found.status === 'active' ? found : null;
    if (!(await claimMailSlot(ctx.db, ctx, email, 'reset'))) return;
    const token = randomToken();
    const tokenHash = sha256(token);
    await ctx.db.transaction(async (tx) => {
      if (!user) {
        // The same two round trips, writing nothing.
        await tx.query('SELECT 1 FROM password_reset_tokens WHERE token_hash = $1', [tokenHash]);
        await tx.query('SELECT 1 FROM outbox WHERE id = -1');
        return;
      }
      await tx.query(
        `INSERT INTO password_reset_tokens (token_hash, user_id, variant, expires_at, created_at)
         VALUES ($1, $2, $3, $4, $5)`,
        [tokenHash, user.id, variant, inSeconds(ctx, ctx.config.resetTokenTtlSeconds), nowIso(ctx)],
      );
      const link = `${ctx.config.publicUrl}${RESET_PATHS[variant]}?token=${encodeURIComponent(token)}&email=${encodeURIComponent(user.email)}`;
      await queueMail(tx, resetMail(user.email, link));
    });
  }

  /** Sets the new password, uses up the token and ends every session and open sign-in. */
  async function reset(body: { password: string; confirm_password: string; token: string; email: string }) {
    if (body.password !== body.confirm_password) throw badRequest(PASSWORD_MISMATCH);
    if (isCommonPassword(body.password)) throw badRequest(COMMON_PASSWORD_MESSAGE);
    const email = normaliseEmail(body.email);
    const passwordHash = await hashPassword(body.password);
    const done = await ctx.db.transaction(async (tx) => {
      const used = await tx.query<{ user_id: number }>(
        `UPDATE password_reset_tokens t SET used_at = $3
           FROM users u
          WHERE t.token_hash = $1 AND t.used_at IS NULL AND t.expires_at > $3
            AND u.id = t.user_id AND lower(u.email) = $2
          RETURNING t.user_id`,
        [sha256(body.token.trim()), email, nowIso(ctx)],
      );
      const row = used.rows[0];
      if (!row) return false;
      const userId = row.user_id;
      // A reset link proves the mailbox, so it verifies the email too.
      await tx.query(
        `UPDATE users SET password_hash = $2, token_version = token_version + 1,
                email_verified_at = COALESCE(email_verified_at, $3), updated_at = $3
          WHERE id = $1`,
        [userId, passwordHash, nowIso(ctx)],
      );
      await tx.query('UPDATE password_reset_tokens SET used_at = $2 WHERE user_id = $1 AND used_at IS NULL', [
        userId,
        nowIso(ctx),
      ]);
      await tx.query(
        `UPDATE auth_sessions SET revoked_at = $2, revoked_reason = 'password reset'
          WHERE user_id = $1 AND revoked_at IS NULL`,
        [userId, nowIso(ctx)],
      );
      await closeChallenges(tx, ctx, userId);
      return true;
    });
    if (!done) throw badRequest(RESET_INVALID);
    return { status: true, message: RESET_DONE };
  }

  const ConfirmField = Type.String({ minLength: 1, maxLength: 128, requiredMessage: say('auth.confirmPasswordRequired'), errorMessage: say('auth.confirmPasswordRequired') });
  const TokenField = Type.String({ minLength: 1, maxLength: 200, requiredMessage: say('auth.tokenRequired') });
  // the reset forms' fields (the console's reset screen also sends its variant's `type`)
  const resetFields = { password: NewPasswordField(), confirm_password: ConfirmField, token: TokenField, email: EmailField() };

  app.post(
    '/api/reset-password-request',
    withAudit(passwordReset(
      'Mail a reset link (msc and sm variants link to their own screens)',
      {
        body: Strict({ email: EmailField(), type: Type.Optional(ResetType) }),
      },
      MessageReply,
      400,
    ), MAILS_ONLY),
    async (request) => {
      await guardAddressRequests(ctx, 'reset', request.ip);
      await requestReset(normaliseEmail(request.body.email), request.body.type ?? 'default');
      return { status: true, message: RESET_SENT };
    },
  );

  app.post(
    '/api/reset-password',
    passwordReset(
      'Set a new password with a reset link; ends every session',
      {
        body: Strict({ ...resetFields, type: Type.Optional(ResetType) }),
      },
      MessageReply,
      400,
    ),
    async (request) => reset(request.body),
  );

  app.post(
    '/api/electrician/reset-password-request',
    withAudit(passwordReset('Mail a reset link to the electrician reset screen', { body: Strict({ email: EmailField() }) }, MessageReply, 400), MAILS_ONLY),
    async (request) => {
      await guardAddressRequests(ctx, 'reset', request.ip);
      await requestReset(normaliseEmail(request.body.email), 'electrician');
      return { status: true, message: RESET_SENT };
    },
  );

  app.post(
    '/api/electrician/reset-password',
    passwordReset(
      'Set a new electrician password with a reset link; ends every session',
      {
        body: Strict(resetFields),
      },
      MessageReply,
      400,
    ),
    async (request) => reset(request.body),
  );
};
