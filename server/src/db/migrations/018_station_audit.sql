-- The activity log names the polling-station registry's writes (issue 26): a station added, changed (brought back
-- too) or retired, and an import, which is about no single station.
ALTER TABLE audit_entry DROP CONSTRAINT audit_entry_action_check;
ALTER TABLE audit_entry ADD CONSTRAINT audit_entry_action_check CHECK (action IN (
  'observer.created', 'observer.updated', 'observer.deleted', 'observer.pinReset', 'observers.imported',
  'ngo.created', 'ngo.updated', 'ngo.deleted', 'ngo.activated', 'ngo.deactivated', 'ngo.organizerGranted',
  'ngo.organizerRevoked', 'ngoAdmin.created', 'ngoAdmin.passwordReset', 'ngoAdmin.deleted', 'form.created',
  'form.updated', 'form.published', 'form.deleted', 'forms.reordered', 'form.imported', 'notification.sent',
  'thread.stateChanged', 'station.created', 'station.updated', 'station.retired', 'stations.imported'));
ALTER TABLE audit_entry DROP CONSTRAINT audit_entry_subject_type_check;
ALTER TABLE audit_entry ADD CONSTRAINT audit_entry_subject_type_check
  CHECK (subject_type IN ('observer', 'ngo', 'ngoAdmin', 'form', 'notification', 'thread', 'station'));
