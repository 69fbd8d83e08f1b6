-- Sign-in attempts per account and per client address, kept in the database so that every server instance sees
-- the same counts and a burst of concurrent guesses is counted before any of them is checked (each attempt
-- reserves its place with one atomic upsert).
CREATE TABLE sign_in_throttle (
  key           text PRIMARY KEY,
  window_start  timestamptz NOT NULL,
  attempts      integer NOT NULL,
  -- Past its limit an address is slowed, not locked out: one attempt at a time, no sooner than this.
  next_at       timestamptz
);

CREATE INDEX sign_in_throttle_window_start ON sign_in_throttle (window_start);
