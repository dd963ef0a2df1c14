-- The rollout device list's total for a `firmware_version` filter (issue 22, docs/rollouts.md "The device
-- list"): a rollout's rows counted per wave and per version their device runs now. Counting the matching
-- rows took 2.8 s on PGlite and 0.57 s on PostgreSQL at 1,000,000 devices, because most of a rollout
-- runs the version it was frozen on (or the target) and the count walked all of them.
--
-- Unlike 0044's from_version counts this one moves: an install changes a device's version, and the
-- device can be in several rollouts (finished ones too).
-- - Once a rollout's rows are all written, creation.ts counts them in one statement
--   (countRunningVersions), with `ota_device_rows` locked against writes meanwhile, and marks the rollout
--   counted. Until then the list counts its rows, as before. Counting each batch of rows as it was written
--   instead (a statement trigger joining each row to its device) made the writing of a million rows about
--   half as long again on PGlite on disk (20,000 rows: 2.3 s against 1.3 s, the same folder, alternated).
-- - After that, a device's OTA row (ota_device_rows, written by 0023's device triggers for every version,
--   line or identifier change, and removed with the device) changing version moves each of its rows in
--   counted rollouts from the old version to the new one, in the writing statement's transaction.
-- A row counts under the version of its device's OTA row of the rollout's device type, which exists
-- exactly when the device is of the rollout's line: the list's join (export.ts devicesOf). Rows whose
-- device runs no version (NULL) are not counted: the list's exact filter never matches them.
CREATE TABLE rollout_current_version_counts (
  rollout_id       bigint NOT NULL,
  wave             integer NOT NULL,
  firmware_version text NOT NULL,
  devices          integer NOT NULL,
  PRIMARY KEY (rollout_id, wave, firmware_version)
);
-- The rollouts whose rows are counted (all written, then counted once).
CREATE TABLE rollout_versions_counted (
  rollout_id bigint PRIMARY KEY
);
-- Derived rows, not an operator's objects: their writes are not captured for the audit trail (0025).
-- 0044's counts are derived too and were captured by mistake.
INSERT INTO audit_uncaptured (tbl) VALUES ('rollout_current_version_counts'), ('rollout_versions_counted'), ('rollout_version_counts')
ON CONFLICT (tbl) DO NOTHING;
DROP TRIGGER IF EXISTS fleet_audit_capture ON rollout_version_counts;

