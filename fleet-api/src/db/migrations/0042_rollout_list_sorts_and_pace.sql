-- Rollouts (issue 22, docs/rollouts.md): the device list's sorts at 1,000,000 devices, the sliding
-- per-minute cap, and the time a device went offline.

-- The device list sorted by one of the rollout's own columns reads an index in the list's order; without
-- one a page sorted every row of the rollout (0.6-2 s at 1,000,000 on PostgreSQL). Ties are broken by
-- position (the rollout's order, unique in it: device-list.ts), and each index is the column NULLS FIRST,
-- then position: read forwards for ascending, backwards for descending (NULLS LAST), as listing.ts orders.
-- In that order the add's rows, written in position order with one state, wave, no attempt and no time,
-- are each appended at the end of their group: with device id as the tie-breaker the same five indexes
-- took the writing of a million rows from 98 s to 321 s (PostgreSQL, load 11-13); measured in docs/rollouts.md.
-- Serial, MAC and firmware version are read from ota_device_rows' own indexes, position from 0034's.
CREATE INDEX rollout_devices_state_sort_idx ON rollout_devices (rollout_id, state NULLS FIRST, position);
CREATE INDEX rollout_devices_wave_sort_idx ON rollout_devices (rollout_id, wave NULLS FIRST, position);
CREATE INDEX rollout_devices_failures_sort_idx ON rollout_devices (rollout_id, failures NULLS FIRST, position);
CREATE INDEX rollout_devices_dispatched_sort_idx ON rollout_devices (rollout_id, dispatched_at NULLS FIRST, position);
CREATE INDEX rollout_devices_finished_sort_idx ON rollout_devices (rollout_id, finished_at NULLS FIRST, position);

-- The per-minute cap as a sliding minute: the dispatches of the last 60 s, [[epoch ms, devices], ...],
-- kept on the rollout row (locked by the tick that dispatches), replacing the calendar minute's two columns.
ALTER TABLE rollouts ADD COLUMN recent_dispatches jsonb NOT NULL DEFAULT '[]';
ALTER TABLE rollouts DROP COLUMN minute_start, DROP COLUMN minute_dispatched;

-- "Offline for more than a set time" (a rollout's exclusion): when the device went offline. Written
-- only when is_online changes, in the same row write (no other edit touches it); NULL while online,
-- and for a device that has been offline since before this column (its last change is used then).
ALTER TABLE devices ADD COLUMN offline_since timestamptz;

CREATE FUNCTION fleet_device_offline_since() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- the writer's own time when it sets updated_at (the simulator's clock), else the transaction's
  NEW.offline_since := CASE WHEN NEW.is_online = 0
    THEN CASE WHEN NEW.updated_at IS DISTINCT FROM OLD.updated_at THEN NEW.updated_at ELSE now() END END;
  RETURN NEW;
END $$;

CREATE TRIGGER devices_offline_since BEFORE UPDATE OF is_online ON devices
  FOR EACH ROW WHEN (OLD.is_online IS DISTINCT FROM NEW.is_online) EXECUTE FUNCTION fleet_device_offline_since();
