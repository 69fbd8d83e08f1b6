-- Notifications record who was addressed and what became of each push (issue 13).
-- Rows written before this migration (and the demo history) were pushed by the system it replaces: they keep the
-- defaults `firebase` / `sent`. Everything the server records now names its provider and status explicitly.
ALTER TABLE notification
  ADD COLUMN audience text NOT NULL DEFAULT 'selected' CHECK (audience IN ('selected', 'all')),
  ADD COLUMN provider text NOT NULL DEFAULT 'firebase' CHECK (provider IN ('firebase', 'outbox')),
  -- The sender's account name, kept when the account is deleted (sender_admin_id then becomes NULL).
  ADD COLUMN sender_account text,
  -- The client's Idempotency-Key: one notification per (admin, key), even under a concurrent double submit.
  ADD COLUMN idempotency_key text;
UPDATE notification n SET sender_account = a.account FROM ngo_admin a WHERE a.id = n.sender_admin_id;
CREATE UNIQUE INDEX notification_idempotency_idx ON notification (sender_admin_id, idempotency_key);
-- The history, newest first: every notification (organizers) or one NGO's.
CREATE INDEX notification_sent_idx ON notification (sent_at DESC, id DESC);
CREATE INDEX notification_ngo_sent_idx ON notification (sender_ngo_id, sent_at DESC, id DESC);

ALTER TABLE notification_recipient
  ADD COLUMN status text NOT NULL DEFAULT 'sent' CHECK (status IN ('queued', 'sent', 'failed', 'no_device', 'not_pushed')),
  -- The provider's reason for a failure.
  ADD COLUMN reason text,
  -- Pushes tried so far; a transient failure is retried a bounded number of times.
  ADD COLUMN attempts integer NOT NULL DEFAULT 0,
  -- A queued recipient is not claimed before this time: a fan-out worker's lease, or a retry's back-off.
  ADD COLUMN next_attempt_at timestamptz,
  ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
-- Counts per status for the history, and one notification's recipients filtered by status.
CREATE INDEX notification_recipient_status_idx ON notification_recipient (notification_id, status);
-- The fan-out queue: only queued rows, in the order workers claim them.
CREATE INDEX notification_recipient_queue_idx ON notification_recipient (notification_id, observer_id) WHERE status = 'queued';
