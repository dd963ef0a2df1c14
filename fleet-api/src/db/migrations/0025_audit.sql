-- The audit trail (issue 23, docs/audit.md): who did what, one entry per accepted write, written in the
-- write's own transaction (policy/audit.ts), chained by hashes so that an entry changed behind the API's
-- back is found (GET /api/audit/verify), and never updated or deleted except by whole months through
-- fleet_audit_drop_month, which records that it did. Refused sign-ins and token refusals are security
-- events, in their own table. audit_log (0001) was never written: it goes.

DROP TABLE IF EXISTS audit_log;

CREATE TABLE audit_entries (
  id              bigserial PRIMARY KEY,
  -- place in the hash chain, given under the chain head's row lock (ids are taken before it, so two
  -- writers on PostgreSQL may take ids in one order and the lock in the other)
  seq             bigint NOT NULL,
  created_at      timestamptz NOT NULL DEFAULT now(),
  actor_id        bigint,            -- no foreign key: a deleted user's entries stay as written
  actor_email     text,
  actor_role      text,
  actor_org_kind  text,              -- agency, electrician, company, site_manager, customer (null: Admin or nobody)
  actor_org_id    bigint,
  actor_org_name  text,
  ip              text,
  user_agent      text,
  request_id      text,
  route           text,              -- "PUT /api/ota/group/{id}": which call made it
  action          text NOT NULL,
  entity          text NOT NULL,
  entity_id       bigint,
  label           text,
  changes         jsonb NOT NULL DEFAULT '[]',  -- [{field, old, new}]; secrets as {field, old: null, new: "changed"}
  bulk            jsonb,             -- a write of many rows: {filter, count}
  touched_ids     bigint[],          -- the ids of the entity's rows the write touched (every one of them)
  -- the organisations whose slice the entry belongs to: the actor's and the object's ('agency:5',
  -- 'company:3', 'site:9', 'site_manager:2', 'electrician:4', 'customer:7'), read by each role's list
  slice_keys      text[] NOT NULL DEFAULT '{}',
  prev_hash       text NOT NULL,
  hash            text NOT NULL
);
CREATE INDEX audit_entries_seq_idx ON audit_entries (seq);
CREATE INDEX audit_entries_newest_idx ON audit_entries (created_at DESC, id DESC);
CREATE INDEX audit_entries_entity_idx ON audit_entries (entity, entity_id, created_at DESC);
CREATE INDEX audit_entries_actor_idx ON audit_entries (actor_id, created_at DESC);
CREATE INDEX audit_entries_slice_idx ON audit_entries USING gin (slice_keys);
CREATE INDEX audit_entries_touched_idx ON audit_entries USING gin (touched_ids);

-- The chain's head: one row, updated in the appending transaction (its row lock serialises appends, so
-- concurrent writers cannot fork the chain). Retention moves `from_seq` and `from_hash` on: the first
-- entry kept must then link to the hash of the last one dropped.
CREATE TABLE audit_chain (
  id         integer PRIMARY KEY CHECK (id = 1),
  last_seq   bigint NOT NULL,
  last_hash  text NOT NULL,
  from_seq   bigint NOT NULL,
  from_hash  text NOT NULL
);
INSERT INTO audit_chain (id, last_seq, last_hash, from_seq, from_hash) VALUES (1, 0, 'genesis', 1, 'genesis');

