-- The chain's hash functions (0025) were declared IMMUTABLE, but their body calls STABLE functions
-- (to_char, the arrays' text output). PostgreSQL inlines a SQL function only when its body is no more
-- volatile than its declaration, so every call ran as a function of its own with the whole entry built
-- as a record: 18 us an entry of the 25 us that hashing took on PGlite, and on PostgreSQL the statement
-- that rehashes 100,000 entries took 21.7 s instead of 1.6 s (bench/audit.bench.ts, issue 23's verify of
-- 1,000,000 in 30 s). Declared STABLE, which is what they are, they are inlined into the statement that
-- calls them (the chain trigger's and verify's): the same text and the same hashes, so every entry
-- written before still verifies, and nothing else reads them in an index.
ALTER FUNCTION fleet_audit_content(audit_entries) STABLE;
ALTER FUNCTION fleet_audit_hash(audit_entries, text) STABLE;
