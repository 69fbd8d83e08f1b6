-- Which stations an observer is sent to (issue 26). An observer may be assigned to several; an arrival elsewhere is
-- still taken (observers move on election day) and shown as not assigned. A retired station keeps its assignments.
CREATE TABLE station_assignment (
  observer_id        integer NOT NULL REFERENCES observer (id) ON DELETE CASCADE,
  polling_station_id integer NOT NULL REFERENCES polling_station (id),
  assigned_at        timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (observer_id, polling_station_id)
);
CREATE INDEX station_assignment_station_idx ON station_assignment (polling_station_id);
