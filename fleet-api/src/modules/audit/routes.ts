/**
 * The audit trail's calls (issue 23, docs/audit.md): Admin's list, each organisation's under its prefix
 * (`/api/agency/audit/list`, ...: AUDIT_ROLE_PREFIXES of @fleet/contract), one entry for every role
 * (scoped the same way), the chain's verification and the security events (Admin).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AUDIT_ROLE_PREFIXES } from '@fleet/contract';
import { callerOf } from '../../policy/access';
import { only, type RouteAccess } from '../../policy/roles';
import type { ModuleOptions } from '../../server/context';
import { ListInfoSchema, listQueryProperties } from '../../server/listing';
import { IdField, routeSchema, Strict } from '../../server/schemas';
import { say } from '../../server/messages';
import {
  AuditEntryInfoSchema,
  AuditEntrySchema,
  AuditVerificationSchema,
  entryInfo,
  listEntries,
  listSecurityEvents,
  SecurityEventSchema,
} from './entries';
import { verifyChain } from './verify';
import { auditExport } from './export';
import { ExportInfo, exportedList, exportListBody } from '../exports/jobs';

const TAG = routeSchema('Audit');
const ADMIN = only('Admin');

export const auditRoutes: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { ctx }) => {
  const { db } = ctx;
  const ListQuery = Strict({ ...listQueryProperties });

  app.get(
    '/api/audit/list',
    { config: { access: ADMIN }, schema: { ...TAG('The audit trail: every entry, newest first', ListInfoSchema(AuditEntrySchema), 400), querystring: ListQuery } },
    async (request) => ({ status: true, message: say('titles.history'), info: await listEntries(db, callerOf(request), request.query) }),
  );

  for (const [prefix, role] of Object.entries(AUDIT_ROLE_PREFIXES)) {
    app.get(
      `/api/${prefix}/audit/list`,
      {
        config: { access: only(role) },
        schema: {
          ...TAG(`The ${role} audit trail: entries about its slice and by its own users`, ListInfoSchema(AuditEntrySchema), 400),
          querystring: ListQuery,
        },
      },
      async (request) => ({ status: true, message: say('titles.history'), info: await listEntries(db, callerOf(request), request.query) }),
    );
  }

  // The list as CSV, a job: Admin's and each organisation's (its start and its download are entries
  // of the trail too: a path's `/export` is export_started)
  const exporters: Array<[url: string, access: RouteAccess, whose: string]> = [
    ['/api/audit/export', ADMIN, 'the audit trail'],
    ...Object.entries(AUDIT_ROLE_PREFIXES).map(([prefix, role]): [string, RouteAccess, string] => [`/api/${prefix}/audit/export`, only(role), `the ${role} audit trail`]),
  ];
  for (const [url, access, whose] of exporters) {
    app.post(
      url,
      { config: { access }, schema: { ...TAG(`Export ${whose}, filtered and sorted as its list, as CSV (a job)`, ExportInfo, 400, 409), body: Strict(exportListBody) } },
      async (request) => {
        const caller = callerOf(request);
        const spec = await auditExport(db, caller, exportedList(request.body));
        return { status: true, message: say('exports.started'), info: await ctx.exports.start(caller, spec) };
      },
    );
  }

  app.get(
    '/api/audit/info',
    {
      config: { access: only('Admin', ...Object.values(AUDIT_ROLE_PREFIXES)) },
      schema: { ...TAG('One audit entry (in the caller’s slice)', AuditEntryInfoSchema, 400, 404), querystring: Strict({ id: IdField }) },
    },
    async (request) => ({ status: true, message: say('titles.history'), info: await entryInfo(db, callerOf(request), request.query.id) }),
  );

  app.get(
    '/api/audit/verify',
    { config: { access: ADMIN }, schema: TAG('Recompute the hash chain: intact, or the first entry that does not match', AuditVerificationSchema) },
    async () => ({ status: true, message: say('titles.history'), info: await verifyChain(db) }),
  );

  app.get(
    '/api/audit/security-events',
    {
      config: { access: ADMIN },
      schema: { ...TAG('Refused sign-ins, codes and tokens, newest first', ListInfoSchema(SecurityEventSchema), 400), querystring: ListQuery },
    },
    async (request) => ({ status: true, message: say('titles.eventsRaised'), info: await listSecurityEvents(db, request.query) }),
  );
};
