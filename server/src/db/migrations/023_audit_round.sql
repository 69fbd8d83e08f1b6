-- Election rounds (issue 27): each entry of the activity log names the round of its subject (forms, stations,
-- threads, notifications, assignments, and the rounds themselves); what is across rounds (NGOs, their admins,
-- observers) names none. The entries before rounds existed are round 1's.
ALTER TABLE audit_entry ADD COLUMN election_round_id integer REFERENCES election_round (id);
UPDATE audit_entry SET election_round_id = 1
WHERE subject_type IN ('form', 'station', 'thread', 'notification') OR action = 'forms.reordered'
  OR (action = 'observer.updated' AND changes @> '[{"field": "stations"}]'::jsonb)
  OR action = 'observers.imported';
-- A round's archive reads its entries in order (rounds/archive/activity-log.ts).
CREATE INDEX audit_entry_round_idx ON audit_entry (election_round_id, at, id);
