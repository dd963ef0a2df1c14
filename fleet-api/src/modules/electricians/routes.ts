/**
 * The electricians module (issue 13; docs/organisation-calls.md, Electricians): Admin's electricians
 * (`/api/electrician/...` beside the Electrician role's own calls under the same prefix: each call has
 * its own rule) and field workers (`/api/electrician-agent/...`), the agency's read-only views
 * (`/api/agency/electrician/...`, `/api/agency/electrician-agent/...`) and the electrician's own field
 * workers (`/api/electrician/agents`, `/api/electrician/agent/...`). One set of queries: the caller's
 * slice decides what is found.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { callerOf } from '../../policy/access';
import { only } from '../../policy/roles';
import type { ModuleOptions } from '../../server/context';
import { ListInfoSchema, listQueryProperties } from '../../server/listing';
import { IdField, routeSchema, Strict, trimmed } from '../../server/schemas';
import {
  addElectrician,
  deleteElectrician,
  editElectrician,
  ElectricianAddBody,
  electricianDetail,
  ElectricianEditBody,
  ElectricianInfo,
  ElectricianRow,
  listElectricians,
} from './electricians';
import {
  addFieldWorker,
  deleteFieldWorker,
  editFieldWorker,
  FieldWorkerAddBody,
  FieldWorkerContactBody,
  fieldWorkerDetail,
  FieldWorkerEditBody,
  FieldWorkerInfo,
  FieldWorkerRow,
  listFieldWorkers,
} from './field-workers';
import { InstalledDeviceRow, installedDevices } from './installs';
import { say } from '../../server/messages';

const ADMIN = only('Admin');
const AGENCY = only('Agency');
const ELECTRICIAN = only('Electrician');

const ListQuery = Strict({ ...listQueryProperties });
const ByElectrician = Strict({ ...listQueryProperties, electrician_id: IdField });
const ByFieldWorker = Strict({ ...listQueryProperties, elect_agent_id: IdField });
const IdParams = Strict({ id: IdField });

export const electricianRoutes: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { ctx }) => {
  const { db } = ctx;
  const now = () => ctx.config.now();

  // Reads of electricians: Admin's under /api/electrician, the agency's under /api/agency/electrician.
  for (const [prefix, access] of [
    ['/api/electrician', ADMIN],
    ['/api/agency/electrician', AGENCY],
  ] as const) {
    app.get(`${prefix}/get/all`, { config: { access }, schema: { ...routeSchema('Electricians')('Electricians of the slice', ListInfoSchema(ElectricianRow), 400), querystring: ListQuery } }, async (request) => ({
      status: true,
      message: say('titles.electricians'),
      info: await listElectricians(db, callerOf(request), request.query),
    }));
    app.get(`${prefix}/get/:id`, { config: { access }, schema: { ...routeSchema('Electricians')('One electrician', ElectricianInfo, 400, 404), params: IdParams } }, async (request) => ({
      status: true,
      message: say('titles.electrician'),
      info: await electricianDetail(db, callerOf(request), request.params.id),
    }));
    app.get(`${prefix}/get-agents`, { config: { access }, schema: { ...routeSchema('Electricians')("An electrician's field workers", ListInfoSchema(FieldWorkerRow), 400, 404), querystring: ByElectrician } }, async (request) => {
      const caller = callerOf(request);
      const { electrician_id, ...query } = request.query;
      // the electrician must be in the slice: another's answers 404, not an empty page
      await electricianDetail(db, caller, electrician_id);
      return { status: true, message: say('titles.fieldWorkers'), info: await listFieldWorkers(db, caller, query, electrician_id) };
    });
    app.get(`${prefix}/get-devices`, { config: { access }, schema: { ...routeSchema('Electricians')('Devices an electrician installed', ListInfoSchema(InstalledDeviceRow), 400, 404), querystring: ByElectrician } }, async (request) => {
      const { electrician_id, ...query } = request.query;
      return { status: true, message: say('titles.devices'), info: await installedDevices(db, callerOf(request), { electrician: electrician_id }, query) };
    });
  }

  // Spec 7 (Device calls): the agency's devices that electricians installed, every electrician of its slice.
  app.get('/api/agency/electrician/devices', { config: { access: AGENCY }, schema: { ...routeSchema('Electricians')("The agency's devices electricians installed", ListInfoSchema(InstalledDeviceRow), 400), querystring: ListQuery } }, async (request) => ({
    status: true,
    message: say('titles.devices'),
    info: await installedDevices(db, callerOf(request), 'anyElectrician', request.query),
  }));

  // Admin's changes to electricians.
  app.post('/api/electrician/add', { config: { access: ADMIN }, schema: { ...routeSchema('Electricians')('Add an electrician and its sign-in', Type.Object({ id: Type.Integer() }), 400, 409), body: Strict(ElectricianAddBody) } }, async (request) => ({
    status: true,
    message: say('electricians.added'),
    info: { id: await addElectrician(db, ctx, trimmed(request.body)) },
  }));
  app.put(
    '/api/electrician/edit/:id',
    { config: { access: ADMIN }, schema: { ...routeSchema('Electricians')('Edit an electrician (a password only when set)', null, 400, 404, 409), params: IdParams, body: Strict(ElectricianEditBody) } },
    async (request) => {
      await editElectrician(db, ctx, request.params.id, trimmed(request.body));
      return { status: true, message: say('electricians.updated') };
    },
  );
  app.delete('/api/electrician/delete/:id', { config: { access: ADMIN }, schema: { ...routeSchema('Electricians')('Delete an electrician who installed no device', null, 400, 404, 409), params: IdParams } }, async (request) => {
    await deleteElectrician(db, ctx, request.params.id);
    return { status: true, message: say('electricians.deleted') };
  });

  // Field workers: Admin's (all) and the agency's (its electricians').
  for (const [prefix, access] of [
    ['/api/electrician-agent', ADMIN],
    ['/api/agency/electrician-agent', AGENCY],
  ] as const) {
    app.get(`${prefix}/get/all`, { config: { access }, schema: { ...routeSchema('Field workers')('Field workers of the slice', ListInfoSchema(FieldWorkerRow), 400), querystring: ListQuery } }, async (request) => ({
      status: true,
      message: say('titles.fieldWorkers'),
      info: await listFieldWorkers(db, callerOf(request), request.query),
    }));
    app.get(`${prefix}/get/:id`, { config: { access }, schema: { ...routeSchema('Field workers')('One field worker', FieldWorkerInfo, 400, 404), params: IdParams } }, async (request) => ({
      status: true,
      message: say('titles.fieldWorker'),
      info: await fieldWorkerDetail(db, callerOf(request), request.params.id),
    }));
  }
  app.put(
    '/api/electrician-agent/edit/:id',
    { config: { access: ADMIN }, schema: { ...routeSchema('Field workers')("Edit a field worker's contact details", null, 400, 404, 409), params: IdParams, body: Strict(FieldWorkerContactBody) } },
    async (request) => {
      await editFieldWorker(db, callerOf(request), request.params.id, trimmed(request.body), now());
      return { status: true, message: say('fieldWorkers.updated') };
    },
  );
  app.get('/api/electrician-agent/devices', { config: { access: ADMIN }, schema: { ...routeSchema('Field workers')('Devices a field worker installed', ListInfoSchema(InstalledDeviceRow), 400, 404), querystring: ByFieldWorker } }, async (request) => {
    const { elect_agent_id, ...query } = request.query;
    return { status: true, message: say('titles.devices'), info: await installedDevices(db, callerOf(request), { fieldWorker: elect_agent_id }, query) };
  });

  // The electrician's own field workers.
  app.get('/api/electrician/agents', { config: { access: ELECTRICIAN }, schema: { ...routeSchema('Field workers')("The electrician's field workers", ListInfoSchema(FieldWorkerRow), 400), querystring: ListQuery } }, async (request) => ({
    status: true,
    message: say('titles.fieldWorkers'),
    info: await listFieldWorkers(db, callerOf(request), request.query),
  }));
  app.get('/api/electrician/agent/get/:id', { config: { access: ELECTRICIAN }, schema: { ...routeSchema('Field workers')('One of its field workers', FieldWorkerInfo, 400, 404), params: IdParams } }, async (request) => ({
    status: true,
    message: say('titles.fieldWorker'),
    info: await fieldWorkerDetail(db, callerOf(request), request.params.id),
  }));
  app.post('/api/electrician/agent/add', { config: { access: ELECTRICIAN }, schema: { ...routeSchema('Field workers')('Add a field worker', Type.Object({ id: Type.Integer() }), 400, 404, 409), body: Strict(FieldWorkerAddBody) } }, async (request) => ({
    status: true,
    message: say('fieldWorkers.added'),
    info: { id: await addFieldWorker(db, callerOf(request), trimmed(request.body), now()) },
  }));
  app.put(
    '/api/electrician/agent/edit/:id',
    { config: { access: ELECTRICIAN }, schema: { ...routeSchema('Field workers')('Edit one of its field workers (a password only when set)', null, 400, 404, 409), params: IdParams, body: Strict(FieldWorkerEditBody) } },
    async (request) => {
      await editFieldWorker(db, callerOf(request), request.params.id, trimmed(request.body), now());
      return { status: true, message: say('fieldWorkers.updated') };
    },
  );
  app.delete('/api/electrician/agent/:id', { config: { access: ELECTRICIAN }, schema: { ...routeSchema('Field workers')('Remove one of its field workers', null, 400, 404), params: IdParams } }, async (request) => {
    await deleteFieldWorker(db, callerOf(request), request.params.id);
    return { status: true, message: say('fieldWorkers.deleted') };
  });
};
