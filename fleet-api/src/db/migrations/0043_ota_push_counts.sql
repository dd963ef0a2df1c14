-- OTA history's job counts per push kept, not counted (issue 22, docs/rollouts.md "Measured"): the
-- history's first page counted a 112,142-job push per state on every call (155 ms bare on PGlite at
-- 1,000,000 devices). Kept here, in the writing statement's transaction, as rollout_waves keeps a
-- wave's, so the page and the `rollout` live events read one row per push.
--
-- A table of its own rather than columns on ota_pushes: a push is an operator's object and its writes
-- are captured for the audit trail (0025), these are derived rows (uncaptured, as 0028's counts); and a
-- counter change does not lock or rewrite the push row the orchestrator and the history read.
CREATE TABLE ota_push_counts (
  push_id      bigint PRIMARY KEY REFERENCES ota_pushes (id) ON DELETE CASCADE,
  queued       integer NOT NULL DEFAULT 0,
  downloading  integer NOT NULL DEFAULT 0,
  installed    integer NOT NULL DEFAULT 0,
  failed       integer NOT NULL DEFAULT 0
);
INSERT INTO audit_uncaptured (tbl) VALUES ('ota_push_counts') ON CONFLICT (tbl) DO NOTHING;

-- One upsert per statement, from its transition rows: a push's 100,000 inserted jobs, or a batch of
-- the simulator's or the orchestrator's state changes, are one row change per push touched. The rows are
-- taken in push id order, so two statements touching the same pushes wait for each other and never
-- deadlock on them. A push whose counts do not move (a write that keeps the state) is not written. A
-- push deleted with its jobs (the cascade) has no row left to take its jobs off.
CREATE FUNCTION fleet_ota_push_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM ota_push_counts;
    RETURN NULL;
  END IF;
  EXECUTE format($sql$
    INSERT INTO ota_push_counts AS c (push_id, queued, downloading, installed, failed)
    SELECT x.push_id,
           coalesce(sum(x.k) FILTER (WHERE x.state = 'queued'), 0),
           coalesce(sum(x.k) FILTER (WHERE x.state = 'downloading'), 0),
           coalesce(sum(x.k) FILTER (WHERE x.state = 'installed'), 0),
           coalesce(sum(x.k) FILTER (WHERE x.state = 'failed'), 0)
      FROM (%s) x
     WHERE EXISTS (SELECT 1 FROM ota_pushes p WHERE p.id = x.push_id)
     GROUP BY x.push_id
    HAVING coalesce(sum(x.k) FILTER (WHERE x.state = 'queued'), 0) <> 0
        OR coalesce(sum(x.k) FILTER (WHERE x.state = 'downloading'), 0) <> 0
        OR coalesce(sum(x.k) FILTER (WHERE x.state = 'installed'), 0) <> 0
        OR coalesce(sum(x.k) FILTER (WHERE x.state = 'failed'), 0) <> 0
     ORDER BY x.push_id
    ON CONFLICT (push_id) DO UPDATE SET
      queued      = c.queued + excluded.queued,
      downloading = c.downloading + excluded.downloading,
      installed   = c.installed + excluded.installed,
      failed      = c.failed + excluded.failed $sql$,
    CASE TG_OP
      WHEN 'INSERT' THEN 'SELECT push_id, state, 1 AS k FROM added_jobs'
      WHEN 'DELETE' THEN 'SELECT push_id, state, -1 AS k FROM removed_jobs'
      ELSE 'SELECT push_id, state, 1 AS k FROM changed_jobs UNION ALL SELECT push_id, state, -1 FROM jobs_before'
    END);
  RETURN NULL;
END $$;

CREATE TRIGGER ota_jobs_counted AFTER INSERT ON ota_jobs
  REFERENCING NEW TABLE AS added_jobs FOR EACH STATEMENT EXECUTE FUNCTION fleet_ota_push_count();
CREATE TRIGGER ota_jobs_recounted AFTER UPDATE ON ota_jobs
  REFERENCING OLD TABLE AS jobs_before NEW TABLE AS changed_jobs FOR EACH STATEMENT EXECUTE FUNCTION fleet_ota_push_count();
CREATE TRIGGER ota_jobs_uncounted AFTER DELETE ON ota_jobs
  REFERENCING OLD TABLE AS removed_jobs FOR EACH STATEMENT EXECUTE FUNCTION fleet_ota_push_count();
CREATE TRIGGER ota_jobs_counts_truncated AFTER TRUNCATE ON ota_jobs
  FOR EACH STATEMENT EXECUTE FUNCTION fleet_ota_push_count();

-- The pushes written before this migration (the table's lock keeps writers out until it commits).
LOCK TABLE ota_jobs IN SHARE MODE;
INSERT INTO ota_push_counts (push_id, queued, downloading, installed, failed)
SELECT push_id,
       count(*) FILTER (WHERE state = 'queued'),
       count(*) FILTER (WHERE state = 'downloading'),
       count(*) FILTER (WHERE state = 'installed'),
       count(*) FILTER (WHERE state = 'failed')
  FROM ota_jobs GROUP BY push_id;
