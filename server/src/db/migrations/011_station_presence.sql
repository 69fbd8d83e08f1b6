-- The coverage board and its station lists count, per station, the observers present there: an arrival, a note or
-- an answer. They read the answers' per-form tally, the notes and the station facts on every request; with an
-- election day's 200,000 notes (npm run seed:scale) the notes alone were 75,000 groups to build each time, and the
-- board took 330 ms at 2,000,000 answers. Each observer's presence at each station is kept here instead, refreshed
-- by statement-level triggers on those three tables for exactly the pairs a statement touched, in the same
-- transaction (server/src/db/functions/station_presence_refresh.sql). Deleted observers and inactive NGOs are still
-- filtered when reading (they touch none of the three).
CREATE TABLE station_presence (
  observer_id         integer NOT NULL REFERENCES observer (id) ON DELETE CASCADE,
  polling_station_id  integer NOT NULL REFERENCES polling_station (id) ON DELETE CASCADE,
  -- An arrival time is recorded in the station facts.
  arrived             boolean NOT NULL,
  -- At least one note.
  noted               boolean NOT NULL,
  -- The forms answered there, ascending (the tally's form ids): reporting, opened and counted read them.
  form_ids            integer[] NOT NULL,
  -- Flagged answers over every form.
  flagged_count       integer NOT NULL,
  -- The latest answer, note or change of the station facts.
  last_activity       timestamptz NOT NULL,
  PRIMARY KEY (observer_id, polling_station_id)
);
CREATE INDEX station_presence_station_idx ON station_presence (polling_station_id);

INSERT INTO station_presence (observer_id, polling_station_id, arrived, noted, form_ids, flagged_count, last_activity)
SELECT k.observer_id, k.polling_station_id, coalesce(i.observer_arrival_time IS NOT NULL, false), n.last_modified IS NOT NULL,
  coalesce(x.form_ids, '{}'), coalesce(x.flagged_count, 0), greatest(x.last_modified, n.last_modified, i.last_modified)
FROM (
  SELECT observer_id, polling_station_id FROM answer_tally
  UNION SELECT observer_id, polling_station_id FROM note
  UNION SELECT observer_id, polling_station_id FROM polling_station_info
) k
LEFT JOIN polling_station_info i ON i.observer_id = k.observer_id AND i.polling_station_id = k.polling_station_id
LEFT JOIN (
  SELECT observer_id, polling_station_id, max(last_modified) AS last_modified FROM note GROUP BY observer_id, polling_station_id
) n ON n.observer_id = k.observer_id AND n.polling_station_id = k.polling_station_id
LEFT JOIN (
  SELECT observer_id, polling_station_id, array_agg(form_id ORDER BY form_id) AS form_ids, sum(flagged_count)::int AS flagged_count,
    max(last_modified) AS last_modified
  FROM answer_tally GROUP BY observer_id, polling_station_id
) x ON x.observer_id = k.observer_id AND x.polling_station_id = k.polling_station_id;
