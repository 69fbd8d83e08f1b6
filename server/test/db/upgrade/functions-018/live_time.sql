-- A timestamp as the live events' JSON writes it (record_live_events).
CREATE OR REPLACE FUNCTION live_time(value timestamptz) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT to_char(value AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
$$;
