-- The fleet: organisations, people, customers and properties, devices of every product line,
-- faults, tariffs, firmware and OTA. Runs unchanged on PGlite and PostgreSQL.
-- Status vocabularies are the spec's own words (checked here so bad data cannot get in by any route).

-- Organisations ---------------------------------------------------------------------------------

CREATE TABLE aggregators (
  id         bigserial PRIMARY KEY,
  name       text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX aggregators_name_key ON aggregators (lower(name));

CREATE TABLE agencies (
  id                 bigserial PRIMARY KEY,
  agency_name        text NOT NULL,
  email              text NOT NULL,
  postcode           text,
  contact_first_name text,
  contact_last_name  text,
  contact            text,
  abn_no             text,
  country            text,
  state              text,
  city               text,
  street_address     text,
  plot_address       text,
  status             text NOT NULL DEFAULT 'Active' CHECK (status IN ('Active', 'In-Active')),
  flows              text,            -- list joined by commas, as the console sends it
  device_type        text,
  email_notification boolean NOT NULL DEFAULT false,
  created_at         timestamptz NOT NULL DEFAULT now(),
  updated_at         timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX agencies_email_key ON agencies (lower(email));
CREATE INDEX agencies_name_idx ON agencies (lower(agency_name));
CREATE INDEX agencies_created_idx ON agencies (created_at DESC, id DESC);

CREATE TABLE electricians (
  id            bigserial PRIMARY KEY,
  agency_id     bigint REFERENCES agencies (id) ON DELETE SET NULL,
  first_name    text NOT NULL,
  last_name     text NOT NULL,
  email         text NOT NULL,
  phone_no      text,
  address       text,
  company_name  text,
  abn_number    text,
  eid           text,
  aggregator_id bigint REFERENCES aggregators (id) ON DELETE SET NULL,
  city          text,
  postcode      text,
  state         text,
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX electricians_email_key ON electricians (lower(email));
CREATE INDEX electricians_agency_idx ON electricians (agency_id);
CREATE INDEX electricians_aggregator_idx ON electricians (aggregator_id);

-- Installation agents of an agency.
CREATE TABLE agents (
  id         bigserial PRIMARY KEY,
  agency_id  bigint NOT NULL REFERENCES agencies (id) ON DELETE CASCADE,
  first_name text NOT NULL,
  last_name  text NOT NULL,
  email      text NOT NULL,
  phone      text,
  status     text NOT NULL DEFAULT 'Active' CHECK (status IN ('Active', 'In-Active')),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX agents_email_key ON agents (lower(email));
CREATE INDEX agents_agency_idx ON agents (agency_id, created_at DESC);

-- Field workers of an electrician.
CREATE TABLE electrician_agents (
  id             bigserial PRIMARY KEY,
  electrician_id bigint NOT NULL REFERENCES electricians (id) ON DELETE CASCADE,
  first_name     text NOT NULL,
  last_name      text NOT NULL,
  email          text NOT NULL,
  phone          text,
  created_at     timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX electrician_agents_email_key ON electrician_agents (lower(email));
CREATE INDEX electrician_agents_electrician_idx ON electrician_agents (electrician_id, created_at DESC);

CREATE TABLE partners (
  id         bigserial PRIMARY KEY,
  name       text NOT NULL,
  email      text,
  phone      text,
  website    text,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Multi-site (heat pump) organisations ----------------------------------------------------------

CREATE TABLE multi_site_companies (
  id                   bigserial PRIMARY KEY,
  company_name         text NOT NULL,
  company_address      text,
  contact_person_email text,
  created_by_agency_id bigint REFERENCES agencies (id) ON DELETE SET NULL,
  created_at           timestamptz NOT NULL DEFAULT now(),
  updated_at           timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX multi_site_companies_name_idx ON multi_site_companies (lower(company_name));

CREATE TABLE multi_site_company_agencies (
  company_id bigint NOT NULL REFERENCES multi_site_companies (id) ON DELETE CASCADE,
  agency_id  bigint NOT NULL REFERENCES agencies (id) ON DELETE CASCADE,
  PRIMARY KEY (company_id, agency_id)
);
CREATE INDEX multi_site_company_agencies_agency_idx ON multi_site_company_agencies (agency_id);

CREATE TABLE multi_site_contacts (
  id         bigserial PRIMARY KEY,
  company_id bigint NOT NULL REFERENCES multi_site_companies (id) ON DELETE CASCADE,
  first_name text NOT NULL,
  last_name  text NOT NULL,
  email      text NOT NULL,
  contact_no text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX multi_site_contacts_company_idx ON multi_site_contacts (company_id);

CREATE TABLE sites (
  id                 bigserial PRIMARY KEY,
  company_id         bigint NOT NULL REFERENCES multi_site_companies (id) ON DELETE CASCADE,
  site_name          text NOT NULL,
  site_address       text,
  site_manager_name  text,
  site_manager_email text,
  created_at         timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sites_company_idx ON sites (company_id);

CREATE TABLE site_managers (
  id         bigserial PRIMARY KEY,
  company_id bigint NOT NULL REFERENCES multi_site_companies (id) ON DELETE CASCADE,
  first_name text NOT NULL,
  last_name  text NOT NULL,
  email      text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX site_managers_company_idx ON site_managers (company_id);
CREATE UNIQUE INDEX site_managers_email_key ON site_managers (lower(email));

CREATE TABLE site_manager_sites (
  site_manager_id bigint NOT NULL REFERENCES site_managers (id) ON DELETE CASCADE,
  site_id         bigint NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
  PRIMARY KEY (site_manager_id, site_id)
);
CREATE INDEX site_manager_sites_site_idx ON site_manager_sites (site_id);

-- Customers and properties ----------------------------------------------------------------------

CREATE TABLE customers (
  id            bigserial PRIMARY KEY,
  agency_id     bigint REFERENCES agencies (id) ON DELETE SET NULL,
  email         text NOT NULL,
  first_name    text,
  last_name     text,
  phone_no      text,
  status        text NOT NULL DEFAULT 'Pending'
                CHECK (status IN ('Pending', 'Completed', 'Incomplete', 'Deleted')),
  auto_sync     boolean,
  weekly_report boolean,
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX customers_email_idx ON customers (lower(email));
CREATE INDEX customers_created_idx ON customers (created_at DESC, id DESC);
CREATE INDEX customers_agency_idx ON customers (agency_id, created_at DESC, id DESC);
CREATE INDEX customers_status_idx ON customers (status);

-- The sign-in identities of every role (one table, the role's record linked by id).
CREATE TABLE users (
  id                bigserial PRIMARY KEY,
  email             text NOT NULL,
  password_hash     text NOT NULL,
  user_type         text NOT NULL
                    CHECK (user_type IN ('Admin', 'Agency', 'Electrician', 'User', 'mscc', 'sm', 'Customer')),
  first_name        text,
  last_name         text,
  phone_no          text,
  status            text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'disabled')),
  email_verified_at timestamptz,
  agency_id         bigint REFERENCES agencies (id) ON DELETE SET NULL,
  electrician_id    bigint REFERENCES electricians (id) ON DELETE SET NULL,
  company_id        bigint REFERENCES multi_site_companies (id) ON DELETE SET NULL,
  site_manager_id   bigint REFERENCES site_managers (id) ON DELETE SET NULL,
  customer_id       bigint REFERENCES customers (id) ON DELETE SET NULL,
  token_version     integer NOT NULL DEFAULT 0,
  created_at        timestamptz NOT NULL DEFAULT now(),
  updated_at        timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_key ON users (lower(email));
CREATE INDEX users_agency_idx ON users (agency_id) WHERE agency_id IS NOT NULL;
CREATE INDEX users_electrician_idx ON users (electrician_id) WHERE electrician_id IS NOT NULL;
CREATE INDEX users_company_idx ON users (company_id) WHERE company_id IS NOT NULL;
CREATE INDEX users_site_manager_idx ON users (site_manager_id) WHERE site_manager_id IS NOT NULL;
CREATE INDEX users_customer_idx ON users (customer_id) WHERE customer_id IS NOT NULL;

-- Tariffs and retailers -------------------------------------------------------------------------

CREATE TABLE electricity_retailers (
  id            bigserial PRIMARY KEY,
  retailer_name text NOT NULL,
  is_top_listed smallint NOT NULL DEFAULT 0 CHECK (is_top_listed IN (0, 1)),
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX electricity_retailers_name_key ON electricity_retailers (lower(retailer_name));

-- Electricity distributors ("company" in the tariff screens).
CREATE TABLE tariff_companies (
  id           bigserial PRIMARY KEY,
  company_name text NOT NULL,
  post_codes   text,                  -- comma-joined unique list, as the tariff form sends it
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX tariff_companies_name_key ON tariff_companies (lower(company_name));

CREATE TABLE tariff_structures (
  id          bigserial PRIMARY KEY,
  company_id  bigint NOT NULL REFERENCES tariff_companies (id) ON DELETE CASCADE,
  type        text NOT NULL,          -- e.g. Time of Use, Flat Rate, Demand
  is_flat_rate boolean NOT NULL DEFAULT false,
  flat_rate   numeric(10, 4),
  seasons     jsonb NOT NULL DEFAULT '[]'::jsonb, -- [{season_id, from, to, same_as_weekdays, weekdays, weekends}]
  tariff_plan jsonb NOT NULL DEFAULT '[]'::jsonb,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX tariff_structures_company_idx ON tariff_structures (company_id);

CREATE TABLE properties (
  id                      bigserial PRIMARY KEY,
  customer_id             bigint REFERENCES customers (id) ON DELETE CASCADE,
  site_id                 bigint REFERENCES sites (id) ON DELETE SET NULL,
  company_id              bigint REFERENCES multi_site_companies (id) ON DELETE SET NULL,
  agency_id               bigint REFERENCES agencies (id) ON DELETE SET NULL,
  property_name           text,
  property_type           text CHECK (property_type IN ('Apartment', 'Cottage', 'Factory', 'Flat', 'House',
                            'Office', 'Room', 'Shed', 'Shop', 'Showroom', 'Site', 'Suite', 'Townhouse', 'Unit', 'Villa')),
  address_type            text CHECK (address_type IN ('residential', 'commercial')),
  unit_type               text CHECK (unit_type IN ('Block', 'Floor', 'Level', 'Lot')),
  unit_number             text,
  level_type              text,
  level_number            text,
  street_number           text,
  street                  text,
  street_type             text,
  street_suffix           text,
  city                    text,
  state                   text CHECK (state IN ('NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA', 'ACT')),
  postal_code             text,
  nmi                     text,
  survey_data             jsonb,
  property_updated        boolean NOT NULL DEFAULT false,
  created_at              timestamptz NOT NULL DEFAULT now(),
  updated_at              timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX properties_customer_idx ON properties (customer_id);
CREATE INDEX properties_site_idx ON properties (site_id) WHERE site_id IS NOT NULL;
CREATE INDEX properties_company_idx ON properties (company_id) WHERE company_id IS NOT NULL;
CREATE INDEX properties_agency_idx ON properties (agency_id);

-- Other people with access to a property (the "Add member" form).
CREATE TABLE property_members (
  id          bigserial PRIMARY KEY,
  property_id bigint NOT NULL REFERENCES properties (id) ON DELETE CASCADE,
  customer_id bigint REFERENCES customers (id) ON DELETE SET NULL,
  email       text NOT NULL,
  first_name  text,
  last_name   text,
  phone_no    text,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX property_members_property_idx ON property_members (property_id);
CREATE INDEX property_members_customer_idx ON property_members (customer_id);

CREATE TABLE customer_tariff_details (
  id                      bigserial PRIMARY KEY,
  property_id             bigint NOT NULL REFERENCES properties (id) ON DELETE CASCADE,
  tariff_structure_id     bigint REFERENCES tariff_structures (id) ON DELETE SET NULL,
  electricity_retailer_id bigint REFERENCES electricity_retailers (id) ON DELETE SET NULL,
  company_id              bigint REFERENCES tariff_companies (id) ON DELETE SET NULL,
  gst_include             smallint NOT NULL DEFAULT 0 CHECK (gst_include IN (0, 1)),
  discount_percentage     numeric(6, 2),
  discount_type           text,
  supply_charge           numeric(10, 4),
  supply_charge_discount  smallint NOT NULL DEFAULT 0 CHECK (supply_charge_discount IN (0, 1)),
  impulse_rate            integer,
  impulse_rate_type       text,
  unit_charge             numeric(10, 4) NOT NULL DEFAULT 0,
  same_as_weekdays        smallint NOT NULL DEFAULT 0,
  is_flat_rate            boolean NOT NULL DEFAULT false,
  tariff_structure_type   text,
  tariff_plan             jsonb NOT NULL DEFAULT '[]'::jsonb, -- [{key, load_type_key, unit_charge}]
  rates_updated           boolean NOT NULL DEFAULT false,
  created_at              timestamptz NOT NULL DEFAULT now(),
  updated_at              timestamptz NOT NULL DEFAULT now()
);
-- History is kept: the newest row per property is the current tariff.
CREATE INDEX customer_tariff_details_property_idx ON customer_tariff_details (property_id, created_at DESC);

CREATE TABLE suppression_list (
  id          bigserial PRIMARY KEY,
  customer_id bigint REFERENCES customers (id) ON DELETE CASCADE,
  email       text NOT NULL,
  reason      text,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX suppression_list_email_idx ON suppression_list (lower(email));

CREATE TABLE sliders (
  id          bigserial PRIMARY KEY,
  product_key text NOT NULL CHECK (product_key IN ('electricity-advisor', 'livelink', 'safelink', 'airlink')),
  name        text NOT NULL,
  link        text,
  image_key   text,                   -- storage key of the uploaded image
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sliders_product_idx ON sliders (product_key, created_at DESC);

-- Devices ---------------------------------------------------------------------------------------

CREATE TABLE heat_pump_models (
  id              bigserial PRIMARY KEY,
  model_name      text NOT NULL,
  capacity_litres integer,
  description     text,
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX heat_pump_models_name_key ON heat_pump_models (lower(model_name));

-- One table for every product line; columns a line does not use stay null.
CREATE TABLE devices (
  id                      bigserial PRIMARY KEY,
  product_line            text NOT NULL
                          CHECK (product_line IN ('ihd', 'ihd_livelink', 'livelink', 'safelink', 'airlink', 'bulb', 'heat_pump')),
  serial_number           text NOT NULL,
  mac_address             text,        -- 12 hex digits, upper case, no separators
  device_uid              text,
  firmware_version        text,        -- the heat-pump list calls it soft_version
  wifi_name               text,
  connection_type         text CHECK (connection_type IN ('Bluetooth', 'AP')),
  status                  text CHECK (status IN ('Pending', 'Completed', 'Incomplete', 'Deleted')), -- customer state
  device_status           text NOT NULL DEFAULT 'Active' CHECK (device_status IN ('Active', 'In-active', 'Replaced')),
  is_online               smallint NOT NULL DEFAULT 0 CHECK (is_online IN (0, 1)),
  device_operation_status smallint CHECK (device_operation_status IN (0, 1, 2)), -- heat pump: Off, In Progress, Completed
  fault_code              text,
  impulse_rate            integer,
  impulse_rate_type       text,
  signal_strength         smallint,    -- dB, negative
  nmi                     text,
  force_sync_date         timestamptz,
  installation_date       date,
  installed_via           text,
  installer_uuid          text,
  heat_pump_model_id      bigint REFERENCES heat_pump_models (id) ON DELETE SET NULL,
  agency_id               bigint REFERENCES agencies (id) ON DELETE SET NULL,
  agent_id                bigint REFERENCES agents (id) ON DELETE SET NULL,
  electrician_id          bigint REFERENCES electricians (id) ON DELETE SET NULL,
  customer_id             bigint REFERENCES customers (id) ON DELETE SET NULL,
  property_id             bigint REFERENCES properties (id) ON DELETE SET NULL,
  site_id                 bigint REFERENCES sites (id) ON DELETE SET NULL,
  company_id              bigint REFERENCES multi_site_companies (id) ON DELETE SET NULL,
  created_at              timestamptz NOT NULL DEFAULT now(),
  updated_at              timestamptz NOT NULL DEFAULT now()
);
-- Pages of 25, newest first, per product line (and per agency), with exact totals at 1,000,000 rows.
CREATE INDEX devices_line_created_idx ON devices (product_line, created_at DESC, id DESC);
CREATE INDEX devices_line_serial_idx ON devices (product_line, serial_number);
CREATE INDEX devices_line_mac_idx ON devices (product_line, mac_address);
CREATE INDEX devices_agency_line_created_idx ON devices (agency_id, product_line, created_at DESC);
CREATE INDEX devices_site_idx ON devices (site_id) WHERE site_id IS NOT NULL;
CREATE INDEX devices_company_idx ON devices (company_id) WHERE company_id IS NOT NULL;
CREATE INDEX devices_electrician_idx ON devices (electrician_id) WHERE electrician_id IS NOT NULL;
CREATE INDEX devices_customer_idx ON devices (customer_id);
CREATE INDEX devices_property_idx ON devices (property_id);
-- Live updates find a device by its MAC address alone.
CREATE INDEX devices_mac_idx ON devices (mac_address);

-- Installs, replacements and removals, newest last.
CREATE TABLE device_history (
  id                bigserial PRIMARY KEY,
  device_id         bigint NOT NULL REFERENCES devices (id) ON DELETE CASCADE,
  event             text NOT NULL CHECK (event IN ('installed', 'replaced', 'removed', 'fault', 'resolved')),
  replaced_by_id    bigint REFERENCES devices (id) ON DELETE SET NULL,
  serial_number     text,
  mac_address       text,
  firmware_version  text,
  agency_id         bigint REFERENCES agencies (id) ON DELETE SET NULL,
  agent_id          bigint REFERENCES agents (id) ON DELETE SET NULL,
  electrician_id    bigint REFERENCES electricians (id) ON DELETE SET NULL,
  customer_id       bigint REFERENCES customers (id) ON DELETE SET NULL,
  property_id       bigint REFERENCES properties (id) ON DELETE SET NULL,
  note              text,
  created_at        timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX device_history_device_idx ON device_history (device_id, created_at DESC);

CREATE TABLE faults (
  id                bigserial PRIMARY KEY,
  device_id         bigint NOT NULL REFERENCES devices (id) ON DELETE CASCADE,
  device_history_id bigint REFERENCES device_history (id) ON DELETE SET NULL,
  fault_code        text NOT NULL,
  fault_description text,
  history_datetime  timestamptz NOT NULL DEFAULT now(),
  fault_status      smallint NOT NULL DEFAULT 0 CHECK (fault_status IN (0, 1)), -- 0 unresolved, 1 resolved
  agent             text,
  job_comments      text CHECK (job_comments IS NULL OR length(job_comments) <= 500),
  resolved_at       timestamptz,
  resolved_by       bigint,
  created_at        timestamptz NOT NULL DEFAULT now(),
  updated_at        timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX faults_device_idx ON faults (device_id, history_datetime DESC);
CREATE INDEX faults_status_idx ON faults (fault_status, history_datetime DESC, id DESC);

-- Firmware and OTA ------------------------------------------------------------------------------

CREATE TABLE firmwares (
  id                    bigserial PRIMARY KEY,
  product_line          text NOT NULL
                        CHECK (product_line IN ('ihd', 'ihd_livelink', 'livelink', 'safelink', 'airlink', 'bulb', 'heat_pump')),
  device_type           text NOT NULL,  -- ihd_livelink | livelink | ... as the console's deviceType
  ota_type              text NOT NULL DEFAULT 'single' CHECK (ota_type IN ('single', 'multiple')),
  file_name             text,
  storage_key           text,
  size_bytes            bigint,
  version               text NOT NULL,
  mcu_version           text,
  md_5_value            text,
  auto_update_message   text,
  manual_update_message text,
  created_at            timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX firmwares_line_created_idx ON firmwares (product_line, created_at DESC, id DESC);
CREATE INDEX firmwares_line_version_idx ON firmwares (product_line, version);

CREATE TABLE firmware_files (
  id          bigserial PRIMARY KEY,
  firmware_id bigint NOT NULL REFERENCES firmwares (id) ON DELETE CASCADE,
  slot        text NOT NULL CHECK (slot IN ('ota_file', 'mcu56', 'mcu62')),
  file_name   text NOT NULL,
  storage_key text NOT NULL,
  size_bytes  bigint,
  md_5_value  text,
  UNIQUE (firmware_id, slot)
);

CREATE TABLE ota_rules (
  id               bigserial PRIMARY KEY,
  product_line     text NOT NULL
                   CHECK (product_line IN ('ihd', 'ihd_livelink', 'livelink', 'safelink', 'airlink', 'bulb', 'heat_pump')),
  name             text NOT NULL CHECK (length(name) <= 40),
  from_version     text NOT NULL,
  to_version       text NOT NULL,
  immediate_update boolean NOT NULL DEFAULT false,
  created_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ota_rules_line_created_idx ON ota_rules (product_line, created_at DESC, id DESC);

CREATE TABLE ota_groups (
  id              bigserial PRIMARY KEY,
  product_line    text NOT NULL
                  CHECK (product_line IN ('ihd', 'ihd_livelink', 'livelink', 'safelink', 'airlink', 'bulb', 'heat_pump')),
  name            text NOT NULL CHECK (length(name) <= 60),
  current_version text,
  target_version  text,
  upgradable      boolean NOT NULL DEFAULT false,
  created_at      timestamptz NOT NULL DEFAULT now(),
  -- The Update Flag can only be on once a target version is set.
  CHECK (NOT upgradable OR target_version IS NOT NULL)
);
CREATE INDEX ota_groups_line_created_idx ON ota_groups (product_line, created_at DESC, id DESC);

CREATE TABLE ota_group_devices (
  group_id  bigint NOT NULL REFERENCES ota_groups (id) ON DELETE CASCADE,
  device_id bigint NOT NULL REFERENCES devices (id) ON DELETE CASCADE,
  PRIMARY KEY (group_id, device_id)
);
CREATE INDEX ota_group_devices_device_idx ON ota_group_devices (device_id);

CREATE TABLE ota_pushes (
  id             bigserial PRIMARY KEY,
  product_line   text NOT NULL
                 CHECK (product_line IN ('ihd', 'ihd_livelink', 'livelink', 'safelink', 'airlink', 'bulb', 'heat_pump')),
  created_by     bigint REFERENCES users (id) ON DELETE SET NULL,
  target_version text NOT NULL,
  all_devices    boolean NOT NULL DEFAULT false,
  device_count   integer NOT NULL DEFAULT 0,
  created_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ota_pushes_line_created_idx ON ota_pushes (product_line, created_at DESC, id DESC);

CREATE TABLE ota_jobs (
  id           bigserial PRIMARY KEY,
  push_id      bigint NOT NULL REFERENCES ota_pushes (id) ON DELETE CASCADE,
  device_id    bigint NOT NULL REFERENCES devices (id) ON DELETE CASCADE,
  from_version text,
  to_version   text NOT NULL,
  state        text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'downloading', 'installed', 'failed')),
  updated_at   timestamptz NOT NULL DEFAULT now(),
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ota_jobs_push_idx ON ota_jobs (push_id, id);
CREATE INDEX ota_jobs_device_idx ON ota_jobs (device_id, created_at DESC);

-- Audit -----------------------------------------------------------------------------------------

CREATE TABLE audit_log (
  id         bigserial PRIMARY KEY,
  user_id    bigint REFERENCES users (id) ON DELETE SET NULL,
  action     text NOT NULL,
  entity     text NOT NULL,
  entity_id  bigint,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_entity_idx ON audit_log (entity, entity_id, created_at DESC);
CREATE INDEX audit_log_user_idx ON audit_log (user_id, created_at DESC);

-- What the demo seed has put in (one row per seed kind), so seeding is idempotent.
CREATE TABLE seed_state (
  name       text PRIMARY KEY,
  devices    integer NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now()
);
