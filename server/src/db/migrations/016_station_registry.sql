-- The polling-station registry (issue 26): stations are rows with their facts and a status, counties are reference
-- data on every deployment, and the registry has a version that phones compare to know whether their copy is current.

-- Stations a county's stored limit implied exist as rows before the limit goes (a database whose counties were loaded
-- without station rows took reports at any number up to it); a county's number of stations is then counted.
INSERT INTO polling_station (county_id, number)
SELECT c.id, n FROM county c CROSS JOIN LATERAL generate_series(1, c.polling_station_count) AS n
ON CONFLICT (county_id, number) DO NOTHING;
ALTER TABLE county DROP COLUMN polling_station_count;

-- Romania's 41 counties, Bucharest and the diaspora, the diaspora listed first (../shared/data/counties.csv).
INSERT INTO county (code, name, diaspora, display_order) VALUES
  ('D', 'Diaspora', true, 1),
  ('AB', 'Alba', false, 2),
  ('AR', 'Arad', false, 3),
  ('AG', 'Argeș', false, 4),
  ('BC', 'Bacău', false, 5),
  ('BH', 'Bihor', false, 6),
  ('BN', 'Bistrița-Năsăud', false, 7),
  ('BT', 'Botoșani', false, 8),
  ('BV', 'Brașov', false, 9),
  ('BR', 'Brăila', false, 10),
  ('B', 'București', false, 11),
  ('BZ', 'Buzău', false, 12),
  ('CS', 'Caraș-Severin', false, 13),
  ('CL', 'Călărași', false, 14),
  ('CJ', 'Cluj', false, 15),
  ('CT', 'Constanța', false, 16),
  ('CV', 'Covasna', false, 17),
  ('DB', 'Dâmbovița', false, 18),
  ('DJ', 'Dolj', false, 19),
  ('GL', 'Galați', false, 20),
  ('GR', 'Giurgiu', false, 21),
  ('GJ', 'Gorj', false, 22),
  ('HR', 'Harghita', false, 23),
  ('HD', 'Hunedoara', false, 24),
  ('IL', 'Ialomița', false, 25),
  ('IS', 'Iași', false, 26),
  ('IF', 'Ilfov', false, 27),
  ('MM', 'Maramureș', false, 28),
  ('MH', 'Mehedinți', false, 29),
  ('MS', 'Mureș', false, 30),
  ('NT', 'Neamț', false, 31),
  ('OT', 'Olt', false, 32),
  ('PH', 'Prahova', false, 33),
  ('SM', 'Satu Mare', false, 34),
  ('SJ', 'Sălaj', false, 35),
  ('SB', 'Sibiu', false, 36),
  ('SV', 'Suceava', false, 37),
  ('TR', 'Teleorman', false, 38),
  ('TM', 'Timiș', false, 39),
  ('TL', 'Tulcea', false, 40),
  ('VS', 'Vaslui', false, 41),
  ('VL', 'Vâlcea', false, 42),
  ('VN', 'Vrancea', false, 43)
ON CONFLICT (code) DO NOTHING;

ALTER TABLE polling_station
  ADD COLUMN locality          text,
  ADD COLUMN institution       text,
  ADD COLUMN registered_voters integer CHECK (registered_voters >= 0),
  ADD COLUMN latitude          double precision CHECK (latitude BETWEEN -90 AND 90),
  ADD COLUMN longitude         double precision CHECK (longitude BETWEEN -180 AND 180),
  ADD COLUMN status            text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'retired')),
  ADD COLUMN updated_at        timestamptz NOT NULL DEFAULT now(),
  -- What a search matches: the three texts in lower case without Romanian diacritics (comma and cedilla forms).
  ADD COLUMN search_text       text NOT NULL GENERATED ALWAYS AS (
    lower(translate(coalesce(locality, '') || ' ' || coalesce(institution, '') || ' ' || coalesce(address, ''),
      'ĂÂÎȘŞȚŢăâîșşțţ', 'AAISSTTaaisstt'))
  ) STORED;

-- One row: the registry's version, raised by the statement triggers of functions/station_registry_bump.sql.
CREATE TABLE station_registry (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  version   bigint NOT NULL
);
INSERT INTO station_registry (version) VALUES (1);
