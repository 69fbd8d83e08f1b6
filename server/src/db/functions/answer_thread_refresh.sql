-- answer_thread (migrations 004, 007): recomputes the threads of the pairs in `touched` from the answers themselves:
-- a pair left without answers disappears, any other gets its current latest time, flagged count and the age clock's
-- start (the time of its earliest flagged answer). In pair order, so that two concurrent statements lock thread rows
-- in the same order. A thread is in its station's round, as its answers are.
CREATE OR REPLACE FUNCTION answer_thread_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM answer_thread t
  USING (SELECT DISTINCT observer_id, polling_station_id FROM touched) p
  WHERE t.observer_id = p.observer_id AND t.polling_station_id = p.polling_station_id
    AND NOT EXISTS (SELECT 1 FROM answer a WHERE a.observer_id = p.observer_id AND a.polling_station_id = p.polling_station_id);
  INSERT INTO answer_thread (election_round_id, observer_id, polling_station_id, last_modified, flagged_count, urgent_since)
  SELECT a.election_round_id, a.observer_id, a.polling_station_id, max(a.last_modified), (count(*) FILTER (WHERE qo.flagged))::int,
    min(a.last_modified) FILTER (WHERE qo.flagged)
  FROM (SELECT DISTINCT observer_id, polling_station_id FROM touched) p
  JOIN answer a ON a.observer_id = p.observer_id AND a.polling_station_id = p.polling_station_id
  JOIN question_option qo ON qo.id = a.option_id
  GROUP BY a.election_round_id, a.observer_id, a.polling_station_id
  ORDER BY a.observer_id, a.polling_station_id
  ON CONFLICT (observer_id, polling_station_id) DO UPDATE
    SET last_modified = excluded.last_modified, flagged_count = excluded.flagged_count, urgent_since = excluded.urgent_since;
  RETURN NULL;
END;
$$;

-- Transition tables allow one event per trigger, hence one trigger per event.
CREATE OR REPLACE TRIGGER answer_thread_insert AFTER INSERT ON answer
  REFERENCING NEW TABLE AS touched FOR EACH STATEMENT EXECUTE FUNCTION answer_thread_refresh();
CREATE OR REPLACE TRIGGER answer_thread_update AFTER UPDATE ON answer
  REFERENCING NEW TABLE AS touched FOR EACH STATEMENT EXECUTE FUNCTION answer_thread_refresh();
CREATE OR REPLACE TRIGGER answer_thread_delete AFTER DELETE ON answer
  REFERENCING OLD TABLE AS touched FOR EACH STATEMENT EXECUTE FUNCTION answer_thread_refresh();
