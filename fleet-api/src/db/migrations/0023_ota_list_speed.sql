-- The OTA lists at 1,000,000 devices (issue 22): every list and filter within 150 ms, exact totals.
--
-- A device's available firmware and Upgradable depend on its group and on its device type's rules
-- (modules/ota/availability.ts). Computed per row, a filter on them read the whole line (2 s at
-- 1,000,000 devices). They are kept instead, per device and OTA device type, in `ota_devices`: the
-- narrow copy of what the OTA device lists show, filter and sort by, written by the triggers below in
-- the same transaction as the write that changes them (devices, group members, groups, rules), so a
-- list, its exact total and a push all read the same, current answer.
--
-- Rows per device type, not per device: livelink and ihd_livelink devices are one line, but each type
-- has its own rules, so such a device has a row for each of the two types.
CREATE FUNCTION fleet_ota_types(line text) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT CASE WHEN line IN ('livelink', 'ihd_livelink') THEN ARRAY['livelink', 'ihd_livelink'] ELSE ARRAY[line] END $$;

-- The rule itself (docs/ota-calls.md, Availability): the group's target when it has one, else the
-- to_version of the type's rule for the device's version; Upgradable needs the deciding group's
-- Update Flag or the deciding rule's Upgrade, and a version the device is not running.
CREATE VIEW ota_device_availability AS
  SELECT d.id AS device_id, t.device_type, d.created_at, d.serial_number, d.mac_address, d.firmware_version,
         g.id AS group_id, g.name AS group_name,
         COALESCE(g.target_version, r.to_version) AS available_firmware,
         (CASE WHEN g.target_version IS NOT NULL
                 THEN g.upgradable AND g.target_version IS DISTINCT FROM d.firmware_version
               WHEN r.id IS NOT NULL
                 THEN r.immediate_update AND r.to_version IS DISTINCT FROM d.firmware_version
               ELSE false END) AS upgradable
    FROM devices d
   CROSS JOIN LATERAL unnest(fleet_ota_types(d.product_line)) AS t(device_type)
    LEFT JOIN ota_group_devices gd ON gd.device_id = d.id
    LEFT JOIN ota_groups g ON g.id = gd.group_id
    LEFT JOIN ota_rules r ON r.product_line = t.device_type AND r.from_version = d.firmware_version;

CREATE TABLE ota_devices (
  device_id          bigint NOT NULL REFERENCES devices (id) ON DELETE CASCADE,
  device_type        text NOT NULL,
  created_at         timestamptz NOT NULL,
  serial_number      text NOT NULL,
  mac_address        text,
  firmware_version   text,
  group_id           bigint,
  group_name         text,
  available_firmware text,
  upgradable         boolean NOT NULL,
  PRIMARY KEY (device_id, device_type)
);

INSERT INTO ota_devices SELECT * FROM ota_device_availability;

-- These devices' rows as the rule says now (a row of a type the device no longer has goes).
CREATE FUNCTION fleet_ota_refresh(ids bigint[]) RETURNS void LANGUAGE sql AS $$
  DELETE FROM ota_devices o
   WHERE o.device_id = ANY(ids)
     AND NOT EXISTS (SELECT 1 FROM devices d WHERE d.id = o.device_id AND o.device_type = ANY(fleet_ota_types(d.product_line)));
  INSERT INTO ota_devices AS o
  SELECT * FROM ota_device_availability v WHERE v.device_id = ANY(ids)
  ON CONFLICT (device_id, device_type) DO UPDATE
     SET created_at = EXCLUDED.created_at, serial_number = EXCLUDED.serial_number, mac_address = EXCLUDED.mac_address,
         firmware_version = EXCLUDED.firmware_version, group_id = EXCLUDED.group_id, group_name = EXCLUDED.group_name,
         available_firmware = EXCLUDED.available_firmware, upgradable = EXCLUDED.upgradable
   WHERE (o.created_at, o.serial_number, o.mac_address, o.firmware_version, o.group_id, o.group_name, o.available_firmware, o.upgradable)
         IS DISTINCT FROM
         (EXCLUDED.created_at, EXCLUDED.serial_number, EXCLUDED.mac_address, EXCLUDED.firmware_version, EXCLUDED.group_id,
          EXCLUDED.group_name, EXCLUDED.available_firmware, EXCLUDED.upgradable);
$$;

