/**
 * Health (for the console server, load balancers and the e2e harness) and, outside production,
 * the development outbox where sign-in codes and links can be read.
 */
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { mailsTo } from '../../mail/outbox';
import { notFound } from '../../server/errors';
import { PUBLIC } from '../../policy/roles';
import { HeatPumpSimulator } from '../../simulator/heat-pumps';
import type { ModuleOptions } from '../../server/context';
import { Envelope, EmailField, failures, IdField, Strict } from '../../server/schemas';
import { say } from '../../server/messages';

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
        return { status: true, message: say('system.ok'), info: { database: 'ok', kind: ctx.db.kind } };
      } catch (err) {
        request.log.error({ err }, 'health check: database unreachable');
        return reply.code(503).send({ status: false, message: say('system.databaseDown'), info: { database: 'down', kind: ctx.db.kind } });
      }
    },
  );
};

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const PROXY_HEADERS = ['x-forwarded-for', 'forwarded', 'x-forwarded-host', 'x-forwarded-proto', 'x-real-ip', 'via'];

/**
 * A development-only call answers a caller on this machine talking to fleet-api itself: the TCP
 * peer (never `request.ip`, which believes X-Forwarded-For from a trusted proxy) is loopback and the
 * request carries no proxy header, so nothing reaches it through the console server or any proxy.
 */
function isDirectLoopbackCaller(request: FastifyRequest): boolean {
  const peer = request.raw.socket.remoteAddress ?? '';
  if (!LOOPBACK.has(peer)) return false;
  return PROXY_HEADERS.every((h) => request.headers[h] === undefined);
}

/**
 * Registered only with FLEET_DEV_OUTBOX=1 or FLEET_DEMO=1 outside production (config.devOutbox);
 * answers 404, like an unknown route, to anyone but a direct loopback caller.
 */
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
          ...failures(400, 404),
        },
      },
    },
    async (request) => {
      // The same answer as a route that does not exist.
      if (!isDirectLoopbackCaller(request)) throw notFound();
      return { status: true, message: say('titles.outbox'), info: { data: await mailsTo(ctx.db, request.query.to) } };
    },
  );

  // Raise heat-pump events on purpose (journeys, demos): what the simulator does at random, for these
  // heat pumps now. Same conditions as the outbox: development only, direct loopback callers only.
  const heatPumps = new HeatPumpSimulator(ctx.db, ctx.live, { eventsPerSecond: 0 });
  const Ids = Type.Array(IdField, { maxItems: 100 });
  app.post(
    '/api/dev/heat-pump-events',
    {
      config: { access: PUBLIC },
      schema: {
        tags: ['Development'],
        summary: 'Raise work-state, Wi-Fi and fault events of heat pumps now (absent in production)',
        body: Strict({ work_state: Type.Optional(Ids), online: Type.Optional(Ids), fault: Type.Optional(Ids) }),
        response: {
          200: Envelope(Type.Object({ workStates: Type.Integer(), online: Type.Integer(), faults: Type.Integer() })),
          ...failures(400, 404),
        },
      },
    },
    async (request) => {
      if (!isDirectLoopbackCaller(request)) throw notFound();
      const { work_state, online, fault } = request.body;
      const info = await heatPumps.raise({ workStates: work_state ?? [], online: online ?? [], faults: fault ?? [] });
      return { status: true, message: say('titles.eventsRaised'), info };
    },
  );
};
