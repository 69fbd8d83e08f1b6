-- An option flagged or unflagged after it was answered changes the flagged count and the age clock's start of every
-- thread that chose it.
CREATE OR REPLACE FUNCTION answer_thread_reflag() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE answer_thread t SET flagged_count = fresh.flagged_count, urgent_since = fresh.urgent_since
  FROM (
    SELECT a.observer_id, a.polling_station_id, (count(*) FILTER (WHERE qo.flagged))::int AS flagged_count,
      min(a.last_modified) FILTER (WHERE qo.flagged) AS urgent_since
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
CREATE OR REPLACE TRIGGER answer_thread_reflag AFTER UPDATE ON question_option
  REFERENCING OLD TABLE AS old_options NEW TABLE AS new_options FOR EACH STATEMENT EXECUTE FUNCTION answer_thread_reflag();
