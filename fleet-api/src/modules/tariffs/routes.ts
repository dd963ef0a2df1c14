/**
 * Admin's tariff calls (spec 7, Tariffs; docs/organisation-calls.md): the list of distributors'
 * tariffs, one tariff, create, edit and delete. The property edit's lookups are lookups.ts.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { only } from '../../policy/roles';
import type { ModuleOptions } from '../../server/context';
import { ListInfoSchema, listQueryProperties } from '../../server/listing';
import { IdField, routeSchema, Strict } from '../../server/schemas';
import { createTariff, deleteTariff, editTariff, listTariffs, readTariff, TariffBody, TariffInfo, TariffRow } from './tariffs';
import { say } from '../../server/messages';

const ADMIN = only('Admin');

const schema = routeSchema('Tariffs');

export const tariffRoutes: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { ctx }) => {
  const { db } = ctx;
  const Id = Strict({ id: IdField });
  const Body = Strict(TariffBody);

  app.get(
    '/api/tarrif/getCompanies',
    { config: { access: ADMIN }, schema: { ...schema("Distributors' tariffs (filters company_name, post_code, type)", ListInfoSchema(TariffRow), 400), querystring: Strict({ ...listQueryProperties }) } },
    async (request) => ({ status: true, message: say('titles.tariffs'), info: await listTariffs(db, request.query) }),
  );
  app.get('/api/tarrif/get/:id', { config: { access: ADMIN }, schema: { ...schema('One tariff: company, post codes and types with seasons', TariffInfo, 400, 404), params: Id } }, async (request) => ({
    status: true,
    message: say('titles.tariff'),
    info: await readTariff(db, request.params.id),
  }));
  app.post('/api/tarrif/create', { config: { access: ADMIN }, schema: { ...schema('Add a tariff', Type.Object({ id: Type.Integer() }), 400, 409), body: Body } }, async (request) => ({
    status: true,
    message: say('tariffs.added'),
    info: { id: await createTariff(db, request.body) },
  }));
  app.put('/api/tarrif/edit/:id', { config: { access: ADMIN }, schema: { ...schema('Edit a tariff', null, 400, 404, 409), params: Id, body: Body } }, async (request) => {
    await editTariff(db, request.params.id, request.body);
    return { status: true, message: say('tariffs.updated') };
  });
  app.delete('/api/tarrif/delete/:id', { config: { access: ADMIN }, schema: { ...schema('Delete a tariff no current tariff names', null, 400, 404, 409), params: Id } }, async (request) => {
    await deleteTariff(db, request.params.id);
    return { status: true, message: say('tariffs.deleted') };
  });
};
