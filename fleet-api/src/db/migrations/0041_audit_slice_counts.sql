-- The audit lists' exact totals without counting the trail (issue 23, docs/audit.md "Scale and cost"):
-- an organisation's list counted every entry of its slice (100,000 of 10,000,000: 1 s on PostgreSQL,
-- every one read through the GIN bitmap). Entries are counted here instead, in the entry's own
-- transaction, per set of slice keys: an entry often carries several keys of one organisation's slice
-- (an agency's and its multi-site company's), so counts per key would count it twice; a set counts each
-- entry once, and an organisation's total is the sum over the sets that meet its keys. Customers' keys
-- are left out of the sets (no list is a customer's, and with them there would be a set per customer):
-- modules/audit/entries.ts counts a slice with a customer key the slow way.
--
-- Admin's whole-trail total is the sum of every set (each entry is in exactly one).

-- One expression (no FROM of its own), so that it is inlined where it is called: as an aggregate it ran
-- as a statement of its own on every entry (1.1 against 0.45 ms added to an entry on PGlite, loaded).
CREATE FUNCTION fleet_audit_counted_keys(keys text[]) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT ARRAY(SELECT DISTINCT k FROM unnest(keys) k WHERE k NOT LIKE 'customer:%' ORDER BY k)
$$;

CREATE TABLE audit_slice_counts (
  keys     text[] PRIMARY KEY,       -- fleet_audit_counted_keys of the entries' slice_keys
  entries  bigint NOT NULL
);
-- the sets that meet a caller's keys; the counts change in place (HOT: no indexed column changes)
CREATE INDEX audit_slice_counts_keys_idx ON audit_slice_counts USING gin (keys);

-- An organisation's page in its list's order: each entry once per counted key, so that a page of one key
-- reads its rows from the index and an organisation's keys are merged (modules/audit/entries.ts). Read
-- through the entries' own newest-first index instead, page 40 of an agency with 1 % of 10,000,000 entries
-- went through 100,000 of them (210 ms).
CREATE TABLE audit_entry_keys (
  key         text NOT NULL,
  created_at  timestamptz NOT NULL,
  entry_id    bigint NOT NULL
);
CREATE INDEX audit_entry_keys_order_idx ON audit_entry_keys (key, created_at DESC, entry_id DESC);
INSERT INTO audit_uncaptured (tbl) VALUES ('audit_slice_counts'), ('audit_entry_keys') ON CONFLICT (tbl) DO NOTHING;

-- One statement per INSERT of entries (the API inserts one entry per write), after the chain trigger
-- took the head's lock: writers already wait on that lock, so this row's lock adds no new order. A
-- DELETE (only retention's, fleet_audit_drop_month) takes its entries off, and sets left empty go.
CREATE FUNCTION fleet_audit_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE audit_slice_counts c SET entries = c.entries - gone.n
      FROM (SELECT fleet_audit_counted_keys(r.slice_keys) AS keys, count(*) AS n FROM entry_rows r GROUP BY 1) gone
     WHERE c.keys = gone.keys;
    DELETE FROM audit_slice_counts WHERE entries = 0;
    -- found by the order index (no index of its own to write on every entry)
    DELETE FROM audit_entry_keys k
     USING (SELECT d.key, r.created_at, r.id FROM entry_rows r, unnest(fleet_audit_counted_keys(r.slice_keys)) d(key)) gone
     WHERE k.key = gone.key AND k.created_at = gone.created_at AND k.entry_id = gone.id;
    RETURN NULL;
  END IF;
  -- one statement: on PGlite each costs its executor's start (two took 2.3 ms more than none, loaded)
  WITH added AS (SELECT fleet_audit_counted_keys(r.slice_keys) AS keys, r.created_at, r.id FROM entry_rows r),
  counted AS (
    INSERT INTO audit_slice_counts AS c (keys, entries) SELECT keys, count(*) FROM added GROUP BY 1
    ON CONFLICT (keys) DO UPDATE SET entries = c.entries + excluded.entries
  )
  INSERT INTO audit_entry_keys (key, created_at, entry_id) SELECT k, a.created_at, a.id FROM added a, unnest(a.keys) k;
  RETURN NULL;
END $$;
CREATE TRIGGER audit_entries_counted AFTER INSERT ON audit_entries
  REFERENCING NEW TABLE AS entry_rows FOR EACH STATEMENT EXECUTE FUNCTION fleet_audit_count();
CREATE TRIGGER audit_entries_uncounted AFTER DELETE ON audit_entries
  REFERENCING OLD TABLE AS entry_rows FOR EACH STATEMENT EXECUTE FUNCTION fleet_audit_count();

-- The counts and keys made again from the entries: here for the trail written before this migration, and after
-- entries were written with triggers off (the bench's fill: session_replication_role = replica).
CREATE FUNCTION fleet_audit_recount() RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  total bigint;
BEGIN
  LOCK TABLE audit_entries IN SHARE MODE;
  DELETE FROM audit_slice_counts;
  INSERT INTO audit_slice_counts (keys, entries)
  SELECT fleet_audit_counted_keys(slice_keys), count(*) FROM audit_entries GROUP BY 1;
  DELETE FROM audit_entry_keys;
  INSERT INTO audit_entry_keys (key, created_at, entry_id)
  SELECT k, e.created_at, e.id FROM audit_entries e, unnest(fleet_audit_counted_keys(e.slice_keys)) k;
  SELECT coalesce(sum(entries), 0) INTO total FROM audit_slice_counts;
  RETURN total;
END $$;
SELECT fleet_audit_recount();
