-- The registry's version per election round (issue 27): each round has its registry, so a phone that keeps one
-- round's list asks whether that round's changed. The one row of 016 becomes round 1's.
ALTER TABLE station_registry DROP COLUMN singleton;
ALTER TABLE station_registry ADD COLUMN election_round_id integer NOT NULL DEFAULT 1 REFERENCES election_round (id) ON DELETE CASCADE;
ALTER TABLE station_registry ALTER COLUMN election_round_id DROP DEFAULT;
ALTER TABLE station_registry ADD PRIMARY KEY (election_round_id);

-- Versions are drawn from one sequence for every round, so that no two rounds ever answer the same version: an ETag
-- of one round's list never matches another round's (a phone switching rounds gets the new list, never a 304). It
-- goes on from the highest version given so far.
CREATE SEQUENCE station_registry_version AS bigint;
SELECT setval('station_registry_version', (SELECT max(version) FROM station_registry));

-- A round without stations has no row yet; the first statement that adds one of its stations makes it.
INSERT INTO station_registry (election_round_id, version)
SELECT id, nextval('station_registry_version') FROM election_round WHERE id <> 1
ORDER BY id;
