-- The activity log names a staff import of an observer's outbox file (issue 28): which observer, and what came of it.
ALTER TABLE audit_entry DROP CONSTRAINT audit_entry_action_check;
ALTER TABLE audit_entry ADD CONSTRAINT audit_entry_action_check CHECK (action IN (
  'observer.created', 'observer.updated', 'observer.deleted', 'observer.pinReset', 'observer.outboxImported',
  'observers.imported', 'ngo.created', 'ngo.updated', 'ngo.deleted', 'ngo.activated', 'ngo.deactivated',
  'ngo.organizerGranted', 'ngo.organizerRevoked', 'ngoAdmin.created', 'ngoAdmin.passwordReset', 'ngoAdmin.deleted',
  'form.created', 'form.updated', 'form.published', 'form.deleted', 'forms.reordered', 'form.imported',
  'notification.sent', 'thread.stateChanged', 'station.created', 'station.updated', 'station.retired',
  'stations.imported', 'electionRound.created', 'electionRound.updated', 'electionRound.started',
  'electionRound.archived', 'electionRound.reopened'));
