-- Appends one live_event (migration 007) per (observer, station) pair, each carrying the thread as the lists show it
-- now (the LiveThreadEvent of the contract, `claim.mine` left to each stream), and wakes every instance's listener.
-- The events take their final ids, in commit order, at the commit (live_event_take_place.sql).
CREATE OR REPLACE FUNCTION record_live_events(
  event_kind text, observer_ids integer[], station_ids integer[], actor text, event_at timestamptz
) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO live_event (ngo_id, election_round_id, kind, observer_id, polling_station_id, at, payload)
  SELECT o.ngo_id, s.election_round_id, event_kind, o.id, s.id, event_at, jsonb_build_object(
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
      'locality', s.locality,
      'address', s.address,
      'offAssignment', EXISTS (SELECT 1 FROM station_assignment a WHERE a.observer_id = o.id AND a.election_round_id = s.election_round_id)
        AND NOT EXISTS (SELECT 1 FROM station_assignment a WHERE a.observer_id = o.id AND a.polling_station_id = s.id),
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