-- What the hash covers: every field an operator reads, in a fixed order, as text (jsonb's text is
-- canonical: keys sorted, no spaces chosen by the writer). The same function serves append and verify.
CREATE FUNCTION fleet_audit_content(e audit_entries) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT concat_ws(E'\x1f',
    e.seq::text, to_char(e.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US'),
    coalesce(e.actor_id::text, ''), coalesce(e.actor_email, ''), coalesce(e.actor_role, ''),
    coalesce(e.actor_org_kind, ''), coalesce(e.actor_org_id::text, ''), coalesce(e.actor_org_name, ''),
    coalesce(e.ip, ''), coalesce(e.user_agent, ''), coalesce(e.request_id, ''), coalesce(e.route, ''),
    e.action, e.entity, coalesce(e.entity_id::text, ''), coalesce(e.label, ''),
    e.changes::text, coalesce(e.bulk::text, ''), coalesce(e.touched_ids::text, ''), e.slice_keys::text)
$$;

CREATE FUNCTION fleet_audit_hash(e audit_entries, prev text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT encode(sha256(convert_to(prev || E'\x1e' || fleet_audit_content(e), 'UTF8')), 'hex')
$$;

-- Every insert is chained here, whoever inserts: the head row is locked and moved on in the same
-- transaction, so the chain is one line per database.
CREATE FUNCTION fleet_audit_chain() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  head audit_chain%ROWTYPE;
BEGIN
  SELECT * INTO head FROM audit_chain WHERE id = 1 FOR UPDATE;
  NEW.seq := head.last_seq + 1;
  NEW.prev_hash := head.last_hash;
  NEW.hash := fleet_audit_hash(NEW, head.last_hash);
  UPDATE audit_chain SET last_seq = NEW.seq, last_hash = NEW.hash WHERE id = 1;
  RETURN NEW;
END $$;
CREATE TRIGGER audit_entries_chain BEFORE INSERT ON audit_entries FOR EACH ROW EXECUTE FUNCTION fleet_audit_chain();

-- Entries are never updated, and deleted only by fleet_audit_drop_month (which sets the flag below
-- for its own statement). On a PostgreSQL server, run the API as a role with INSERT and SELECT on
-- audit_entries only (docs/audit.md): the role then cannot delete at all, flag or not, and the
-- function (SECURITY DEFINER, owned by the schema's owner) is the one way to drop a month.
CREATE FUNCTION fleet_audit_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('fleet.audit_retention', true) = 'on' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'audit entries cannot be changed or deleted (%)', TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;
CREATE TRIGGER audit_entries_immutable BEFORE UPDATE OR DELETE ON audit_entries FOR EACH ROW EXECUTE FUNCTION fleet_audit_refuse_change();
CREATE TRIGGER audit_entries_no_truncate BEFORE TRUNCATE ON audit_entries FOR EACH STATEMENT EXECUTE FUNCTION fleet_audit_refuse_change();

-- Retention: drops the oldest month whole (only the oldest, and only one that has ended at least
-- `keep_months` ago), moves the chain's start past it, and records an entry saying so. Answers how
-- many entries went.
CREATE FUNCTION fleet_audit_drop_month(month date, keep_months integer DEFAULT 12) RETURNS bigint
LANGUAGE plpgsql SECURITY DEFINER AS $$
DECLARE
  first_month date;
  dropped bigint;
  last_dropped audit_entries%ROWTYPE;
BEGIN
  SELECT date_trunc('month', min(created_at) AT TIME ZONE 'UTC')::date INTO first_month FROM audit_entries;
  IF first_month IS NULL OR date_trunc('month', month)::date <> first_month THEN
    RAISE EXCEPTION 'only the oldest month of the audit trail can be dropped (%)', first_month;
  END IF;
  IF (first_month + make_interval(months => keep_months + 1)) > (now() AT TIME ZONE 'UTC')::date THEN
    RAISE EXCEPTION 'the audit trail keeps % months', keep_months;
  END IF;
  PERFORM 1 FROM audit_chain WHERE id = 1 FOR UPDATE;
  SELECT * INTO last_dropped FROM audit_entries
   WHERE created_at < (first_month + interval '1 month') AT TIME ZONE 'UTC' ORDER BY seq DESC LIMIT 1;
  -- the month must be the chain's start: a later entry before its last one would go with it
  IF EXISTS (SELECT 1 FROM audit_entries WHERE seq < last_dropped.seq
              AND created_at >= (first_month + interval '1 month') AT TIME ZONE 'UTC') THEN
    RAISE EXCEPTION 'the entries of % are not the start of the chain', to_char(first_month, 'YYYY-MM');
  END IF;
  PERFORM set_config('fleet.audit_retention', 'on', true);
  DELETE FROM audit_entries WHERE seq <= last_dropped.seq;
  GET DIAGNOSTICS dropped = ROW_COUNT;
  PERFORM set_config('fleet.audit_retention', 'off', true);
  UPDATE audit_chain SET from_seq = last_dropped.seq + 1, from_hash = last_dropped.hash WHERE id = 1;
  INSERT INTO audit_entries (action, entity, label, bulk)
  VALUES ('retention', 'audit_log', to_char(first_month, 'YYYY-MM'), jsonb_build_object('count', dropped, 'month', to_char(first_month, 'YYYY-MM')));
  RETURN dropped;
END $$;

-- Row changes of a write in progress, captured for its entry (policy/audit.ts reads them before the
-- commit). Each unit of work creates the session's temporary audit_staged table and switches
-- fleet.audit_capture on for its transaction; outside one (the simulator, the seed, the orchestrator)
-- the WHEN clause is false and the trigger costs nothing. The first 1000 rows keep their old and new
-- values; after that only the table and id (a bulk write's ids stay readable).
CREATE FUNCTION fleet_audit_capture() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  n integer := coalesce(nullif(current_setting('fleet.audit_rows', true), ''), '0')::integer + 1;
  old_row jsonb := CASE WHEN TG_OP <> 'INSERT' THEN to_jsonb(OLD) END;
  new_row jsonb := CASE WHEN TG_OP <> 'DELETE' THEN to_jsonb(NEW) END;
BEGIN
  PERFORM set_config('fleet.audit_rows', n::text, true);
  INSERT INTO audit_staged (tbl, op, row_id, old_row, new_row)
  VALUES (TG_TABLE_NAME, TG_OP, coalesce(new_row, old_row) ->> 'id',
          CASE WHEN n <= 1000 THEN old_row END, CASE WHEN n <= 1000 THEN new_row END);
  RETURN NULL;
END $$;

-- Tables whose rows are not the product's objects (sessions, codes, counters, derived rows kept by
-- triggers): their writes are not captured. Every other table is, including tables added later:
-- fleet_audit_attach runs after every migration (db/index.ts migrate).
CREATE TABLE audit_uncaptured (tbl text PRIMARY KEY);
INSERT INTO audit_uncaptured (tbl) VALUES
  ('audit_entries'), ('audit_chain'), ('audit_uncaptured'), ('security_events'), ('schema_migrations'),
  ('server_secrets'), ('seed_state'), ('table_versions'), ('address_requests'), ('auth_failures'),
  ('auth_sessions'), ('refresh_tokens'), ('otp_challenges'), ('email_verification_tokens'),
  ('password_reset_tokens'), ('mail_cooldowns'), ('outbox'), ('app_tallies'), ('battery_tallies'),
  ('device_tallies'), ('user_tallies'), ('device_months'), ('device_readings'), ('energy_monthly'),
  ('sync_monthly'), ('heat_pump_daily'), ('heat_pump_events'), ('ota_device_counts'), ('ota_devices'),
  ('device_history'), ('customer_sync_events');

CREATE FUNCTION fleet_audit_attach() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  t record;
  attached integer := 0;
BEGIN
  FOR t IN
    SELECT c.relname FROM pg_class c JOIN pg_namespace ns ON ns.oid = c.relnamespace
     WHERE ns.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition
       AND c.relname NOT IN (SELECT tbl FROM audit_uncaptured)
       AND NOT EXISTS (SELECT 1 FROM pg_trigger tr WHERE tr.tgrelid = c.oid AND tr.tgname = 'fleet_audit_capture')
  LOOP
    EXECUTE format(
      'CREATE TRIGGER fleet_audit_capture AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH ROW '
      'WHEN (current_setting(''fleet.audit_capture'', true) = ''on'') EXECUTE FUNCTION fleet_audit_capture()', t.relname);
    attached := attached + 1;
  END LOOP;
  RETURN attached;
END $$;
SELECT fleet_audit_attach();

-- Refused sign-ins, refused codes, sign-ins held back (429) and refused tokens: an attack shows here
-- without filling the trail. Admin reads them (GET /api/audit/security-events).
CREATE TABLE security_events (
  id          bigserial PRIMARY KEY,
  created_at  timestamptz NOT NULL DEFAULT now(),
  kind        text NOT NULL,
  email       text,
  user_id     bigint,
  ip          text,
  user_agent  text,
  request_id  text,
  route       text,
  status      integer NOT NULL
);
CREATE INDEX security_events_newest_idx ON security_events (created_at DESC, id DESC);
CREATE INDEX security_events_kind_idx ON security_events (kind, created_at DESC);
CREATE INDEX security_events_email_idx ON security_events (lower(email), created_at DESC);
