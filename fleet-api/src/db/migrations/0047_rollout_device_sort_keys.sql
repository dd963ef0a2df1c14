-- The rollout device list sorted by serial, MAC or firmware version (issue 22, docs/rollouts.md "The
-- device list"): a middle page took 4.8 s on PGlite and 0.9 s on PostgreSQL at 1,000,000 devices,
-- because the order came from the devices' OTA rows (ota_device_rows' indexes of the whole line) and
-- every row before the page had to be looked up in the rollout to know it belonged to it.
--
-- Each rollout row now keeps its device's serial, MAC and firmware version's sort key as they are now
-- (copied from its device's OTA row of the rollout's device type, the row the list joins), with an index
-- per sort in the list's order, ties broken by position as for the rollout's own columns (0042). So a
-- page in those orders is found in rollout_devices alone, like the others (device-list.ts rowsOf). The
-- version is kept as its key (fleet_version_key, 0005), not as text under an expression index: the page's
-- positions are then read from the index alone, where the expression was computed again for each of the
-- rows before the page (578 ms for the middle page of 20,000 on PGlite, 42 ms by serial).
-- - The rows are written with them (creation.ts writeRows joins each place's OTA row).
-- - After that, a device's OTA row added or changed (0023's device triggers: a serial or MAC edited, an
--   install, the device moved back into the line) copies its three values to each of its rows, in the
--   writing statement's transaction. A row whose device left the line keeps the values it had: the list
--   leaves such a row out of its page anyway.
-- - On PostgreSQL a change committed while a batch of rows was being written misses that batch's rows
--   (not visible to its trigger yet): creation.ts refreshes the copies of a rollout whose rows are all
--   written, with ota_device_rows locked, as it counts the versions (0045). PGlite runs one transaction
--   at a time, so there nothing can be missed.
ALTER TABLE rollout_devices ADD COLUMN serial_number text, ADD COLUMN mac_address text, ADD COLUMN firmware_version_key numeric[];

-- A copy changes no state, wave or device count: the counters' trigger (0022) skips such an update, or
-- each install of a device in a rollout would rewrite that rollout's wave rows with the same numbers.
CREATE OR REPLACE FUNCTION rollout_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND current_setting('fleet.rollout_keys_only', true) = 'on' THEN
    RETURN NULL;
  END IF;
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

-- The copies of the rows of `rollout` (every rollout when NULL) whose device's OTA row of the rollout's
-- device type has other values than the copy: the backfill below, and creation.ts on PostgreSQL once
-- a rollout's rows are all written (with ota_device_rows locked, so no change is left out).
CREATE FUNCTION fleet_rollout_rows_keys_refresh(rollout bigint) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM set_config('fleet.rollout_keys_only', 'on', true);
  UPDATE rollout_devices rd
     SET serial_number = o.serial_number, mac_address = o.mac_address, firmware_version_key = fleet_version_key(o.firmware_version)
    FROM rollouts r, ota_device_rows o
   WHERE (rollout IS NULL OR rd.rollout_id = rollout) AND r.id = rd.rollout_id
     AND o.device_id = rd.device_id AND o.device_type = r.product_line
     AND (rd.serial_number, rd.mac_address, rd.firmware_version_key) IS DISTINCT FROM (o.serial_number, o.mac_address, fleet_version_key(o.firmware_version));
  PERFORM set_config('fleet.rollout_keys_only', '', true);
END $$;

-- Devices' OTA rows added or changed: each of those devices' rows in a rollout of the row's device
-- type takes the row's values. Static SQL (0045: PL/pgSQL keeps its plans); most of these writes are
-- installs of devices in no rollout, which join no row and write nothing.
CREATE FUNCTION fleet_rollout_rows_keys_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM added a JOIN rollout_devices rd ON rd.device_id = a.device_id) THEN
    RETURN NULL;
  END IF;
  PERFORM set_config('fleet.rollout_keys_only', 'on', true);
  UPDATE rollout_devices rd
     SET serial_number = a.serial_number, mac_address = a.mac_address, firmware_version_key = fleet_version_key(a.firmware_version)
    FROM added a, rollouts r
   WHERE rd.device_id = a.device_id AND r.id = rd.rollout_id AND r.product_line = a.device_type
     AND (rd.serial_number, rd.mac_address, rd.firmware_version_key) IS DISTINCT FROM (a.serial_number, a.mac_address, fleet_version_key(a.firmware_version));
  PERFORM set_config('fleet.rollout_keys_only', '', true);
  RETURN NULL;
END $$;
CREATE TRIGGER ota_device_rows_rollout_keys_added AFTER INSERT ON ota_device_rows
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION fleet_rollout_rows_keys_moved();
CREATE TRIGGER ota_device_rows_rollout_keys_changed AFTER UPDATE ON ota_device_rows
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION fleet_rollout_rows_keys_moved();

-- The rows written before this migration (the lock keeps device writes out until it commits; a batch
-- still being written is refreshed when its rollout's writing ends).
LOCK TABLE ota_device_rows IN SHARE MODE;
SELECT fleet_rollout_rows_keys_refresh(NULL);

-- One index per sort, read forwards for ascending and backwards for descending (NULLS LAST), as 0042's.
CREATE INDEX rollout_devices_serial_sort_idx ON rollout_devices (rollout_id, serial_number NULLS FIRST, position);
CREATE INDEX rollout_devices_mac_sort_idx ON rollout_devices (rollout_id, mac_address NULLS FIRST, position);
CREATE INDEX rollout_devices_version_sort_idx ON rollout_devices (rollout_id, firmware_version_key NULLS FIRST, position);
