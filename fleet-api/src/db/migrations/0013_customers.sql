-- The customers module (issue 12): exact customer-list totals cached per version, "contains" filters
-- served by trigram indexes at hundreds of thousands of customers, and a member found by email.

-- 1. The version of what a customer list reads: the customers, and what decides a customer's slice
--    and line (its properties, its devices' line, agency, site and company, the sites' managers).
INSERT INTO table_versions (name) VALUES ('customers') ON CONFLICT (name) DO NOTHING;

CREATE FUNCTION fleet_bump_customers_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE table_versions SET version = version + 1 WHERE name = 'customers';
  RETURN NULL;
END;
$$;

CREATE TRIGGER customers_list_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON customers
  FOR EACH STATEMENT EXECUTE FUNCTION fleet_bump_customers_version();
CREATE TRIGGER properties_customers_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON properties
  FOR EACH STATEMENT EXECUTE FUNCTION fleet_bump_customers_version();
CREATE TRIGGER devices_customers_version_write AFTER INSERT OR DELETE OR TRUNCATE ON devices
  FOR EACH STATEMENT EXECUTE FUNCTION fleet_bump_customers_version();
CREATE TRIGGER devices_customers_version_update AFTER UPDATE OF product_line, customer_id, property_id, agency_id,
    electrician_id, site_id, company_id ON devices
  FOR EACH STATEMENT EXECUTE FUNCTION fleet_bump_customers_version();
CREATE TRIGGER site_manager_sites_customers_version AFTER INSERT OR UPDATE OR DELETE ON site_manager_sites
  FOR EACH STATEMENT EXECUTE FUNCTION fleet_bump_customers_version();
CREATE TRIGGER sites_customers_version AFTER INSERT OR UPDATE OR DELETE ON sites
  FOR EACH STATEMENT EXECUTE FUNCTION fleet_bump_customers_version();
CREATE TRIGGER company_agencies_customers_version AFTER INSERT OR UPDATE OR DELETE ON multi_site_company_agencies
  FOR EACH STATEMENT EXECUTE FUNCTION fleet_bump_customers_version();

-- 2. The drawer's text filters (Email, Name, Phone) are "contains".
CREATE INDEX customers_email_trgm_idx ON customers USING gin (email gin_trgm_ops);
CREATE INDEX customers_name_trgm_idx ON customers USING gin ((coalesce(first_name, '') || ' ' || coalesce(last_name, '')) gin_trgm_ops);
CREATE INDEX customers_phone_trgm_idx ON customers USING gin (phone_no gin_trgm_ops);

-- 3. Members: one email once per property; a member's own customer record is found by email.
CREATE UNIQUE INDEX property_members_email_key ON property_members (property_id, lower(email));

-- 4. Export jobs of the customer lists beside the device lists'.
ALTER TABLE export_jobs DROP CONSTRAINT export_jobs_kind_check;
ALTER TABLE export_jobs ADD CONSTRAINT export_jobs_kind_check CHECK (kind IN ('devices', 'customers', 'feedback', 'survey_feedback', 'auto_sync_feedback'));
