-- Lists at 1,000,000 devices (issue 9).
--
-- 1. "Contains" searches of serial numbers and MAC addresses use trigram indexes.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX devices_serial_trgm_idx ON devices USING gin (serial_number gin_trgm_ops);
CREATE INDEX devices_mac_trgm_idx ON devices USING gin (mac_address gin_trgm_ops);

-- 2. Pages of 25 newest first are one ordered index range: every line but heat pump (the
--    all-devices list), and an agency's devices per line or of every line. A single line uses
--    devices_ota_line_created_idx (0003). NULLS LAST matches the list codec's ORDER BY.
CREATE INDEX devices_all_created_idx ON devices (created_at DESC NULLS LAST, id DESC) WHERE product_line <> 'heat_pump';
CREATE INDEX devices_agency_line_created_nl_idx
  ON devices (agency_id, fleet_ota_line(product_line), created_at DESC NULLS LAST, id DESC);
CREATE INDEX devices_agency_all_created_idx
  ON devices (agency_id, created_at DESC NULLS LAST, id DESC) WHERE product_line <> 'heat_pump';

-- Sorted by serial number or MAC address within a line (either direction, the list codec's
-- ASC NULLS FIRST / DESC NULLS LAST with the id tie-break): an ordered range too.
CREATE INDEX devices_line_created_nl_idx ON devices (product_line, created_at DESC NULLS LAST, id DESC);
CREATE INDEX devices_line_mac_sort_idx ON devices (product_line, mac_address NULLS FIRST, id);
CREATE INDEX devices_line_serial_sort_idx ON devices (product_line, serial_number NULLS FIRST, id);

-- 3. The exact total of a list is cached by fleet-api per query (scope + filters) and per version
--    of what the device lists read. Every statement that can change a device list's rows or totals
--    bumps the version, whichever process wrote it (the API, the simulator, a migration), so every
--    instance sees it. Statement-level: a bulk update bumps once.
CREATE TABLE table_versions (
  name    text PRIMARY KEY,
  version bigint NOT NULL DEFAULT 0
);
INSERT INTO table_versions (name) VALUES ('devices');

CREATE FUNCTION fleet_bump_devices_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE table_versions SET version = version + 1 WHERE name = 'devices';
  RETURN NULL;
END;
$$;

CREATE TRIGGER devices_version_write AFTER INSERT OR DELETE OR TRUNCATE ON devices
  FOR EACH STATEMENT EXECUTE FUNCTION fleet_bump_devices_version();
-- Only the columns lists filter, scope or join by (is_online, fault_code and the rate do not move totals).
CREATE TRIGGER devices_version_update AFTER UPDATE OF product_line, serial_number, mac_address, firmware_version,
    wifi_name, connection_type, status, device_status, installation_date, installed_via, installer_uuid,
    agency_id, agent_id, electrician_id, customer_id, property_id, site_id, company_id ON devices
  FOR EACH STATEMENT EXECUTE FUNCTION fleet_bump_devices_version();
-- Names and memberships the device filters and the customer's slice read.
CREATE TRIGGER agencies_version AFTER INSERT OR UPDATE OR DELETE ON agencies
  FOR EACH STATEMENT EXECUTE FUNCTION fleet_bump_devices_version();
CREATE TRIGGER agents_version AFTER INSERT OR UPDATE OR DELETE ON agents
  FOR EACH STATEMENT EXECUTE FUNCTION fleet_bump_devices_version();
CREATE TRIGGER properties_version AFTER INSERT OR UPDATE OR DELETE ON properties
  FOR EACH STATEMENT EXECUTE FUNCTION fleet_bump_devices_version();
CREATE TRIGGER property_members_version AFTER INSERT OR UPDATE OR DELETE ON property_members
  FOR EACH STATEMENT EXECUTE FUNCTION fleet_bump_devices_version();
CREATE TRIGGER sites_version AFTER INSERT OR UPDATE OR DELETE ON site_manager_sites
  FOR EACH STATEMENT EXECUTE FUNCTION fleet_bump_devices_version();
CREATE TRIGGER company_sites_version AFTER INSERT OR UPDATE OR DELETE ON sites
  FOR EACH STATEMENT EXECUTE FUNCTION fleet_bump_devices_version();

-- 4. Exports: a cell that a spreadsheet would run as a formula (= + - @ first) is written as text.
CREATE FUNCTION fleet_csv_safe(v text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT CASE WHEN v ~ '^[-=+@\t\r]' THEN '''' || v ELSE v END $$;
