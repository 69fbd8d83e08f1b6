-- The live triage room: a review state and a claim per thread, a timeline of staff actions, and the live events
-- that every server instance on this database streams to the staff.

-- Review and claim live on the thread row, so that the lists filter and sort by them without a join. A thread
-- row disappears with its last answer (server/src/db/functions/answer_thread_refresh.sql), and its review with it.
ALTER TABLE answer_thread
  ADD COLUMN urgent_since      timestamptz,
  ADD COLUMN state             text NOT NULL DEFAULT 'new' CHECK (state IN ('new', 'in_progress', 'resolved')),
  ADD COLUMN resolution_note   text,
  ADD COLUMN state_changed_at  timestamptz,
  ADD COLUMN state_changed_by  integer REFERENCES ngo_admin (id) ON DELETE SET NULL,
  ADD COLUMN claim_admin_id    integer REFERENCES ngo_admin (id) ON DELETE SET NULL,
  ADD COLUMN claimed_at        timestamptz,
  ADD COLUMN claim_expires_at  timestamptz;
-- "Oldest unhandled first" and the tab title's count read only the threads nobody handles yet.
CREATE INDEX answer_thread_unhandled_idx ON answer_thread (urgent_since, observer_id, polling_station_id)
  WHERE flagged_count > 0 AND state = 'new' AND claim_admin_id IS NULL;
-- The sweeper finds lapsed claims without reading every thread.
CREATE INDEX answer_thread_claim_expiry_idx ON answer_thread (claim_expires_at) WHERE claim_admin_id IS NOT NULL;

UPDATE answer_thread t SET urgent_since = f.urgent_since
FROM (
  SELECT a.observer_id, a.polling_station_id, min(a.last_modified) AS urgent_since
  FROM answer a JOIN question_option qo ON qo.id = a.option_id AND qo.flagged
  GROUP BY a.observer_id, a.polling_station_id
) f
WHERE t.observer_id = f.observer_id AND t.polling_station_id = f.polling_station_id;

-- The staff's part of a thread's timeline (answers and notes come from their own tables). The account's name is
-- kept with the event, so the timeline still says who acted after the account is removed.
CREATE TABLE thread_event (
  id                  bigserial PRIMARY KEY,
  observer_id         integer NOT NULL REFERENCES observer (id) ON DELETE CASCADE,
  polling_station_id  integer NOT NULL REFERENCES polling_station (id) ON DELETE CASCADE,
  kind                text NOT NULL CHECK (kind IN ('state', 'claim', 'release', 'takeover', 'lapse', 'comment')),
  admin_id            integer REFERENCES ngo_admin (id) ON DELETE SET NULL,
  admin_account       text,
  at                  timestamptz NOT NULL,
  state               text CHECK (state IN ('new', 'in_progress', 'resolved')),
  previous_state      text CHECK (previous_state IN ('new', 'in_progress', 'resolved')),
  text                text,
  idempotency_key     text
);
CREATE INDEX thread_event_thread_idx ON thread_event (observer_id, polling_station_id, id);
CREATE UNIQUE INDEX thread_event_idempotency_uq ON thread_event (admin_id, idempotency_key) WHERE idempotency_key IS NOT NULL;

-- The live channel's log. Every change a staff screen shows appends a row in the transaction that makes it, and
-- wakes every instance's listener; a stream resumes after the last id its client received. No foreign keys: the
-- log outlives what it mentions, and is trimmed by age. Rows are appended by record_live_events() and numbered at the
-- commit (server/src/db/functions/).
CREATE TABLE live_event (
  id                  bigserial PRIMARY KEY,
  ngo_id              integer NOT NULL,
  kind                text NOT NULL CHECK (kind IN ('answers', 'note', 'state', 'claim', 'comment')),
  observer_id         integer NOT NULL,
  polling_station_id  integer NOT NULL,
  at                  timestamptz NOT NULL,
  payload             jsonb NOT NULL
);
CREATE INDEX live_event_at_idx ON live_event (at);

-- The highest live_event id retention has deleted (one row). A stream asked to resume from below it starts with a
-- reset: the ids in between are gone, and ids alone (sequence gaps) cannot tell.
CREATE TABLE live_event_trim (
  only_row         boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  trimmed_through  bigint NOT NULL
);
INSERT INTO live_event_trim (trimmed_through) VALUES (0);
