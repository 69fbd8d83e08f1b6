-- Election rounds (issue 27), the first step: a deployment holds rounds, and what an election produces belongs to one.
-- An existing deployment's data becomes its round 1, named after the day it was busiest, and stays active; a new one
-- starts with an empty active round 1 named after the day it is installed. NGOs, their admins, observers, counties and
-- the activity log are across rounds.
CREATE TABLE election_round (
  id            serial PRIMARY KEY,
  name          text NOT NULL CHECK (length(btrim(name)) > 0),
  election_day  date NOT NULL,
  status        text NOT NULL DEFAULT 'preparing' CHECK (status IN ('preparing', 'active', 'archived')),
  created_at    timestamptz NOT NULL DEFAULT now(),
  status_changed_at timestamptz NOT NULL DEFAULT now()
);

-- The day with the most answers, notes and station facts, in Bucharest's calendar.
INSERT INTO election_round (id, name, election_day, status)
SELECT 1, 'Alegeri ' || to_char(day, 'DD.MM.YYYY'), day, 'active'
FROM (
  SELECT coalesce((
    SELECT (at AT TIME ZONE 'Europe/Bucharest')::date
    FROM (
      SELECT last_modified AS at FROM answer
      UNION ALL SELECT last_modified FROM note
      UNION ALL SELECT last_modified FROM polling_station_info
    ) activity
    GROUP BY 1 ORDER BY count(*) DESC, 1 DESC LIMIT 1
  ), (now() AT TIME ZONE 'Europe/Bucharest')::date) AS day
) busiest;
SELECT setval(pg_get_serial_sequence('election_round', 'id'), 1);

-- Every round-scoped row names its round. The default is the first round, never a lookup: a writer that forgets the
-- round of a later one fails on the (round, station) keys below instead of writing into the wrong round silently.
-- The registry is per round: a station row belongs to one round, and what is reported at it names the same round.
ALTER TABLE polling_station ADD COLUMN election_round_id integer NOT NULL DEFAULT 1 REFERENCES election_round (id);
ALTER TABLE polling_station DROP CONSTRAINT polling_station_county_id_number_key;
ALTER TABLE polling_station ADD CONSTRAINT polling_station_round_county_number_key UNIQUE (election_round_id, county_id, number);
ALTER TABLE polling_station ADD CONSTRAINT polling_station_round_id_key UNIQUE (election_round_id, id);

ALTER TABLE form ADD COLUMN election_round_id integer NOT NULL DEFAULT 1 REFERENCES election_round (id);
ALTER TABLE form DROP CONSTRAINT form_code_key;
ALTER TABLE form ADD CONSTRAINT form_round_code_key UNIQUE (election_round_id, code);

ALTER TABLE notification ADD COLUMN election_round_id integer NOT NULL DEFAULT 1 REFERENCES election_round (id);

-- The station's own key is replaced by the (round, station) key, which also checks the round: one check per row.
ALTER TABLE answer ADD COLUMN election_round_id integer NOT NULL DEFAULT 1;
ALTER TABLE answer DROP CONSTRAINT answer_polling_station_id_fkey;
ALTER TABLE answer ADD CONSTRAINT answer_round_station_fkey FOREIGN KEY (election_round_id, polling_station_id)
  REFERENCES polling_station (election_round_id, id) ON DELETE RESTRICT;

ALTER TABLE note ADD COLUMN election_round_id integer NOT NULL DEFAULT 1;
ALTER TABLE note DROP CONSTRAINT note_polling_station_id_fkey;
ALTER TABLE note ADD CONSTRAINT note_round_station_fkey FOREIGN KEY (election_round_id, polling_station_id)
  REFERENCES polling_station (election_round_id, id) ON DELETE RESTRICT;

ALTER TABLE polling_station_info ADD COLUMN election_round_id integer NOT NULL DEFAULT 1;
ALTER TABLE polling_station_info DROP CONSTRAINT polling_station_info_polling_station_id_fkey;
ALTER TABLE polling_station_info ADD CONSTRAINT polling_station_info_round_station_fkey FOREIGN KEY (election_round_id, polling_station_id)
  REFERENCES polling_station (election_round_id, id) ON DELETE RESTRICT;

ALTER TABLE station_assignment ADD COLUMN election_round_id integer NOT NULL DEFAULT 1;
ALTER TABLE station_assignment DROP CONSTRAINT station_assignment_polling_station_id_fkey;
ALTER TABLE station_assignment ADD CONSTRAINT station_assignment_round_station_fkey FOREIGN KEY (election_round_id, polling_station_id)
  REFERENCES polling_station (election_round_id, id);

ALTER TABLE thread_event ADD COLUMN election_round_id integer NOT NULL DEFAULT 1;
ALTER TABLE thread_event DROP CONSTRAINT thread_event_polling_station_id_fkey;
ALTER TABLE thread_event ADD CONSTRAINT thread_event_round_station_fkey FOREIGN KEY (election_round_id, polling_station_id)
  REFERENCES polling_station (election_round_id, id) ON DELETE CASCADE;

-- The derived tables (threads, tallies, presence) name the round too, for the round-led indexes the queries will read.
ALTER TABLE answer_thread ADD COLUMN election_round_id integer NOT NULL DEFAULT 1;
ALTER TABLE answer_thread DROP CONSTRAINT answer_thread_polling_station_id_fkey;
ALTER TABLE answer_thread ADD CONSTRAINT answer_thread_round_station_fkey FOREIGN KEY (election_round_id, polling_station_id)
  REFERENCES polling_station (election_round_id, id) ON DELETE CASCADE;

ALTER TABLE answer_tally ADD COLUMN election_round_id integer NOT NULL DEFAULT 1;
ALTER TABLE answer_tally DROP CONSTRAINT answer_tally_polling_station_id_fkey;
ALTER TABLE answer_tally ADD CONSTRAINT answer_tally_round_station_fkey FOREIGN KEY (election_round_id, polling_station_id)
  REFERENCES polling_station (election_round_id, id) ON DELETE CASCADE;

ALTER TABLE station_presence ADD COLUMN election_round_id integer NOT NULL DEFAULT 1;
ALTER TABLE station_presence DROP CONSTRAINT station_presence_polling_station_id_fkey;
ALTER TABLE station_presence ADD CONSTRAINT station_presence_round_station_fkey FOREIGN KEY (election_round_id, polling_station_id)
  REFERENCES polling_station (election_round_id, id) ON DELETE CASCADE;
