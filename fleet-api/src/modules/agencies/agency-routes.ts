/**
 * Admin's agencies and integrations (docs/organisation-calls.md, Agencies): the spec's calls under
 * /api/agency/..., the agency list's export job, and our two Integrations calls. The add and edit
 * forms come as multipart form data (the spec: "form data"); JSON is accepted too.
 */
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { callerOf } from '../../policy/access';
import { only } from '../../policy/roles';
import { requireVisible } from '../../policy/scope';
import type { AppContext } from '../../server/context';
import type { CountCache } from '../../server/count-cache';
import { ListInfoSchema, listQueryProperties } from '../../server/listing';
import { IdField, routeSchema, Strict, trimmed } from '../../server/schemas';
import { DeviceRow, listDevices } from '../devices/queries';
import { exportedList, exportListBody } from '../exports/jobs';
import { ExportInfo } from '../exports/routes';
import { addAgency, agencyDetail, AgencyInfo, AgencyRow, agencyExport, deleteAgency, editAgency, listAgencies } from './agencies';
import { AgentRow, listAgents } from './agents';
import { AgencyAddFields, AgencyEditFields, ProductField } from './fields';
import { integrationDetail, IntegrationInfo, IntegrationRow, listIntegrations } from './integrations';
import { say } from '../../server/messages';

const ADMIN = only('Admin');

export interface AgencyRouteOptions {
  ctx: AppContext;
  /** Exact totals and per-row device counts, kept until a device write (server/count-cache.ts). */
  counts: CountCache;
}

const Paged = { ...listQueryProperties, deviceType: Type.Optional(ProductField) };
const ListQuery = Strict(Paged);

export const agencyRoutes: FastifyPluginAsyncTypebox<AgencyRouteOptions> = async (app, { ctx, counts }) => {
  const { db } = ctx;
  const schema = routeSchema('Agencies');

  app.get('/api/agency/get/all', { config: { access: ADMIN }, schema: { ...schema('Agencies, with their agents and devices of the product', ListInfoSchema(AgencyRow), 400), querystring: ListQuery } }, async (request) => ({
    status: true,
    message: say('titles.agencies'),
    info: await listAgencies(db, callerOf(request), request.query.deviceType ?? 'all', request.query, counts),
  }));

  app.get(
    '/api/agency/get/:id',
    { config: { access: ADMIN }, schema: { ...schema('One agency with its counts and partners', AgencyInfo, 400, 404), params: Strict({ id: IdField }), querystring: Strict({ deviceType: Type.Optional(ProductField) }) } },
    async (request) => ({ status: true, message: say('titles.agency'), info: await agencyDetail(db, callerOf(request), request.params.id, request.query.deviceType ?? 'all', counts) }),
  );

  // The forms are form data: a multipart parser for these two routes only.
  await app.register(async (scoped) => {
    await scoped.register(multipart, { attachFieldsToBody: 'keyValues', limits: { files: 0, fields: 30, fieldSize: 4096, parts: 30 } });
    const forms = scoped.withTypeProvider<TypeBoxTypeProvider>();
    forms.post(
      '/api/agency/add',
      {
        config: { access: ADMIN },
        schema: { ...schema('Add an agency and its sign-in (form data; JSON accepted)', Type.Object({ id: Type.Integer() }), 400, 409, 413), consumes: ['multipart/form-data', 'application/json'], body: Strict(AgencyAddFields) },
      },
      async (request) => ({ status: true, message: say('agencies.added'), info: { id: await addAgency(ctx, trimmed(request.body)) } }),
    );
    forms.put(
      '/api/agency/edit/:id',
      {
        config: { access: ADMIN },
        schema: {
          ...schema('Edit an agency (form data; password only when set; In-Active ends its sessions)', null, 400, 404, 409, 413),
          consumes: ['multipart/form-data', 'application/json'],
          params: Strict({ id: IdField }),
          body: Strict(AgencyEditFields),
        },
      },
      async (request) => {
        await editAgency(ctx, callerOf(request), request.params.id, trimmed(request.body));
        return { status: true, message: say('agencies.updated') };
      },
    );
  });

  app.delete('/api/agency/delete/:id', { config: { access: ADMIN }, schema: { ...schema('Delete an agency that has no devices, agents, customers or electricians', null, 400, 404, 409), params: Strict({ id: IdField }) } }, async (request) => {
    await deleteAgency(ctx, callerOf(request), request.params.id);
    return { status: true, message: say('agencies.deleted') };
  });

  // spec defaults: page 1, limit 25, desc, created_at
  app.get(
    '/api/agency/get-devices',
    { config: { access: ADMIN }, schema: { ...schema("An agency's devices of the product", ListInfoSchema(DeviceRow), 400, 404), querystring: Strict({ ...Paged, agency_id: IdField }) } },
    async (request) => {
      const caller = callerOf(request);
      await requireVisible(db, caller, 'agencies', request.query.agency_id);
      return { status: true, message: say('titles.devices'), info: await listDevices(db, caller, request.query.deviceType ?? 'all', request.query, counts, { agency: request.query.agency_id }) };
    },
  );

  app.get(
    '/api/agency/get-agents',
    { config: { access: ADMIN }, schema: { ...schema("An agency's installation agents", ListInfoSchema(AgentRow), 400, 404), querystring: Strict({ ...Paged, agency_id: IdField }) } },
    async (request) => {
      const caller = callerOf(request);
      const agencyId = request.query.agency_id;
      await requireVisible(db, caller, 'agencies', agencyId);
      const info = await listAgents(db, caller, request.query.deviceType ?? 'all', request.query, counts, (params) => `ag.agency_id = ${params.add(agencyId)}`);
      return { status: true, message: say('titles.installationAgents'), info };
    },
  );

  app.post('/api/export/agencies', { config: { access: ADMIN }, schema: { ...schema('Export the filtered agency list as CSV (a job)', ExportInfo, 400, 409), body: Strict(exportListBody) } }, async (request) => {
    const caller = callerOf(request);
    return { status: true, message: say('exports.started'), info: await ctx.exports.start(caller, agencyExport(caller, exportedList(request.body))) };
  });

  // Integrations (ours): how each agency's installs reach the fleet.
  app.get(
    '/api/integration/get/all',
    { config: { access: ADMIN }, schema: { ...routeSchema('Integrations')("Each agency's installer-app set-up and devices per channel", ListInfoSchema(IntegrationRow), 400), querystring: Strict({ ...listQueryProperties }) } },
    async (request) => ({ status: true, message: say('titles.integrations'), info: await listIntegrations(db, callerOf(request), request.query, counts) }),
  );
  app.get(
    '/api/integration/get/:id',
    { config: { access: ADMIN }, schema: { ...routeSchema('Integrations')("One agency's integration: its devices per channel and product line", IntegrationInfo, 400, 404), params: Strict({ id: IdField }) } },
    async (request) => ({ status: true, message: say('titles.integration'), info: await integrationDetail(db, callerOf(request), request.params.id, counts) }),
  );
};
