-- An open live stream was checked once, at connect: after its NGO lost the organizer role or was deactivated, or its
-- admin account was removed, renamed or moved, it kept the access a new request no longer gets. Each such change now
-- appends an 'access' row to the live log, numbered at its commit like every event (migration 012). Every instance's
-- hub reads the log in that order and, on an 'access' row, re-checks its open streams before it hands out any later
-- event: no event committed after the change reaches a stream that lost the right to it. Streams never receive the
-- row itself.
ALTER TABLE live_event DROP CONSTRAINT live_event_kind_check;
ALTER TABLE live_event ADD CONSTRAINT live_event_kind_check CHECK (kind IN ('answers', 'note', 'state', 'claim', 'comment', 'access'));
ALTER TABLE live_event ALTER COLUMN observer_id DROP NOT NULL;
ALTER TABLE live_event ALTER COLUMN polling_station_id DROP NOT NULL;

-- TG_ARGV[0]: the changed row's column that names its NGO.
CREATE FUNCTION record_access_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO live_event (ngo_id, kind, at, payload)
  VALUES ((to_jsonb(OLD) ->> TG_ARGV[0])::integer, 'access', now(), '{"kind": "access"}');
  PERFORM pg_notify('live_event', '');
  RETURN NULL;
END;
$$;

CREATE TRIGGER ngo_access_changed AFTER UPDATE OF organizer, is_active ON ngo FOR EACH ROW
  WHEN (OLD.organizer IS DISTINCT FROM NEW.organizer OR OLD.is_active IS DISTINCT FROM NEW.is_active)
  EXECUTE FUNCTION record_access_change('id');
CREATE TRIGGER ngo_removed AFTER DELETE ON ngo FOR EACH ROW EXECUTE FUNCTION record_access_change('id');
CREATE TRIGGER ngo_admin_access_changed AFTER UPDATE OF account, ngo_id ON ngo_admin FOR EACH ROW
  WHEN (OLD.account IS DISTINCT FROM NEW.account OR OLD.ngo_id IS DISTINCT FROM NEW.ngo_id)
  EXECUTE FUNCTION record_access_change('ngo_id');
CREATE TRIGGER ngo_admin_removed AFTER DELETE ON ngo_admin FOR EACH ROW EXECUTE FUNCTION record_access_change('ngo_id');
