-- One timeline per customer property (issue 23, modules/customers/property-timeline.ts): each source of a
-- property's entries is read newest first and cut at the page's reach, and counted for the total.

-- who saved a tariff (a property's tariff history names them; older rows stay without)
ALTER TABLE customer_tariff_details ADD COLUMN created_by bigint;

-- the property ids an audit entry's changes name (a member's or a device's `property_id`, old or new, or
-- `table.property_id` of another row of the same write): members added and removed, devices moved in
-- and out. Indexed for the entries that name one only.
CREATE FUNCTION fleet_audit_property_ids(changes jsonb) RETURNS bigint[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT v.id::bigint), '{}')
    FROM jsonb_array_elements(CASE WHEN jsonb_typeof(changes) = 'array' THEN changes ELSE '[]'::jsonb END) c,
         LATERAL (VALUES (c->>'old'), (c->>'new')) v(id)
   WHERE (c->>'field' = 'property_id' OR c->>'field' LIKE '%.property_id') AND v.id ~ '^[0-9]{1,18}$'
$$;
CREATE INDEX audit_entries_property_idx ON audit_entries USING gin (fleet_audit_property_ids(changes))
  WHERE fleet_audit_property_ids(changes) <> '{}';

-- installs, replacements and removals at a property, by when
CREATE INDEX device_history_property_idx ON device_history (property_id, created_at DESC, id DESC)
  WHERE property_id IS NOT NULL AND event IN ('installed', 'replaced', 'removed');
-- members by when they were added
CREATE INDEX property_members_property_added_idx ON property_members (property_id, created_at DESC, id DESC);
