-- The audit log of staff actions (GET /api/v1/audit). Each entry is appended in the transaction that makes the
-- change it describes, so a refused or failed change leaves none.
--
-- No foreign keys: an entry outlives its subject and its actor. What a reader needs after either is gone is kept
-- as it was when the action happened (the actor's account and NGO name, the subject's label, its NGO's name);
-- whether the subject still exists is worked out when the log is read.
CREATE TABLE audit_entry (
  id                   serial PRIMARY KEY,
  at                   timestamptz NOT NULL,
  action               text NOT NULL CHECK (action IN (
    'observer.created', 'observer.updated', 'observer.deleted', 'observer.pinReset', 'observers.imported',
    'ngo.created', 'ngo.updated', 'ngo.deleted', 'ngo.activated', 'ngo.deactivated', 'ngo.organizerGranted',
    'ngo.organizerRevoked', 'ngoAdmin.created', 'ngoAdmin.passwordReset', 'ngoAdmin.deleted', 'form.created',
    'form.updated', 'form.published', 'form.deleted', 'forms.reordered', 'form.imported', 'notification.sent',
    'thread.stateChanged')),
  actor_admin_id       integer NOT NULL,
  actor_account        text NOT NULL,
  actor_ngo_name       text NOT NULL,
  subject_type         text NOT NULL CHECK (subject_type IN ('observer', 'ngo', 'ngoAdmin', 'form', 'notification', 'thread')),
  -- Null only for an action about no single subject (forms.reordered). A thread is its observer and station.
  subject_id           integer,
  subject_station_id   integer,
  subject_label        text NOT NULL,
  ngo_id               integer,
  ngo_name             text,
  changes              jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(changes) = 'array'),
  count                integer CHECK (count >= 0),
  CHECK ((subject_type = 'thread') = (subject_station_id IS NOT NULL))
);

-- The list's order, alone and after each equality filter. The text search (a substring of the label or the
-- account) has no index: it is checked on the entries the other filters leave.
CREATE INDEX audit_entry_order_idx ON audit_entry (at DESC, id DESC);
CREATE INDEX audit_entry_subject_idx ON audit_entry (subject_type, subject_id, at DESC, id DESC);
CREATE INDEX audit_entry_action_idx ON audit_entry (action, at DESC, id DESC);
CREATE INDEX audit_entry_ngo_idx ON audit_entry (ngo_id, at DESC, id DESC);
