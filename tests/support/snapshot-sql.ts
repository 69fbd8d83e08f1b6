/** The public tables a snapshot copies (every one but the migrations' ledger). */
export const SNAPSHOT_TABLES_SQL = "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'schema_migrations'";

/** Observers of the demo seed the web project's tests start from unless they ask for another count. */
export const DEMO_OBSERVERS = 20;

/** The schema that holds the freshly migrated database (its reference data: counties, the registry's version) in the dump. */
export const MIGRATED_SNAPSHOT = "snapshot_migrated";

/** The schema that holds the demo seed with this many observers in the web project's dump (see its global setup). */
export const demoSnapshotSchema = (observers: number) => `snapshot_demo_${observers}`;

/**
 * Copies every table (`public.<name>`) and the sequences' positions into `schema`, for `restoreSql` to bring back,
 * with each table's columns but the generated ones (polling_station.search_text): PostgreSQL computes those and
 * refuses a value for them.
 */
export const snapshotSql = (schema: string, tables: string[]) => `
  CREATE SCHEMA ${schema};
  ${tables.map((table) => `CREATE TABLE ${schema}.${table.slice("public.".length)} AS TABLE ${table};`).join("\n")}
  CREATE TABLE ${schema}.sequences AS
    SELECT format('%I.%I', schemaname, sequencename) AS name, last_value FROM pg_sequences WHERE schemaname = 'public';
  CREATE TABLE ${schema}.stored_columns AS
    SELECT table_name::text AS name, string_agg(quote_ident(column_name), ', ' ORDER BY ordinal_position) AS list
    FROM information_schema.columns WHERE table_schema = 'public' AND is_generated = 'NEVER' GROUP BY table_name;`;

/** Empties every table and fills it from `schema`; replica mode skips the foreign-key triggers, so any order does. */
export const restoreSql = (schema: string, tables: string[]) => `
  SET session_replication_role = replica;
  TRUNCATE ${tables.join(", ")};
  DO $restore$ DECLARE stored record; BEGIN
    FOR stored IN SELECT name, list FROM ${schema}.stored_columns
      WHERE name IN (${tables.map((table) => `'${table.slice("public.".length)}'`).join(", ")}) LOOP
      EXECUTE format('INSERT INTO public.%I (%s) SELECT %s FROM ${schema}.%I', stored.name, stored.list, stored.list, stored.name);
    END LOOP;
  END $restore$;
  SET session_replication_role = DEFAULT;
  SELECT setval(name::regclass, coalesce(last_value, 1), last_value IS NOT NULL) FROM ${schema}.sequences;`;
