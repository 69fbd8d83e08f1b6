-- Election rounds (issue 27): every list reads one round, so the indexes that order its rows lead with the round,
-- and a round of 2,000,000 answers is read as fast next to another as alone (bench:scale).

-- A live event is of its thread's round, and a stream follows one round. Access events (migration 014) concern
-- every round and have none.
ALTER TABLE live_event ADD COLUMN election_round_id integer REFERENCES election_round (id);
UPDATE live_event SET election_round_id = 1 WHERE kind <> 'access';

-- The answers and urgents lists (threads.ts) and the triage summary (summary.ts).
DROP INDEX answer_thread_recent_idx;
CREATE INDEX answer_thread_recent_idx ON answer_thread (election_round_id, last_modified DESC, observer_id, polling_station_id);
DROP INDEX answer_thread_unhandled_idx;
CREATE INDEX answer_thread_unhandled_idx ON answer_thread (election_round_id, urgent_since, observer_id, polling_station_id)
  WHERE flagged_count > 0 AND state = 'new' AND claim_admin_id IS NULL;
DROP INDEX answer_thread_urgent_handled_idx;
CREATE INDEX answer_thread_urgent_handled_idx ON answer_thread (election_round_id, last_modified DESC, observer_id, polling_station_id)
  WHERE flagged_count > 0 AND (state <> 'new' OR claim_admin_id IS NOT NULL);

-- The statistics' rankings: a round's threads and one form's tallies by station, read from the indexes alone.
DROP INDEX answer_thread_station_idx;
CREATE INDEX answer_thread_station_idx ON answer_thread (election_round_id, polling_station_id) INCLUDE (observer_id, flagged_count);
DROP INDEX answer_tally_form_idx;
CREATE INDEX answer_tally_form_idx ON answer_tally (election_round_id, form_id) INCLUDE (polling_station_id, observer_id, flagged_count);

-- The notification history, newest first, of every NGO or of one.
DROP INDEX notification_sent_idx;
CREATE INDEX notification_sent_idx ON notification (election_round_id, sent_at DESC, id DESC);
DROP INDEX notification_ngo_sent_idx;
CREATE INDEX notification_ngo_sent_idx ON notification (election_round_id, sender_ngo_id, sent_at DESC, id DESC);
