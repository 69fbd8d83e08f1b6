-- Names sort in Romanian alphabetical order (a ă â b … i î … s ș t ț … z), ignoring case, on both engines. PGlite
-- has no ICU, and a database's default collation may be "C" (Ș and Ț after Z), so the order is a key compared
-- byte by byte: ro_sort_key(name) COLLATE "C" (see server/src/db/romanian-order.ts).
--
-- The key lower-cases A-Z explicitly (lower() follows the database's locale), reads the cedilla forms ş ţ as the
-- comma-below ș ț, and writes each Romanian letter as its base letter followed by a mark above every real
-- character (U+10FFFE, then U+10FFFF for â): "ă" sorts after "az…" and before "b", "â" after "ă…".
CREATE FUNCTION ro_sort_key(name text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN replace(replace(replace(replace(replace(
  translate(normalize(name, NFC), 'ABCDEFGHIJKLMNOPQRSTUVWXYZĂÂÎȘȚŞŢşţ', 'abcdefghijklmnopqrstuvwxyzăâîșțșțșț'),
  'ă', 'a' || chr(1114110)),
  'â', 'a' || chr(1114111)),
  'î', 'i' || chr(1114110)),
  'ș', 's' || chr(1114110)),
  'ț', 't' || chr(1114110));

-- The observers list sorts by name within an NGO or across all; the NGO list is small, its admins per NGO fewer.
DROP INDEX observer_name_idx;
CREATE INDEX observer_ro_name_idx ON observer ((ro_sort_key(name) COLLATE "C"), id) WHERE deleted_at IS NULL;
