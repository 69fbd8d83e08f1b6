-- An open live stream was checked once, at connect: after its NGO lost the organizer role or was deactivated, or its
-- admin account was removed, renamed or moved, it kept the access a new request no longer gets. Each such change now
-- appends an 'access' row to the live log (server/src/db/functions/record_access_change.sql), numbered at its commit
-- like every event (live_event_take_place.sql). Every instance's
-- hub reads the log in that order and, on an 'access' row, re-checks its open streams before it hands out any later
-- event: no event committed after the change reaches a stream that lost the right to it. Streams never receive the
-- row itself.
ALTER TABLE live_event DROP CONSTRAINT live_event_kind_check;
ALTER TABLE live_event ADD CONSTRAINT live_event_kind_check CHECK (kind IN ('answers', 'note', 'state', 'claim', 'comment', 'access'));
ALTER TABLE live_event ALTER COLUMN observer_id DROP NOT NULL;
ALTER TABLE live_event ALTER COLUMN polling_station_id DROP NOT NULL;
