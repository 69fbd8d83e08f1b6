-- Election rounds (issue 27): the coverage board and its station lists read one round's presence rows grouped by
-- station (coverage/facts.ts). Led by the station alone, the index left a second round's rows to a filter after a
-- scan of the whole table (bench:scale with two rounds of 2,000,000 answers: the board at 105 ms, its station lists
-- at 124–159 ms). Every reader by station names the round too (polling-stations/observers.ts).
DROP INDEX station_presence_station_idx;
CREATE INDEX station_presence_round_station_idx ON station_presence (election_round_id, polling_station_id, observer_id);
