-- The device dashboards (issue 14). At 1,000,000 devices a dashboard figure cannot be counted from
-- the devices per request (a count of the fleet costs 100-300 ms), so it is read from tallies that
-- statement triggers keep up to date: each writing statement adds its changes to them in one
-- aggregate statement over its transition tables, whoever writes (the API, the simulator, the seed).
-- The tallies are keyed by the columns the policy layer's device slices read (agency, electrician,
-- company, site; 0 for none), so `scopeFor(caller).devices('t', ...)` applies to them as to devices.

-- A product line as a bit, for the lines a customer has devices of (livelink is two lines).
CREATE FUNCTION fleet_line_bit(line text) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE line WHEN 'ihd' THEN 1 WHEN 'ihd_livelink' THEN 2 WHEN 'livelink' THEN 4 WHEN 'safelink' THEN 8
                   WHEN 'airlink' THEN 16 WHEN 'bulb' THEN 32 WHEN 'heat_pump' THEN 64 ELSE 0 END
$$;

-- 1. Devices now: how many per line and slice, by device status, Wi-Fi and firmware version.
CREATE TABLE device_tallies (
  product_line     text NOT NULL,
  agency_id        bigint NOT NULL,
  electrician_id   bigint NOT NULL,
  company_id       bigint NOT NULL,
  site_id          bigint NOT NULL,
  device_status    text NOT NULL,
  is_online        smallint NOT NULL,
  firmware_version text NOT NULL,
  devices          integer NOT NULL,
  PRIMARY KEY (product_line, agency_id, electrician_id, company_id, site_id, device_status, is_online, firmware_version)
);

-- 2. Installations per month (the yearly device graph): a device counts in the month of its
--    installation date, under its slice now (a device assigned to a site moves with it).
CREATE TABLE device_months (
  month          date NOT NULL,
  product_line   text NOT NULL,
  agency_id      bigint NOT NULL,
  electrician_id bigint NOT NULL,
  company_id     bigint NOT NULL,
  site_id        bigint NOT NULL,
  installed      integer NOT NULL,
  PRIMARY KEY (month, product_line, agency_id, electrician_id, company_id, site_id)
);

-- 3. The lines each customer has devices of (bits of fleet_line_bit): the user counts read it.
CREATE TABLE customer_lines (
  customer_id bigint PRIMARY KEY,
  lines       integer NOT NULL
);

-- 4. Energy. A device's reading is the energy of one calendar month (kWh; the current month so far):
--    a display or livelink the home's metered consumption, an airlink its air conditioner's, a bulb
--    its own, a heat pump its hot water's. It carries the slice the device was in when it was
--    recorded: consumption stays where it was used when a device later moves (an assigned heat pump).
CREATE TABLE device_readings (
  device_id      bigint NOT NULL REFERENCES devices (id) ON DELETE CASCADE,
  month          date NOT NULL CHECK (extract(day FROM month) = 1),
  kwh            numeric(12, 3) NOT NULL CHECK (kwh >= 0 AND kwh < 1000000),
  product_line   text NOT NULL,
  agency_id      bigint NOT NULL,
  electrician_id bigint NOT NULL,
  company_id     bigint NOT NULL,
  site_id        bigint NOT NULL,
  recorded_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (device_id, month)
);
CREATE INDEX device_readings_month_idx ON device_readings (month);

-- Energy per month and slice: the readings' sums (modeled = false), and for a demo fleet larger than
-- the devices the seed writes readings for, the seed's modelled history (modeled = true).
CREATE TABLE energy_monthly (
  month          date NOT NULL,
  product_line   text NOT NULL,
  agency_id      bigint NOT NULL,
  electrician_id bigint NOT NULL,
  company_id     bigint NOT NULL,
  site_id        bigint NOT NULL,
  modeled        boolean NOT NULL,
  kwh            numeric(16, 3) NOT NULL,
  readings       integer NOT NULL,
  PRIMARY KEY (month, product_line, agency_id, electrician_id, company_id, site_id, modeled)
);

