import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { CamelCasePlugin, sql } from "kysely";
import pg from "pg";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openDatabase, type DatabaseHandle, type Engine } from "../../src/db/database.ts";
import { functionsDir, migrate, migrationsDir, sqlFiles } from "../../src/db/migrate.ts";
import { bothEngines } from "../harness.ts";

/*
 * The hand-written Kysely schema (server/src/db/schema.ts) against a freshly migrated database, read from
 * information_schema; and the functions and triggers of server/src/db/functions/, written once and applied again
 * over themselves.
 */

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "../../..");
const SCHEMA_FILE = join(ROOT, "server/src/db/schema.ts");
/** The migrator's own ledger: not a table of the application. */
const LEDGER = "schema_migrations";

/** Column name → whether its type admits null, per table; names in snake_case as the database handle writes them. */
type Tables = Map<string, Map<string, boolean>>;

class SnakeCase extends CamelCasePlugin {
  of = (name: string) => this.snakeCase(name);
}
const snakeCase = new SnakeCase().of;

/**
 * schema.ts's `Database` as the compiler reads it, with the server's compiler options: each table, each column, and
 * whether the type a query selects (a ColumnType's first argument) includes null.
 */
function declaredTables(): Tables {
  const config: unknown = ts.readConfigFile(join(ROOT, "tsconfig.server.json"), (path) => ts.sys.readFile(path)).config;
  const { options } = ts.parseJsonConfigFileContent(config, ts.sys, ROOT);
  const program = ts.createProgram([SCHEMA_FILE], { ...options, incremental: false, tsBuildInfoFile: undefined });
  const source = program.getSourceFile(SCHEMA_FILE)!;
  // Unresolved types would read as `any` and hide a nullable column.
  expect([...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)].map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"))).toEqual([]);
  const checker = program.getTypeChecker();
  const database = source.statements.find((node): node is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(node) && node.name.text === "Database");
  if (!database) throw new Error("schema.ts declares no interface Database");
  const typeOf = (symbol: ts.Symbol) => checker.getTypeOfSymbolAtLocation(symbol, database);
  const admitsNull = (type: ts.Type) => (type.isUnion() ? type.types : [type]).some((member) => (member.flags & ts.TypeFlags.Null) !== 0);
  const tables: Tables = new Map();
  for (const table of checker.getPropertiesOfType(checker.getTypeAtLocation(database))) {
    const columns = new Map<string, boolean>();
    for (const column of checker.getPropertiesOfType(typeOf(table))) {
      const type = typeOf(column);
      const selected = type.getProperty("__select__"); // ColumnType<Select, Insert, Update>, Generated<T>
      columns.set(snakeCase(column.name), admitsNull(selected ? typeOf(selected) : type));
    }
    tables.set(snakeCase(table.name), columns);
  }
  return tables;
}

async function databaseTables(handle: DatabaseHandle): Promise<Tables> {
  const { rows } = await sql<{ tableName: string; columnName: string; isNullable: "YES" | "NO" }>`
    SELECT c.table_name, c.column_name, c.is_nullable
    FROM information_schema.columns c
    JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
    WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE' AND c.table_name <> ${LEDGER}`.execute(handle.db);
  const tables: Tables = new Map();
  for (const row of rows) {
    const columns = tables.get(row.tableName) ?? new Map<string, boolean>();
    columns.set(row.columnName, row.isNullable === "YES");
    tables.set(row.tableName, columns);
  }
  return tables;
}

/** What differs, one line per table or column. */
function mismatches(declared: Tables, actual: Tables): string[] {
  const found: string[] = [];
  for (const table of new Set([...declared.keys(), ...actual.keys()])) {
    const inSchema = declared.get(table);
    const inDatabase = actual.get(table);
    if (!inSchema) found.push(`table ${table}: in the database, missing from schema.ts`);
    if (!inDatabase) found.push(`table ${table}: in schema.ts, not in the database`);
    if (!inSchema || !inDatabase) continue;
    for (const column of new Set([...inSchema.keys(), ...inDatabase.keys()])) {
      const declaredNull = inSchema.get(column);
      const actualNull = inDatabase.get(column);
      if (declaredNull === undefined) found.push(`${table}.${column}: in the database, missing from schema.ts`);
      else if (actualNull === undefined) found.push(`${table}.${column}: in schema.ts, not in the database`);
      else if (declaredNull !== actualNull) {
        found.push(`${table}.${column}: ${actualNull ? "nullable" : "NOT NULL"} in the database, but its type in schema.ts ${declaredNull ? "admits" : "has no"} null`);
      }
    }
  }
  return found.sort();
}

/** The names a folder's SQL files create, comments left out: `function name` and `trigger name on table`. */
function definitions(directory: string): string[] {
  return sqlFiles(directory).flatMap((file) => {
    const text = readFileSync(join(directory, file), "utf8").replace(/--.*$/gm, "");
    const functions = [...text.matchAll(/\bCREATE\s+(?:OR\s+REPLACE\s+)?FUNCTION\s+(\w+)/gi)].map((match) => `function ${match[1]}`);
    const triggers = [...text.matchAll(/\bCREATE\s+(?:OR\s+REPLACE\s+)?(?:CONSTRAINT\s+)?TRIGGER\s+(\w+)[\s\S]*?\bON\s+(\w+)/gi)].map(
      (match) => `trigger ${match[1]} on ${match[2]}`,
    );
    return [...functions, ...triggers];
  });
}

