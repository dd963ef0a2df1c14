/**
 * Graceful stop: after SIGTERM the server keeps accepting connections for a short grace period but
 * answers every new request 503 (with `Connection: close`), so a client or load balancer gets a
 * clear answer instead of a reset, while requests already running (a large upload) finish. Whatever
 * is still open when the grace period ends is cut, so the process always ends within its budget.
 */
import type { FastifyInstance } from 'fastify';
import { say } from './messages';

export interface Drain {
  /** Requests being answered now. */
  inFlight(): number;
  /** Answers new requests 503, waits for running ones (at most `graceMs`), then closes the app. */
  drainAndClose(graceMs: number): Promise<void>;
}

const DRAINING_MESSAGE = say('common.restarting');

export function installDrain(app: FastifyInstance): Drain {
  let draining = false;
  let running = 0;
  const idle: Array<() => void> = [];

  // Counted on the raw server so that uploads still streaming their body are counted too.
  app.server.on('request', (_req, res) => {
    if (draining) return;
    running += 1;
    res.once('close', () => {
      running -= 1;
      if (running === 0) idle.splice(0).forEach((wake) => wake());
    });
  });

  app.addHook('onRequest', async (_request, reply) => {
    if (!draining) return;
    reply.header('connection', 'close');
    // Our own serializer: the route's response schema (e.g. health's 503) must not reshape this answer.
    return reply
      .code(503)
      .type('application/json; charset=utf-8')
      .serializer(JSON.stringify)
      .send({ status: false, message: DRAINING_MESSAGE });
  });

  return {
    inFlight: () => running,
    async drainAndClose(graceMs: number) {
      draining = true;
      if (running > 0) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, graceMs);
          timer.unref();
          idle.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      // Whatever did not finish in time (a client that never ends its body) is cut now.
      app.server.closeAllConnections();
      await app.close();
    },
  };
}