-- 5. The monthly device list: one month's installations are one index range, and with the columns
--    of the line, the status, the slices and the default order it is read from the index alone.
CREATE INDEX devices_installation_idx ON devices (installation_date)
  INCLUDE (product_line, device_status, created_at, agency_id, electrician_id, company_id, site_id);

-- The triggers. Each tally's function reads the rows its statement changed, signed (+1 new, -1 old):
-- TG_OP picks the transition tables there are (an INSERT has no old rows), through EXECUTE so that a
-- statement naming a missing one is never planned.
CREATE FUNCTION fleet_changed_rows(op text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE op WHEN 'INSERT' THEN 'SELECT n.*, 1 AS k FROM new_rows n'
                 WHEN 'DELETE' THEN 'SELECT o.*, -1 AS k FROM old_rows o'
                 ELSE 'SELECT o.*, -1 AS k FROM old_rows o UNION ALL SELECT n.*, 1 AS k FROM new_rows n' END
$$;

-- A tally's three statement triggers on `tbl`: after insert, update and delete, with their transition tables.
CREATE FUNCTION fleet_tally_triggers(tbl text, fn text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION %I()',
                 tbl || '_tally_insert', tbl, fn);
  EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION %I()',
                 tbl || '_tally_update', tbl, fn);
  EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION %I()',
                 tbl || '_tally_delete', tbl, fn);
END;
$$;

CREATE FUNCTION fleet_devices_dashboard() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text;
BEGIN
  changed := fleet_changed_rows(TG_OP);
  EXECUTE format($q$
    INSERT INTO device_tallies AS t (product_line, agency_id, electrician_id, company_id, site_id, device_status, is_online, firmware_version, devices)
    SELECT c.product_line, coalesce(c.agency_id, 0), coalesce(c.electrician_id, 0), coalesce(c.company_id, 0), coalesce(c.site_id, 0),
           c.device_status, c.is_online, coalesce(c.firmware_version, ''), sum(c.k)
      FROM (%s) c GROUP BY 1, 2, 3, 4, 5, 6, 7, 8 HAVING sum(c.k) <> 0
    ON CONFLICT (product_line, agency_id, electrician_id, company_id, site_id, device_status, is_online, firmware_version)
    DO UPDATE SET devices = t.devices + EXCLUDED.devices $q$, changed);
  EXECUTE format($q$
    INSERT INTO device_months AS t (month, product_line, agency_id, electrician_id, company_id, site_id, installed)
    SELECT date_trunc('month', coalesce(c.installation_date, (c.created_at AT TIME ZONE 'UTC')::date))::date, c.product_line,
           coalesce(c.agency_id, 0), coalesce(c.electrician_id, 0), coalesce(c.company_id, 0), coalesce(c.site_id, 0), sum(c.k)
      FROM (%s) c GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum(c.k) <> 0
    ON CONFLICT (month, product_line, agency_id, electrician_id, company_id, site_id)
    DO UPDATE SET installed = t.installed + EXCLUDED.installed $q$, changed);
  IF TG_OP = 'INSERT' THEN
    -- a new device only adds a line to its customer's
    INSERT INTO customer_lines AS cl (customer_id, lines)
    SELECT n.customer_id, bit_or(fleet_line_bit(n.product_line)) FROM new_rows n
     WHERE n.customer_id IS NOT NULL AND EXISTS (SELECT 1 FROM customers cu WHERE cu.id = n.customer_id)
     GROUP BY n.customer_id
    ON CONFLICT (customer_id) DO UPDATE SET lines = cl.lines | EXCLUDED.lines WHERE (cl.lines | EXCLUDED.lines) <> cl.lines;
  ELSIF TG_OP = 'UPDATE' THEN
    -- a device that moved to another customer or line: those customers' lines again
    INSERT INTO customer_lines AS cl (customer_id, lines)
    SELECT t.customer_id, coalesce((SELECT bit_or(fleet_line_bit(d.product_line)) FROM devices d WHERE d.customer_id = t.customer_id), 0)
      FROM (SELECT DISTINCT x.customer_id FROM old_rows o JOIN new_rows n ON n.id = o.id
             CROSS JOIN LATERAL (VALUES (o.customer_id), (n.customer_id)) AS x(customer_id)
            WHERE x.customer_id IS NOT NULL AND (o.customer_id IS DISTINCT FROM n.customer_id OR o.product_line <> n.product_line)) t
     WHERE EXISTS (SELECT 1 FROM customers cu WHERE cu.id = t.customer_id)
    ON CONFLICT (customer_id) DO UPDATE SET lines = EXCLUDED.lines WHERE cl.lines <> EXCLUDED.lines;
  ELSE
    -- a device that went away: its customer's lines again
    INSERT INTO customer_lines AS cl (customer_id, lines)
    SELECT t.customer_id, coalesce((SELECT bit_or(fleet_line_bit(d.product_line)) FROM devices d WHERE d.customer_id = t.customer_id), 0)
      FROM (SELECT DISTINCT o.customer_id FROM old_rows o WHERE o.customer_id IS NOT NULL) t
     WHERE EXISTS (SELECT 1 FROM customers cu WHERE cu.id = t.customer_id)
    ON CONFLICT (customer_id) DO UPDATE SET lines = EXCLUDED.lines WHERE cl.lines <> EXCLUDED.lines;
  END IF;
  RETURN NULL;
