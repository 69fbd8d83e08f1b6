-- The answers and urgents screens list (observer, station) threads newest first. Grouping every answer on each
-- request grows with the answers (about 45 ms for 114k answers on PostgreSQL 15, over the 50 ms budget well before
-- election day's 200k), so each thread's latest answer time and flagged count are kept here, refreshed by
-- statement-level triggers for exactly the pairs a statement touched.
CREATE TABLE answer_thread (
  observer_id         integer NOT NULL REFERENCES observer (id) ON DELETE CASCADE,
  polling_station_id  integer NOT NULL REFERENCES polling_station (id) ON DELETE CASCADE,
  last_modified       timestamptz NOT NULL,
  flagged_count       integer NOT NULL,
  PRIMARY KEY (observer_id, polling_station_id)
);
CREATE INDEX answer_thread_recent_idx ON answer_thread (last_modified DESC, observer_id, polling_station_id);
CREATE INDEX answer_thread_station_idx ON answer_thread (polling_station_id);

-- Recomputes the threads of the pairs in `touched` from the answers themselves: a pair left without answers
-- disappears, any other gets its current latest time and flagged count. In pair order, so that two concurrent
-- statements lock thread rows in the same order.
CREATE FUNCTION answer_thread_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM answer_thread t
  USING (SELECT DISTINCT observer_id, polling_station_id FROM touched) p
  WHERE t.observer_id = p.observer_id AND t.polling_station_id = p.polling_station_id
    AND NOT EXISTS (SELECT 1 FROM answer a WHERE a.observer_id = p.observer_id AND a.polling_station_id = p.polling_station_id);
  INSERT INTO answer_thread (observer_id, polling_station_id, last_modified, flagged_count)
  SELECT a.observer_id, a.polling_station_id, max(a.last_modified), (count(*) FILTER (WHERE qo.flagged))::int
  FROM (SELECT DISTINCT observer_id, polling_station_id FROM touched) p
  JOIN answer a ON a.observer_id = p.observer_id AND a.polling_station_id = p.polling_station_id
  JOIN question_option qo ON qo.id = a.option_id
  GROUP BY a.observer_id, a.polling_station_id
  ORDER BY a.observer_id, a.polling_station_id
  ON CONFLICT (observer_id, polling_station_id) DO UPDATE
    SET last_modified = excluded.last_modified, flagged_count = excluded.flagged_count;
  RETURN NULL;
END;
$$;

-- Transition tables allow one event per trigger, hence one trigger per event.
CREATE TRIGGER answer_thread_insert AFTER INSERT ON answer
  REFERENCING NEW TABLE AS touched FOR EACH STATEMENT EXECUTE FUNCTION answer_thread_refresh();
CREATE TRIGGER answer_thread_update AFTER UPDATE ON answer
  REFERENCING NEW TABLE AS touched FOR EACH STATEMENT EXECUTE FUNCTION answer_thread_refresh();
CREATE TRIGGER answer_thread_delete AFTER DELETE ON answer
  REFERENCING OLD TABLE AS touched FOR EACH STATEMENT EXECUTE FUNCTION answer_thread_refresh();

-- An option flagged or unflagged after it was answered changes the flagged count of every thread that chose it.
CREATE FUNCTION answer_thread_reflag() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE answer_thread t SET flagged_count = fresh.flagged_count
  FROM (
    SELECT a.observer_id, a.polling_station_id, (count(*) FILTER (WHERE qo.flagged))::int AS flagged_count
    FROM (
      SELECT DISTINCT a.observer_id, a.polling_station_id
      FROM new_options n JOIN old_options o ON o.id = n.id AND o.flagged IS DISTINCT FROM n.flagged
      JOIN answer a ON a.option_id = n.id
    ) p
    JOIN answer a ON a.observer_id = p.observer_id AND a.polling_station_id = p.polling_station_id
    JOIN question_option qo ON qo.id = a.option_id
    GROUP BY a.observer_id, a.polling_station_id
  ) fresh
  WHERE t.observer_id = fresh.observer_id AND t.polling_station_id = fresh.polling_station_id;
  RETURN NULL;
END;
$$;
CREATE TRIGGER answer_thread_reflag AFTER UPDATE ON question_option
  REFERENCING OLD TABLE AS old_options NEW TABLE AS new_options FOR EACH STATEMENT EXECUTE FUNCTION answer_thread_reflag();

INSERT INTO answer_thread (observer_id, polling_station_id, last_modified, flagged_count)
SELECT a.observer_id, a.polling_station_id, max(a.last_modified), (count(*) FILTER (WHERE qo.flagged))::int
FROM answer a JOIN question_option qo ON qo.id = a.option_id
GROUP BY a.observer_id, a.polling_station_id;
