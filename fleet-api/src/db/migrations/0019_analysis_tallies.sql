-- The analysis page (issue 14): what the customers' apps and the fleet record, counted ahead like the
-- device dashboards' tallies (0018) so that no figure recounts 200,000 customers per request. The
-- customers module's own rows are the source (customers' auto sync and weekly report switches,
-- customer_sync_events, the suppression list); two things are new: the customer's app (platform,
-- version, location preference) and the tallies.

-- A switch of the customer's app as the tallies key it: on, off, or never set.
CREATE FUNCTION fleet_switch(v boolean) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN v THEN 'on' WHEN NOT v THEN 'off' ELSE 'unset' END
$$;

-- 1. Customers by agency (the customers slice), status, switches and the lines they have devices of.
CREATE TABLE user_tallies (
  agency_id     bigint NOT NULL,
  status        text NOT NULL,
  auto_sync     text NOT NULL,
  weekly_report text NOT NULL,
  lines         integer NOT NULL,
  users         integer NOT NULL,
  PRIMARY KEY (agency_id, status, auto_sync, weekly_report, lines)
);

CREATE FUNCTION fleet_customers_dashboard() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text;
BEGIN
  changed := fleet_changed_rows(TG_OP);
  EXECUTE format($q$
    INSERT INTO user_tallies AS t (agency_id, status, auto_sync, weekly_report, lines, users)
    SELECT coalesce(c.agency_id, 0), c.status, fleet_switch(c.auto_sync), fleet_switch(c.weekly_report), coalesce(cl.lines, 0), sum(c.k)
      FROM (%s) c LEFT JOIN customer_lines cl ON cl.customer_id = c.id
     GROUP BY 1, 2, 3, 4, 5 HAVING sum(c.k) <> 0
    ON CONFLICT (agency_id, status, auto_sync, weekly_report, lines) DO UPDATE SET users = t.users + EXCLUDED.users $q$, changed);
  IF TG_OP = 'DELETE' THEN
    DELETE FROM customer_lines cl USING old_rows o WHERE cl.customer_id = o.id;
  END IF;
  RETURN NULL;
END;
$$;

SELECT fleet_tally_triggers('customers', 'fleet_customers_dashboard');

-- A customer without a customer_lines row is counted with lines 0: a row arriving moves it from 0,
-- a row going away moves it back (only while the customer exists).
CREATE FUNCTION fleet_customer_lines_dashboard() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text;
BEGIN
  changed := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT n.customer_id, n.lines, 1 AS k FROM new_rows n UNION ALL SELECT n.customer_id, 0, -1 FROM new_rows n'
    WHEN 'DELETE' THEN 'SELECT o.customer_id, o.lines, -1 AS k FROM old_rows o UNION ALL SELECT o.customer_id, 0, 1 FROM old_rows o'
    ELSE 'SELECT o.customer_id, o.lines, -1 AS k FROM old_rows o UNION ALL SELECT n.customer_id, n.lines, 1 AS k FROM new_rows n' END;
  EXECUTE format($q$
    INSERT INTO user_tallies AS t (agency_id, status, auto_sync, weekly_report, lines, users)
    SELECT coalesce(cu.agency_id, 0), cu.status, fleet_switch(cu.auto_sync), fleet_switch(cu.weekly_report), c.lines, sum(c.k)
      FROM (%s) c JOIN customers cu ON cu.id = c.customer_id
     GROUP BY 1, 2, 3, 4, 5 HAVING sum(c.k) <> 0
    ON CONFLICT (agency_id, status, auto_sync, weekly_report, lines) DO UPDATE SET users = t.users + EXCLUDED.users $q$, changed);
  RETURN NULL;
END;
$$;

SELECT fleet_tally_triggers('customer_lines', 'fleet_customer_lines_dashboard');

-- 2. Auto syncs and weekly reports per month, by how they went (customer_sync_events, 0014).
CREATE TABLE sync_monthly (
  month     date NOT NULL,
  sync_type text NOT NULL,
  status    text NOT NULL,
  events    integer NOT NULL,
  PRIMARY KEY (month, sync_type, status)
);

CREATE FUNCTION fleet_sync_events_dashboard() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text;
BEGIN
  changed := fleet_changed_rows(TG_OP);
  EXECUTE format($q$
    INSERT INTO sync_monthly AS t (month, sync_type, status, events)
    SELECT date_trunc('month', c.created_at AT TIME ZONE 'UTC')::date, c.sync_type, c.status, sum(c.k)
      FROM (%s) c GROUP BY 1, 2, 3 HAVING sum(c.k) <> 0
    ON CONFLICT (month, sync_type, status) DO UPDATE SET events = t.events + EXCLUDED.events $q$, changed);
  RETURN NULL;
