-- Live event ids follow the commit order: a listener that read id 11 never sees an id 10 commit after it. Ids come
-- from a sequence, which hands them out in the order transactions ask, so each event takes a fresh id at the commit
-- itself, by this deferred trigger, in the order the events were appended, under an advisory lock that the next
-- committing transaction waits for: no one holds the lock while a client is on its way to its COMMIT (migration 012).
-- The id the row was inserted with is left unused (a gap, as a rollback leaves).
CREATE OR REPLACE FUNCTION live_event_take_place() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(720514);
  UPDATE live_event SET id = nextval(pg_get_serial_sequence('live_event', 'id')) WHERE id = NEW.id;
  RETURN NULL;
END;
$$;

-- A constraint trigger cannot be created OR REPLACE: it is dropped and created again, in the one transaction of
-- migrate().
DROP TRIGGER IF EXISTS live_event_commit_order ON live_event;
CREATE CONSTRAINT TRIGGER live_event_commit_order AFTER INSERT ON live_event DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION live_event_take_place();
