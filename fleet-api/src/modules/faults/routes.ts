/**
 * The faults module (docs/heat-pump-calls.md): the Attention [Heat Pump] list, Resolve Fault (one
 * row, or many as one job), and a heat pump's fault history. The spec shows the screens, not these
 * paths; one set of handlers serves Admin, Agency, mscc and sm, the caller's slice deciding the rows.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { callerOf } from '../../policy/access';
import { only } from '../../policy/roles';
import type { ModuleOptions } from '../../server/context';
import { ListInfoSchema, listQueryProperties } from '../../server/listing';
import { IdField, routeSchema, Strict, RequiredText } from '../../server/schemas';
import { BodyFilter, filterText } from '../ota/common';
import { ActivityRow, activityLog } from './activity';
import { publishCommitted } from '../live/bus';
import { FaultDevice, FaultEvent, FaultRow, faultHistory, listFaults, resolveFault, resolveFaults } from './queries';
import { say } from '../../server/messages';

/** Who has the Attention list (spec 2: admin, agency, multisite and sitemanager variants). */
const FAULT_READERS = only('Admin', 'Agency', 'mscc', 'sm');

const schema = routeSchema('Faults');

// Spec 5: Agent is required; comments under 500 characters (the console refuses more than 500).
const Agent = RequiredText(100, say('faults.agentRequired'), say('faults.agentTooLong'));
const JobComments = Type.Optional(
  Type.Union([Type.String({ maxLength: 500, errorMessage: say('faults.commentTooLong') }), Type.Null()]),
);
const ResolveBody = { agent: Agent, job_comments: JobComments };

const Resolved = Type.Object({ faults: Type.Integer(), devices: Type.Integer(), resolution_id: Type.Integer() });

export const faultRoutes: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { ctx }) => {
  const { db } = ctx;
  const now = () => ctx.config.now();

  app.get(
    '/api/heat-pump/faults',
    {
      config: { access: FAULT_READERS },
      schema: { ...schema('Attention [Heat Pump]: one row per faulty heat pump of the slice', ListInfoSchema(FaultRow), 400), querystring: Strict(listQueryProperties) },
    },
    async (request) => ({ status: true, message: say('titles.faultySystems'), info: await listFaults(db, callerOf(request), request.query) }),
  );

  app.put(
    '/api/heat-pump/faults/:id/resolve',
    {
      config: { access: FAULT_READERS },
      schema: { ...schema("Resolve a row's fault (and its heat pump's older open faults)", Resolved, 400, 404, 409), params: Strict({ id: IdField }), body: Strict(ResolveBody) },
    },
    async (request) => {
      const { info, events } = await resolveFault(db, callerOf(request), request.params.id, request.body, now());
      // other consoles' Attention lists and faulty counts follow (after the commit; a refusal sends nothing)
      await publishCommitted(ctx.live, events, request.log);
      return { status: true, message: say('faults.resolved'), info };
    },
  );

  app.post(
    '/api/heat-pump/faults/resolve',
    {
      config: { access: FAULT_READERS },
      schema: {
        ...schema('Resolve many: the chosen rows, or every UnResolved row matching the filter (one job)', Resolved, 400),
        body: Strict({
          ...ResolveBody,
          fault_ids: Type.Optional(Type.Array(IdField, { maxItems: 10_000, errorMessage: { maxItems: say('faults.tooManySelected') } })),
          all: Type.Optional(Type.Boolean()),
          filter: BodyFilter,
        }),
      },
    },
    async (request) => {
      const body = request.body;
      const selection = body.all ? { filter: filterText(body.filter) } : { fault_ids: body.fault_ids ?? [] };
      const { info, events } = await resolveFaults(db, callerOf(request), selection, body, now());
      await publishCommitted(ctx.live, events, request.log);
      return { status: true, message: say('faults.resolvedMany', { faults: info.faults, devices: info.devices }), info };
    },
  );

  // A heat pump's activity log, under each role's lower-cased name (spec: /api/{usertype}/heat-pump/activity-logs).
  const ActivityQueryFields = Strict({
    page: listQueryProperties.page,
    limit: listQueryProperties.limit,
    device_id: Type.Optional(IdField),
    serial_number: Type.Optional(Type.String({ maxLength: 64 })),
    mac_address: Type.Optional(Type.String({ maxLength: 64 })),
    start_date: Type.Optional(Type.String({ maxLength: 10, description: 'DD-MM-YYYY' })),
    end_date: Type.Optional(Type.String({ maxLength: 10, description: 'DD-MM-YYYY' })),
    source: Type.Optional(Type.Unsafe<'nms'>({ type: 'string', enum: ['nms'], errorMessage: say('faults.sourceInvalid') })),
  });
  for (const [usertype, role] of [
    ['admin', 'Admin'],
    ['agency', 'Agency'],
    ['electrician', 'Electrician'],
    ['mscc', 'mscc'],
    ['sm', 'sm'],
    ['user', 'User'],
    ['customer', 'Customer'],
  ] as const) {
    app.get(
      `/api/${usertype}/heat-pump/activity-logs`,
      {
        config: { access: only(role) },
        schema: {
          ...schema("A heat pump's activity over a period (at most 92 days; the last week by default)", Type.Object({
            ...ListInfoSchema(ActivityRow).properties,
            device: Type.Object({ id: Type.Integer(), serial_number: Type.String(), mac_address: Type.Union([Type.String(), Type.Null()]) }),
            start_date: Type.String(),
            end_date: Type.String(),
          }), 400, 404),
          querystring: ActivityQueryFields,
        },
      },
      async (request) => ({ status: true, message: say('titles.activityLogs'), info: await activityLog(db, callerOf(request), request.query, now()) }),
    );
  }

  app.get(
    '/api/heat-pump/faults/history/:id',
    {
      config: { access: FAULT_READERS },
      schema: {
        ...schema('Fault history of one heat pump of the slice', Type.Object({ ...ListInfoSchema(FaultEvent).properties, device: FaultDevice }), 400, 404),
        params: Strict({ id: IdField }),
        querystring: Strict(listQueryProperties),
      },
    },
    async (request) => ({ status: true, message: say('titles.faultHistory'), info: await faultHistory(db, callerOf(request), request.params.id, request.query) }),
  );
};
