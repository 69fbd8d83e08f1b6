-- Statistics and coverage rank counties and stations by answers per form (opening form A, counting form C).
-- Grouping election day's 2,000,000 answers through option, question and section on each request would read
-- them all every time, so each (observer, station, form) keeps its answer count, flagged answer count and latest
-- answer here, refreshed by statement-level triggers in the same transaction as the answers, for exactly the
-- pairs a statement touched.
-- Deleted observers and inactive NGOs are filtered when reading (they can change without touching answers).
CREATE TABLE answer_tally (
  observer_id         integer NOT NULL REFERENCES observer (id) ON DELETE CASCADE,
  polling_station_id  integer NOT NULL REFERENCES polling_station (id) ON DELETE CASCADE,
  form_id             integer NOT NULL REFERENCES form (id) ON DELETE CASCADE,
  answer_count        integer NOT NULL,
  flagged_count       integer NOT NULL,
  last_modified       timestamptz NOT NULL,
  PRIMARY KEY (observer_id, polling_station_id, form_id)
);
-- One form's rows for the per-form cards; the columns they read ride along for index-only scans.
CREATE INDEX answer_tally_form_idx ON answer_tally (form_id) INCLUDE (polling_station_id, observer_id, flagged_count);

-- Recomputes every form's tally of the pairs in `touched` from the answers: a form left without answers at a
-- pair loses its row, any other gets its current counts. In key order, so that two concurrent statements lock
-- tally rows in the same order.
CREATE FUNCTION answer_tally_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
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
  INSERT INTO answer_tally (observer_id, polling_station_id, form_id, answer_count, flagged_count, last_modified)
  SELECT a.observer_id, a.polling_station_id, fs.form_id, count(*)::int, (count(*) FILTER (WHERE qo.flagged))::int, max(a.last_modified)
  FROM (SELECT DISTINCT observer_id, polling_station_id FROM touched) p
  JOIN answer a ON a.observer_id = p.observer_id AND a.polling_station_id = p.polling_station_id
  JOIN question_option qo ON qo.id = a.option_id
  JOIN question q ON q.id = qo.question_id
  JOIN form_section fs ON fs.id = q.section_id
  GROUP BY a.observer_id, a.polling_station_id, fs.form_id
  ORDER BY a.observer_id, a.polling_station_id, fs.form_id
  ON CONFLICT (observer_id, polling_station_id, form_id) DO UPDATE
    SET answer_count = excluded.answer_count, flagged_count = excluded.flagged_count, last_modified = excluded.last_modified;
  RETURN NULL;
END;
$$;

-- Transition tables allow one event per trigger, hence one trigger per event.
CREATE TRIGGER answer_tally_insert AFTER INSERT ON answer
  REFERENCING NEW TABLE AS touched FOR EACH STATEMENT EXECUTE FUNCTION answer_tally_refresh();
CREATE TRIGGER answer_tally_update AFTER UPDATE ON answer
  REFERENCING NEW TABLE AS touched FOR EACH STATEMENT EXECUTE FUNCTION answer_tally_refresh();
CREATE TRIGGER answer_tally_delete AFTER DELETE ON answer
  REFERENCING OLD TABLE AS touched FOR EACH STATEMENT EXECUTE FUNCTION answer_tally_refresh();

-- An option flagged or unflagged after it was answered changes the flagged count of every tally that chose it.
CREATE FUNCTION answer_tally_reflag() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE answer_tally x SET flagged_count = fresh.flagged_count
  FROM (
    SELECT a.observer_id, a.polling_station_id, fs.form_id, (count(*) FILTER (WHERE qo.flagged))::int AS flagged_count
    FROM (
      SELECT DISTINCT a.observer_id, a.polling_station_id
      FROM new_options n JOIN old_options o ON o.id = n.id AND o.flagged IS DISTINCT FROM n.flagged
      JOIN answer a ON a.option_id = n.id
    ) p
    JOIN answer a ON a.observer_id = p.observer_id AND a.polling_station_id = p.polling_station_id
    JOIN question_option qo ON qo.id = a.option_id
    JOIN question q ON q.id = qo.question_id
    JOIN form_section fs ON fs.id = q.section_id
    GROUP BY a.observer_id, a.polling_station_id, fs.form_id
  ) fresh
  WHERE x.observer_id = fresh.observer_id AND x.polling_station_id = fresh.polling_station_id AND x.form_id = fresh.form_id
    AND x.flagged_count IS DISTINCT FROM fresh.flagged_count;
  RETURN NULL;
END;
$$;
CREATE TRIGGER answer_tally_reflag AFTER UPDATE ON question_option
  REFERENCING OLD TABLE AS old_options NEW TABLE AS new_options FOR EACH STATEMENT EXECUTE FUNCTION answer_tally_reflag();

-- Coverage reads station facts and notes per station; the existing indexes lead with the observer.
CREATE INDEX note_station_idx ON note (polling_station_id);

INSERT INTO answer_tally (observer_id, polling_station_id, form_id, answer_count, flagged_count, last_modified)
SELECT a.observer_id, a.polling_station_id, fs.form_id, count(*)::int, (count(*) FILTER (WHERE qo.flagged))::int, max(a.last_modified)
FROM answer a
JOIN question_option qo ON qo.id = a.option_id
JOIN question q ON q.id = qo.question_id
JOIN form_section fs ON fs.id = q.section_id
GROUP BY a.observer_id, a.polling_station_id, fs.form_id;