-- New devices (statement-level: a seed's 100,000-row insert refreshes once).
CREATE FUNCTION fleet_ota_devices_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM fleet_ota_refresh(ARRAY(SELECT id FROM added));
  RETURN NULL;
END;
$$;
CREATE TRIGGER devices_ota_added AFTER INSERT ON devices
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION fleet_ota_devices_added();

-- A device whose line, identifiers, creation or firmware changed (the simulator's installs). Per row
-- with a WHEN: the frequent device writes (online state, readings) do not call it.
CREATE FUNCTION fleet_ota_device_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM fleet_ota_refresh(ARRAY[NEW.id]);
  RETURN NULL;
END;
$$;
CREATE TRIGGER devices_ota_changed AFTER UPDATE OF product_line, serial_number, mac_address, firmware_version, created_at ON devices
  FOR EACH ROW
  WHEN ((OLD.product_line, OLD.serial_number, OLD.mac_address, OLD.firmware_version, OLD.created_at)
        IS DISTINCT FROM (NEW.product_line, NEW.serial_number, NEW.mac_address, NEW.firmware_version, NEW.created_at))
  EXECUTE FUNCTION fleet_ota_device_changed();

-- Devices joining, moving between or leaving groups (a deleted group's members leave by its cascade).
CREATE FUNCTION fleet_ota_members_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM fleet_ota_refresh(ARRAY(SELECT device_id FROM added));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM fleet_ota_refresh(ARRAY(SELECT device_id FROM added UNION SELECT device_id FROM removed));
  ELSE
    PERFORM fleet_ota_refresh(ARRAY(SELECT device_id FROM removed));
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER ota_group_devices_added AFTER INSERT ON ota_group_devices
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION fleet_ota_members_changed();
CREATE TRIGGER ota_group_devices_moved AFTER UPDATE ON ota_group_devices
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION fleet_ota_members_changed();
CREATE TRIGGER ota_group_devices_removed AFTER DELETE ON ota_group_devices
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION fleet_ota_members_changed();

-- A group's name, target version or Update Flag: its members.
CREATE FUNCTION fleet_ota_group_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM fleet_ota_refresh(ARRAY(
    SELECT gd.device_id FROM added n JOIN removed o ON o.id = n.id JOIN ota_group_devices gd ON gd.group_id = n.id
     WHERE (o.name, o.target_version, o.upgradable) IS DISTINCT FROM (n.name, n.target_version, n.upgradable)));
  RETURN NULL;
END;
$$;
CREATE TRIGGER ota_groups_changed AFTER UPDATE ON ota_groups
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION fleet_ota_group_changed();

-- A rule added, changed or deleted: the devices of its type on its from_version (old and new).
CREATE FUNCTION fleet_ota_rules_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM fleet_ota_refresh(ARRAY(
      SELECT o.device_id FROM added r JOIN ota_devices o ON o.device_type = r.product_line AND o.firmware_version = r.from_version));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM fleet_ota_refresh(ARRAY(
      SELECT o.device_id FROM (SELECT product_line, from_version FROM added UNION SELECT product_line, from_version FROM removed) r
        JOIN ota_devices o ON o.device_type = r.product_line AND o.firmware_version = r.from_version));
  ELSE
    PERFORM fleet_ota_refresh(ARRAY(
      SELECT o.device_id FROM removed r JOIN ota_devices o ON o.device_type = r.product_line AND o.firmware_version = r.from_version));
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER ota_rules_added AFTER INSERT ON ota_rules
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION fleet_ota_rules_changed();
CREATE TRIGGER ota_rules_changed AFTER UPDATE ON ota_rules
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION fleet_ota_rules_changed();
CREATE TRIGGER ota_rules_removed AFTER DELETE ON ota_rules
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION fleet_ota_rules_changed();

-- The lists' pages, each an ordered index range (NULLS as the list codec orders; one index serves both
-- directions): newest first per type, per Upgradable, per available firmware, per firmware version and
-- per group; every sort of the list (versions by fleet_version_key); "contains" searches.
CREATE INDEX ota_devices_created_idx ON ota_devices (device_type, created_at DESC NULLS LAST, device_id DESC);
CREATE INDEX ota_devices_upgradable_idx ON ota_devices (device_type, upgradable, created_at DESC NULLS LAST, device_id DESC);
CREATE INDEX ota_devices_available_idx ON ota_devices (device_type, available_firmware, created_at DESC NULLS LAST, device_id DESC);
CREATE INDEX ota_devices_version_idx ON ota_devices (device_type, firmware_version, created_at DESC NULLS LAST, device_id DESC);
CREATE INDEX ota_devices_group_idx ON ota_devices (group_id, device_type, created_at DESC NULLS LAST, device_id DESC)
  WHERE group_id IS NOT NULL;
CREATE INDEX ota_devices_serial_sort_idx ON ota_devices (device_type, serial_number NULLS FIRST, device_id);
-- A firmware version sorted by serial number or MAC address: the seed's versions follow its serial
-- batches, so walking every serial in order to find one version's devices can read most of the line.
CREATE INDEX ota_devices_version_serial_idx ON ota_devices (device_type, firmware_version, serial_number NULLS FIRST, device_id);
CREATE INDEX ota_devices_version_mac_idx ON ota_devices (device_type, firmware_version, mac_address NULLS FIRST, device_id);
CREATE INDEX ota_devices_mac_sort_idx ON ota_devices (device_type, mac_address NULLS FIRST, device_id);
CREATE INDEX ota_devices_version_sort_idx ON ota_devices (device_type, fleet_version_key(firmware_version) NULLS FIRST, device_id);
CREATE INDEX ota_devices_available_sort_idx ON ota_devices (device_type, fleet_version_key(available_firmware) NULLS FIRST, device_id);
CREATE INDEX ota_devices_upgradable_sort_idx ON ota_devices (device_type, upgradable NULLS FIRST, device_id);
CREATE INDEX ota_devices_group_sort_idx ON ota_devices (device_type, group_name NULLS FIRST, device_id);
CREATE INDEX ota_devices_serial_trgm_idx ON ota_devices USING gin (serial_number gin_trgm_ops);
CREATE INDEX ota_devices_mac_trgm_idx ON ota_devices USING gin (mac_address gin_trgm_ops);

-- Exact totals without counting rows: how many devices each type has per group, firmware version,
-- available firmware and Upgradable, kept by a statement trigger on ota_devices from its transition
-- tables. A list filtered only by those (or not at all) sums a few rows of this table; an index-only
-- count of 350,000 entries needs a visibility map that PGlite (no autovacuum) does not keep.
-- None is kept as 0 or '' (a key column cannot be null): no filter value is either.
CREATE TABLE ota_device_counts (
  device_type        text NOT NULL,
  group_id           bigint NOT NULL,
  firmware_version   text NOT NULL,
  available_firmware text NOT NULL,
  upgradable         boolean NOT NULL,
  devices            bigint NOT NULL,
  PRIMARY KEY (device_type, group_id, firmware_version, available_firmware, upgradable)
);
INSERT INTO ota_device_counts
SELECT device_type, coalesce(group_id, 0), coalesce(firmware_version, ''), coalesce(available_firmware, ''), upgradable, count(*)
  FROM ota_devices GROUP BY 1, 2, 3, 4, 5;

CREATE FUNCTION fleet_ota_count_devices() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changes text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT *, 1 AS delta FROM added'
    WHEN 'DELETE' THEN 'SELECT *, -1 AS delta FROM removed'
    ELSE 'SELECT *, 1 AS delta FROM added UNION ALL SELECT *, -1 FROM removed' END;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM ota_device_counts;
    RETURN NULL;
  END IF;
  -- in key order, so that two writers lock the counts they share in the same order
  EXECUTE format($sql$
    INSERT INTO ota_device_counts AS c
    SELECT device_type, coalesce(group_id, 0), coalesce(firmware_version, ''), coalesce(available_firmware, ''), upgradable, sum(delta)
      FROM (%s) x
     GROUP BY 1, 2, 3, 4, 5 HAVING sum(delta) <> 0
     ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (device_type, group_id, firmware_version, available_firmware, upgradable) DO UPDATE SET devices = c.devices + EXCLUDED.devices$sql$, changes);
  RETURN NULL;
END;
$$;
CREATE TRIGGER ota_devices_counted_added AFTER INSERT ON ota_devices
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION fleet_ota_count_devices();
CREATE TRIGGER ota_devices_counted_changed AFTER UPDATE ON ota_devices
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION fleet_ota_count_devices();
CREATE TRIGGER ota_devices_counted_removed AFTER DELETE ON ota_devices
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION fleet_ota_count_devices();
CREATE TRIGGER ota_devices_counted_truncated AFTER TRUNCATE ON ota_devices
  FOR EACH STATEMENT EXECUTE FUNCTION fleet_ota_count_devices();

-- The OTA lists' totals are cached per query and per version of ota_devices (server/count-cache.ts).
INSERT INTO table_versions (name) VALUES ('ota_devices');
CREATE FUNCTION fleet_bump_ota_devices_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE table_versions SET version = version + 1 WHERE name = 'ota_devices';
  RETURN NULL;
END;
$$;
CREATE TRIGGER ota_devices_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ota_devices
  FOR EACH STATEMENT EXECUTE FUNCTION fleet_bump_ota_devices_version();

-- A push's job counts per state (OTA history) from the index alone, and its devices' pages in the
-- list codec's order (id ASC NULLS FIRST, or backwards DESC NULLS LAST: ota_jobs_push_idx is neither).
CREATE INDEX ota_jobs_push_state_idx ON ota_jobs (push_id, state);
CREATE INDEX ota_jobs_push_page_idx ON ota_jobs (push_id, id NULLS FIRST);

ANALYZE ota_devices;
