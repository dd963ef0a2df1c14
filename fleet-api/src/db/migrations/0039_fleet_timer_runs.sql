-- Periodic work run once per fleet (issue 25, server/singleton.ts onceInPeriod): the last slot of its
-- period (an hour of the heat-pump history, ten minutes of housekeeping) that some instance ran, so
-- instances whose timers fire at other minutes skip a slot already done. Written in the run's own
-- transaction, under its advisory lock: a run that failed leaves the slot to the next timer.

-- a timer's bookkeeping, not a fact of the fleet
INSERT INTO audit_uncaptured (tbl) VALUES ('fleet_timer_runs') ON CONFLICT (tbl) DO NOTHING;

CREATE TABLE fleet_timer_runs (
  -- server/singleton.ts SINGLETON_KEYS
  name         text PRIMARY KEY,
  slot         timestamptz NOT NULL,
  instance_id  text NOT NULL,
  ran_at       timestamptz NOT NULL
);
