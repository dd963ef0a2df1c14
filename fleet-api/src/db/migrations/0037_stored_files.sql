-- Stored files in the database (storage/database-file-storage.ts): on PostgreSQL firmware, OTA packs,
-- slider images and export files live here, so every fleet-api instance serves a file another one
-- stored (issue 25). A file is staged first (key NULL) and becomes visible under its key only when it
-- is committed; staged files nobody touched for a while are swept, like the local `.staging` folder.
-- On PGlite the tables stay empty: the embedded default keeps files in folders.

-- bytes, not facts: the audit trail records the rows that name a file (firmwares, sliders, exports)
INSERT INTO audit_uncaptured (tbl) VALUES ('stored_files'), ('stored_file_chunks') ON CONFLICT (tbl) DO NOTHING;

CREATE TABLE stored_files (
  id            uuid PRIMARY KEY,
  -- which storage: 'firmware', 'sliders', 'exports' (one key never opens another area's file)
  area          text NOT NULL,
  key           text,
  size_bytes    bigint NOT NULL DEFAULT 0,
  md5           text,
  chunk_count   integer NOT NULL DEFAULT 0,
  -- moved by every chunk written: a staged file idle for long belongs to a dead upload
  touched_at    timestamptz NOT NULL DEFAULT clock_timestamp(),
  committed_at  timestamptz,
  CHECK ((key IS NULL) = (committed_at IS NULL))
);
-- keys are generated UUIDs (storage/file-storage.ts newFileKey), never sent by a request: a plain index
CREATE INDEX stored_files_key_idx ON stored_files (area, key) WHERE key IS NOT NULL;
CREATE INDEX stored_files_staged_idx ON stored_files (area, touched_at) WHERE committed_at IS NULL;

CREATE TABLE stored_file_chunks (
  file_id  uuid NOT NULL REFERENCES stored_files (id) ON DELETE CASCADE,
  seq      integer NOT NULL,
  bytes    bytea NOT NULL,
  PRIMARY KEY (file_id, seq)
);
-- firmware images and PNGs are compressed already: kept out of line without another compression pass
ALTER TABLE stored_file_chunks ALTER COLUMN bytes SET STORAGE EXTERNAL;
