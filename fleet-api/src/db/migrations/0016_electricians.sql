-- Electricians and their field workers (issue 13; docs/organisation-calls.md, Electricians).

-- 1. A field worker signs in to the installer app with its email and a password the electrician sets
--    (spec 7: POST /api/electrician/agent/add carries one). Stored as argon2id, never answered.
ALTER TABLE electrician_agents ADD COLUMN password_hash text;
ALTER TABLE electrician_agents ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();

-- 2. Which of the electrician's field workers installed a device (null: the electrician itself, or a
--    field worker since removed). The field worker's device list reads it newest first.
ALTER TABLE devices ADD COLUMN electrician_agent_id bigint REFERENCES electrician_agents (id) ON DELETE SET NULL;
CREATE INDEX devices_electrician_agent_idx ON devices (electrician_agent_id, created_at DESC) WHERE electrician_agent_id IS NOT NULL;

-- 3. An agency sees the electricians linked to it and those who installed one of its devices
--    (policy/scope.ts): "did electrician E install a device of agency A" is one index probe.
DROP INDEX devices_electrician_idx;
CREATE INDEX devices_electrician_agency_idx ON devices (electrician_id, agency_id) WHERE electrician_id IS NOT NULL;

-- 4. Device list totals (0008) move when a device's field worker changes, too.
DROP TRIGGER devices_version_update ON devices;
CREATE TRIGGER devices_version_update AFTER UPDATE OF product_line, serial_number, mac_address, firmware_version,
    wifi_name, connection_type, status, device_status, installation_date, installed_via, installer_uuid,
    agency_id, agent_id, electrician_id, electrician_agent_id, customer_id, property_id, site_id, company_id ON devices
  FOR EACH STATEMENT EXECUTE FUNCTION fleet_bump_devices_version();
