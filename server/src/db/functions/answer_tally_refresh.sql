-- answer_tally (migration 005): recomputes every form's tally of the pairs in `touched` from the answers: a form left
-- without answers at a pair loses its row, any other gets its current counts. In key order, so that two concurrent
-- statements lock tally rows in the same order. A tally is in its station's round, as its answers are.
CREATE OR REPLACE FUNCTION answer_tally_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM answer_tally x
  USING (SELECT DISTINCT observer_id, polling_station_id FROM touched) p
  WHERE x.observer_id = p.observer_id AND x.polling_station_id = p.polling_station_id
    AND NOT EXISTS (
      SELECT 1 FROM answer a
      JOIN question_option qo ON qo.id = a.option_id
      JOIN question q ON q.id = qo.question_id
      JOIN form_section fs ON fs.id = q.section_id
      WHERE a.observer_id = x.observer_id AND a.polling_station_id = x.polling_station_id AND fs.form_id = x.form_id);
  INSERT INTO answer_tally (election_round_id, observer_id, polling_station_id, form_id, answer_count, flagged_count, last_modified)
  SELECT a.election_round_id, a.observer_id, a.polling_station_id, fs.form_id, count(*)::int, (count(*) FILTER (WHERE qo.flagged))::int, max(a.last_modified)
  FROM (SELECT DISTINCT observer_id, polling_station_id FROM touched) p
  JOIN answer a ON a.observer_id = p.observer_id AND a.polling_station_id = p.polling_station_id
  JOIN question_option qo ON qo.id = a.option_id
  JOIN question q ON q.id = qo.question_id
  JOIN form_section fs ON fs.id = q.section_id
  GROUP BY a.election_round_id, a.observer_id, a.polling_station_id, fs.form_id
  ORDER BY a.observer_id, a.polling_station_id, fs.form_id
  ON CONFLICT (observer_id, polling_station_id, form_id) DO UPDATE
    SET answer_count = excluded.answer_count, flagged_count = excluded.flagged_count, last_modified = excluded.last_modified;
  RETURN NULL;
END;
$$;

-- Transition tables allow one event per trigger, hence one trigger per event.
CREATE OR REPLACE TRIGGER answer_tally_insert AFTER INSERT ON answer
  REFERENCING NEW TABLE AS touched FOR EACH STATEMENT EXECUTE FUNCTION answer_tally_refresh();
CREATE OR REPLACE TRIGGER answer_tally_update AFTER UPDATE ON answer
  REFERENCING NEW TABLE AS touched FOR EACH STATEMENT EXECUTE FUNCTION answer_tally_refresh();
CREATE OR REPLACE TRIGGER answer_tally_delete AFTER DELETE ON answer
  REFERENCING OLD TABLE AS touched FOR EACH STATEMENT EXECUTE FUNCTION answer_tally_refresh();