/** What the database holds: its functions and its own (not constraint-internal) triggers. */
async function definedInDatabase(handle: DatabaseHandle): Promise<string[]> {
  const { rows } = await sql<{ definition: string }>`
    SELECT 'function ' || p.proname AS definition FROM pg_proc p WHERE p.pronamespace = 'public'::regnamespace
    UNION ALL
    SELECT 'trigger ' || t.tgname || ' on ' || c.relname FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
    WHERE c.relnamespace = 'public'::regnamespace AND NOT t.tgisinternal`.execute(handle.db);
  return rows.map((row) => row.definition).sort();
}

const postgresUrl = inject("postgresUrl");

/** A database of its own, empty (not a copy of the run's migrated template): what migrate() does is under test. */
async function emptyDatabase(engine: Engine): Promise<{ url: string; drop: () => Promise<void> }> {
  if (engine === "pglite") return { url: "pglite:memory", drop: async () => {} };
  const name = `schema_${randomBytes(6).toString("hex")}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: `${postgresUrl}/postgres` });
    await client.connect();
    await client.query(statement).finally(() => client.end());
  };
  await admin(`CREATE DATABASE ${name}`);
  return { url: `${postgresUrl}/${name}`, drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

describe("functions/ and migrations/", () => {
  it("define each function and trigger once, and every trigger in functions/", () => {
    const inMigrations = definitions(migrationsDir);
    const inFunctions = definitions(functionsDir);
    const all = [...inMigrations, ...inFunctions];
    expect(all.filter((definition, index) => all.indexOf(definition) !== index), "defined twice").toEqual([]);
    expect(inMigrations.filter((definition) => definition.startsWith("trigger ")), "triggers in migrations").toEqual([]);
    // A function an index depends on (migration 008's ro_sort_key) is the one kind a migration keeps: it must exist
    // before the index, and changing it means rebuilding the index.
    expect(inMigrations).toEqual(["function ro_sort_key"]);
    expect(sqlFiles(functionsDir).map((file) => `function ${file.replace(/\.sql$/, "")}`)).toEqual(inFunctions.filter((definition) => definition.startsWith("function ")));
  });
});

describe.each(bothEngines)("a freshly migrated database on %s", (engine) => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const database = await emptyDatabase(engine);
    drop = database.drop;
    handle = await openDatabase(database.url, { poolSize: 2 });
    expect(await migrate(handle)).toEqual(sqlFiles(migrationsDir));
  });
  afterAll(async () => {
    await handle?.close();
    await drop?.();
  });

  it("has the tables and columns of schema.ts, nullable where their types admit null", async () => {
    expect(mismatches(declaredTables(), await databaseTables(handle)), "schema.ts against information_schema.columns").toEqual([]);
  });

  it("holds the functions and triggers of the SQL files, each once, and applies functions/ again over itself", async () => {
    const declared = [...definitions(migrationsDir), ...definitions(functionsDir)].sort();
    expect(await definedInDatabase(handle)).toEqual(declared);
    const commitOrderTrigger = async () =>
      (await sql<{ oid: number }>`SELECT oid::int AS oid FROM pg_trigger WHERE tgname = 'live_event_commit_order'`.execute(handle.db)).rows;
    const [before] = await commitOrderTrigger();

    // Unchanged files: nothing to apply (the constraint trigger, dropped and created when applied, is the same one).
    expect(await migrate(handle)).toEqual([]);
    expect(await commitOrderTrigger()).toEqual([before]);

    // As after a changed file: every file runs again over what it made before.
    await sql`DELETE FROM schema_migrations WHERE starts_with(name, 'functions/')`.execute(handle.db);
    expect(await migrate(handle)).toEqual([]);
    expect(await commitOrderTrigger()).not.toEqual([before]);
    expect(await definedInDatabase(handle)).toEqual(declared);

    // And a trigger fires once: one 'access' event for one change of an NGO's status.
    const ngo = await handle.db.insertInto("ngo").values({ name: "Schema", shortName: "S" }).returning("id").executeTakeFirstOrThrow();
    await handle.db.updateTable("ngo").set({ isActive: false }).where("id", "=", ngo.id).execute();
    const events = await handle.db.selectFrom("liveEvent").select(["kind", "ngoId"]).execute();
    expect(events).toEqual([{ kind: "access", ngoId: ngo.id }]);
  });
});

describe.skipIf(!postgresUrl)("instances migrating one PostgreSQL database at once", () => {
  it("wait for the first: it applies every migration and the functions, the others nothing, and none fails", async () => {
    const database = await emptyDatabase("postgres");
    const handles = await Promise.all(Array.from({ length: 4 }, () => openDatabase(database.url, { poolSize: 2 })));
    try {
      const applied = await Promise.all(handles.map((handle) => migrate(handle)));
      expect(applied.map((names) => names.length).sort((a, b) => a - b)).toEqual([0, 0, 0, sqlFiles(migrationsDir).length]);
      const { rows } = await sql<{ name: string }>`SELECT name FROM schema_migrations WHERE starts_with(name, 'functions/')`.execute(handles[0]!.db);
      expect(rows).toHaveLength(1);
    } finally {
      await Promise.all(handles.map((handle) => handle.close()));
      await database.drop();
    }
  });
});
