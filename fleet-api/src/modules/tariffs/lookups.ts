/**
 * The tariff reference data a property edit cascades through (spec 7, Tariffs and Retailers):
 * distributors serving a postal code, the retailers, and a distributor's tariff structures. Reference
 * data, not a tenant's: readable by every role that edits properties (Admin, Agency, mscc, sm). The
 * tariff and retailer screens that write it are Admin's (issue 13).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type TSchema } from '@sinclair/typebox';
import { only } from '../../policy/roles';
import type { ModuleOptions } from '../../server/context';
import { IdField, routeSchema, Strict } from '../../server/schemas';
import { say } from '../../server/messages';

const PROPERTY_EDITORS = only('Admin', 'Agency', 'mscc', 'sm');

const Distributor = Type.Object({ id: Type.Integer(), company_name: Type.String() });
const Retailer = Type.Object({ electricity_retailer_id: Type.Integer(), retailer_name: Type.String(), is_top_listed: Type.Integer() });
const Structure = Type.Object({
  tariff_structure_id: Type.Integer(),
  type: Type.String(),
  is_flat_rate: Type.Boolean(),
  flat_rate: Type.Union([Type.Number(), Type.Null()]),
  tariff_plan: Type.Array(Type.Object({ key: Type.String(), load_type_key: Type.Union([Type.String(), Type.Null()]), unit_charge: Type.Union([Type.Number(), Type.Null()]) })),
});

const tariffSchema = routeSchema('Tariffs');
const schema = <T extends TSchema>(summary: string, info: T) => tariffSchema(summary, info, 400);

export const tariffLookupRoutes: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { ctx }) => {
  const { db } = ctx;

  app.get(
    '/api/tariff/get-companies',
    {
      config: { access: PROPERTY_EDITORS },
      schema: {
        ...schema('Distributors serving a postal code (and the one already chosen)', Type.Array(Distributor)),
        querystring: Strict({ post_code: Type.Optional(Type.String({ pattern: '^\\s*[0-9]{3,4}\\s*$', errorMessage: say('fields.postalCodeInvalid') })), company_id: Type.Optional(IdField) }),
      },
    },
    async (request) => {
      const postCode = request.query.post_code?.trim() ?? null;
      const { rows } = await db.query<{ id: number; company_name: string }>(
        `SELECT id::int AS id, company_name FROM tariff_companies
          WHERE ($1::text IS NULL OR $1 = ANY(string_to_array(replace(coalesce(post_codes, ''), ' ', ''), ',')) OR id = $2)
          ORDER BY lower(company_name)`,
        [postCode, request.query.company_id ?? null],
      );
      return { status: true, message: say('titles.distributors'), info: rows };
    },
  );

  app.get('/api/electricity-retailer/list', { config: { access: PROPERTY_EDITORS }, schema: schema('Every retailer, top-listed first', Type.Object({ electricity_retailers: Type.Array(Retailer) })) }, async () => {
    const { rows } = await db.query<{ electricity_retailer_id: number; retailer_name: string; is_top_listed: number }>(
      `SELECT id::int AS electricity_retailer_id, retailer_name, is_top_listed::int AS is_top_listed
         FROM electricity_retailers ORDER BY is_top_listed DESC, lower(retailer_name)`,
    );
    return { status: true, message: say('titles.retailers'), info: { electricity_retailers: rows } };
  });

  app.get(
    '/api/tarrif/company/get-structure',
    { config: { access: PROPERTY_EDITORS }, schema: { ...schema("A distributor's tariff structures", Type.Object({ tariff_structure: Type.Array(Structure) })), querystring: Strict({ company_id: IdField }) } },
    async (request) => {
      const { rows } = await db.query<{
        tariff_structure_id: number;
        type: string;
        is_flat_rate: boolean;
        flat_rate: number | null;
        tariff_plan: Array<{ key: string; load_type_key: string | null; unit_charge: number | null }>;
      }>(
        `SELECT id::int AS tariff_structure_id, type, is_flat_rate, flat_rate::float8 AS flat_rate,
                coalesce((SELECT json_agg(json_build_object('key', e->>'key', 'load_type_key', e->>'load_type_key', 'unit_charge', (e->>'unit_charge')::float8))
                            FROM jsonb_array_elements(tariff_plan) e), '[]'::json) AS tariff_plan
           FROM tariff_structures WHERE company_id = $1 ORDER BY id`,
        [request.query.company_id],
      );
      return { status: true, message: say('titles.tariffStructures'), info: { tariff_structure: rows } };
    },
  );
};
