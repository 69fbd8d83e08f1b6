import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { inject } from "vitest";
import { openDatabase, pgliteDatabase, type DatabaseHandle, type Engine } from "../src/db/database.ts";
import { migrate } from "../src/db/migrate.ts";
import { seedDemoData } from "../src/demo/seed.ts";
import { createMemoryFileStore } from "../src/files/file-store.ts";
import { TEST_PASSWORD_COST } from "./password-cost.ts";

/*
 * Every server test file starts from a copy of a database migrated (and seeded, with so many observers) once per
 * run: on PostgreSQL a template database cloned with CREATE DATABASE … TEMPLATE, on PGlite a dump of its data
 * directory loaded into a fresh instance. Test files run in worker processes of their own, so a template is built by
 * the first file that needs it; the others wait for it (an advisory lock on PostgreSQL) or, on PGlite, may build the
 * same dump twice, which is harmless.
 */

/** What a copy starts with: migrations only, or the demo seed with so many observers. */
export type Contents = { seed: false } | { seed: true; observers: number };

const templateKey = (contents: Contents) => (contents.seed ? `demo_${contents.observers}` : "migrated");

async function fill(handle: DatabaseHandle, contents: Contents) {
  await migrate(handle);
  if (contents.seed) await seedDemoData(handle, createMemoryFileStore(), { observers: contents.observers, passwordCost: TEST_PASSWORD_COST });
}

async function withAdmin<T>(work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: `${inject("postgresUrl")}/postgres` });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

const postgresTemplates = new Map<string, Promise<string>>();

function postgresTemplate(contents: Contents): Promise<string> {
  const name = `template_${templateKey(contents)}`;
  let template = postgresTemplates.get(name);
  if (!template) {
    template = withAdmin(async (admin) => {
      await admin.query("SELECT pg_advisory_lock(hashtext($1))", [name]);
      const { rowCount } = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
      if (!rowCount) {
        // Built under another name and renamed once complete: a template is never seen half-filled.
        const building = `${name}_building`;
        await admin.query(`DROP DATABASE IF EXISTS ${building}`);
        await admin.query(`CREATE DATABASE ${building}`);
        const handle = await openDatabase(`${inject("postgresUrl")}/${building}`, { poolSize: 2 });
        await fill(handle, contents).finally(() => handle.close());
        await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
      }
      await admin.query("SELECT pg_advisory_unlock(hashtext($1))", [name]);
      return name;
    });
    postgresTemplates.set(name, template);
  }
  return template;
}

async function pgliteDump(contents: Contents): Promise<Blob> {
  const file = join(inject("seedCacheDir"), `${templateKey(contents)}.tar`);
  if (!existsSync(file)) {
    const pglite = await PGlite.create();
    const handle = pgliteDatabase(pglite);
    await fill(handle, contents);
    const dump = await pglite.dumpDataDir("none");
    await handle.close();
    // Written aside and renamed: another worker reading the file never sees it half-written.
    const partial = `${file}.${randomBytes(4).toString("hex")}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
  }
  return new Blob([readFileSync(file)]);
}

export interface DatabaseCopy {
  /** Where the copy is: another connection (a second instance) opens it again. */
  url: string;
  handle: DatabaseHandle;
  drop(): Promise<void>;
}

/** A fresh database of its own for one test server, with the given contents. */
export async function copyOfTemplate(engine: Engine, contents: Contents): Promise<DatabaseCopy> {
  if (engine === "pglite") {
    return { url: "pglite:memory", handle: pgliteDatabase(await PGlite.create({ loadDataDir: await pgliteDump(contents) })), drop: async () => {} };
  }
  const template = await postgresTemplate(contents);
  const name = `test_${randomBytes(6).toString("hex")}`;
  await withAdmin((admin) => admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`));
  const url = `${inject("postgresUrl")}/${name}`;
  return {
    url,
    handle: await openDatabase(url),
    drop: () => withAdmin(async (admin) => void (await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`))),
  };
}
