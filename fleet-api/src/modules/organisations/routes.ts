/**
 * Organisations and reference lists Admin manages (issue 13; docs/organisation-calls.md): so far the
 * aggregators and the electricity retailers. The retailers' `list` (every role that edits a
 * property) is the tariff lookups' (modules/tariffs/lookups.ts), the aggregators' `get-list` the
 * profiles module's (the electrician profile's select).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { only } from '../../policy/roles';
import type { ModuleOptions } from '../../server/context';
import { ListInfoSchema, listQueryProperties } from '../../server/listing';
import { IdField, routeSchema, Strict, trimmed } from '../../server/schemas';
import { AggregatorName, AggregatorRow, deleteAggregator, listAggregators, saveAggregator } from './aggregators';
import { deleteRetailer, listRetailers, RetailerName, RetailerRow, saveRetailer, TopListed } from './retailers';
import { say } from '../../server/messages';

const ADMIN = only('Admin');

export const organisationRoutes: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { ctx }) => {
  const { db } = ctx;
  const ListQuery = Strict({ ...listQueryProperties });

  // Aggregators
  app.get('/api/aggregators/get/all', { config: { access: ADMIN }, schema: { ...routeSchema('Aggregators')('Aggregators', ListInfoSchema(AggregatorRow), 400), querystring: ListQuery } }, async (request) => ({
    status: true,
    message: say('titles.aggregators'),
    info: await listAggregators(db, request.query),
  }));
  app.post('/api/aggregators/add', { config: { access: ADMIN }, schema: { ...routeSchema('Aggregators')('Add an aggregator', Type.Object({ id: Type.Integer() }), 400, 409), body: Strict({ name: AggregatorName }) } }, async (request) => ({
    status: true,
    message: say('aggregators.added'),
    info: { id: await saveAggregator(db, null, trimmed(request.body).name) },
  }));
  app.put(
    '/api/aggregators/edit/:id',
    { config: { access: ADMIN }, schema: { ...routeSchema('Aggregators')('Rename an aggregator', null, 400, 404, 409), params: Strict({ id: IdField }), body: Strict({ name: AggregatorName }) } },
    async (request) => {
      await saveAggregator(db, request.params.id, trimmed(request.body).name);
      return { status: true, message: say('aggregators.updated') };
    },
  );
  app.delete('/api/aggregators/delete/:id', { config: { access: ADMIN }, schema: { ...routeSchema('Aggregators')('Delete an aggregator no electrician names', null, 400, 404, 409), params: Strict({ id: IdField }) } }, async (request) => {
    await deleteAggregator(db, request.params.id);
    return { status: true, message: say('aggregators.deleted') };
  });

  // Electricity retailers
  app.get('/api/electricity-retailer/get/all', { config: { access: ADMIN }, schema: { ...routeSchema('Retailers')('Electricity retailers', ListInfoSchema(RetailerRow), 400), querystring: ListQuery } }, async (request) => ({
    status: true,
    message: say('titles.retailers'),
    info: await listRetailers(db, request.query),
  }));
  app.post(
    '/api/electricity-retailer/add',
    { config: { access: ADMIN }, schema: { ...routeSchema('Retailers')('Add a retailer', Type.Object({ electricity_retailer_id: Type.Integer() }), 400, 409), body: Strict({ retailer_name: RetailerName, is_top_listed: TopListed }) } },
    async (request) => ({
      status: true,
      message: say('retailers.added'),
      info: { electricity_retailer_id: await saveRetailer(db, null, request.body.retailer_name, request.body.is_top_listed) },
    }),
  );
  app.put(
    '/api/electricity-retailer/edit/update',
    {
      config: { access: ADMIN },
      schema: { ...routeSchema('Retailers')('Edit a retailer', null, 400, 404, 409), body: Strict({ electricity_retailer_id: IdField, retailer_name: RetailerName, is_top_listed: TopListed }) },
    },
    async (request) => {
      await saveRetailer(db, request.body.electricity_retailer_id, request.body.retailer_name, request.body.is_top_listed);
      return { status: true, message: say('retailers.updated') };
    },
  );
  app.delete(
    '/api/electricity-retailer/delete',
    { config: { access: ADMIN }, schema: { ...routeSchema('Retailers')('Delete a retailer no current tariff names', null, 400, 404, 409), querystring: Strict({ electricity_retailer_id: IdField }) } },
    async (request) => {
      await deleteRetailer(db, request.query.electricity_retailer_id);
      return { status: true, message: say('retailers.deleted') };
    },
  );
};
