-- Firmware and OTA: the rules 0001 leaves to the application made structural, and the indexes the
-- OTA lists need at 1,000,000 devices.

-- The device set of an OTA device type: livelink and ihd_livelink devices are one line (the livelink
-- product's "Select Device Type" only picks the firmware), every other type is its own line.
-- IMMUTABLE and inlinable, so the expression index below serves `fleet_ota_line(product_line) = $1`.
CREATE OR REPLACE FUNCTION fleet_ota_line(line text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT CASE WHEN line IN ('livelink', 'ihd_livelink') THEN 'livelink' ELSE line END $$;

-- A page of 25 newest OTA devices of a line (and its exact count) is one ordered index range.
-- NULLS LAST matches the list codec's ORDER BY ... DESC NULLS LAST.
CREATE INDEX devices_ota_line_created_idx
  ON devices (fleet_ota_line(product_line), created_at DESC NULLS LAST, id DESC);
-- Counts of a line by firmware version (the Firmware Version filter), answered from the index alone.
CREATE INDEX devices_line_version_idx ON devices (product_line, firmware_version);

-- A version exists once per device type.
DROP INDEX IF EXISTS firmwares_line_version_idx;
CREATE UNIQUE INDEX firmwares_line_version_key ON firmwares (product_line, version);

-- One rule per installed version and device type (so a device matches at most one rule).
CREATE UNIQUE INDEX ota_rules_line_from_key ON ota_rules (product_line, from_version);

-- A device is in at most one group; adding it to another group moves it (ON CONFLICT (device_id)).
DROP INDEX IF EXISTS ota_group_devices_device_idx;
CREATE UNIQUE INDEX ota_group_devices_device_key ON ota_group_devices (device_id);

-- The simulator's work queue and "device already has an update in flight".
CREATE INDEX ota_jobs_active_idx ON ota_jobs (state, id) WHERE state IN ('queued', 'downloading');
CREATE INDEX ota_jobs_device_active_idx ON ota_jobs (device_id) WHERE state IN ('queued', 'downloading');