END;
$$;

SELECT fleet_tally_triggers('devices', 'fleet_devices_dashboard');

CREATE FUNCTION fleet_readings_dashboard() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text;
BEGIN
  changed := fleet_changed_rows(TG_OP);
  EXECUTE format($q$
    INSERT INTO energy_monthly AS t (month, product_line, agency_id, electrician_id, company_id, site_id, modeled, kwh, readings)
    SELECT c.month, c.product_line, c.agency_id, c.electrician_id, c.company_id, c.site_id, false, sum(c.k * c.kwh), sum(c.k)
      FROM (%s) c GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum(c.k * c.kwh) <> 0 OR sum(c.k) <> 0
    ON CONFLICT (month, product_line, agency_id, electrician_id, company_id, site_id, modeled)
    DO UPDATE SET kwh = t.kwh + EXCLUDED.kwh, readings = t.readings + EXCLUDED.readings $q$, changed);
  RETURN NULL;
END;
$$;

SELECT fleet_tally_triggers('device_readings', 'fleet_readings_dashboard');

-- A database that already has devices: its tallies from what is there now.
INSERT INTO device_tallies (product_line, agency_id, electrician_id, company_id, site_id, device_status, is_online, firmware_version, devices)
SELECT product_line, coalesce(agency_id, 0), coalesce(electrician_id, 0), coalesce(company_id, 0), coalesce(site_id, 0),
       device_status, is_online, coalesce(firmware_version, ''), count(*)
  FROM devices GROUP BY 1, 2, 3, 4, 5, 6, 7, 8;
INSERT INTO device_months (month, product_line, agency_id, electrician_id, company_id, site_id, installed)
SELECT date_trunc('month', coalesce(installation_date, (created_at AT TIME ZONE 'UTC')::date))::date, product_line,
       coalesce(agency_id, 0), coalesce(electrician_id, 0), coalesce(company_id, 0), coalesce(site_id, 0), count(*)
  FROM devices GROUP BY 1, 2, 3, 4, 5, 6;
INSERT INTO customer_lines (customer_id, lines)
SELECT d.customer_id, bit_or(fleet_line_bit(d.product_line)) FROM devices d JOIN customers c ON c.id = d.customer_id GROUP BY d.customer_id;
