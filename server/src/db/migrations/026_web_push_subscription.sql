-- Web Push (issue 28): the observers' web app subscribes its browser with the server's VAPID key and saves the
-- subscription; each notification an observer receives is pushed to their live ones. An endpoint is one browser's:
-- a new sign-in there moves it to that observer. A push service that answers 404 or 410 retires it (retired_at, with
-- the push service's answer as the reason): nothing is pushed to it again until the browser saves it again.
CREATE TABLE web_push_subscription (
  id              serial PRIMARY KEY,
  observer_id     integer NOT NULL REFERENCES observer (id) ON DELETE CASCADE,
  endpoint        text NOT NULL UNIQUE,
  p256dh          text NOT NULL,
  auth            text NOT NULL,
  created_at      timestamptz NOT NULL DEFAULT now(),
  retired_at      timestamptz,
  retired_reason  text
);

-- The fan-out reads a batch of recipients' live subscriptions; the composer asks whether an observer has one.
CREATE INDEX web_push_subscription_observer_idx ON web_push_subscription (observer_id) WHERE retired_at IS NULL;

-- The VAPID key pair made at the first start when VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are not set: one row, which
-- every instance on the database reads, so that a subscription made with one instance's key is pushed by any other.
CREATE TABLE web_push_vapid_key (
  only_row     boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  public_key   text NOT NULL,
  private_key  text NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now()
);
