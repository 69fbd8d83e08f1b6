-- Any statement that adds, changes or removes stations raises the version of each round whose stations it touched,
-- once per round (none when it touched no row): phones keep a round's whole list and ask only whether it changed.
-- Versions come from one sequence (migration 020), so no two rounds share one; the upsert makes a round's row on its
-- first stations.
CREATE OR REPLACE FUNCTION station_registry_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO station_registry (election_round_id, version)
  SELECT touched.round, nextval('station_registry_version')
  FROM (SELECT DISTINCT election_round_id AS round FROM touched_stations ORDER BY 1) touched
  ON CONFLICT (election_round_id) DO UPDATE SET version = excluded.version;
  RETURN NULL;
END;
$$;
CREATE OR REPLACE TRIGGER station_registry_insert AFTER INSERT ON polling_station
  REFERENCING NEW TABLE AS touched_stations FOR EACH STATEMENT EXECUTE FUNCTION station_registry_bump();
CREATE OR REPLACE TRIGGER station_registry_update AFTER UPDATE ON polling_station
  REFERENCING NEW TABLE AS touched_stations FOR EACH STATEMENT EXECUTE FUNCTION station_registry_bump();
CREATE OR REPLACE TRIGGER station_registry_delete AFTER DELETE ON polling_station
  REFERENCING OLD TABLE AS touched_stations FOR EACH STATEMENT EXECUTE FUNCTION station_registry_bump();
