-- The audit entry built in SQL from the captured rows, in one statement (issue 23's recording cost,
-- docs/audit.md): policy/audit.ts used to read audit_staged back into Node, work out the entry there and
-- send it in an INSERT, two round trips and every captured row's values over the wire. fleet_audit_append
-- does the same work where the rows are. What is the product's vocabulary (which table is which object,
-- which fields are secrets or bookkeeping, label fields, slice keys) stays in policy/audit-vocabulary.ts
-- and arrives as `vocab`; what only the request knows (actor, ip, route, declared action, object, id)
-- arrives as `req`.

-- A json null (a value kept in a jsonb document) is no row.
CREATE FUNCTION fleet_audit_row(r jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN r IS NULL OR jsonb_typeof(r) <> 'object' THEN NULL ELSE r END
$$;

-- The fields of one row that a write changed: [{field, old, new}], `prefix` before each field's name, a
-- secret as {field, old: null, new: "changed"}; fields in the row's order (the old row's, then the new one's).
CREATE FUNCTION fleet_audit_row_changes(op text, before jsonb, after jsonb, prefix text, vocab jsonb) RETURNS jsonb
LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(jsonb_agg(
           CASE WHEN f.field ~* (vocab ->> 'secret') THEN jsonb_build_object('field', prefix || f.field, 'old', NULL, 'new', 'changed')
                ELSE jsonb_build_object('field', prefix || f.field, 'old', f.old, 'new', f.new) END
           ORDER BY f.ord), '[]')
    FROM (SELECT k.field, min(k.ord) AS ord,
                 coalesce(fleet_audit_row(before) -> k.field, 'null') AS old, coalesce(fleet_audit_row(after) -> k.field, 'null') AS new
            FROM (SELECT b.key AS field, b.ord FROM jsonb_object_keys(coalesce(fleet_audit_row(before), '{}')) WITH ORDINALITY AS b(key, ord)
                  UNION ALL
                  SELECT a.key, 1000000 + a.ord FROM jsonb_object_keys(coalesce(fleet_audit_row(after), '{}')) WITH ORDINALITY AS a(key, ord)) k
           GROUP BY k.field) f
   WHERE NOT (vocab -> 'unrecorded' ? f.field)
     AND NOT (op <> 'UPDATE' AND f.field IN ('id', 'created_at'))
     AND NOT (op = 'UPDATE' AND f.old = f.new)
     AND NOT (op <> 'UPDATE' AND f.old = 'null' AND f.new = 'null')
$$;

-- What names a row: the first label field with a text, else a *_name field, else first and last name.
CREATE FUNCTION fleet_audit_label(r jsonb, vocab jsonb) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(
    (SELECT fleet_audit_row(r) ->> l.field FROM jsonb_array_elements_text(vocab -> 'labels') WITH ORDINALITY AS l(field, ord)
      WHERE jsonb_typeof(fleet_audit_row(r) -> l.field) = 'string' AND fleet_audit_row(r) ->> l.field <> '' ORDER BY l.ord LIMIT 1),
    (SELECT e.value #>> '{}' FROM jsonb_each(coalesce(fleet_audit_row(r), '{}')) WITH ORDINALITY AS e(key, value, ord)
      WHERE e.key LIKE '%\_name' AND e.key NOT IN ('first_name', 'last_name') AND jsonb_typeof(e.value) = 'string' AND e.value #>> '{}' <> ''
      ORDER BY e.ord LIMIT 1),
    nullif(concat_ws(' ',
      CASE WHEN jsonb_typeof(fleet_audit_row(r) -> 'first_name') = 'string' AND fleet_audit_row(r) ->> 'first_name' <> '' THEN r ->> 'first_name' END,
      CASE WHEN jsonb_typeof(fleet_audit_row(r) -> 'last_name') = 'string' AND fleet_audit_row(r) ->> 'last_name' <> '' THEN r ->> 'last_name' END), ''))
$$;

-- The slice keys of an object's row ('agency:5', 'site:9'): its own, for an organisation's row, then one per
-- organisation field, in the vocabulary's order.
CREATE FUNCTION fleet_audit_row_keys(tbl text, r jsonb, vocab jsonb) RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN fleet_audit_row(r) IS NULL THEN '{}'::text[] ELSE
    array_remove(ARRAY[CASE WHEN r -> 'id' IS NOT NULL AND r -> 'id' <> 'null' THEN (vocab -> 'table_keys' ->> tbl) || ':' || (r ->> 'id') END], NULL)
    || ARRAY(SELECT (k.pair ->> 1) || ':' || (r ->> (k.pair ->> 0))
               FROM jsonb_array_elements(vocab -> 'field_keys') WITH ORDINALITY AS k(pair, ord)
              WHERE jsonb_typeof(r -> (k.pair ->> 0)) = 'number'
                 OR (jsonb_typeof(r -> (k.pair ->> 0)) = 'string' AND r ->> (k.pair ->> 0) ~ '^\d+$')
              ORDER BY k.ord) END
$$;

-- Appends the entry of the write in progress (its rows in audit_staged when `req.captured`), as
-- policy/audit.ts describes: the rows merged per object (first old, last new values), the object's table
-- (declared, else the one holding the row the request names, else the first written), its entity, id,
-- changes, label, bulk count and touched ids, the action the rows say for a generic one, the slice keys
-- of the actor, the rows and the device or property they hang off, the actor's organisation's name. The
-- chain trigger gives it its place and hash.
CREATE FUNCTION fleet_audit_append(req jsonb, vocab jsonb) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  merged jsonb := '[]';
  counts jsonb := '[]';
  tbl_main text := req ->> 'table';
  main jsonb;
  main_n integer := 0;
  main_rows jsonb;
  key_rows jsonb;
  single jsonb;
  changes jsonb := '[]';
  act text := req ->> 'action';
  op text;
  keys text[] := '{}';
  org_id bigint := (req ->> 'actor_org_id')::bigint;
  r jsonb;
BEGIN
  IF coalesce((req ->> 'captured')::boolean, false) THEN
    -- one element per row written (the first 1000 captured keep their values), in the order first written
    SELECT coalesce(jsonb_agg(jsonb_build_object('pos', m.pos, 'tbl', m.tbl, 'row_id', m.row_id,
             'op', CASE WHEN m.last_op = 'DELETE' THEN 'DELETE' WHEN m.first_op = 'INSERT' AND NOT m.deleted THEN 'INSERT' ELSE 'UPDATE' END,
             'old_row', m.old_row, 'new_row', m.new_row) ORDER BY m.pos), '[]')
      INTO merged
      FROM (SELECT s.tbl, s.row_id, min(s.n) AS pos, (array_agg(s.op ORDER BY s.n))[1] AS first_op, (array_agg(s.op ORDER BY s.n DESC))[1] AS last_op,
                   bool_or(s.op = 'DELETE') AS deleted, (array_agg(s.old_row ORDER BY s.n))[1] AS old_row, (array_agg(s.new_row ORDER BY s.n DESC))[1] AS new_row
              FROM (SELECT * FROM audit_staged ORDER BY n LIMIT 1000) s
             GROUP BY s.tbl, s.row_id, CASE WHEN s.row_id IS NULL THEN s.n END) m;
    -- per table, in the order first written: its distinct ids (every row captured, not only the first 1000)
    SELECT coalesce(jsonb_agg(jsonb_build_object('tbl', c.tbl, 'n', c.n, 'ids', c.ids) ORDER BY c.first), '[]')
      INTO counts
      FROM (SELECT d.tbl, min(d.pos) AS first, count(d.row_id)::integer AS n,
                   coalesce(array_agg(d.row_id ORDER BY d.pos) FILTER (WHERE d.row_id IS NOT NULL), '{}') AS ids
              FROM (SELECT tbl, row_id, min(n) AS pos FROM audit_staged GROUP BY tbl, row_id) d
             GROUP BY d.tbl) c;
  END IF;

  IF tbl_main IS NULL AND req ->> 'asked' IS NOT NULL THEN
    SELECT x.e ->> 'tbl' INTO tbl_main FROM jsonb_array_elements(merged) WITH ORDINALITY AS x(e, i) WHERE x.e ->> 'row_id' = req ->> 'asked' ORDER BY x.i LIMIT 1;
  END IF;
  tbl_main := coalesce(tbl_main, merged -> 0 ->> 'tbl');
  SELECT e INTO main FROM jsonb_array_elements(counts) AS e WHERE e ->> 'tbl' = tbl_main;
  main_n := coalesce((main ->> 'n')::integer, 0);
  SELECT coalesce(jsonb_agg(x.e ORDER BY x.i), '[]') INTO main_rows FROM jsonb_array_elements(merged) WITH ORDINALITY AS x(e, i) WHERE x.e ->> 'tbl' = tbl_main;
  IF main_n = 1 THEN
    single := main_rows -> 0;
  END IF;

  IF single IS NOT NULL THEN
    changes := fleet_audit_row_changes(single ->> 'op', single -> 'old_row', single -> 'new_row', '', vocab);
  END IF;
  -- the write's other rows, when few (a user beside its agency, a site's managers): `table.field`
  IF jsonb_array_length(merged) <= 20 THEN
    FOR r IN SELECT x.e FROM jsonb_array_elements(merged) WITH ORDINALITY AS x(e, i)
              WHERE single IS NULL OR x.e -> 'pos' <> single -> 'pos' ORDER BY x.i LOOP
      changes := changes || fleet_audit_row_changes(r ->> 'op', r -> 'old_row', r -> 'new_row', (r ->> 'tbl') || '.', vocab);
    END LOOP;
  END IF;

  -- a path that says only "save" or nothing: what the rows say (a new row, a changed one, a removed one)
  IF NOT coalesce((req ->> 'action_declared')::boolean, false) AND main IS NOT NULL AND act IN ('create', 'update', 'action') THEN
    op := coalesce(single ->> 'op', main_rows -> 0 ->> 'op');
    IF op = 'INSERT' THEN
      act := 'create';
    ELSIF op = 'DELETE' THEN
      act := CASE WHEN main_n > 1 THEN 'bulk_delete' ELSE 'delete' END;
    ELSIF op = 'UPDATE' THEN
      act := CASE WHEN main_n > 1 THEN 'bulk_update' ELSE 'update' END;
    END IF;
  END IF;

  IF req ->> 'actor_org_kind' IS NOT NULL AND org_id IS NOT NULL THEN
    keys := ARRAY[(req ->> 'actor_org_kind') || ':' || org_id];
  END IF;
  key_rows := CASE WHEN jsonb_array_length(main_rows) > 0 THEN main_rows ELSE merged END;
  FOR r IN SELECT x.e FROM jsonb_array_elements(key_rows) WITH ORDINALITY AS x(e, i) ORDER BY x.i LOOP
    keys := keys || fleet_audit_row_keys(r ->> 'tbl', r -> 'old_row', vocab) || fleet_audit_row_keys(r ->> 'tbl', r -> 'new_row', vocab);
  END LOOP;
  -- rows that hang off a device or a property (faults, jobs, members) belong to its slice too
  keys := keys || ARRAY(
    SELECT k FROM devices d, unnest(fleet_audit_row_keys('devices',
             jsonb_build_object('agency_id', d.agency_id, 'company_id', d.company_id, 'site_id', d.site_id, 'customer_id', d.customer_id,
                                'electrician_id', d.electrician_id), vocab)) AS k
     WHERE d.id IN (SELECT (v ->> 'device_id')::bigint FROM jsonb_array_elements(key_rows) AS e,
                           LATERAL (VALUES (fleet_audit_row(e -> 'old_row')), (fleet_audit_row(e -> 'new_row'))) AS x(v)
                     WHERE v ->> 'device_id' ~ '^\d{1,15}$'));
  keys := keys || ARRAY(
    SELECT k FROM properties p, unnest(fleet_audit_row_keys('properties',
             jsonb_build_object('agency_id', p.agency_id, 'company_id', p.company_id, 'site_id', p.site_id, 'customer_id', p.customer_id), vocab)) AS k
     WHERE p.id IN (SELECT (v ->> 'property_id')::bigint FROM jsonb_array_elements(key_rows) AS e,
                           LATERAL (VALUES (fleet_audit_row(e -> 'old_row')), (fleet_audit_row(e -> 'new_row'))) AS x(v)
                     WHERE v ->> 'property_id' ~ '^\d{1,15}$'));
  SELECT coalesce(array_agg(u.k ORDER BY u.o), '{}') INTO keys FROM (SELECT k, min(o) AS o FROM unnest(keys) WITH ORDINALITY AS z(k, o) GROUP BY k) u;

  INSERT INTO audit_entries (actor_id, actor_email, actor_role, actor_org_kind, actor_org_id, actor_org_name, ip, user_agent,
                             request_id, route, action, entity, entity_id, label, changes, bulk, touched_ids, slice_keys, prev_hash, hash)
  VALUES (
    (req ->> 'actor_id')::bigint, req ->> 'actor_email', req ->> 'actor_role', req ->> 'actor_org_kind', org_id,
    CASE req ->> 'actor_org_kind'
      WHEN 'agency' THEN (SELECT agency_name FROM agencies WHERE id = org_id)
      WHEN 'company' THEN (SELECT company_name FROM multi_site_companies WHERE id = org_id)
      WHEN 'electrician' THEN (SELECT trim(concat_ws(' ', first_name, last_name)) FROM electricians WHERE id = org_id)
      WHEN 'site_manager' THEN (SELECT trim(concat_ws(' ', first_name, last_name)) FROM site_managers WHERE id = org_id)
      WHEN 'customer' THEN (SELECT trim(concat_ws(' ', first_name, last_name)) FROM customers WHERE id = org_id)
    END,
    req ->> 'ip', req ->> 'user_agent', req ->> 'request_id', req ->> 'route', act,
    coalesce(req ->> 'entity', vocab -> 'entities' ->> tbl_main, req ->> 'path_entity'),
    coalesce((req ->> 'id')::bigint, CASE WHEN single ->> 'row_id' ~ '^\d{1,15}$' THEN (single ->> 'row_id')::bigint END, (req ->> 'answer_id')::bigint),
    fleet_audit_label(coalesce(fleet_audit_row(single -> 'new_row'), fleet_audit_row(single -> 'old_row'),
                               fleet_audit_row(main_rows -> 0 -> 'new_row'), fleet_audit_row(main_rows -> 0 -> 'old_row')), vocab),
    changes,
    CASE WHEN main_n > 1 THEN jsonb_build_object('count', main_n) || CASE WHEN req ? 'filter' THEN jsonb_build_object('filter', req -> 'filter') ELSE '{}' END END,
    CASE WHEN main_n > 1 THEN ARRAY(SELECT t.x::bigint FROM jsonb_array_elements_text(main -> 'ids') WITH ORDINALITY AS t(x, o) WHERE t.x ~ '^\d{1,15}$' ORDER BY t.o) END,
    keys, '', '');
END $$;
