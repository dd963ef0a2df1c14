// Graceful stop of a Fastify server (fleet-api, the console server): after SIGTERM the server keeps
// accepting connections for a short grace period but answers every new request 503 (with
// `Connection: close`), so a client or load balancer gets a clear answer instead of a reset, while
// requests already running (a large upload) finish. Whatever is still open when the grace period ends
// is cut, so the process always ends within its budget. Plain CommonJS: fleet-api's TypeScript and the
// console server's ES module both import it without a build.
'use strict';

/**
 * @param {import('fastify').FastifyInstance} app
 * @param {{ answer: () => Record<string, unknown> }} options what a request that arrives while stopping is answered
 * @returns {import('./index').Drain}
 */
function installDrain(app, { answer }) {
  let draining = false;
  let running = 0;
  /** @type {Array<() => void>} */
  const idle = [];

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
    // Our own serializer: the route's answer schema (e.g. health's 503) must not reshape this answer.
    return reply.code(503).type('application/json; charset=utf-8').serializer(JSON.stringify).send(answer());
  });

  return {
    inFlight: () => running,
    async drainAndClose(graceMs) {
      draining = true;
      if (running > 0) {
        await new Promise((resolve) => {
          const timer = setTimeout(resolve, graceMs);
          timer.unref();
          idle.push(() => {
            clearTimeout(timer);
            resolve(undefined);
          });
        });
      }
      // Whatever did not finish in time (a client that never ends its body) is cut now.
      app.server.closeAllConnections();
      await app.close();
    },
  };
}

module.exports = { installDrain };
