-- Rows kept by triggers are not what an operator changed: 0024's OTA device rows and counts follow the
-- devices, groups and rules that are captured, and a rollout's device rows follow its creation (one
-- row per device: a rollout over a million devices would copy a million rows into the capture). The
-- entry still records the write itself (the rollout, the group's members, the device).
INSERT INTO audit_uncaptured (tbl) VALUES ('ota_device_rows'), ('ota_line_counts'), ('ota_member_counts'), ('rollout_devices')
  ON CONFLICT (tbl) DO NOTHING;
DROP TRIGGER IF EXISTS fleet_audit_capture ON ota_device_rows;
DROP TRIGGER IF EXISTS fleet_audit_capture ON ota_line_counts;
DROP TRIGGER IF EXISTS fleet_audit_capture ON ota_member_counts;
DROP TRIGGER IF EXISTS fleet_audit_capture ON rollout_devices;
