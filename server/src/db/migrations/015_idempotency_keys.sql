-- An Idempotency-Key belonged to an admin only: reused on another thread, with another text or by another operation,
-- it answered the first result and did nothing. A key now belongs to one request: it is claimed here, with a
-- fingerprint of the operation, its target and its body, in the transaction that does the work. A resend of the same
-- request answers the first result; anything else with the key is refused (422 idempotency_key_reused).
CREATE TABLE idempotency_key (
  admin_id     integer NOT NULL REFERENCES ngo_admin (id) ON DELETE CASCADE,
  key          text NOT NULL,
  fingerprint  text NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (admin_id, key)
);

-- Keys used before this migration are held too. What request they were for was not kept: their fingerprint matches
-- none, so reusing one is refused (a resend spanning this upgrade included, the rarer harm).
INSERT INTO idempotency_key (admin_id, key, fingerprint)
SELECT sender_admin_id, idempotency_key, 'unknown' FROM notification WHERE sender_admin_id IS NOT NULL AND idempotency_key IS NOT NULL
UNION
SELECT admin_id, idempotency_key, 'unknown' FROM thread_event WHERE admin_id IS NOT NULL AND idempotency_key IS NOT NULL
ON CONFLICT DO NOTHING;
