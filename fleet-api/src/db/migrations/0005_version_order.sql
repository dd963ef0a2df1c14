-- Firmware versions sort by number, not by text: 1.0.9 before 1.0.27 (issue 8). Each dot-separated
-- part becomes a number (its digits; none: -1; '*' as the highest), so "2.1" < "2.1.0" < "2.1.1".
-- IMMUTABLE, so ORDER BY and an index can use it; every version sortBy of the OTA lists goes through it.
CREATE FUNCTION fleet_version_key(v text) RETURNS numeric[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN v IS NULL THEN NULL ELSE (
    SELECT array_agg(
             CASE WHEN p = '*' THEN 999999
                  ELSE COALESCE(NULLIF(left(regexp_replace(p, '[^0-9]', '', 'g'), 18), '')::numeric, -1) END
             ORDER BY ord)
      FROM unnest(string_to_array(v, '.')) WITH ORDINALITY AS t(p, ord)
  ) END
$$;

