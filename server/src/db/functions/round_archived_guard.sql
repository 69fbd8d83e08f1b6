-- An archived election round is read-only (migration 019): a statement that writes a row of one fails with P0409,
-- which the server answers as 409 round_archived. The rounds a statement touched are share-locked first, so archiving
-- (an UPDATE of the round, which waits for those locks) happens entirely before or after each write, never during.
-- Derived rows (threads, tallies, presence) follow the guarded writes that make them and need no guard of their own;
-- a thread's review and claim change with a thread event, which is guarded.
CREATE OR REPLACE FUNCTION round_archived_guard() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  rounds integer[] := '{}';
  archived boolean;
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    rounds := rounds || ARRAY(SELECT DISTINCT election_round_id FROM new_rows);
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    rounds := rounds || ARRAY(SELECT DISTINCT election_round_id FROM old_rows);
  END IF;
  -- Locked rows are read as last committed: an archive that committed while this waited is seen.
  SELECT bool_or(status = 'archived') INTO archived
  FROM (SELECT status FROM election_round WHERE id = ANY (rounds) ORDER BY id FOR SHARE) locked;
  IF archived THEN
    RAISE EXCEPTION 'an archived election round: % on % refused', TG_OP, TG_TABLE_NAME USING ERRCODE = 'P0409';
  END IF;
  RETURN NULL;
END;
$$;

-- Transition tables allow one event per trigger, hence three triggers per table.
CREATE OR REPLACE TRIGGER polling_station_round_guard_insert AFTER INSERT ON polling_station
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION round_archived_guard();
CREATE OR REPLACE TRIGGER polling_station_round_guard_update AFTER UPDATE ON polling_station
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION round_archived_guard();
CREATE OR REPLACE TRIGGER polling_station_round_guard_delete AFTER DELETE ON polling_station
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION round_archived_guard();
CREATE OR REPLACE TRIGGER station_assignment_round_guard_insert AFTER INSERT ON station_assignment
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION round_archived_guard();
CREATE OR REPLACE TRIGGER station_assignment_round_guard_update AFTER UPDATE ON station_assignment
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION round_archived_guard();
CREATE OR REPLACE TRIGGER station_assignment_round_guard_delete AFTER DELETE ON station_assignment
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION round_archived_guard();
CREATE OR REPLACE TRIGGER form_round_guard_insert AFTER INSERT ON form
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION round_archived_guard();
CREATE OR REPLACE TRIGGER form_round_guard_update AFTER UPDATE ON form
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION round_archived_guard();
CREATE OR REPLACE TRIGGER form_round_guard_delete AFTER DELETE ON form
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION round_archived_guard();
CREATE OR REPLACE TRIGGER answer_round_guard_insert AFTER INSERT ON answer
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION round_archived_guard();
CREATE OR REPLACE TRIGGER answer_round_guard_update AFTER UPDATE ON answer
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION round_archived_guard();
CREATE OR REPLACE TRIGGER answer_round_guard_delete AFTER DELETE ON answer
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION round_archived_guard();
CREATE OR REPLACE TRIGGER note_round_guard_insert AFTER INSERT ON note
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION round_archived_guard();
CREATE OR REPLACE TRIGGER note_round_guard_update AFTER UPDATE ON note
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION round_archived_guard();
CREATE OR REPLACE TRIGGER note_round_guard_delete AFTER DELETE ON note
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION round_archived_guard();
CREATE OR REPLACE TRIGGER polling_station_info_round_guard_insert AFTER INSERT ON polling_station_info
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION round_archived_guard();
CREATE OR REPLACE TRIGGER polling_station_info_round_guard_update AFTER UPDATE ON polling_station_info
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION round_archived_guard();
CREATE OR REPLACE TRIGGER polling_station_info_round_guard_delete AFTER DELETE ON polling_station_info
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION round_archived_guard();
CREATE OR REPLACE TRIGGER thread_event_round_guard_insert AFTER INSERT ON thread_event
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION round_archived_guard();
CREATE OR REPLACE TRIGGER thread_event_round_guard_update AFTER UPDATE ON thread_event
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION round_archived_guard();
CREATE OR REPLACE TRIGGER thread_event_round_guard_delete AFTER DELETE ON thread_event
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION round_archived_guard();
CREATE OR REPLACE TRIGGER notification_round_guard_insert AFTER INSERT ON notification
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION round_archived_guard();
CREATE OR REPLACE TRIGGER notification_round_guard_update AFTER UPDATE ON notification
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION round_archived_guard();
CREATE OR REPLACE TRIGGER notification_round_guard_delete AFTER DELETE ON notification
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION round_archived_guard();