-- The trigger adds signed changes (rollout_id, wave, firmware_version, delta) to the counts in one
-- statement, in key order, so two writers lock the rows they share in the same order. Static SQL, not
-- EXECUTE: PL/pgSQL keeps its plans, where an EXECUTE planned its join on every statement, and an install
-- is one statement per device (0023's row trigger refreshes one device at a time): measured on PGlite in
-- memory, one device's version change took 9.1 ms with EXECUTEd triggers against 6.5 ms without them.

-- Devices' OTA rows added, changed or removed: every row of those devices in a counted rollout of the
-- row's device type moves from the old version to the new one. A change that keeps the version (a
-- serial edited) nets to nothing and writes nothing; a device in no rollout joins no row.
CREATE FUNCTION fleet_rollout_versions_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM rollout_current_version_counts;
  ELSIF TG_OP = 'UPDATE' THEN
    -- most updates of a device's OTA row are installs of devices in no rollout, or keep the version
    IF NOT EXISTS (SELECT 1 FROM added a JOIN removed b ON b.device_id = a.device_id AND b.device_type = a.device_type
                    WHERE a.firmware_version IS DISTINCT FROM b.firmware_version
                      AND EXISTS (SELECT 1 FROM rollout_devices rd WHERE rd.device_id = a.device_id)) THEN
      RETURN NULL;
    END IF;
    INSERT INTO rollout_current_version_counts AS k (rollout_id, wave, firmware_version, devices)
    SELECT rd.rollout_id, rd.wave, c.firmware_version, sum(c.delta)::int
      FROM (SELECT device_id, device_type, firmware_version, 1 AS delta FROM added
            UNION ALL SELECT device_id, device_type, firmware_version, -1 FROM removed) c
      JOIN rollout_devices rd ON rd.device_id = c.device_id
      JOIN rollout_versions_counted counted ON counted.rollout_id = rd.rollout_id
      JOIN rollouts r ON r.id = rd.rollout_id AND r.product_line = c.device_type
     WHERE c.firmware_version IS NOT NULL
     GROUP BY 1, 2, 3 HAVING sum(c.delta) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (rollout_id, wave, firmware_version) DO UPDATE SET devices = k.devices + EXCLUDED.devices;
  ELSIF TG_OP = 'INSERT' THEN
    IF NOT EXISTS (SELECT 1 FROM added a JOIN rollout_devices rd ON rd.device_id = a.device_id) THEN
      RETURN NULL;
    END IF;
    INSERT INTO rollout_current_version_counts AS k (rollout_id, wave, firmware_version, devices)
    SELECT rd.rollout_id, rd.wave, a.firmware_version, count(*)::int
      FROM added a
      JOIN rollout_devices rd ON rd.device_id = a.device_id
      JOIN rollout_versions_counted counted ON counted.rollout_id = rd.rollout_id
      JOIN rollouts r ON r.id = rd.rollout_id AND r.product_line = a.device_type
     WHERE a.firmware_version IS NOT NULL
     GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (rollout_id, wave, firmware_version) DO UPDATE SET devices = k.devices + EXCLUDED.devices;
  ELSE
    IF NOT EXISTS (SELECT 1 FROM removed b JOIN rollout_devices rd ON rd.device_id = b.device_id) THEN
      RETURN NULL;
    END IF;
    INSERT INTO rollout_current_version_counts AS k (rollout_id, wave, firmware_version, devices)
    SELECT rd.rollout_id, rd.wave, b.firmware_version, -count(*)::int
      FROM removed b
      JOIN rollout_devices rd ON rd.device_id = b.device_id
      JOIN rollout_versions_counted counted ON counted.rollout_id = rd.rollout_id
      JOIN rollouts r ON r.id = rd.rollout_id AND r.product_line = b.device_type
     WHERE b.firmware_version IS NOT NULL
     GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (rollout_id, wave, firmware_version) DO UPDATE SET devices = k.devices + EXCLUDED.devices;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER ota_device_rows_rollouts_added AFTER INSERT ON ota_device_rows
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION fleet_rollout_versions_moved();
CREATE TRIGGER ota_device_rows_rollouts_changed AFTER UPDATE ON ota_device_rows
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION fleet_rollout_versions_moved();
CREATE TRIGGER ota_device_rows_rollouts_removed AFTER DELETE ON ota_device_rows
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION fleet_rollout_versions_moved();
CREATE TRIGGER ota_device_rows_rollouts_truncated AFTER TRUNCATE ON ota_device_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fleet_rollout_versions_moved();

-- One rollout's rows counted per wave and version their device runs now, and the rollout marked counted:
-- creation.ts's countRunningVersions (with ota_device_rows locked) once its rows are all written, and the
-- backfill below. A row counts under its device's OTA row of the rollout's device type, as in the trigger.
CREATE FUNCTION fleet_count_rollout_versions(rollout bigint) RETURNS void LANGUAGE sql AS $$
  INSERT INTO rollout_current_version_counts (rollout_id, wave, firmware_version, devices)
  SELECT rd.rollout_id, rd.wave, o.firmware_version, count(*)::int
    FROM rollout_devices rd
    JOIN rollouts r ON r.id = rd.rollout_id
    JOIN ota_device_rows o ON o.device_id = rd.device_id AND o.device_type = r.product_line
   WHERE rd.rollout_id = rollout AND o.firmware_version IS NOT NULL
   GROUP BY 1, 2, 3;
  INSERT INTO rollout_versions_counted (rollout_id) VALUES (rollout);
$$;

-- The rollouts whose rows are all written before this migration (the lock keeps writers out until it
-- commits); one still being written is counted when its writing ends.
LOCK TABLE rollout_devices, ota_device_rows IN SHARE MODE;
SELECT fleet_count_rollout_versions(r.id) FROM rollouts r
 WHERE NOT EXISTS (SELECT 1 FROM rollout_waves w WHERE w.rollout_id = r.id AND w.unwritten > 0);
