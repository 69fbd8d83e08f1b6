-- The answers and urgents screens list (observer, station) threads newest first. Grouping every answer on each
-- request grows with the answers (about 45 ms for 114k answers on PostgreSQL 15, over the 50 ms budget well before
-- election day's 200k), so each thread's latest answer time and flagged count are kept here, refreshed by
-- statement-level triggers for exactly the pairs a statement touched (server/src/db/functions/answer_thread_*.sql).
CREATE TABLE answer_thread (
  observer_id         integer NOT NULL REFERENCES observer (id) ON DELETE CASCADE,
  polling_station_id  integer NOT NULL REFERENCES polling_station (id) ON DELETE CASCADE,
  last_modified       timestamptz NOT NULL,
  flagged_count       integer NOT NULL,
  PRIMARY KEY (observer_id, polling_station_id)
);
CREATE INDEX answer_thread_recent_idx ON answer_thread (last_modified DESC, observer_id, polling_station_id);
CREATE INDEX answer_thread_station_idx ON answer_thread (polling_station_id);

INSERT INTO answer_thread (observer_id, polling_station_id, last_modified, flagged_count)
SELECT a.observer_id, a.polling_station_id, max(a.last_modified), (count(*) FILTER (WHERE qo.flagged))::int
FROM answer a JOIN question_option qo ON qo.id = a.option_id
GROUP BY a.observer_id, a.polling_station_id;
