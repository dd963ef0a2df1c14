/**
 * Health (for the console server, load balancers and the e2e harness) and, outside production,
 * the development outbox where sign-in codes and links can be read.
 */
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { mailsTo } from '../../mail/outbox';
import { PUBLIC } from '../../policy/roles';
import type { ModuleOptions } from '../../server/context';
import { Envelope, EmailField, failures, Strict } from '../../server/schemas';

const Health = Envelope(Type.Object({ database: Type.String(), kind: Type.String() }));

export const healthRoutes: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { ctx }) => {
  app.get(
    '/api/health',
    {
      config: { access: PUBLIC },
      schema: { tags: ['System'], summary: 'Is the server up and its database reachable', response: { 200: Health, 503: Health } },
    },
    async (request, reply) => {
      try {
        await ctx.db.query('SELECT 1');
        return { status: true, message: 'OK', info: { database: 'ok', kind: ctx.db.kind } };
      } catch (err) {
        request.log.error({ err }, 'health check: database unreachable');
        return reply.code(503).send({ status: false, message: 'Database unavailable', info: { database: 'down', kind: ctx.db.kind } });
      }
    },
  );
};

/** Registered only when NODE_ENV is not production. */
export const devOutboxRoutes: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { ctx }) => {
  app.get(
    '/api/dev/outbox',
    {
      config: { access: PUBLIC },
      schema: {
        tags: ['Development'],
        summary: 'Mails sent to an address, newest first (absent in production)',
        querystring: Strict({ to: EmailField() }),
        response: {
          200: Envelope(
            Type.Object({
              data: Type.Array(
                Type.Object({ to: Type.String(), subject: Type.String(), text: Type.String(), created_at: Type.String() }),
              ),
            }),
          ),
          ...failures(400),
        },
      },
    },
    async (request) => ({ status: true, message: 'Outbox', info: { data: await mailsTo(ctx.db, request.query.to) } }),
  );
};
