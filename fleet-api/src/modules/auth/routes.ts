/**
 * Sign-in (password, then a mailed code, or the authenticator's code when it is on), token refresh
 * and logout, exactly as docs/auth-calls.md and docs/second-factor.md. Between password and code the
 * caller holds nothing usable: the code is tied to the user's open challenge, not to anything handed out.
 */
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { hashPassword, verifyPassword } from '../../security/password';
import { otpMail, queueMail } from '../../mail/outbox';
import { callerOf } from '../../policy/access';
import { duringSecondFactorSetup, USER_TYPES } from '../../policy/roles';
import { withAudit } from '../../policy/audit';
import { sha256 } from '../../policy/tokens';
import { ApiError, tooManyRequests, unauthorized } from '../../server/errors';
import { nowIso, type ModuleOptions } from '../../server/context';
import { EmailField, Envelope, failures, MessageReply, normaliseEmail, PasswordField, publicRoute, Strict } from '../../server/schemas';
import { guardSignIn, recordFailure } from './limits';
import { consumeChallenge, consumeCode, openChallenge, renewChallenge } from './otp';
import {
  clientOf,
  findUserByEmail,
  loginUserInfo,
  mayUseAccount,
  revokeSession,
  rotateRefresh,
  startSession,
  TokenReply,
} from './sessions';
import { say } from '../../server/messages';
import { SecondFactorCodeField, secondFactorRoutes } from '../mfa/routes';
import { acceptSecondFactorCode } from '../mfa/totp';
import { sessionRoutes } from './session-routes';
import { codeStepOf } from '../mfa/requirement';

const INVALID_CREDENTIALS = say('auth.invalidCredentials');
const INVALID_OTP = say('auth.otpInvalid');
const OTP_SENT = say('auth.otpSent');
const OTP_RESENT = say('auth.otpResent');

// One argon2 hash (same parameters as every stored one) to verify against when the email is unknown,
// so both answers do the same work. Made when the routes are registered, not by the first unknown
// address (which would otherwise pay for one hash more).
let dummyHash: Promise<string> | null = null;
const dummy = () => (dummyHash ??= hashPassword('not-a-real-password-Aa1'));

/** A mailed or authenticator code (six digits), or a recovery code. */
const OtpField = SecondFactorCodeField;

const RefreshField = Type.String({ minLength: 1, maxLength: 4096, requiredMessage: say('auth.refreshTokenRequired') });

const signIn = publicRoute('Sign-in');

