/**
 * The suppression list (spec: Weekly reports, menu label Suppression List; GET
 * /api/customer/suspension-list): addresses weekly reports are not sent to, with why. Admin's. The
 * spec shows the list call only; adding an address and taking one off are ours (what an operator
 * does when a customer unsubscribes by phone, or asks for the reports again).
 */
import { Type, type Static } from '@sinclair/typebox';
import type { Db } from '../../db';
import { ApiError, uniqueMessage } from '../../server/errors';
import { filterBy, buildListing, type ListInfo, type ListQuery, type ListSpec, pagedList } from '../../server/listing';
import { normaliseEmail, NullableInt, NullableText } from '../../server/schemas';
import { ISO, SqlParams, whereClause } from '../../server/sql';
import { say } from '../../server/messages';

export const SUPPRESSION_REASONS = ['Unsubscribed', 'Bounced', 'Complaint', 'Requested by customer'] as const;
export type SuppressionReason = (typeof SUPPRESSION_REASONS)[number];
export const ALREADY_SUPPRESSED = uniqueMessage('suppression_list_email_key', say('suppression.emailTaken'));

export const SuppressionRow = Type.Object({
  id: Type.Integer(),
  email: Type.String(),
  reason: NullableText,
  customer_id: NullableInt,
  customer_name: NullableText,
  created_at: Type.String(),
});
export type SuppressionRowT = Static<typeof SuppressionRow>;

const SUPPRESSION_LIST: ListSpec = {
  sortable: { created_at: 's.created_at', email: 'lower(s.email)', reason: 's.reason' },
  filters: { email: filterBy.text('s.email'), reason: filterBy.multi('s.reason') },
};

export async function listSuppressed(db: Db, query: ListQuery): Promise<ListInfo<SuppressionRowT>> {
  const params = new SqlParams();
  const listing = buildListing(query, SUPPRESSION_LIST, params, 's.id');
  const where = whereClause(listing.conditions);
  return pagedList<SuppressionRowT>(
    db,
    listing,
    params,
    `s.id::int AS id, s.email, s.reason, s.customer_id::int AS customer_id,
     nullif(trim(coalesce(c.first_name, '') || ' ' || coalesce(c.last_name, '')), '') AS customer_name, ${ISO('s.created_at')} AS created_at`,
    `FROM suppression_list s LEFT JOIN customers c ON c.id = s.customer_id ${where}`,
  );
}

/** Adds an address (linked to the fleet's customer of that email, if any); an address already there is a 409. */
export async function suppress(db: Db, email: string, reason: SuppressionReason, now: Date): Promise<number> {
  const address = normaliseEmail(email);
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO suppression_list (customer_id, email, reason, created_at)
     VALUES ((SELECT id FROM customers WHERE lower(email) = $1 ORDER BY id LIMIT 1), $1, $2, $3)
     ON CONFLICT ((lower(email))) DO NOTHING RETURNING id::int AS id`,
    [address, reason, now.toISOString()],
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new ApiError(409, ALREADY_SUPPRESSED);
  return id;
}

export async function unsuppress(db: Db, id: number): Promise<void> {
  const { rows } = await db.query('DELETE FROM suppression_list WHERE id = $1 RETURNING id', [id]);
  if (rows.length === 0) throw new ApiError(404, say('suppression.notFound'));
}
