/**
 * `/ws`, the live socket (spec 7, Live updates; SECURITY.md 7, 17, 23). Browsers cannot set headers
 * on a WebSocket, so the console offers its access token as a subprotocol, `bearer.<token>` beside
 * `fleet-live` (@fleet/contract's live-socket), and the answer selects `fleet-live` alone. A proxy
 * that opens its own socket here (the console server) sends it as the Authorization header. The
 * `token` query parameter is still read when no such subprotocol is offered: a console loaded before
 * this release sends it until its page is reloaded (the request log redacts it; nginx's error log
 * would not). At the handshake: a browser from a foreign origin is refused (403, no upgrade); a
 * token that does not sign anyone in is answered by an upgrade closed at once with 4401, which
 * tells the console to stop retrying (a refused HTTP handshake would look like a network failure
 * and be retried for ever). Nothing is ever sent before the token is checked.
 */
import websocket from '@fastify/websocket';
import { Type } from '@sinclair/typebox';
import { ErrorReply } from '../../server/schemas';
import type { FastifyPluginAsync } from 'fastify';
import { authenticate } from '../../policy/access';
import { PUBLIC } from '../../policy/roles';
import type { ModuleOptions } from '../../server/context';
import { say } from '../../server/messages';
import { LIVE_CLOSE, LIVE_PATH, LIVE_PROTOCOL, tokenFromProtocols } from '@fleet/contract';

/** Origins a browser may open the socket from: the console's (PUBLIC_URL) and LIVE_ORIGINS. */
function allowedOrigins(publicUrl: string, extra: readonly string[]): Set<string> {
  return new Set([new URL(publicUrl).origin, ...extra.map((o) => new URL(o).origin)]);
}

export const liveRoutes: FastifyPluginAsync<ModuleOptions> = async (app, { ctx }) => {
  const { config, db, tokens } = ctx;
  const hub = ctx.liveHub;
  const origins = allowedOrigins(config.publicUrl, config.liveOrigins);
  await app.register(websocket, {
    options: {
      maxPayload: 4096,
      // the answer names `fleet-live` only: the offered `bearer.<token>` is never echoed back
      handleProtocols: (offered: Set<string>) => (offered.has(LIVE_PROTOCOL) ? LIVE_PROTOCOL : false),
    },
  });

  app.get(
    LIVE_PATH,
    {
      websocket: true,
      // The token travels in the handshake's subprotocols (or the query): checked here, not by the bearer policy.
      config: { access: PUBLIC },
      schema: {
        tags: ['Live'],
        summary: 'The live socket: work states, Wi-Fi states, new faults and faulty counts of your slice (frames {batch, at})',
        querystring: Type.Object({ token: Type.Optional(Type.String({ maxLength: 4096, description: 'the access token, from a console loaded before the subprotocol `bearer.<token>` took its place' })) }, { additionalProperties: false }),
        response: {
          101: { description: 'Switching Protocols: the socket opens; a token that signs nobody in closes it with 4401', type: 'null' },
          400: ErrorReply,
          403: ErrorReply,
        },
      },
      preValidation: async (request, reply) => {
        const origin = request.headers.origin;
        // a browser always says where the page came from; a program that does not is no page
        if (origin !== undefined && !origins.has(origin)) {
          await reply.code(403).send({ status: false, message: say('live.originRefused') });
        }
      },
    },
    async (socket, request) => {
      // messages from the console are not expected: whatever comes is ignored
      socket.on('message', () => undefined);
      const token =
        tokenFromProtocols(request.headers['sec-websocket-protocol']) ??
        /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1] ??
        new URL(request.url, 'http://x').searchParams.get('token') ??
        '';
      const caller = await authenticate({ db, tokens, now: config.now }, `Bearer ${token}`).catch(() => null);
      const claims = caller ? tokens.verify(token, 'access', Math.floor(config.now().getTime() / 1000)) : null;
      if (!caller || !claims) {
        socket.close(LIVE_CLOSE.tokenRefused, 'sign in again');
        return;
      }
      // a session still setting up its required second factor gets no fleet data (policy/access.ts);
      // 4403, not 4401: the token is good, and a renewal would not change the answer (the console stops)
      if (caller.secondFactorPending) {
        socket.close(LIVE_CLOSE.notAllowed, 'set up two-step sign-in first');
        return;
      }
      await hub.add(socket, caller, token, { expiresAt: claims.exp * 1000, generation: claims.gen ?? 0 });
    },
  );
};
