/**
 * Pieces every OTA and firmware route shares: Admin-only access, the answer schemas, the body
 * `filter` (a JSON text like the query's, or the array itself) and small query helpers.
 */
import { Type } from '@sinclair/typebox';
import type { Db } from '../../db';
import { only } from '../../policy/roles';
import { badRequest, notFound } from '../../server/errors';
import { say } from '../../server/messages';
import { buildListing, pagedList, type ListInfo, type ListQuery, type ListSpec } from '../../server/listing';
import { SqlParams, whereClause } from '../../server/sql';

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
