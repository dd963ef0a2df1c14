/**
 * Aggregators (spec 7: /api/aggregators/get/all, add, edit/{id}, delete/{id}; Admin): the
 * companies electricians work for. Names are unique, case aside. An aggregator electricians still
 * name is not deleted (409 with how many).
 */
import { Type, type Static } from '@sinclair/typebox';
import type { Db } from '../../db';
import { ApiError, uniqueMessage } from '../../server/errors';
import { filterBy, buildListing, type ListInfo, type ListQuery, type ListSpec, pagedList } from '../../server/listing';
import { ISO, SqlParams, whereClause } from '../../server/sql';
import { RequiredText } from '../../server/schemas';
import { say } from '../../server/messages';

const AGGREGATOR_NAME_REQUIRED = say('fields.nameRequired');
const AGGREGATOR_EXISTS = uniqueMessage('aggregators_name_key', say('aggregators.nameTaken'));
const NAME_MAX = 199;

export const AggregatorName = RequiredText(NAME_MAX, AGGREGATOR_NAME_REQUIRED, say('sliders.nameTooLong'));

export const AggregatorRow = Type.Object({ id: Type.Integer(), name: Type.String(), electricians: Type.Integer(), created_at: Type.String() });
export type AggregatorRowT = Static<typeof AggregatorRow>;

const LIST: ListSpec = {
  sortable: { created_at: 'g.created_at', name: 'lower(g.name)', electricians: 'electricians' },
  filters: { name: filterBy.text('g.name') },
};

export async function listAggregators(db: Db, query: ListQuery): Promise<ListInfo<AggregatorRowT>> {
  const params = new SqlParams();
  const listing = buildListing(query, LIST, params, 'g.id');
  const where = whereClause(listing.conditions);
  return pagedList<AggregatorRowT>(db, listing, params, `g.id::int AS id, g.name, (SELECT count(*)::int FROM electricians e WHERE e.aggregator_id = g.id) AS electricians, ${ISO('g.created_at')} AS created_at`, `FROM aggregators g ${where}`);
}

/** Adds (id null) or renames an aggregator; a name in use is a 409. */
export async function saveAggregator(db: Db, id: number | null, name: string): Promise<number> {
  const clean = name.trim();
  const taken = await db.query('SELECT 1 FROM aggregators WHERE lower(name) = lower($1) AND id IS DISTINCT FROM $2', [clean, id]);
  if (taken.rows.length > 0) throw new ApiError(409, AGGREGATOR_EXISTS);
  if (id === null) {
    const { rows } = await db.query<{ id: number }>('INSERT INTO aggregators (name) VALUES ($1) ON CONFLICT DO NOTHING RETURNING id::int AS id', [clean]);
    const added = rows[0]?.id;
    if (added === undefined) throw new ApiError(409, AGGREGATOR_EXISTS);
    return added;
  }
  const { rows } = await db.query<{ id: number }>('UPDATE aggregators SET name = $2 WHERE id = $1 RETURNING id::int AS id', [id, clean]);
  if (rows.length === 0) throw new ApiError(404, say('aggregators.notFound'));
  return id;
}

export async function deleteAggregator(db: Db, id: number): Promise<void> {
  const used = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM electricians WHERE aggregator_id = $1', [id])).rows[0]?.n ?? 0;
  if (used > 0) throw new ApiError(409, say('aggregators.inUse', { count: used }));
  const { rows } = await db.query('DELETE FROM aggregators WHERE id = $1 RETURNING id', [id]);
  if (rows.length === 0) throw new ApiError(404, say('aggregators.notFound'));
}
