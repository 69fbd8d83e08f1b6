-- station_presence (migration 011): recomputes the pairs in `touched` from the answers' tally, the notes and the
-- station facts: a pair left with none of them loses its row. In pair order, so that two concurrent statements lock
-- presence rows in the same order. A presence is in its station's round, as what it is made of is.
CREATE OR REPLACE FUNCTION station_presence_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM station_presence p
  USING (SELECT DISTINCT observer_id, polling_station_id FROM touched) t
  WHERE p.observer_id = t.observer_id AND p.polling_station_id = t.polling_station_id
    AND NOT EXISTS (SELECT 1 FROM answer_tally x WHERE x.observer_id = t.observer_id AND x.polling_station_id = t.polling_station_id)
    AND NOT EXISTS (SELECT 1 FROM note n WHERE n.observer_id = t.observer_id AND n.polling_station_id = t.polling_station_id)
    AND NOT EXISTS (SELECT 1 FROM polling_station_info i WHERE i.observer_id = t.observer_id AND i.polling_station_id = t.polling_station_id);
  INSERT INTO station_presence (election_round_id, observer_id, polling_station_id, arrived, noted, form_ids, flagged_count, last_activity)
  SELECT t.election_round_id, t.observer_id, t.polling_station_id, coalesce(i.observer_arrival_time IS NOT NULL, false), n.last_modified IS NOT NULL,
    coalesce(x.form_ids, '{}'), coalesce(x.flagged_count, 0), greatest(x.last_modified, n.last_modified, i.last_modified)
  FROM (SELECT DISTINCT election_round_id, observer_id, polling_station_id FROM touched) t
  LEFT JOIN polling_station_info i ON i.observer_id = t.observer_id AND i.polling_station_id = t.polling_station_id
  CROSS JOIN LATERAL (
    SELECT max(last_modified) AS last_modified FROM note
    WHERE observer_id = t.observer_id AND polling_station_id = t.polling_station_id) n
  CROSS JOIN LATERAL (
    SELECT array_agg(form_id ORDER BY form_id) AS form_ids, sum(flagged_count)::int AS flagged_count, max(last_modified) AS last_modified
    FROM answer_tally WHERE observer_id = t.observer_id AND polling_station_id = t.polling_station_id) x
  WHERE i.observer_id IS NOT NULL OR n.last_modified IS NOT NULL OR x.form_ids IS NOT NULL
  ORDER BY t.observer_id, t.polling_station_id
  ON CONFLICT (observer_id, polling_station_id) DO UPDATE
    SET arrived = excluded.arrived, noted = excluded.noted, form_ids = excluded.form_ids,
        flagged_count = excluded.flagged_count, last_activity = excluded.last_activity;
  RETURN NULL;
END;
$$;

-- Transition tables allow one event per trigger, hence one trigger per table and event.
CREATE OR REPLACE TRIGGER station_presence_tally_insert AFTER INSERT ON answer_tally
  REFERENCING NEW TABLE AS touched FOR EACH STATEMENT EXECUTE FUNCTION station_presence_refresh();
CREATE OR REPLACE TRIGGER station_presence_tally_update AFTER UPDATE ON answer_tally
  REFERENCING NEW TABLE AS touched FOR EACH STATEMENT EXECUTE FUNCTION station_presence_refresh();
CREATE OR REPLACE TRIGGER station_presence_tally_delete AFTER DELETE ON answer_tally
  REFERENCING OLD TABLE AS touched FOR EACH STATEMENT EXECUTE FUNCTION station_presence_refresh();
CREATE OR REPLACE TRIGGER station_presence_note_insert AFTER INSERT ON note
  REFERENCING NEW TABLE AS touched FOR EACH STATEMENT EXECUTE FUNCTION station_presence_refresh();
CREATE OR REPLACE TRIGGER station_presence_note_update AFTER UPDATE ON note
  REFERENCING NEW TABLE AS touched FOR EACH STATEMENT EXECUTE FUNCTION station_presence_refresh();
CREATE OR REPLACE TRIGGER station_presence_note_delete AFTER DELETE ON note
  REFERENCING OLD TABLE AS touched FOR EACH STATEMENT EXECUTE FUNCTION station_presence_refresh();
CREATE OR REPLACE TRIGGER station_presence_info_insert AFTER INSERT ON polling_station_info
  REFERENCING NEW TABLE AS touched FOR EACH STATEMENT EXECUTE FUNCTION station_presence_refresh();
CREATE OR REPLACE TRIGGER station_presence_info_update AFTER UPDATE ON polling_station_info
  REFERENCING NEW TABLE AS touched FOR EACH STATEMENT EXECUTE FUNCTION station_presence_refresh();
CREATE OR REPLACE TRIGGER station_presence_info_delete AFTER DELETE ON polling_station_info
  REFERENCING OLD TABLE AS touched FOR EACH STATEMENT EXECUTE FUNCTION station_presence_refresh();
