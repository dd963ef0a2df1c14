-- Jobs that survive instances (issue 25, docs/deploy.md "Jobs across instances"). Each fleet-api
-- instance beats into its own row every 10 s (one UPDATE per instance, whatever its number of jobs);
-- a job names its owner. A running job whose owner's beat is older than 45 s, or whose owner has no
-- row, belongs to a dead instance: any instance's sweep fails it, and its starter may start another.
CREATE TABLE instances (
  id           text PRIMARY KEY,
  started_at   timestamptz NOT NULL DEFAULT now(),
  heartbeat_at timestamptz NOT NULL DEFAULT now()
);

-- NULL: started before this migration, by an instance that never beats (failed by the first sweep).
ALTER TABLE export_jobs ADD COLUMN owner_instance text;
-- the sweep and the start-up recovery read the running jobs only
CREATE INDEX export_jobs_running_idx ON export_jobs (owner_instance) WHERE status = 'running';

-- A work table, not what an operator changed (migration 0025's capture).
INSERT INTO audit_uncaptured (tbl) VALUES ('instances') ON CONFLICT (tbl) DO NOTHING;
