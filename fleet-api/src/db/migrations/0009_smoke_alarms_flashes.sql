-- Issue 9, the last device data the spec's calls read.
--
-- 1. Smoke alarms. A safelink device is the hub of a home's smoke alarms (spec: "safelink (smoke
--    alarms)"; GET /api/safelink/smokealarm/{id} lists the alarms of safelink device {id}). An alarm
--    is seen by whoever sees its hub: the policy scope of the hub device decides.
CREATE TABLE smoke_alarms (
  id                 bigserial PRIMARY KEY,
  safelink_device_id bigint NOT NULL REFERENCES devices (id) ON DELETE CASCADE,
  serial_number      text NOT NULL,
  location           text NOT NULL,
  alarm_type         text NOT NULL CHECK (alarm_type IN ('Photoelectric', 'Heat')),
  alarm_status       text NOT NULL DEFAULT 'Normal' CHECK (alarm_status IN ('Normal', 'Alarm', 'Fault', 'Low battery')),
  battery_level      smallint CHECK (battery_level BETWEEN 0 AND 100),
  last_tested_at     timestamptz,
  expires_on         date,         -- an alarm is replaced ten years after it was made
  created_at         timestamptz NOT NULL DEFAULT now(),
  updated_at         timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX smoke_alarms_hub_idx ON smoke_alarms (safelink_device_id, created_at DESC, id DESC);
CREATE INDEX smoke_alarms_created_idx ON smoke_alarms (created_at DESC, id DESC);
CREATE INDEX smoke_alarms_serial_trgm_idx ON smoke_alarms USING gin (serial_number gin_trgm_ops);
-- The alarm list's totals are cached with the device lists' version (0008).
CREATE TRIGGER smoke_alarms_version AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF safelink_device_id, serial_number,
    location, alarm_type, alarm_status ON smoke_alarms
  FOR EACH STATEMENT EXECUTE FUNCTION fleet_bump_devices_version();

-- 2. Flashes: the meter's LED pulses an electricity advisor or livelink counts, per half hour.
--    Energy is flashes divided by the impulse rate (imp/kWh) in effect; GET /api/device/flashes-csv
--    reads them for one device and a period.
CREATE TABLE device_flashes (
  device_id bigint NOT NULL REFERENCES devices (id) ON DELETE CASCADE,
  read_at   timestamptz NOT NULL,   -- the start of the half hour
  flashes   integer NOT NULL CHECK (flashes >= 0),
  PRIMARY KEY (device_id, read_at)
);

-- 3. A correction (the update-rate history) says what it corrects, and a tariff correction carries
--    the unit charge ($/kWh) of its period; the flashes CSV prices energy with it.
ALTER TABLE device_rate_changes
  ADD COLUMN update_section text CHECK (update_section IN ('impulseRate', 'tariffRate', 'both')),
  ADD COLUMN unit_charge numeric(10, 4) CHECK (unit_charge >= 0);
