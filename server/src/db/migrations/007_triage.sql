-- The live triage room: a review state and a claim per thread, a timeline of staff actions, and the live events
-- that every server instance on this database streams to the staff.

-- Review and claim live on the thread row, so that the lists filter and sort by them without a join. A thread
-- row disappears with its last answer (migration 004), and its review with it.
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

-- As in migration 004, and the age clock's start: the time of the pair's earliest flagged answer.
CREATE OR REPLACE FUNCTION answer_thread_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM answer_thread t
  USING (SELECT DISTINCT observer_id, polling_station_id FROM touched) p
  WHERE t.observer_id = p.observer_id AND t.polling_station_id = p.polling_station_id
    AND NOT EXISTS (SELECT 1 FROM answer a WHERE a.observer_id = p.observer_id AND a.polling_station_id = p.polling_station_id);
  INSERT INTO answer_thread (observer_id, polling_station_id, last_modified, flagged_count, urgent_since)
  SELECT a.observer_id, a.polling_station_id, max(a.last_modified), (count(*) FILTER (WHERE qo.flagged))::int,
    min(a.last_modified) FILTER (WHERE qo.flagged)
  FROM (SELECT DISTINCT observer_id, polling_station_id FROM touched) p
  JOIN answer a ON a.observer_id = p.observer_id AND a.polling_station_id = p.polling_station_id
  JOIN question_option qo ON qo.id = a.option_id
  GROUP BY a.observer_id, a.polling_station_id
  ORDER BY a.observer_id, a.polling_station_id
  ON CONFLICT (observer_id, polling_station_id) DO UPDATE
    SET last_modified = excluded.last_modified, flagged_count = excluded.flagged_count, urgent_since = excluded.urgent_since;
  RETURN NULL;
END;
$$;

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
-- log outlives what it mentions, and is trimmed by age.
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

CREATE FUNCTION live_time(value timestamptz) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT to_char(value AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
$$;

-- Appends one event per (observer, station) pair, each carrying the thread as the lists show it now (the
-- LiveThreadEvent of the contract, `claim.mine` left to each stream).
-- Ids come from a sequence, which hands them out in the order transactions ask, not the order they commit: a
-- listener that read id 11 before id 10 committed would skip 10 for good. The transaction-level advisory lock
-- makes event-writing transactions commit in id order (it is held from here to the commit, so record events last).
CREATE FUNCTION record_live_events(
  event_kind text, observer_ids integer[], station_ids integer[], actor text, event_at timestamptz
) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(720514);
  INSERT INTO live_event (ngo_id, kind, observer_id, polling_station_id, at, payload)
  SELECT o.ngo_id, event_kind, o.id, s.id, event_at, jsonb_build_object(
    'kind', event_kind,
    'idObserver', o.id,
    'idPollingStation', s.id,
    'ngoId', o.ngo_id,
    'at', live_time(event_at),
    'actor', actor,
    'thread', CASE WHEN t.observer_id IS NULL THEN NULL ELSE jsonb_build_object(
      'idObserver', o.id,
      'idPollingStation', s.id,
      'pollingStationName', c.code || ' ' || s.number,
      'observerName', o.name,
      'observerPhoneNumber', o.phone,
      'countyCode', c.code,
      'pollingStationNumber', s.number,
      'lastModified', live_time(t.last_modified),
      'flaggedCount', t.flagged_count,
      'state', t.state,
      'claim', CASE WHEN t.claim_admin_id IS NULL THEN NULL ELSE jsonb_build_object(
        'holderId', t.claim_admin_id,
        'holder', (SELECT account FROM ngo_admin WHERE id = t.claim_admin_id),
        'since', live_time(t.claimed_at),
        'expiresAt', live_time(t.claim_expires_at),
        'mine', false) END,
      'urgentSince', live_time(t.urgent_since)) END,
    'forms', coalesce((
      SELECT jsonb_agg(jsonb_build_object('code', f.code, 'flaggedCount', x.flagged_count) ORDER BY f.code)
      FROM answer_tally x JOIN form f ON f.id = x.form_id
      WHERE x.observer_id = o.id AND x.polling_station_id = s.id), '[]'::jsonb))
  FROM unnest(observer_ids, station_ids) AS pair (observer_id, polling_station_id)
  JOIN observer o ON o.id = pair.observer_id
  JOIN polling_station s ON s.id = pair.polling_station_id
  JOIN county c ON c.id = s.county_id
  LEFT JOIN answer_thread t ON t.observer_id = o.id AND t.polling_station_id = s.id
  ORDER BY o.id, s.id;
  PERFORM pg_notify('live_event', '');
END;
$$;

-- The highest live_event id retention has deleted (one row). A stream asked to resume from below it starts with a
-- reset: the ids in between are gone, and ids alone (sequence gaps) cannot tell.
CREATE TABLE live_event_trim (
  only_row         boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  trimmed_through  bigint NOT NULL
);
INSERT INTO live_event_trim (trimmed_through) VALUES (0);
