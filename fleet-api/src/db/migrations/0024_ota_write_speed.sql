-- The big OTA writes fast again (issue 22), with the OTA lists as fast as 0023 made them.
--
-- 0023 kept every device's group, available firmware and Upgradable in ota_devices, so emptying a
-- 100,000-device group rewrote 200,000 rows in 17 indexes (48 s on PGlite, 25 s on PostgreSQL) and a
-- rule change rewrote every device on its version. Those three values follow from the device's group
-- and its type's rule for its version, both small tables: they are now joined when read, not kept.
--
-- - ota_device_rows (0023's table, renamed) keeps only what a device write changes: its type, creation,
--   identifiers and firmware version, with the sort and "contains" indexes. Written by 0023's device
--   triggers only.
-- - ota_devices is a view with 0023's columns: the rows joined to their group membership, group and
--   rule (three unique-key lookups per row; for a page of 25 that is 75 lookups).
-- - ota_device_counts is a view with 0023's columns: how many devices each type has per firmware
--   version (ota_line_counts) and per group and version (ota_member_counts), both kept by statement
--   triggers, each bucket given its availability from its group and rule. A filtered total sums a few
--   hundred buckets, whatever the fleet size.
-- So a group filled or emptied writes its membership rows and a few bucket rows, a rule or group change
-- writes its own row, and a firmware upload or delete writes nothing here.

DROP TRIGGER ota_group_devices_added ON ota_group_devices;
DROP TRIGGER ota_group_devices_moved ON ota_group_devices;
DROP TRIGGER ota_group_devices_removed ON ota_group_devices;
DROP TRIGGER ota_groups_changed ON ota_groups;
DROP TRIGGER ota_rules_added ON ota_rules;
DROP TRIGGER ota_rules_changed ON ota_rules;
DROP TRIGGER ota_rules_removed ON ota_rules;
DROP TRIGGER ota_devices_counted_added ON ota_devices;
DROP TRIGGER ota_devices_counted_changed ON ota_devices;
DROP TRIGGER ota_devices_counted_removed ON ota_devices;
DROP TRIGGER ota_devices_counted_truncated ON ota_devices;
DROP FUNCTION fleet_ota_members_changed();
DROP FUNCTION fleet_ota_group_changed();
DROP FUNCTION fleet_ota_rules_changed();
DROP FUNCTION fleet_ota_count_devices();
DROP TABLE ota_device_counts;

-- The kept part. Dropping the three derived columns drops their six indexes (Upgradable, available
-- firmware and group, each as a filter and as a sort).
ALTER TABLE ota_devices RENAME TO ota_device_rows;
ALTER TABLE ota_device_rows DROP COLUMN group_id, DROP COLUMN group_name, DROP COLUMN available_firmware, DROP COLUMN upgradable;

-- A group's members' types and versions from the index alone (the member counts' join; a seed leaves
-- the table vacuumed, and these rows change only when a device does).
CREATE INDEX ota_device_rows_member_idx ON ota_device_rows (device_id) INCLUDE (device_type, firmware_version);

-- These devices' rows as their device is now (a row of a type the device no longer has goes).
CREATE OR REPLACE FUNCTION fleet_ota_refresh(ids bigint[]) RETURNS void LANGUAGE sql AS $$
  DELETE FROM ota_device_rows o
   WHERE o.device_id = ANY(ids)
     AND NOT EXISTS (SELECT 1 FROM devices d WHERE d.id = o.device_id AND o.device_type = ANY(fleet_ota_types(d.product_line)));
  INSERT INTO ota_device_rows AS o (device_id, device_type, created_at, serial_number, mac_address, firmware_version)
  SELECT d.id, t.device_type, d.created_at, d.serial_number, d.mac_address, d.firmware_version
    FROM devices d CROSS JOIN LATERAL unnest(fleet_ota_types(d.product_line)) AS t(device_type)
   WHERE d.id = ANY(ids)
  ON CONFLICT (device_id, device_type) DO UPDATE
     SET created_at = EXCLUDED.created_at, serial_number = EXCLUDED.serial_number, mac_address = EXCLUDED.mac_address,
         firmware_version = EXCLUDED.firmware_version
   WHERE (o.created_at, o.serial_number, o.mac_address, o.firmware_version)
         IS DISTINCT FROM (EXCLUDED.created_at, EXCLUDED.serial_number, EXCLUDED.mac_address, EXCLUDED.firmware_version);
$$;

-- What the OTA lists read: 0023's columns, the derived ones by the rule of ota_device_availability.
-- Every join is on a unique key, so a query that reads no derived column does not join at all.
CREATE VIEW ota_devices AS
  SELECT o.device_id, o.device_type, o.created_at, o.serial_number, o.mac_address, o.firmware_version,
         gd.group_id, g.name AS group_name,
         COALESCE(g.target_version, r.to_version) AS available_firmware,
         (CASE WHEN g.target_version IS NOT NULL
                 THEN g.upgradable AND g.target_version IS DISTINCT FROM o.firmware_version
               WHEN r.id IS NOT NULL
                 THEN r.immediate_update AND r.to_version IS DISTINCT FROM o.firmware_version
               ELSE false END) AS upgradable
    FROM ota_device_rows o
    LEFT JOIN ota_group_devices gd ON gd.device_id = o.device_id
    LEFT JOIN ota_groups g ON g.id = gd.group_id
    LEFT JOIN ota_rules r ON r.product_line = o.device_type AND r.from_version = o.firmware_version;

-- Devices per type and firmware version, and group members per group, type and version ('' for none).
CREATE TABLE ota_line_counts (
  device_type      text NOT NULL,
  firmware_version text NOT NULL,
  devices          bigint NOT NULL,
  PRIMARY KEY (device_type, firmware_version)
);
CREATE TABLE ota_member_counts (
  group_id         bigint NOT NULL,
  device_type      text NOT NULL,
  firmware_version text NOT NULL,
  devices          bigint NOT NULL,
  PRIMARY KEY (group_id, device_type, firmware_version)
);
INSERT INTO ota_line_counts
SELECT device_type, coalesce(firmware_version, ''), count(*) FROM ota_device_rows GROUP BY 1, 2;
INSERT INTO ota_member_counts
SELECT gd.group_id, o.device_type, coalesce(o.firmware_version, ''), count(*)
  FROM ota_group_devices gd JOIN ota_device_rows o ON o.device_id = gd.device_id GROUP BY 1, 2, 3;

-- The statement that adds signed changes to the kept counts, in key order (two writers lock the rows
-- they share in the same order). Run by the trigger itself: only it sees its transition tables.
CREATE FUNCTION fleet_ota_count_sql(changes text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT format($sql$
    WITH c AS (SELECT group_id, device_type, coalesce(firmware_version, '') AS firmware_version, sum(delta) AS delta
                 FROM (%s) x GROUP BY 1, 2, 3 HAVING sum(delta) <> 0),
    line AS (
      INSERT INTO ota_line_counts AS k
      SELECT device_type, firmware_version, sum(delta) FROM c WHERE group_id IS NULL GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT (device_type, firmware_version) DO UPDATE SET devices = k.devices + EXCLUDED.devices)
    INSERT INTO ota_member_counts AS k
    SELECT group_id, device_type, firmware_version, delta FROM c WHERE group_id IS NOT NULL ORDER BY 1, 2, 3
    ON CONFLICT (group_id, device_type, firmware_version) DO UPDATE SET devices = k.devices + EXCLUDED.devices$sql$, changes)
$$;

-- Buckets that reached 0 go (a few rows: both tables are small).
CREATE FUNCTION fleet_ota_count_tidy() RETURNS void LANGUAGE sql AS $$
  DELETE FROM ota_line_counts WHERE devices = 0;
  DELETE FROM ota_member_counts WHERE devices = 0;
$$;

-- Rows added, changed or removed: the line's counts, and their group's when the device is in one.
CREATE FUNCTION fleet_ota_rows_counted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  rows_changed text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT device_id, device_type, firmware_version, 1 AS delta FROM added'
    WHEN 'DELETE' THEN 'SELECT device_id, device_type, firmware_version, -1 AS delta FROM removed'
    ELSE 'SELECT device_id, device_type, firmware_version, 1 AS delta FROM added
          UNION ALL SELECT device_id, device_type, firmware_version, -1 FROM removed' END;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM ota_line_counts;
    DELETE FROM ota_member_counts;
    RETURN NULL;
  END IF;
  EXECUTE fleet_ota_count_sql(format(
    'SELECT NULL::bigint AS group_id, device_type, firmware_version, delta FROM (%1$s) r
     UNION ALL
     SELECT gd.group_id, r.device_type, r.firmware_version, r.delta FROM (%1$s) r JOIN ota_group_devices gd ON gd.device_id = r.device_id',
    rows_changed));
  PERFORM fleet_ota_count_tidy();
  RETURN NULL;
END;
$$;
CREATE TRIGGER ota_device_rows_counted_added AFTER INSERT ON ota_device_rows
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION fleet_ota_rows_counted();
CREATE TRIGGER ota_device_rows_counted_changed AFTER UPDATE ON ota_device_rows
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION fleet_ota_rows_counted();
CREATE TRIGGER ota_device_rows_counted_removed AFTER DELETE ON ota_device_rows
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION fleet_ota_rows_counted();
CREATE TRIGGER ota_device_rows_counted_truncated AFTER TRUNCATE ON ota_device_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fleet_ota_rows_counted();

-- Members joining, moving or leaving: their rows' counts move between the group's and none.
CREATE FUNCTION fleet_ota_members_counted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  members text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT group_id, device_id, 1 AS delta FROM added'
    WHEN 'DELETE' THEN 'SELECT group_id, device_id, -1 AS delta FROM removed'
    ELSE 'SELECT group_id, device_id, 1 AS delta FROM added UNION ALL SELECT group_id, device_id, -1 FROM removed' END;
BEGIN
  EXECUTE fleet_ota_count_sql(format(
    'SELECT m.group_id, o.device_type, o.firmware_version, m.delta FROM (%s) m JOIN ota_device_rows o ON o.device_id = m.device_id', members));
  PERFORM fleet_ota_count_tidy();
  UPDATE table_versions SET version = version + 1 WHERE name = 'ota_devices';
  RETURN NULL;
END;
$$;
CREATE TRIGGER ota_group_devices_counted_added AFTER INSERT ON ota_group_devices
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION fleet_ota_members_counted();
CREATE TRIGGER ota_group_devices_counted_moved AFTER UPDATE ON ota_group_devices
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION fleet_ota_members_counted();
CREATE TRIGGER ota_group_devices_counted_removed AFTER DELETE ON ota_group_devices
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION fleet_ota_members_counted();

-- A deleted device leaves its group before its rows go: both go by cascade, and the member counts
-- need one of the two to still see the other, whichever cascade runs first.
CREATE FUNCTION fleet_ota_device_leaving() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM ota_group_devices WHERE device_id = OLD.id;
  RETURN OLD;
END;
$$;
CREATE TRIGGER devices_ota_leaving BEFORE DELETE ON devices
  FOR EACH ROW EXECUTE FUNCTION fleet_ota_device_leaving();

-- A group's name, target or Update Flag, and any rule write, change what the lists answer: the cached
-- totals (CountCache('ota_devices')) are recounted.
CREATE TRIGGER ota_groups_version AFTER INSERT OR UPDATE OR DELETE ON ota_groups
  FOR EACH STATEMENT EXECUTE FUNCTION fleet_bump_ota_devices_version();
CREATE TRIGGER ota_rules_version AFTER INSERT OR UPDATE OR DELETE ON ota_rules
  FOR EACH STATEMENT EXECUTE FUNCTION fleet_bump_ota_devices_version();

-- 0023's columns: devices per type, group (0 for none), firmware version, available firmware and
-- Upgradable ('' for none). A (type, group, version) bucket has one availability.
CREATE VIEW ota_device_counts AS
  SELECT b.device_type, b.group_id, b.firmware_version,
         coalesce(COALESCE(g.target_version, r.to_version), '') AS available_firmware,
         (CASE WHEN g.target_version IS NOT NULL
                 THEN g.upgradable AND g.target_version IS DISTINCT FROM nullif(b.firmware_version, '')
               WHEN r.id IS NOT NULL
                 THEN r.immediate_update AND r.to_version IS DISTINCT FROM nullif(b.firmware_version, '')
               ELSE false END) AS upgradable,
         b.devices
    FROM (SELECT c.device_type, 0::bigint AS group_id, c.firmware_version,
                 (c.devices - coalesce((SELECT sum(m.devices) FROM ota_member_counts m
                                         WHERE m.device_type = c.device_type AND m.firmware_version = c.firmware_version), 0))::bigint AS devices
            FROM ota_line_counts c
          UNION ALL
          SELECT m.device_type, m.group_id, m.firmware_version, m.devices FROM ota_member_counts m) b
    LEFT JOIN ota_groups g ON g.id = nullif(b.group_id, 0)
    LEFT JOIN ota_rules r ON r.product_line = b.device_type AND r.from_version = nullif(b.firmware_version, '');

ANALYZE ota_device_rows;
ANALYZE ota_line_counts;
ANALYZE ota_member_counts;
