-- What recording and verifying the audit trail cost (issue 23, docs/audit.md "Scale and cost").
--
-- 1. The chain's hash functions (0025) were declared IMMUTABLE, but their body calls STABLE functions
-- (to_char, the arrays' text output). PostgreSQL inlines a SQL function only when its body is no more
-- volatile than its declaration, so every call ran as a function of its own with the whole entry built
-- as a record: the statement that rehashes 100,000 entries took 21.7 s on PostgreSQL and 12.7 s on
-- PGlite, 1.6 s and 2.5 s inlined (load 13-14). Declared STABLE, which is what they are, they are
-- inlined into the statement that calls them (the chain trigger's and verify's): the same text and the
-- same hashes, so every entry written before still verifies. No index reads them.
ALTER FUNCTION fleet_audit_content(audit_entries) STABLE;
ALTER FUNCTION fleet_audit_hash(audit_entries, text) STABLE;

-- 2. Row capture (0025) wrote each captured row into the session's temporary audit_staged. A transaction
-- that touches a temporary table cost 4-5 ms more on PGlite on disk and 7-8 ms more on PostgreSQL than one
-- that writes an unlogged table (its truncation at commit, with its TOAST table and index), most of what
-- recording added to a small write. Captured rows now go to one unlogged table, tagged with their
-- transaction; the entry's writer reads and removes its own rows in one statement (policy/audit.ts). A
-- refused write rolls them back with everything else; unlogged: never in the WAL, emptied after a crash,
-- when no transaction is left to read them.
INSERT INTO audit_uncaptured (tbl) VALUES ('audit_captured_rows') ON CONFLICT (tbl) DO NOTHING;
CREATE UNLOGGED TABLE IF NOT EXISTS audit_captured_rows (
  tx       bigint NOT NULL,    -- txid_current() of the transaction that wrote the row
  n        integer NOT NULL,   -- its place among that transaction's captured rows
  tbl      text NOT NULL,
  op       text NOT NULL,
  row_id   text,
  old_row  jsonb,
  new_row  jsonb
);
CREATE INDEX IF NOT EXISTS audit_captured_rows_tx_idx ON audit_captured_rows (tx);

-- As 0025's, into audit_captured_rows: the first 1000 rows keep their old and new values, then table and
-- id only (a bulk write's ids stay readable).
CREATE OR REPLACE FUNCTION fleet_audit_capture() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  n integer := coalesce(nullif(current_setting('fleet.audit_rows', true), ''), '0')::integer + 1;
  old_row jsonb := CASE WHEN TG_OP <> 'INSERT' THEN to_jsonb(OLD) END;
  new_row jsonb := CASE WHEN TG_OP <> 'DELETE' THEN to_jsonb(NEW) END;
BEGIN
  PERFORM set_config('fleet.audit_rows', n::text, true);
  INSERT INTO audit_captured_rows (tx, n, tbl, op, row_id, old_row, new_row)
  VALUES (txid_current(), n, TG_TABLE_NAME, TG_OP, coalesce(new_row, old_row) ->> 'id',
          CASE WHEN n <= 1000 THEN old_row END, CASE WHEN n <= 1000 THEN new_row END);
  RETURN NULL;
END $$;
