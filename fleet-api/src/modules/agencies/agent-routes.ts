/**
 * Installation agents (docs/organisation-calls.md, Installation agents): the agency's own under
 * /api/agency/agent..., Admin's under /api/agent/..., and the agent list's export job. One set of
 * queries: the caller's slice decides, and another agency's agent is 404 with nothing changed.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { callerOf } from '../../policy/access';
import { only } from '../../policy/roles';
import { requireVisible } from '../../policy/scope';
import { ListInfoSchema, listQueryProperties } from '../../server/listing';
import { IdField, routeSchema, Strict, trimmed } from '../../server/schemas';
import { DeviceRow, listDevices } from '../devices/queries';
import { exportedList, exportListBody } from '../exports/jobs';
import { ExportInfo } from '../exports/routes';
import type { AgencyRouteOptions } from './agency-routes';
import { addAgent, AgentRecord, agentRecord, AgentRow, agentExport, deleteAgent, editAgent, listAgents, LoginPayload, loginPayload } from './agents';
import { AdminAgentEditFields, AgentAddFields, AgentEditFields, ProductField } from './fields';
import { say } from '../../server/messages';

const ADMIN = only('Admin');
const AGENCY = only('Agency');

const Paged = { ...listQueryProperties, deviceType: Type.Optional(ProductField) };
const ByAgent = Strict({ ...Paged, agent_id: IdField });

export const agentRoutes: FastifyPluginAsyncTypebox<AgencyRouteOptions> = async (app, { ctx, counts }) => {
  const { db } = ctx;
  const schema = routeSchema('Installation agents');
  const IdParams = Strict({ id: IdField });

  /** An agent's devices of the product, once the agent is known to be in the caller's slice. */
  const devicesOf = (url: string, access: typeof ADMIN, summary: string) =>
    app.get(url, { config: { access }, schema: { ...schema(summary, ListInfoSchema(DeviceRow), 400, 404), querystring: ByAgent } }, async (request) => {
      const caller = callerOf(request);
      await requireVisible(db, caller, 'agents', request.query.agent_id);
      return { status: true, message: say('titles.devices'), info: await listDevices(db, caller, request.query.deviceType ?? 'all', request.query, counts, { agent: request.query.agent_id }) };
    });

  // The agency's own agents.
  app.get('/api/agency/agents', { config: { access: AGENCY }, schema: { ...schema("The agency's installation agents", ListInfoSchema(AgentRow), 400), querystring: Strict(Paged) } }, async (request) => ({
    status: true,
    message: say('titles.installationAgents'),
    info: await listAgents(db, callerOf(request), request.query.deviceType ?? 'all', request.query, counts),
  }));
  app.get('/api/agency/agent/get/:id', { config: { access: AGENCY }, schema: { ...schema('One of its agents (the edit form)', AgentRecord, 400, 404), params: IdParams } }, async (request) => ({
    status: true,
    message: say('titles.installationAgent'),
    info: await agentRecord(db, callerOf(request), request.params.id),
  }));
  app.get(
    '/api/agency/agent/:id',
    { config: { access: AGENCY }, schema: { ...schema('One of its agents as the installer app sees it, with its devices of the product', LoginPayload, 400, 404), params: IdParams, querystring: Strict({ deviceType: Type.Optional(ProductField) }) } },
    async (request) => ({ status: true, message: say('titles.installationAgent'), info: await loginPayload(db, callerOf(request), request.params.id, request.query.deviceType ?? 'all', counts) }),
  );
  app.post('/api/agency/agent/add', { config: { access: AGENCY }, schema: { ...schema('Add an installation agent', Type.Object({ id: Type.Integer() }), 400, 404, 409), body: Strict(AgentAddFields) } }, async (request) => ({
    status: true,
    message: say('agents.added'),
    info: { id: await addAgent(ctx, callerOf(request), trimmed(request.body)) },
  }));
  app.put('/api/agency/agent/edit/:id', { config: { access: AGENCY }, schema: { ...schema('Edit one of its agents (password only when set)', null, 400, 404, 409), params: IdParams, body: Strict(AgentEditFields) } }, async (request) => {
    await editAgent(ctx, callerOf(request), request.params.id, trimmed(request.body));
    return { status: true, message: say('agents.updated') };
  });
  app.delete('/api/agency/agent/:id', { config: { access: AGENCY }, schema: { ...schema('Delete one of its agents who installed nothing', null, 400, 404, 409), params: IdParams } }, async (request) => {
    await deleteAgent(db, callerOf(request), request.params.id);
    return { status: true, message: say('agents.deleted') };
  });
  devicesOf('/api/agency/agent-devices', AGENCY, "One of its agents' devices of the product");

  // Admin: every agency's agents.
  app.get('/api/agent/get/all', { config: { access: ADMIN }, schema: { ...schema("Every agency's installation agents", ListInfoSchema(AgentRow), 400), querystring: Strict(Paged) } }, async (request) => ({
    status: true,
    message: say('titles.installationAgents'),
    info: await listAgents(db, callerOf(request), request.query.deviceType ?? 'all', request.query, counts),
  }));
  app.put('/api/agent/edit/:id', { config: { access: ADMIN }, schema: { ...schema('Edit an agent (email, names, phone, status)', null, 400, 404, 409), params: IdParams, body: Strict(AdminAgentEditFields) } }, async (request) => {
    // deviceType is the product the console was on: an agent is the same on every product
    const { deviceType: _product, ...form } = trimmed(request.body);
    await editAgent(ctx, callerOf(request), request.params.id, form);
    return { status: true, message: say('agents.updated') };
  });
  devicesOf('/api/agent/get-devices', ADMIN, "An agent's devices of the product");
  app.get(
    '/api/agent/login-payload',
    { config: { access: ADMIN }, schema: { ...schema('What the installer app receives when the agent signs in (never a password hash or token)', LoginPayload, 400, 404), querystring: Strict({ agent_id: IdField, deviceType: Type.Optional(ProductField) }) } },
    async (request) => ({ status: true, message: say('titles.loginPayload'), info: await loginPayload(db, callerOf(request), request.query.agent_id, request.query.deviceType ?? 'all', counts) }),
  );
  app.post(
    '/api/export/agents',
    { config: { access: ADMIN }, schema: { ...schema('Export the filtered agent list as CSV (a job)', ExportInfo, 400, 409), body: Strict({ ...exportListBody, deviceType: Type.Optional(ProductField) }) } },
    async (request) => {
      const caller = callerOf(request);
      return { status: true, message: say('exports.started'), info: await ctx.exports.start(caller, agentExport(caller, request.body.deviceType ?? 'all', exportedList(request.body))) };
    },
  );
};
