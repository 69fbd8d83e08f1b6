-- The urgents' "oldest unhandled first" lists the unhandled urgent threads (answer_thread_unhandled_idx, migration
-- 007), then the handled ones newest first. Those were found by walking every thread newest first and skipping the
-- rest: while most urgent threads are still unhandled, as on an election day's morning, the walk read all 81,000
-- threads to fill a page (55 ms, npm run bench:scale). The handled urgent threads have an index of their own.
CREATE INDEX answer_thread_urgent_handled_idx ON answer_thread (last_modified DESC, observer_id, polling_station_id)
  WHERE flagged_count > 0 AND (state <> 'new' OR claim_admin_id IS NOT NULL);
