-- Exports run as server jobs (issue 9): a row per export with its progress, the file it wrote under
-- <dataDir>/exports, and why it failed. The console polls the row and downloads by a signed link.
CREATE TABLE export_jobs (
  id           bigserial PRIMARY KEY,
  user_id      bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind         text NOT NULL CHECK (kind IN ('devices')),
  status       text NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'done', 'failed')),
  total        integer NOT NULL DEFAULT 0,
  rows_written integer NOT NULL DEFAULT 0,
  file_key     text,
  error        text,
  created_at   timestamptz NOT NULL DEFAULT now(),
  finished_at  timestamptz
);
CREATE INDEX export_jobs_user_idx ON export_jobs (user_id, created_at DESC);
