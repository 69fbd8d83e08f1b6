-- The observer list sorts every observer in scope by lastSeen: the latest of its answers, notes and
-- polling-station records. Computed per request that costs one index probe per observer and table
-- (70–100 ms for 20,000 observers and ~900k answers on PostgreSQL 15), so the value is kept here instead,
-- by statement-level triggers on the three tables (server/src/db/functions/observer_activity_touch.sql). It only
-- moves forward: rows replaced by a newer submission cannot make an observer "seen" earlier.
CREATE TABLE observer_activity (
  observer_id  integer PRIMARY KEY REFERENCES observer (id) ON DELETE CASCADE,
  last_seen    timestamptz NOT NULL
);

INSERT INTO observer_activity (observer_id, last_seen)
SELECT observer_id, max(last_seen) FROM (
  SELECT observer_id, max(last_modified) AS last_seen FROM answer GROUP BY observer_id
  UNION ALL
  SELECT observer_id, max(last_modified) FROM note GROUP BY observer_id
  UNION ALL
  SELECT observer_id, max(last_modified) FROM polling_station_info GROUP BY observer_id
) AS seen
GROUP BY observer_id;
