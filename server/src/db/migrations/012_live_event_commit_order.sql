-- Live events took their place in the commit order (migration 007) by an advisory lock taken in
-- record_live_events() and held to the commit, so across the transaction's last round trip to the server: while a
-- server's event loop was busy (a GC pause, 2,000 observers submitting on a loaded machine: lock waits of 50 ms in
-- npm run bench:scale), every event-writing transaction of every instance waited for that one's COMMIT to arrive. The
-- lock is now taken at the commit itself, by a deferred trigger that gives the transaction's events their final ids
-- there: ids still follow the commit order (a listener that read id 11 never sees an id 10 commit after it), and no
-- one holds the lock while a client is on its way. (On a quiet machine ingestion is the same either way.)

-- As in migration 007, without the lock.
CREATE OR REPLACE FUNCTION record_live_events(
  event_kind text, observer_ids integer[], station_ids integer[], actor text, event_at timestamptz
) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
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

-- At the commit, in the order the events were appended: a fresh id from the sequence, under the lock that the next
-- committing transaction waits for. The id the row was inserted with is left unused (a gap, as a rollback leaves).
CREATE FUNCTION live_event_take_place() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(720514);
  UPDATE live_event SET id = nextval(pg_get_serial_sequence('live_event', 'id')) WHERE id = NEW.id;
  RETURN NULL;
END;
$$;
CREATE CONSTRAINT TRIGGER live_event_commit_order AFTER INSERT ON live_event DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION live_event_take_place();
