-- Safe firmware rollouts (issue 22, docs/rollouts.md): a rollout, its waves with their device counts
-- per state, and each device's state in it. The counts are kept by the statement triggers below in
-- the same transaction as every insert or state change of rollout_devices, so the info call reads a
-- few wave rows, never counts a million device rows.

-- The IANA zone of an Australian state (contract STATE_TIME_ZONES): windows are in the property's local time.
CREATE OR REPLACE FUNCTION fleet_state_zone(state text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT CASE state
    WHEN 'NSW' THEN 'Australia/Sydney' WHEN 'ACT' THEN 'Australia/Sydney'
    WHEN 'VIC' THEN 'Australia/Melbourne' WHEN 'TAS' THEN 'Australia/Hobart'
    WHEN 'QLD' THEN 'Australia/Brisbane' WHEN 'SA' THEN 'Australia/Adelaide'
    WHEN 'NT' THEN 'Australia/Darwin' WHEN 'WA' THEN 'Australia/Perth'
    ELSE 'Australia/Sydney' END $$;

CREATE TABLE rollouts (
  id                        bigserial PRIMARY KEY,
  product_line              text NOT NULL   -- the deviceType, as firmware and pushes are stored
                            CHECK (product_line IN ('ihd', 'ihd_livelink', 'livelink', 'safelink', 'airlink', 'bulb', 'heat_pump')),
  name                      text NOT NULL CHECK (length(name) <= 60),
  firmware_id               bigint REFERENCES firmwares (id) ON DELETE SET NULL, -- the version stays named below
  firmware_version          text NOT NULL,
  -- the push whose ota_jobs the dispatched devices get (OTA history shows a rollout's jobs)
  push_id                   bigint NOT NULL REFERENCES ota_pushes (id),
  state                     text NOT NULL DEFAULT 'running'
                            CHECK (state IN ('running', 'paused', 'halted', 'aborted', 'finished')),
  selection                 jsonb NOT NULL,
  max_in_flight             integer NOT NULL CHECK (max_in_flight > 0),
  max_per_minute            integer NOT NULL CHECK (max_per_minute > 0),
  failure_threshold_percent numeric NOT NULL CHECK (failure_threshold_percent BETWEEN 0 AND 100),
  min_finished              integer NOT NULL CHECK (min_finished > 0),
  timeout_minutes           integer NOT NULL CHECK (timeout_minutes > 0),
  max_device_failures       integer NOT NULL CHECK (max_device_failures > 0),
  fault_guard               jsonb,           -- {hours, points} (heat pumps)
  maintenance_window        jsonb,           -- {start, end} as HH:MM, the property's local time
  halt_reason               jsonb,
  -- what the halt conditions leave out: the counts (and time) at the last resume, accepted by the Admin
  baseline                  jsonb NOT NULL DEFAULT '{"finished": 0, "failed": 0, "timed_out": 0, "from": null}',
  -- the per-minute cap: devices dispatched in the minute that started at minute_start
  minute_start              timestamptz,
  minute_dispatched         integer NOT NULL DEFAULT 0,
  created_by                bigint REFERENCES users (id) ON DELETE SET NULL,
  created_at                timestamptz NOT NULL DEFAULT now(),
  updated_at                timestamptz NOT NULL DEFAULT now(),
  finished_at               timestamptz
);
CREATE INDEX rollouts_line_created_idx ON rollouts (product_line, created_at DESC, id DESC);
CREATE INDEX rollouts_running_idx ON rollouts (id) WHERE state = 'running';

-- Waves: their cumulative size, approval, when they started, and their devices per state.
CREATE TABLE rollout_waves (
  rollout_id  bigint NOT NULL REFERENCES rollouts (id) ON DELETE CASCADE,
  wave        integer NOT NULL,              -- 0 is the first wave
  percent     numeric,
  count       integer,
  approval    boolean NOT NULL DEFAULT false,
  approved_at timestamptz,
  started_at  timestamptz,
  devices     integer NOT NULL DEFAULT 0,
  queued      integer NOT NULL DEFAULT 0,
  in_flight   integer NOT NULL DEFAULT 0,
  installed   integer NOT NULL DEFAULT 0,
  failed      integer NOT NULL DEFAULT 0,
  timed_out   integer NOT NULL DEFAULT 0,
  cancelled   integer NOT NULL DEFAULT 0,
  PRIMARY KEY (rollout_id, wave)
);

-- No foreign keys here: a rollout inserts up to a million rows at once, and a key check per row (and its
-- lock on each device row) was most of the time. Rollouts are never deleted; a device deleted while
-- queued is cancelled at dispatch, and its rows are only read joined to devices.
CREATE TABLE rollout_devices (
  rollout_id    bigint NOT NULL,
  device_id     bigint NOT NULL,
  wave          integer NOT NULL,
  position      integer NOT NULL,          -- the device's place in the rollout's stratified order
  time_zone     text NOT NULL,             -- its property's zone, for the window
  from_version  text,
  state         text NOT NULL DEFAULT 'queued'
                CHECK (state IN ('queued', 'in_flight', 'installed', 'failed', 'timed_out', 'cancelled')),
  failures      integer NOT NULL DEFAULT 0,
  job_id        bigint,                    -- its ota_jobs row once dispatched
  dispatched_at timestamptz,
  finished_at   timestamptz,
  PRIMARY KEY (rollout_id, device_id)
);
-- The orchestrator's claim: a rollout's queued devices in wave and position order.
CREATE INDEX rollout_devices_queue_idx ON rollout_devices (rollout_id, wave, position) WHERE state = 'queued';
CREATE INDEX rollout_devices_in_flight_idx ON rollout_devices (rollout_id, dispatched_at) WHERE state = 'in_flight';
-- The device list of a rollout by state, and "already in another rollout".
CREATE INDEX rollout_devices_state_idx ON rollout_devices (rollout_id, state, position);
CREATE INDEX rollout_devices_active_idx ON rollout_devices (device_id) WHERE state IN ('queued', 'in_flight');

-- The counters: one UPDATE of the touched waves per statement, from the statement's transition rows
-- (an insert adds its rows; a change adds its new rows and takes away its old ones).
CREATE OR REPLACE FUNCTION rollout_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format($sql$
    UPDATE rollout_waves w SET
      devices   = w.devices + c.devices,
      queued    = w.queued + c.queued,
      in_flight = w.in_flight + c.in_flight,
      installed = w.installed + c.installed,
      failed    = w.failed + c.failed,
      timed_out = w.timed_out + c.timed_out,
      cancelled = w.cancelled + c.cancelled
    FROM (SELECT rollout_id, wave, sum(n)::int AS devices,
                 coalesce(sum(k) FILTER (WHERE state = 'queued'), 0)::int AS queued,
                 coalesce(sum(k) FILTER (WHERE state = 'in_flight'), 0)::int AS in_flight,
                 coalesce(sum(k) FILTER (WHERE state = 'installed'), 0)::int AS installed,
                 coalesce(sum(k) FILTER (WHERE state = 'failed'), 0)::int AS failed,
                 coalesce(sum(k) FILTER (WHERE state = 'timed_out'), 0)::int AS timed_out,
                 coalesce(sum(k) FILTER (WHERE state = 'cancelled'), 0)::int AS cancelled
            FROM (%s) x GROUP BY rollout_id, wave) c
    WHERE w.rollout_id = c.rollout_id AND w.wave = c.wave $sql$,
    CASE TG_OP
      WHEN 'INSERT' THEN 'SELECT rollout_id, wave, state, 1 AS k, 1 AS n FROM added'
      ELSE 'SELECT rollout_id, wave, state, 1 AS k, 0 AS n FROM changed UNION ALL SELECT rollout_id, wave, state, -1, 0 FROM before'
    END);
  RETURN NULL;
END $$;

CREATE TRIGGER rollout_devices_added AFTER INSERT ON rollout_devices
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION rollout_counts_apply();
CREATE TRIGGER rollout_devices_changed AFTER UPDATE ON rollout_devices
  REFERENCING OLD TABLE AS before NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION rollout_counts_apply();
