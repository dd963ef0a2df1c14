/**
 * Electricity retailers (spec 7: /api/electricity-retailer/get/all, add, edit/update, delete, list;
 * Admin writes). 'Retailer Name is required'; is_top_listed is 1 only when true (top-listed ones come
 * first in the property edit's choice). Names are unique, case aside. A retailer a property's current
 * tariff names is not deleted (409 with how many): its history would lose the name.
 */
import { Type, type Static } from '@sinclair/typebox';
import type { Db } from '../../db';
import { ApiError, uniqueMessage } from '../../server/errors';
import { filterBy, buildListing, type ListInfo, type ListQuery, type ListSpec, pagedList } from '../../server/listing';
import { ISO, SqlParams, whereClause } from '../../server/sql';
import { RequiredText } from '../../server/schemas';
import { say } from '../../server/messages';

const RETAILER_NAME_REQUIRED = say('retailers.nameRequired');
const RETAILER_EXISTS = uniqueMessage('electricity_retailers_name_key', say('retailers.nameTaken'));

export const RetailerName = RequiredText(199, RETAILER_NAME_REQUIRED, say('retailers.nameTooLong'));
/** The console sends 1 only when true; 0, false or nothing is not top-listed. */
export const TopListed = Type.Optional(Type.Union([Type.Integer({ minimum: 0, maximum: 1 }), Type.Boolean()], { errorMessage: say('retailers.topListedInvalid') }));

export const RetailerRow = Type.Object({
  electricity_retailer_id: Type.Integer(),
  retailer_name: Type.String(),
  is_top_listed: Type.Integer(),
  properties: Type.Integer(),
  created_at: Type.String(),
});
export type RetailerRowT = Static<typeof RetailerRow>;

const LIST: ListSpec = {
  sortable: { created_at: 'r.created_at', retailer_name: 'lower(r.retailer_name)', is_top_listed: 'r.is_top_listed' },
  filters: { retailer_name: filterBy.text('r.retailer_name'), is_top_listed: filterBy.number('r.is_top_listed') },
};

/** Properties whose current tariff (their newest row) names retailer `r`: the list shows it, delete is refused by it. */
const CURRENT_PROPERTIES = `(SELECT count(*)::int FROM customer_tariff_details t
   WHERE t.electricity_retailer_id = r.id
     AND NOT EXISTS (SELECT 1 FROM customer_tariff_details newer
                      WHERE newer.property_id = t.property_id AND (newer.created_at, newer.id) > (t.created_at, t.id)))`;

export async function listRetailers(db: Db, query: ListQuery): Promise<ListInfo<RetailerRowT>> {
  const params = new SqlParams();
  const listing = buildListing(query, LIST, params, 'r.id');
  const where = whereClause(listing.conditions);
  return pagedList<RetailerRowT>(db, listing, params, `r.id::int AS electricity_retailer_id, r.retailer_name, r.is_top_listed::int AS is_top_listed,
            ${CURRENT_PROPERTIES} AS properties,
            ${ISO('r.created_at')} AS created_at`, `FROM electricity_retailers r ${where}`);
}

const topListed = (value: number | boolean | undefined): number => (value === true || value === 1 ? 1 : 0);

export async function saveRetailer(db: Db, id: number | null, name: string, isTopListed: number | boolean | undefined): Promise<number> {
  const clean = name.trim();
  const taken = await db.query('SELECT 1 FROM electricity_retailers WHERE lower(retailer_name) = lower($1) AND id IS DISTINCT FROM $2', [clean, id]);
  if (taken.rows.length > 0) throw new ApiError(409, RETAILER_EXISTS);
  if (id === null) {
    const { rows } = await db.query<{ id: number }>(
      'INSERT INTO electricity_retailers (retailer_name, is_top_listed) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING id::int AS id',
      [clean, topListed(isTopListed)],
    );
    const added = rows[0]?.id;
    if (added === undefined) throw new ApiError(409, RETAILER_EXISTS);
    return added;
  }
  const { rows } = await db.query<{ id: number }>('UPDATE electricity_retailers SET retailer_name = $2, is_top_listed = $3 WHERE id = $1 RETURNING id::int AS id', [
    id,
    clean,
    topListed(isTopListed),
  ]);
  if (rows.length === 0) throw new ApiError(404, say('retailers.notFound'));
  return id;
}

export async function deleteRetailer(db: Db, id: number): Promise<void> {
  const used = (await db.query<{ n: number }>(`SELECT ${CURRENT_PROPERTIES} AS n FROM electricity_retailers r WHERE r.id = $1`, [id])).rows[0]?.n;
  if (used === undefined) throw new ApiError(404, say('retailers.notFound'));
  if (used > 0) throw new ApiError(409, say('retailers.inUse', { count: used }));
  await db.query('DELETE FROM electricity_retailers WHERE id = $1', [id]);
}
