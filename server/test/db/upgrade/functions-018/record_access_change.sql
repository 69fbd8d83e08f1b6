-- A change to who may see what appends an 'access' row to the live log (migration 014): an NGO's organizer role or
-- status, an admin account removed, renamed or moved. Every instance's hub re-checks its open streams on it.
-- TG_ARGV[0]: the changed row's column that names its NGO.
CREATE OR REPLACE FUNCTION record_access_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO live_event (ngo_id, kind, at, payload)
  VALUES ((to_jsonb(OLD) ->> TG_ARGV[0])::integer, 'access', now(), '{"kind": "access"}');
  PERFORM pg_notify('live_event', '');
  RETURN NULL;
END;
$$;

CREATE OR REPLACE TRIGGER ngo_access_changed AFTER UPDATE OF organizer, is_active ON ngo FOR EACH ROW
  WHEN (OLD.organizer IS DISTINCT FROM NEW.organizer OR OLD.is_active IS DISTINCT FROM NEW.is_active)
  EXECUTE FUNCTION record_access_change('id');
CREATE OR REPLACE TRIGGER ngo_removed AFTER DELETE ON ngo FOR EACH ROW EXECUTE FUNCTION record_access_change('id');
CREATE OR REPLACE TRIGGER ngo_admin_access_changed AFTER UPDATE OF account, ngo_id ON ngo_admin FOR EACH ROW
  WHEN (OLD.account IS DISTINCT FROM NEW.account OR OLD.ngo_id IS DISTINCT FROM NEW.ngo_id)
  EXECUTE FUNCTION record_access_change('ngo_id');
CREATE OR REPLACE TRIGGER ngo_admin_removed AFTER DELETE ON ngo_admin FOR EACH ROW EXECUTE FUNCTION record_access_change('ngo_id');
