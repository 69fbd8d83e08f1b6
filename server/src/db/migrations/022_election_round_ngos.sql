-- Election rounds (issue 27): the NGOs taking part in a round, whose admins and observers work in it (organizers
-- work in every round). Every NGO takes part in the rounds that exist when this runs; a new NGO joins the rounds
-- not archived (functions/round_ngo_join.sql), a new round names its own.
CREATE TABLE election_round_ngo (
  election_round_id integer NOT NULL REFERENCES election_round (id),
  ngo_id            integer NOT NULL REFERENCES ngo (id) ON DELETE CASCADE,
  PRIMARY KEY (election_round_id, ngo_id)
);
CREATE INDEX election_round_ngo_ngo_idx ON election_round_ngo (ngo_id);
INSERT INTO election_round_ngo (election_round_id, ngo_id) SELECT r.id, n.id FROM election_round r CROSS JOIN ngo n;

-- One name per round, whatever its spaces and case: a double click or a resend of "create" makes one round.
CREATE UNIQUE INDEX election_round_name_uq ON election_round (lower(btrim(name)));

-- The activity log names the rounds' own changes.
ALTER TABLE audit_entry DROP CONSTRAINT audit_entry_action_check;
ALTER TABLE audit_entry ADD CONSTRAINT audit_entry_action_check CHECK (action IN (
  'observer.created', 'observer.updated', 'observer.deleted', 'observer.pinReset', 'observers.imported',
  'ngo.created', 'ngo.updated', 'ngo.deleted', 'ngo.activated', 'ngo.deactivated', 'ngo.organizerGranted',
  'ngo.organizerRevoked', 'ngoAdmin.created', 'ngoAdmin.passwordReset', 'ngoAdmin.deleted', 'form.created',
  'form.updated', 'form.published', 'form.deleted', 'forms.reordered', 'form.imported', 'notification.sent',
  'thread.stateChanged', 'station.created', 'station.updated', 'station.retired', 'stations.imported',
  'electionRound.created', 'electionRound.updated', 'electionRound.started', 'electionRound.archived',
  'electionRound.reopened'));
ALTER TABLE audit_entry DROP CONSTRAINT audit_entry_subject_type_check;
ALTER TABLE audit_entry ADD CONSTRAINT audit_entry_subject_type_check
  CHECK (subject_type IN ('observer', 'ngo', 'ngoAdmin', 'form', 'notification', 'thread', 'station', 'electionRound'));
