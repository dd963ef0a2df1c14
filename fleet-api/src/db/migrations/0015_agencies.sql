-- Agencies, installation agents, integrations and partners (issue 13, docs/organisation-calls.md).

-- 1. An installation agent signs in to the installer app (not to the console): the password its
--    agency sets, argon2id like every password, and the installer id the app stamps on the devices
--    it registers (devices.installer_uuid, the device export's "Agent ID").
ALTER TABLE agents ADD COLUMN password_hash text;
ALTER TABLE agents ADD COLUMN installer_uuid text NOT NULL DEFAULT gen_random_uuid()::text;
ALTER TABLE agents ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
-- Agents seeded before this migration: the id their devices already carry (the seed's md5 of "installer<id>").
UPDATE agents SET installer_uuid = substr(h, 1, 8) || '-' || substr(h, 9, 4) || '-' || substr(h, 13, 4) || '-' || substr(h, 17, 4) || '-' || substr(h, 21, 12)
  FROM (SELECT id AS agent_id, md5('installer' || id) AS h FROM agents) m WHERE m.agent_id = agents.id;
CREATE UNIQUE INDEX agents_installer_uuid_key ON agents (installer_uuid);

-- 2. An agent's devices, newest first (its view and the delete check), and the install channels of
--    an agency's devices counted from the index alone (Integrations).
CREATE INDEX devices_agent_created_idx ON devices (agent_id, created_at DESC NULLS LAST, id DESC) WHERE agent_id IS NOT NULL;
CREATE INDEX devices_agency_channel_idx ON devices (agency_id, installed_via, product_line);

-- 3. A partner (a rebate programme, a finance company, a retailer's referral scheme) brings work to
--    the agencies it works with; an agency may work with several partners.
CREATE UNIQUE INDEX partners_name_key ON partners (lower(name));
CREATE TABLE partner_agencies (
  partner_id bigint NOT NULL REFERENCES partners (id) ON DELETE CASCADE,
  agency_id  bigint NOT NULL REFERENCES agencies (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (partner_id, agency_id)
);
CREATE INDEX partner_agencies_agency_idx ON partner_agencies (agency_id);
-- Partner lists show their agencies' devices: a link added or removed moves those totals.
CREATE TRIGGER partner_agencies_version AFTER INSERT OR UPDATE OR DELETE ON partner_agencies
  FOR EACH STATEMENT EXECUTE FUNCTION fleet_bump_devices_version();

-- 4. The agency and agent lists export as jobs too.
ALTER TABLE export_jobs DROP CONSTRAINT export_jobs_kind_check;
ALTER TABLE export_jobs ADD CONSTRAINT export_jobs_kind_check
  CHECK (kind IN ('devices', 'customers', 'feedback', 'survey_feedback', 'auto_sync_feedback', 'agencies', 'agents'));