export const signInRoutes: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { ctx }) => {
  await dummy();
  // the profile's second factor and sessions: the same calls for every role
  await app.register(secondFactorRoutes, { ctx });
  await app.register(sessionRoutes, { ctx });
  app.post(
    '/api/authenticate/login',
    withAudit(
      signIn(
        'Check email and password; mails a 6-digit code, or asks for the authenticator\'s (info.second_factor "totp")',
        { body: Strict({ email: EmailField(), password: PasswordField }) },
        Envelope(Type.Object({ otp_required: Type.Boolean(), second_factor: Type.Optional(Type.Literal('totp')) })),
        400, 401, 403, 429,
      ),
      { mode: 'none', reason: 'the sign-in is recorded when its code is accepted', refusals: { 401: 'sign_in_refused', 429: 'sign_in_held_back' } },
    ),
    async (request) => {
      const email = normaliseEmail(request.body.email);
      await guardSignIn(ctx, email, request.ip);
      const user = await findUserByEmail(ctx.db, email);
      // An unknown address and an invited account (no password set yet) cost the same argon2 work as a real one.
      const ok = user?.password_hash.startsWith('$argon2')
        ? await verifyPassword(user.password_hash, request.body.password)
        : (await verifyPassword(await dummy(), request.body.password), false);
      if (!user || !ok) {
        await recordFailure(ctx, email, request.ip, 'password');
        throw unauthorized(INVALID_CREDENTIALS);
      }
      // Only someone who knows the password learns these.
      if (!mayUseAccount(user)) throw unauthorized(say('auth.accountDisabled'));
      if (!user.email_verified_at) throw unauthorized(say('auth.emailNotVerified'));
      const codeStep = await codeStepOf(ctx.db, ctx.config, user);
      if (codeStep.factor === 'totp') {
        // the attempt (expiry, five wrong codes) as for a mailed code; its code is never sent
        await openChallenge(ctx.db, ctx, user.id);
        return { status: true, message: say('mfa.totpAsked'), info: { otp_required: true, second_factor: 'totp' as const } };
      }
      // required, and a passkey is the only factor: no code is mailed, the passkey signs in
      if (codeStep.factor === 'passkey') throw new ApiError(403, say('mfa.passkeyAsked'));
      await ctx.db.transaction(async (tx) => {
        const code = await openChallenge(tx, ctx, user.id);
        await queueMail(tx, otpMail(user.email, code));
        await tx.query(
          `INSERT INTO mail_cooldowns (email, purpose, last_sent_at) VALUES ($1, 'otp', $2)
           ON CONFLICT (email, purpose) DO UPDATE SET last_sent_at = EXCLUDED.last_sent_at`,
          [email, nowIso(ctx)],
        );
      });
      return { status: true, message: OTP_SENT, info: { otp_required: true } };
    },
  );

  app.post(
    '/api/authenticate/login-otp',
    withAudit(signIn('Exchange the mailed code (or the authenticator\'s, or a recovery code) for an access and a refresh token', { body: Strict({ email: EmailField(), otp: OtpField }) }, TokenReply, 400, 401, 429), {
      // after: a wrong code's count must stay; the user is the one the answer names
      mode: 'after', action: 'sign_in', entity: 'session', actor: (_request, answer) => (answer as { info: { userInfo: { id: number } } }).info.userInfo.id,
      refusals: { 401: 'code_refused', 429: 'sign_in_held_back' },
    }),
    async (request, reply) => {
      const email = normaliseEmail(request.body.email);
      await guardSignIn(ctx, email, request.ip);
      const user = await findUserByEmail(ctx.db, email);
      const otp = request.body.otp.trim();
      // an unknown address runs the same statements (user id 0 has no challenge)
      const codeStep = await codeStepOf(ctx.db, ctx.config, user ?? { id: 0, totp_enabled: false });
      // a mailed code still open from before a passkey became the required factor signs nobody in
      const ok =
        codeStep.factor === 'totp' && user
          ? await consumeChallenge(ctx.db, ctx, user.id, () => acceptSecondFactorCode(ctx.db, ctx, user.id, otp))
          : codeStep.factor === 'mail' && (await consumeCode(ctx.db, ctx, user?.id ?? 0, otp));
      if (!user || !ok) {
        await recordFailure(ctx, email, request.ip, 'otp');
        throw unauthorized(INVALID_OTP);
      }
      if (!mayUseAccount(user)) throw unauthorized(INVALID_OTP);
      // a mailed code alone where the organisation requires a second factor: a session that can only set one up
      const setup = codeStep.setupNeeded;
      const pair = await ctx.db.transaction((tx) => startSession(tx, ctx, user, clientOf(request), setup));
      reply.header('cache-control', 'no-store');
      return { status: true, message: say('auth.signedIn'), ...pair, info: loginUserInfo(user, setup) };
    },
  );

  app.post(
    '/api/authenticate/resend-otp',
    withAudit(signIn('Mail a new code for the open sign-in (60 s cooldown)', { body: Strict({ email: EmailField() }) }, MessageReply, 400, 429), { mode: 'none', reason: 'mails a code; the sign-in is recorded when a code is accepted' }),
    async (request) => {
      const email = normaliseEmail(request.body.email);
      const cooldown = ctx.config.otpResendCooldownSeconds;
      // The cooldown is per address whether or not it is known, so it reveals nothing.
      const claimed = await ctx.db.query(
        `INSERT INTO mail_cooldowns (email, purpose, last_sent_at) VALUES ($1, 'otp', $2)
         ON CONFLICT (email, purpose) DO UPDATE SET last_sent_at = EXCLUDED.last_sent_at
           WHERE mail_cooldowns.last_sent_at <= $3
         RETURNING email`,
        [email, nowIso(ctx), new Date(ctx.config.now().getTime() - cooldown * 1000).toISOString()],
      );
      if (claimed.rowCount === 0) {
        throw tooManyRequests(say('auth.otpCooldown', { seconds: cooldown }), cooldown);
      }
      const user = await findUserByEmail(ctx.db, email);
      // with the authenticator on, or a required passkey, there is no mailed code to send again
      if (user && mayUseAccount(user) && (await codeStepOf(ctx.db, ctx.config, user)).factor === 'mail') {
        await ctx.db.transaction(async (tx) => {
          const code = await renewChallenge(tx, ctx, user.id);
          if (code) await queueMail(tx, otpMail(user.email, code));
        });
      }
      return { status: true, message: OTP_RESENT };
    },
  );

  app.post(
    '/api/token-refresh',
    withAudit(signIn('Use up a refresh token for a new access and refresh token', { body: Strict({ refresh_token: RefreshField }) }, TokenReply, 400, 401), {
      mode: 'none', reason: 'renews a session; its sign-in and sign-out are the entries', refusals: { 401: 'refresh_refused' },
    }),
    async (request, reply) => {
      const outcome = await rotateRefresh(ctx, request.body.refresh_token, clientOf(request));
      if (!outcome.ok) throw new ApiError(401, say('auth.sessionExpired'));
      reply.header('cache-control', 'no-store');
      return { status: true, message: say('auth.tokenRefreshed'), ...outcome.pair, info: loginUserInfo(outcome.user, outcome.secondFactorPending) };
    },
  );

  app.post(
    '/api/authenticate/logout',
    {
      config: { access: duringSecondFactorSetup(USER_TYPES), audit: { action: 'sign_out', entity: 'session' } },
      schema: {
        tags: ['Sign-in'],
        summary: 'End this session (its refresh chain and access tokens)',
        security: [{ bearer: [] }],
        body: Strict({ refresh_token: RefreshField }),
        response: { 200: MessageReply, ...failures(400, 401, 403) },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      // The refresh token's session, when it is the caller's, and the session of the access token.
      const { rows } = await ctx.db.query<{ session_id: string }>(
        'SELECT session_id FROM refresh_tokens WHERE token_hash = $1 AND user_id = $2',
        [sha256(request.body.refresh_token), caller.userId],
      );
      for (const sid of new Set([caller.sessionId, ...rows.map((r) => r.session_id)])) {
        await revokeSession(ctx.db, ctx, sid, 'logout');
      }
      return { status: true, message: say('auth.loggedOut') };
    },
  );
};
