/**
 * Pieces every OTA and firmware route shares: Admin-only access, the answer schemas, the body
 * `filter` (a JSON text like the query's, or the array itself) and small query helpers.
 */
import { Type, type TProperties, type TSchema } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../../db';
import { only } from '../../policy/roles';
import { badRequest, notFound } from '../../server/errors';
import { say } from '../../server/messages';
import { buildListing, pagedList, type ListInfo, type ListQuery, type ListSpec } from '../../server/listing';
import { SqlParams, whereClause } from '../../server/sql';
import { IdField, routeSchema, Strict, type RouteFailure } from '../../server/schemas';
import type { ModuleOptions } from '../../server/context';
import { DeviceTypeField } from './device-types';

export const ADMIN = only('Admin');

/**
 * A selection's filter in a JSON body: the decoded array, or the list's filter text. Left untyped for
 * ajv on purpose (its type coercion would turn a text value into an array); `filterText` and the list
 * codec check it instead, with the same 400s as the query's filter.
 */
export const BodyFilter = Type.Optional(
  Type.Unsafe<unknown>({ description: 'JSON array of {key, value, type, end_value} (or that array as text)' }),
);

export function filterText(filter: unknown): string | undefined {
  if (filter === undefined || filter === null) return undefined;
  if (typeof filter === 'string') return filter;
  if (Array.isArray(filter)) return JSON.stringify(filter);
  throw badRequest(say('lists.filterNotArray'));
}

export const DeviceIds = Type.Array(Type.Integer({ minimum: 1, maximum: 2147483647, errorMessage: say('fields.deviceIdInvalid') }), {
  maxItems: 100_000,
  errorMessage: { maxItems: say('common.tooManyDevices') },
});

/** The row or 404. */
export async function oneRow<T>(db: Db, sql: string, params: unknown[], message = say('common.notFound')): Promise<T> {
  const { rows } = await db.query<T>(sql, params);
  const row = rows[0];
  if (!row) throw notFound(message);
  return row;
}

/**
 * A page of one device type's rows (the OTA and firmware lists: groups, rules, pushes, firmware):
 * `from` names the table as `alias` (whose product_line is the type) with any joins, `extra` adds a
 * list's own conditions; sort and filters are `spec`'s, ties broken by `alias`.id.
 */
export function pageOfType<T>(
  db: Db,
  line: string,
  query: ListQuery,
  list: { spec: ListSpec; alias: string; from: string; columns: string; extra?: (params: SqlParams) => string[] },
): Promise<ListInfo<T>> {
  const params = new SqlParams();
  const conditions = [`${list.alias}.product_line = ${params.add(line)}`, ...(list.extra?.(params) ?? [])];
  const listing = buildListing(query, list.spec, params, `${list.alias}.id`);
  return pagedList<T>(db, listing, params, list.columns, `FROM ${list.from} ${whereClause([...conditions, ...listing.conditions])}`);
}

/**
 * The options of an Admin route of one device type's calls under an OpenAPI tag: `.query(summary, info,
 * properties, ...failures)` takes `properties` and the device type as its query, `.body(...)` as its
 * JSON body (the device type last, as every OTA and firmware form sends it).
 */
export function adminOfType(tag: string) {
  const schema = routeSchema(tag);
  return {
    query: <I extends TSchema, P extends TProperties>(summary: string, info: I | null, properties: P, ...failures: RouteFailure[]) => ({
      config: { access: ADMIN },
      schema: { ...schema(summary, info, ...failures), querystring: Strict({ ...properties, deviceType: DeviceTypeField }) },
    }),
    body: <I extends TSchema, P extends TProperties>(summary: string, info: I | null, properties: P, ...failures: RouteFailure[]) => ({
      config: { access: ADMIN },
      schema: { ...schema(summary, info, ...failures), body: Strict({ ...properties, deviceType: DeviceTypeField }) },
    }),
  };
}

type TypeboxApp = Parameters<FastifyPluginAsyncTypebox<ModuleOptions>>[0];

/**
 * DELETE `path`: the row of `table` of the body's device type whose id is the body's `idField`
 * (a group's or a rule's), or 404 `missing`.
 */
export function deleteOfType(
  app: TypeboxApp,
  db: Db,
  call: { path: string; tag: string; summary: string; table: string; idField: string; missing: string; deleted: string },
): void {
  app.delete(call.path, adminOfType(call.tag).body(call.summary, null, { [call.idField]: IdField }, 400, 404), async (request) => {
    const { deviceType, ...id } = request.body;
    const res = await db.query(`DELETE FROM ${call.table} WHERE id = $1 AND product_line = $2`, [id[call.idField], deviceType]);
    if (res.rowCount === 0) throw notFound(call.missing);
    return { status: true, message: call.deleted };
  });
}
