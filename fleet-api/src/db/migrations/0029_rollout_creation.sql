-- Creating a rollout at fleet size (issue 22, docs/rollouts.md "Creation"): the add freezes its devices as
-- bitmasks of 64 device ids and answers with the counts per wave; each device's place and its
-- rollout_devices row are written afterwards by claimed work (the orchestrator's tick, or the add's own
-- job once committed), the first wave first. A wave dispatches only once all its rows are written.

-- The devices frozen at add whose rows are not written yet: bit (id & 63) of word (id >> 6). Cleared as
-- their rows are written, so "in another rollout" reads rows for the written devices and these for the rest.
-- No foreign keys on these two work tables (as rollout_devices, 0022): a check per row is time the add
-- and the writer do not have, and rollouts are never deleted.
CREATE TABLE rollout_members (
  rollout_id bigint NOT NULL,
  word       bigint NOT NULL,
  bits       bigint NOT NULL
);
-- No index either: every reader joins a rollout's few thousand words by hash, and an index was a tenth
-- of the add's time at 1,000,000 devices.

-- Each frozen device's place (its stratified rank, as 0022's add computed it), written once in one pass
-- and read in position ranges by the writer; removed once the rollout's rows are all written.
CREATE TABLE rollout_places (
  rollout_id   bigint NOT NULL,
  position     integer NOT NULL,
  device_id    bigint NOT NULL,
  wave         integer NOT NULL,
  time_zone    text NOT NULL,
  from_version text,
  PRIMARY KEY (rollout_id, position)
);

-- Set once the places are computed (NULL: the frozen members still wait for them).
ALTER TABLE rollouts ADD COLUMN placed_at timestamptz;
UPDATE rollouts SET placed_at = created_at;
-- Per wave, its devices whose rows are not written yet; the wave may start only at 0.
ALTER TABLE rollout_waves ADD COLUMN unwritten integer NOT NULL DEFAULT 0;

-- The counts of a wave are set at add (devices and queued from the frozen total); rows written later
-- are already counted, so inserts no longer count (changes still do, through rollout_devices_changed).
DROP TRIGGER rollout_devices_added ON rollout_devices;

-- Work tables, not what an operator changed (migration 0025's capture; 0028 left out rollout_devices).
INSERT INTO audit_uncaptured (tbl) VALUES ('rollout_members'), ('rollout_places') ON CONFLICT (tbl) DO NOTHING;
