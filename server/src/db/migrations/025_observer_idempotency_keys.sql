-- Idempotency keys of observers' writes (issue 28): a phone on a flaky connection sends a report again when it did
-- not hear the answer. The key is claimed in the transaction that does the work, with a fingerprint of the request;
-- the first answer is kept with it, so that a resend of the same request answers it again (the note's id, the visit
-- as recorded) without doing the work twice. A write that fails rolls its claim back: a fixed resend may reuse the key.
CREATE TABLE observer_idempotency_key (
  observer_id  integer NOT NULL REFERENCES observer (id) ON DELETE CASCADE,
  key          text NOT NULL,
  fingerprint  text NOT NULL,
  -- Filled in by the claiming transaction before it commits, so that no other transaction reads them empty.
  status       smallint,
  body         jsonb,
  created_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (observer_id, key)
);

-- The observers' app reads the notifications its observer received (GET /api/v1/my/notifications): without this,
-- each read scans every recipient row of the round (20,000 per notification sent to all).
CREATE INDEX notification_recipient_observer_idx ON notification_recipient (observer_id, notification_id);
