/** The public tables a snapshot copies (every one but the migrations' ledger). */
export const SNAPSHOT_TABLES_SQL = "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'schema_migrations'";

/** Observers of the demo seed the web project's tests start from unless they ask for another count. */
export const DEMO_OBSERVERS = 20;

/** The schema that holds the demo seed with this many observers in the web project's dump (see its global setup). */
export const demoSnapshotSchema = (observers: number) => `snapshot_demo_${observers}`;

/** Copies every table (`public.<name>`) and the sequences' positions into `schema`, for `restoreSql` to bring back. */
export const snapshotSql = (schema: string, tables: string[]) => `
  CREATE SCHEMA ${schema};
  ${tables.map((table) => `CREATE TABLE ${schema}.${table.slice("public.".length)} AS TABLE ${table};`).join("\n")}
  CREATE TABLE ${schema}.sequences AS
    SELECT format('%I.%I', schemaname, sequencename) AS name, last_value FROM pg_sequences WHERE schemaname = 'public';`;

/** Empties every table and fills it from `schema`; replica mode skips the foreign-key triggers, so any order does. */
export const restoreSql = (schema: string, tables: string[]) => `
  SET session_replication_role = replica;
  TRUNCATE ${tables.join(", ")};
  ${tables.map((table) => `INSERT INTO ${table} SELECT * FROM ${schema}.${table.slice("public.".length)};`).join("\n")}
  SET session_replication_role = DEFAULT;
  SELECT setval(name::regclass, coalesce(last_value, 1), last_value IS NOT NULL) FROM ${schema}.sequences;`;
