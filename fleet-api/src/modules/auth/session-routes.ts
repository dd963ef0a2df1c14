/**
 * The sessions a person can see and end (issue 24, docs/second-factor.md): the same calls for every
 * role's profile, and Admin's call that ends every session of a user. An ended session's access and
 * refresh tokens answer 401 at once (the per-call check reads the session row) and its live sockets
 * close with 4401 once the write has committed.
 */
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { callerOf } from '../../policy/access';
import { queueMail, sessionsEndedMail } from '../../mail/outbox';
import { duringSecondFactorSetup, only, USER_TYPES } from '../../policy/roles';
import { badRequest, notFound } from '../../server/errors';
import type { ModuleOptions } from '../../server/context';
import type { Db } from '../../db';
import { IdField, NullableText, routeSchema, Strict } from '../../server/schemas';
import { say } from '../../server/messages';
import { listSessions, revokeOwnSession, revokeUserSessions } from './sessions';

const SessionRowSchema = Type.Object({
  id: Type.String(),
  browser: NullableText,
  system: NullableText,
  address: NullableText,
  started_at: Type.String(),
  last_used_at: Type.String(),
  current: Type.Boolean(),
});

const SessionsEndedSchema = Type.Object({ ended: Type.Integer() });

const schema = routeSchema('Sessions');
const ended = (count: number) => ({ status: true, message: say('sessions.ended', { count }), info: { ended: count } });

/** The user hears of sessions ended (in the call's unit of work: a refused call mails nothing). */
async function ending(db: Db, to: string, count: number, byAdmin: boolean) {
  if (count > 0) await queueMail(db, sessionsEndedMail(to, count, byAdmin));
  return ended(count);
}

export const sessionRoutes: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { ctx }) => {
  // a session setting up its required second factor may still see and end its sessions
  const EVERY_ROLE = duringSecondFactorSetup(USER_TYPES);

  app.get(
    '/api/profile/sessions',
    { config: { access: EVERY_ROLE }, schema: schema('The signed-in sessions of the caller, this one first and marked current', Type.Array(SessionRowSchema)) },
    async (request) => {
      const caller = callerOf(request);
      return { status: true, message: say('sessions.list'), info: await listSessions(ctx.db, ctx, caller.userId, caller.sessionId) };
    },
  );

  app.delete(
    '/api/profile/sessions',
    {
      config: { access: EVERY_ROLE, audit: { action: 'sign_out', entity: 'session' } },
      schema: {
        ...schema('End one of the caller\'s sessions (`id`), or all but this one (`all_others: true`)', SessionsEndedSchema, 400, 404),
        body: Strict({
          id: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
          all_others: Type.Optional(Type.Literal(true)),
        }),
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const { id, all_others: allOthers } = request.body;
      if ((id === undefined) === (allOthers === undefined)) throw badRequest(say('sessions.whichOnes'));
      if (allOthers) return ending(ctx.db, caller.email, await revokeUserSessions(ctx.db, ctx, caller.userId, 'ended from the session list', caller.sessionId), false);
      // another user's session, an ended one and an unknown id are alike: 404
      if (!(await revokeOwnSession(ctx.db, ctx, caller.userId, id ?? '', 'ended from the session list'))) throw notFound(say('sessions.notFound'));
      return ending(ctx.db, caller.email, 1, false);
    },
  );

  // Admin's: every session of any user. An Admin naming itself keeps the session that asks (ending
  // that one is logout), so the call cannot sign out the person making it by surprise.
  app.delete(
    '/api/user/sessions',
    {
      config: {
        access: only('Admin'),
        audit: { action: 'sign_out', entity: 'user', id: (request) => (request.body as { user_id: number }).user_id },
      },
      schema: { ...schema('End every session of a user (Admin)', SessionsEndedSchema, 400, 404), body: Strict({ user_id: IdField }) },
    },
    async (request) => {
      const caller = callerOf(request);
      const userId = request.body.user_id;
      const known = await ctx.db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [userId]);
      const user = known.rows[0];
      if (!user) throw notFound();
      const keep = userId === caller.userId ? caller.sessionId : undefined;
      return ending(ctx.db, user.email, await revokeUserSessions(ctx.db, ctx, userId, 'ended by Admin', keep), true);
    },
  );
};
