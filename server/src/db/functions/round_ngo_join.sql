-- A new NGO takes part in every round not archived, as organizers expect of one added on the day, however it is
-- added (the API, admin:create, the demo's seed).
CREATE OR REPLACE FUNCTION round_ngo_join() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO election_round_ngo (election_round_id, ngo_id)
  SELECT r.id, n.id FROM election_round r CROSS JOIN added_ngos n WHERE r.status <> 'archived';
  RETURN NULL;
END;
$$;
CREATE OR REPLACE TRIGGER round_ngo_join AFTER INSERT ON ngo
  REFERENCING NEW TABLE AS added_ngos FOR EACH STATEMENT EXECUTE FUNCTION round_ngo_join();
