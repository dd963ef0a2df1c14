/**
 * An export job's progress and its file (modules/exports/jobs.ts): the caller's own job by id, and the
 * finished CSV by a signed, expiring link (no bearer: the browser downloads it). The modules start
 * their exports (devices, customers); these two calls serve every kind.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { callerOf } from '../../policy/access';
import { only, PUBLIC } from '../../policy/roles';
import { signedLinkSchema } from '../../server/signed-links';
import type { ModuleOptions } from '../../server/context';
import { IdField, routeSchema, Strict } from '../../server/schemas';
import { say } from '../../server/messages';

// the answer's schema lives beside the jobs that fill it; the modules that start exports answer it too
import { ExportInfo } from './jobs';
export { ExportInfo };

/** Every role that can start an export (a job is only ever its starter's). */
const EXPORTERS = only('Admin', 'Agency', 'Electrician', 'Customer', 'User', 'mscc', 'sm');

export const exportRoutes: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { ctx }) => {
  const jobs = ctx.exports;
  // beating before the first job is owned: a job's owner without a row counts as dead
  await ctx.heartbeat.beat();
  await jobs.recover();
  ctx.heartbeat.addSweep(() => jobs.sweep());
  app.addHook('onClose', async () => {
    await jobs.settle();
    // a clean stop: the other instances need not wait for the beat's expiry
    await ctx.heartbeat.stop({ forget: true });
  });

  app.get(
    '/api/export/:id',
    {
      config: { access: EXPORTERS },
      schema: {
        ...routeSchema('Exports')('An export of yours: progress, and the link when done', ExportInfo, 400, 404),
        params: Strict({ id: IdField }),
      },
    },
    async (request) => ({ status: true, message: say('titles.export'), info: await jobs.info(callerOf(request), request.params.id) }),
  );

  app.get(
    '/api/export/download/:id/:slot',
    {
      // after: the file streams out once the handler has answered; the link's holder is not known
      config: { access: PUBLIC, audit: { mode: 'after', action: 'export_downloaded', entity: 'export' } },
      schema: signedLinkSchema('Exports', 'The CSV of a finished export (signed, expiring link; no bearer)', ['csv'], 'The CSV'),
    },
    async (request, reply) => {
      const file = await jobs.file(request.params.id, request.query.expires, request.query.signature);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-length', String(file.stored.sizeBytes))
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .send(file.stored.stream);
    },
  );
};
