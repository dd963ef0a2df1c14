/**
 * Heat-pump models (spec 7: /api/heat-pump/model/list, /info/{id}, /save, /update, /delete/{id};
 * Admin). The spec shows only `model_name`; we keep the capacity in litres and a description as well,
 * and each model's heat pumps counted. Names are unique, case aside; a model heat pumps still use is
 * not deleted (409 with how many).
 */
import { Type, type Static } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../../db';
import { ApiError, notFound, uniqueMessage } from '../../server/errors';
import { filterBy, buildListing, listQueryProperties, ListInfoSchema, type ListSpec, pagedList } from '../../server/listing';
import { ISO, SqlParams, whereClause } from '../../server/sql';
import { IdField, routeSchema, Strict, RequiredText, NullableInt, NullableText } from '../../server/schemas';
import type { ModuleOptions } from '../../server/context';
import { ADMIN } from '../ota/common';
import { say } from '../../server/messages';

const HeatPumpModel = Type.Object({
  id: Type.Integer(),
  model_name: Type.String(),
  capacity_litres: NullableInt,
  description: NullableText,
  heat_pumps: Type.Integer(),
  created_at: Type.String(),
});

const MODEL_LIST: ListSpec = {
  sortable: { created_at: 'm.created_at', model_name: 'lower(m.model_name)', capacity_litres: 'm.capacity_litres', heat_pumps: 'heat_pumps' },
  filters: { model_name: filterBy.text('m.model_name') },
};

const MODEL_NAME_MAX = 60;
const MODEL_EXISTS = uniqueMessage('heat_pump_models_name_key', say('models.nameTaken'));

const modelFields = {
  model_name: RequiredText(MODEL_NAME_MAX, say('models.nameRequired'), say('fields.tooLong', { field: 'Model Name', max: MODEL_NAME_MAX })),
  // left out when not known (a JSON body is not coerced: 0 is refused, not taken as none)
  capacity_litres: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000, errorMessage: say('models.capacityInvalid') })),
  description: Type.Optional(Type.String({ maxLength: 500, errorMessage: say('models.descriptionTooLong') })),
};

interface ModelInput {
  model_name: string;
  capacity_litres?: number | null;
  description?: string | null;
}

const COLUMNS = `m.id::int AS id, m.model_name, m.capacity_litres, m.description,
  (SELECT count(*)::int FROM devices d WHERE d.heat_pump_model_id = m.id) AS heat_pumps,
  ${ISO('m.created_at')} AS created_at`;

async function one(db: Db, id: number) {
  const { rows } = await db.query(`SELECT ${COLUMNS} FROM heat_pump_models m WHERE m.id = $1`, [id]);
  if (!rows[0]) throw notFound(say('models.notFound'));
  return rows[0];
}

async function refuseDuplicate(db: Db, name: string, exceptId?: number): Promise<void> {
  const { rows } = await db.query('SELECT 1 FROM heat_pump_models WHERE lower(model_name) = lower($1) AND id <> $2', [name.trim(), exceptId ?? 0]);
  if (rows.length > 0) throw new ApiError(409, MODEL_EXISTS);
}

const values = (input: ModelInput) => [input.model_name.trim(), input.capacity_litres ?? null, input.description?.trim() || null];

export const modelRoutes: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { ctx }) => {
  const { db } = ctx;
  const now = () => ctx.config.now().toISOString();
  const schema = routeSchema('Heat-pump models');

  app.get(
    '/api/heat-pump/model/list',
    { config: { access: ADMIN }, schema: { ...schema('Heat-pump models, with how many heat pumps each', ListInfoSchema(HeatPumpModel), 400), querystring: Strict(listQueryProperties) } },
    async (request) => {
      const params = new SqlParams();
      const listing = buildListing(request.query, MODEL_LIST, params, 'm.id');
      const where = whereClause(listing.conditions);
      const info = await pagedList<Static<typeof HeatPumpModel>>(db, listing, params, COLUMNS, `FROM heat_pump_models m ${where}`);
      return { status: true, message: say('titles.models'), info };
    },
  );
  app.get(
    '/api/heat-pump/model/info/:id',
    { config: { access: ADMIN }, schema: { ...schema('One heat-pump model', HeatPumpModel, 400, 404), params: Strict({ id: IdField }) } },
    async (request) => ({ status: true, message: say('titles.model'), info: await one(db, request.params.id) }),
  );
  app.post(
    '/api/heat-pump/model/save',
    { config: { access: ADMIN }, schema: { ...schema('Add a model', null, 400, 409), body: Strict(modelFields) } },
    async (request) => {
      await refuseDuplicate(db, request.body.model_name);
      await db.query('INSERT INTO heat_pump_models (model_name, capacity_litres, description, created_at, updated_at) VALUES ($1, $2, $3, $4, $4)', [
        ...values(request.body),
        now(),
      ]);
      return { status: true, message: say('models.added') };
    },
  );
  app.put(
    '/api/heat-pump/model/update',
    { config: { access: ADMIN }, schema: { ...schema('Update a model', null, 400, 404, 409), body: Strict({ id: IdField, ...modelFields }) } },
    async (request) => {
      await one(db, request.body.id);
      await refuseDuplicate(db, request.body.model_name, request.body.id);
      await db.query('UPDATE heat_pump_models SET model_name = $2, capacity_litres = $3, description = $4, updated_at = $5 WHERE id = $1', [
        request.body.id,
        ...values(request.body),
        now(),
      ]);
      return { status: true, message: say('models.updated') };
    },
  );
  app.delete(
    '/api/heat-pump/model/delete/:id',
    { config: { access: ADMIN }, schema: { ...schema('Delete a model no heat pump uses', null, 400, 404, 409), params: Strict({ id: IdField }) } },
    async (request) => {
      const model = (await one(db, request.params.id)) as { heat_pumps: number };
      if (model.heat_pumps > 0) throw new ApiError(409, say('models.inUse', { count: model.heat_pumps }));
      await db.query('DELETE FROM heat_pump_models WHERE id = $1', [request.params.id]);
      return { status: true, message: say('models.deleted') };
    },
  );
};