END;
$$;

SELECT fleet_tally_triggers('customer_sync_events', 'fleet_sync_events_dashboard');

-- 3. The customer's app, as it last reported itself (POST /api/customer/app-events): platform, app
--    version and the location permission the customer chose.
CREATE TABLE customer_apps (
  customer_id         bigint PRIMARY KEY REFERENCES customers (id) ON DELETE CASCADE,
  platform            text NOT NULL CHECK (platform IN ('android', 'ios')),
  app_version         text NOT NULL CHECK (app_version ~ '^[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}$'),
  location_preference text NOT NULL CHECK (location_preference IN ('always', 'while_using', 'never', 'not_asked')),
  first_seen_at       timestamptz NOT NULL DEFAULT now(),
  last_seen_at        timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE app_tallies (
  platform            text NOT NULL,
  app_version         text NOT NULL,
  location_preference text NOT NULL,
  users               integer NOT NULL,
  PRIMARY KEY (platform, app_version, location_preference)
);

CREATE FUNCTION fleet_customer_apps_dashboard() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text;
BEGIN
  changed := fleet_changed_rows(TG_OP);
  EXECUTE format($q$
    INSERT INTO app_tallies AS t (platform, app_version, location_preference, users)
    SELECT c.platform, c.app_version, c.location_preference, sum(c.k) FROM (%s) c GROUP BY 1, 2, 3 HAVING sum(c.k) <> 0
    ON CONFLICT (platform, app_version, location_preference) DO UPDATE SET users = t.users + EXCLUDED.users $q$, changed);
  RETURN NULL;
END;
$$;

SELECT fleet_tally_triggers('customer_apps', 'fleet_customer_apps_dashboard');

-- 4. Smoke alarms' batteries (0009): how many per status, battery band (tens of percent; -1 unknown)
--    and month of expiry (a sealed ten-year battery lasts as long as its alarm), with the levels' sum.
CREATE TABLE battery_tallies (
  alarm_status  text NOT NULL,
  battery_band  smallint NOT NULL,
  expires_month date NOT NULL,
  alarms        integer NOT NULL,
  level_total   bigint NOT NULL,
  PRIMARY KEY (alarm_status, battery_band, expires_month)
);

CREATE FUNCTION fleet_smoke_alarms_dashboard() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text;
BEGIN
  changed := fleet_changed_rows(TG_OP);
  EXECUTE format($q$
    INSERT INTO battery_tallies AS t (alarm_status, battery_band, expires_month, alarms, level_total)
    SELECT c.alarm_status, coalesce(least(c.battery_level / 10, 9), -1), coalesce(date_trunc('month', c.expires_on)::date, date '1970-01-01'),
           sum(c.k), sum(c.k * coalesce(c.battery_level, 0))
      FROM (%s) c GROUP BY 1, 2, 3 HAVING sum(c.k) <> 0 OR sum(c.k * coalesce(c.battery_level, 0)) <> 0
    ON CONFLICT (alarm_status, battery_band, expires_month)
    DO UPDATE SET alarms = t.alarms + EXCLUDED.alarms, level_total = t.level_total + EXCLUDED.level_total $q$, changed);
  RETURN NULL;
END;
$$;

SELECT fleet_tally_triggers('smoke_alarms', 'fleet_smoke_alarms_dashboard');

-- 5. New customers per month (the users figure) and the suppression list per month read ranges.
CREATE INDEX suppression_list_created_idx ON suppression_list (created_at);

-- A database that already has customers: the tallies from what is there now.
INSERT INTO user_tallies (agency_id, status, auto_sync, weekly_report, lines, users)
SELECT coalesce(c.agency_id, 0), c.status, fleet_switch(c.auto_sync), fleet_switch(c.weekly_report), coalesce(cl.lines, 0), count(*)
  FROM customers c LEFT JOIN customer_lines cl ON cl.customer_id = c.id GROUP BY 1, 2, 3, 4, 5;
INSERT INTO sync_monthly (month, sync_type, status, events)
SELECT date_trunc('month', created_at AT TIME ZONE 'UTC')::date, sync_type, status, count(*) FROM customer_sync_events GROUP BY 1, 2, 3;
INSERT INTO battery_tallies (alarm_status, battery_band, expires_month, alarms, level_total)
SELECT alarm_status, coalesce(least(battery_level / 10, 9), -1), coalesce(date_trunc('month', expires_on)::date, date '1970-01-01'),
       count(*), sum(coalesce(battery_level, 0))
  FROM smoke_alarms GROUP BY 1, 2, 3;
