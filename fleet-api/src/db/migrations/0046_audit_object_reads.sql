-- One object's audit list at 10,000,000 entries (issue 23, docs/audit.md "Scale and cost";
-- modules/audit/entries.ts objectEntries). A busy device (10,012 entries) read every entry of its own from
-- the table for a page 40 (1,000 of them, whole, to be sorted), and each of the 2,000 bulk writes about it,
-- which touched it too, once for the total and once for the page only to be left out of the touched ones.
--
-- The object index with the id, in the lists' order: the list reads an object's ids and times from the
-- index alone (an index-only scan), then only the page's entries by id. It serves every read the old
-- (entity, entity_id, created_at DESC) served, the timelines' included; it replaces it.
CREATE INDEX audit_entries_object_idx ON audit_entries (entity, entity_id, created_at DESC, id DESC);
DROP INDEX audit_entries_entity_idx;

-- The ids a bulk write touched less its own object (the entries of bulk writes that touched an object and
-- are about something else), only for entries with touched ids: an entry without them writes nothing here.
-- Its condition in the list is `touched_ids IS NOT NULL AND array_remove(touched_ids, entity_id) @> ARRAY[id]`,
-- which is `touched_ids @> ARRAY[id] AND entity_id IS DISTINCT FROM id`. 0025's index on touched_ids stays
-- (the export's single condition, the device timeline).
CREATE INDEX audit_entries_touched_other_idx ON audit_entries USING gin (array_remove(touched_ids, entity_id)) WHERE touched_ids IS NOT NULL;
