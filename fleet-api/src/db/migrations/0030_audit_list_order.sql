-- The audit lists sort by `created_at DESC NULLS LAST, id DESC` (server/listing.ts, the export too), and
-- 0025's indexes are `created_at DESC` (NULLS FIRST): PostgreSQL could use neither for that order, so an
-- organisation's list sorted all its entries for a page and a user's list read all of that user's rows
-- (at 10,000,000 entries, a user with 5,000: 217 ms, nearly all of it heap reads; bench/audit.bench.ts).
-- The same indexes in the lists' order: a page reads its 25 rows. created_at is NOT NULL, so nothing else
-- changes. The object index (entity, entity_id, created_at DESC) stays as it is: the timelines read it in
-- that order.
DROP INDEX audit_entries_newest_idx;
CREATE INDEX audit_entries_newest_idx ON audit_entries (created_at DESC NULLS LAST, id DESC);
DROP INDEX audit_entries_actor_idx;
CREATE INDEX audit_entries_actor_idx ON audit_entries (actor_id, created_at DESC NULLS LAST, id DESC);
