-- Any statement that adds, changes or removes stations raises the registry's version once (none when it touched no
-- row): phones keep the whole list and ask only whether it changed.
CREATE OR REPLACE FUNCTION station_registry_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM touched_stations) THEN
    UPDATE station_registry SET version = version + 1;
  END IF;
  RETURN NULL;
END;
$$;
CREATE OR REPLACE TRIGGER station_registry_insert AFTER INSERT ON polling_station
  REFERENCING NEW TABLE AS touched_stations FOR EACH STATEMENT EXECUTE FUNCTION station_registry_bump();
CREATE OR REPLACE TRIGGER station_registry_update AFTER UPDATE ON polling_station
  REFERENCING NEW TABLE AS touched_stations FOR EACH STATEMENT EXECUTE FUNCTION station_registry_bump();
CREATE OR REPLACE TRIGGER station_registry_delete AFTER DELETE ON polling_station
  REFERENCING OLD TABLE AS touched_stations FOR EACH STATEMENT EXECUTE FUNCTION station_registry_bump();
