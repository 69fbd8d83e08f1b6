-- Statistics and coverage rank counties and stations by answers per form (opening form A, counting form C).
-- Grouping election day's 2,000,000 answers through option, question and section on each request would read
-- them all every time, so each (observer, station, form) keeps its answer count, flagged answer count and latest
-- answer here, refreshed by statement-level triggers in the same transaction as the answers, for exactly the
-- pairs a statement touched (server/src/db/functions/answer_tally_*.sql).
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

-- Coverage reads station facts and notes per station; the existing indexes lead with the observer.
CREATE INDEX note_station_idx ON note (polling_station_id);

INSERT INTO answer_tally (observer_id, polling_station_id, form_id, answer_count, flagged_count, last_modified)
SELECT a.observer_id, a.polling_station_id, fs.form_id, count(*)::int, (count(*) FILTER (WHERE qo.flagged))::int, max(a.last_modified)
FROM answer a
JOIN question_option qo ON qo.id = a.option_id
JOIN question q ON q.id = qo.question_id
JOIN form_section fs ON fs.id = q.section_id
GROUP BY a.observer_id, a.polling_station_id, fs.form_id;
