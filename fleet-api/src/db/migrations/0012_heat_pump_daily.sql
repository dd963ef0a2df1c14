-- The network dashboards' history (issue 11): once a day (and again every hour for today) the heat
-- pumps' state is counted per agency, company and site, the keys the NMS slices are decided by
-- (Admin all, Agency its agency, mscc its company and its sites, sm its sites). Month figures are
-- read from these rows, never computed from today's state.
CREATE TABLE heat_pump_daily (
  day        date NOT NULL,
  agency_id  bigint,
  company_id bigint,
  site_id    bigint,
  total      integer NOT NULL,
  online     integer NOT NULL,
  offline    integer NOT NULL,
  faulty     integer NOT NULL
);
CREATE UNIQUE INDEX heat_pump_daily_key ON heat_pump_daily (day, coalesce(agency_id, 0), coalesce(company_id, 0), coalesce(site_id, 0));
