-- An option flagged or unflagged after it was answered changes the flagged count of every tally that chose it.
CREATE OR REPLACE FUNCTION answer_tally_reflag() RETURNS trigger LANGUAGE plpgsql AS $$
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
CREATE OR REPLACE TRIGGER answer_tally_reflag AFTER UPDATE ON question_option
  REFERENCING OLD TABLE AS old_options NEW TABLE AS new_options FOR EACH STATEMENT EXECUTE FUNCTION answer_tally_reflag();
