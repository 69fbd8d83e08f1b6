-- observer_activity (migration 002): each observer's lastSeen, the latest of its answers, notes and polling-station
-- records, moved forward by statement-level triggers on the three tables. Rows replaced by a newer submission cannot
-- make an observer "seen" earlier.
CREATE OR REPLACE FUNCTION observer_activity_touch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- In observer order, so that two concurrent statements lock activity rows in the same order.
  INSERT INTO observer_activity AS activity (observer_id, last_seen)
  SELECT observer_id, max(last_modified) FROM touched GROUP BY observer_id ORDER BY observer_id
  ON CONFLICT (observer_id) DO UPDATE SET last_seen = excluded.last_seen
  WHERE activity.last_seen < excluded.last_seen;
  RETURN NULL;
END;
$$;

-- Transition tables allow one event per trigger, hence an INSERT and an UPDATE trigger per table.
CREATE OR REPLACE TRIGGER answer_activity_insert AFTER INSERT ON answer
  REFERENCING NEW TABLE AS touched FOR EACH STATEMENT EXECUTE FUNCTION observer_activity_touch();
CREATE OR REPLACE TRIGGER answer_activity_update AFTER UPDATE ON answer
  REFERENCING NEW TABLE AS touched FOR EACH STATEMENT EXECUTE FUNCTION observer_activity_touch();
CREATE OR REPLACE TRIGGER note_activity_insert AFTER INSERT ON note
  REFERENCING NEW TABLE AS touched FOR EACH STATEMENT EXECUTE FUNCTION observer_activity_touch();
CREATE OR REPLACE TRIGGER note_activity_update AFTER UPDATE ON note
  REFERENCING NEW TABLE AS touched FOR EACH STATEMENT EXECUTE FUNCTION observer_activity_touch();
CREATE OR REPLACE TRIGGER polling_station_info_activity_insert AFTER INSERT ON polling_station_info
  REFERENCING NEW TABLE AS touched FOR EACH STATEMENT EXECUTE FUNCTION observer_activity_touch();
CREATE OR REPLACE TRIGGER polling_station_info_activity_update AFTER UPDATE ON polling_station_info
  REFERENCING NEW TABLE AS touched FOR EACH STATEMENT EXECUTE FUNCTION observer_activity_touch();
