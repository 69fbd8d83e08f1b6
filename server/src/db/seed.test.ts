import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { verifySecret } from "../auth/password.ts";
import { createMemoryFileStore, type FileStore } from "../files/file-store.ts";
import { openDatabase, type DatabaseHandle } from "./database.ts";
import { demoPng } from "./demo-images.ts";
import { migrate } from "./migrate.ts";
import { DEMO_COUNTIES, DEMO_OBSERVERS, seedDemoData } from "./seed.ts";

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const TABLES = [
  "ngo", "ngo_admin", "observer", "county", "polling_station", "form", "form_section", "question",
  "question_option", "answer", "note", "note_attachment", "polling_station_info", "notification",
  "notification_recipient", "notification_registration",
] as const;

async function freshDatabase(): Promise<DatabaseHandle> {
  const handle = await openDatabase("pglite:memory");
  await migrate(handle);
  return handle;
}

/** A migrated, empty database on the PostgreSQL 15 cluster of the global setup; closing drops it. */
async function freshPostgresDatabase(adminUrl: string): Promise<DatabaseHandle> {
  const name = `seed_${randomBytes(6).toString("hex")}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: `${adminUrl}/postgres` });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const handle = await openDatabase(`${adminUrl}/${name}`);
  await migrate(handle);
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/** Everything the seed writes except the salted hashes. */
async function snapshot(handle: DatabaseHandle) {
  const observers = await handle.db
    .selectFrom("observer")
    .select(["id", "ngoId", "phone", "name", "deviceRegisterDate", "mobileDeviceId", "deletedAt"])
    .orderBy("id")
    .execute();
  const answers = await handle.db
    .selectFrom("answer")
    .select(["observerId", "optionId", "pollingStationId", "value", "lastModified"])
    .orderBy("observerId")
    .orderBy("pollingStationId")
    .orderBy("optionId")
    .execute();
  const notes = await handle.db.selectFrom("note").selectAll().orderBy("id").execute();
  const attachments = await handle.db.selectFrom("noteAttachment").selectAll().orderBy("id").execute();
  const stationInfos = await handle.db
    .selectFrom("pollingStationInfo")
    .selectAll()
    .orderBy("observerId")
    .orderBy("pollingStationId")
    .execute();
  return { counts: await countRows(handle), observers, answers, notes, attachments, stationInfos };
}

async function countRows(handle: DatabaseHandle): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of TABLES) {
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(table)}`.execute(handle.db);
    counts[table] = rows[0]!.n;
  }
  return counts;
}

async function flaggedAnswersByNgo(handle: DatabaseHandle): Promise<Record<string, number>> {
  const rows = await handle.db
    .selectFrom("answer")
    .innerJoin("questionOption", "questionOption.id", "answer.optionId")
    .innerJoin("observer", "observer.id", "answer.observerId")
    .innerJoin("ngo", "ngo.id", "observer.ngoId")
    .where("questionOption.flagged", "=", true)
    .groupBy("ngo.shortName")
    .select(["ngo.shortName", (eb) => eb.fn.countAll<number>().as("count")])
    .execute();
  return Object.fromEntries(rows.map((row) => [row.shortName, Number(row.count)]));
}

describe("seedDemoData", () => {
  let handle: DatabaseHandle;
  let files: FileStore;
  let seconds: number;

  beforeAll(async () => {
    handle = await freshDatabase();
    files = createMemoryFileStore();
    const started = performance.now();
    await expect(seedDemoData(handle, files)).resolves.toEqual({ seeded: true });
    seconds = (performance.now() - started) / 1000;
    console.info(`seed: ${seconds.toFixed(2)} s`, await countRows(handle));
  });
  afterAll(() => handle.close());

  it("seeds in less than 5 s on in-memory PGlite", () => {
    expect(seconds).toBeLessThan(5);
  });

  it("seeds the 43 counties with Diaspora first and the others in Romanian alphabetical order", async () => {
    const counties = await handle.db.selectFrom("county").selectAll().orderBy("displayOrder").execute();
    expect(counties).toHaveLength(43);
    expect(counties[0]).toMatchObject({ code: "D", name: "Diaspora", diaspora: true, pollingStationCount: 441 });
    const names = counties.slice(1).map((county) => county.name);
    expect(names).toEqual([...names].sort(new Intl.Collator("ro").compare));
    expect(counties.filter((county) => county.diaspora).map((county) => county.code)).toEqual(["D"]);
    expect(counties.find((county) => county.code === "IS")).toMatchObject({ name: "Iași", pollingStationCount: 746 });
  });

  it("creates polling stations 1..limit for every county", async () => {
    const sumOfLimits = DEMO_COUNTIES.reduce((sum, county) => sum + county.limit, 0);
    const stations = await handle.db
      .selectFrom("pollingStation")
      .select([(eb) => eb.fn.countAll<number>().as("count"), (eb) => eb.fn.max("number").as("max")])
      .executeTakeFirstOrThrow();
    expect(Number(stations.count)).toBe(sumOfLimits);
    expect(sumOfLimits).toBe(19_171);
    const cluj12 = await handle.db
      .selectFrom("pollingStation")
      .innerJoin("county", "county.id", "pollingStation.countyId")
      .where("county.code", "=", "CJ")
      .where("pollingStation.number", "=", 12)
      .select("pollingStation.address")
      .executeTakeFirstOrThrow();
    expect(cluj12.address).toBe("Secția de votare nr. 12, Cluj");
  });

  it("creates three NGOs: one organizer, one inactive", async () => {
    const ngos = await handle.db.selectFrom("ngo").select(["shortName", "organizer", "isActive"]).orderBy("id").execute();
    expect(ngos).toEqual([
      { shortName: "C4R", organizer: true, isActive: true },
      { shortName: "AOC", organizer: false, isActive: true },
      { shortName: "IT", organizer: false, isActive: false },
    ]);
  });

  it("creates the three admins with the demo password", async () => {
    const admins = await handle.db
      .selectFrom("ngoAdmin")
      .innerJoin("ngo", "ngo.id", "ngoAdmin.ngoId")
      .select(["account", "ngo.shortName", "passwordHash"])
      .orderBy("account")
      .execute();
    expect(admins.map(({ account, shortName }) => ({ account, shortName }))).toEqual([
      { account: "0700000001", shortName: "C4R" },
      { account: "0700000002", shortName: "AOC" },
      { account: "0700000003", shortName: "IT" },
    ]);
    await expect(verifySecret("demo1234", admins[1]!.passwordHash)).resolves.toBe(true);
    await expect(verifySecret("demo1235", admins[1]!.passwordHash)).resolves.toBe(false);
  });

  it("creates 200 observers with unique phones, spread over the NGOs, two of them soft-deleted", async () => {
    const observers = await handle.db.selectFrom("observer").selectAll().execute();
    expect(observers).toHaveLength(200);
    expect(new Set(observers.map((observer) => observer.phone)).size).toBe(200);
    expect(observers.every((observer) => /^07\d{8}$/.test(observer.phone) && !observer.phone.startsWith("07000000"))).toBe(true);
    expect(observers.filter((observer) => observer.deletedAt !== null)).toHaveLength(2);
    const byNgo = await handle.db
      .selectFrom("observer")
      .innerJoin("ngo", "ngo.id", "observer.ngoId")
      .groupBy("ngo.shortName")
      .select(["ngo.shortName", (eb) => eb.fn.countAll<number>().as("count")])
      .execute();
    expect(Object.fromEntries(byNgo.map((row) => [row.shortName, Number(row.count)]))).toEqual({ C4R: 120, AOC: 70, IT: 10 });
  });

  it("lets the demo observers sign in with their PINs", async () => {
    const ngoOf = new Map<string, string>();
    for (const demo of DEMO_OBSERVERS) {
      const observer = await handle.db
        .selectFrom("observer")
        .innerJoin("ngo", "ngo.id", "observer.ngoId")
        .where("phone", "=", demo.phone)
        .select(["pinHash", "ngo.shortName", "deletedAt", "mobileDeviceId"])
        .executeTakeFirstOrThrow();
      await expect(verifySecret(demo.pin, observer.pinHash)).resolves.toBe(true);
      expect(observer).toMatchObject({ deletedAt: null, mobileDeviceId: null });
      ngoOf.set(demo.phone, observer.shortName);
    }
    expect([...ngoOf.values()]).toEqual(["C4R", "AOC"]);
  });

  it("publishes forms A–D, each with flagged options, and keeps E as a draft", async () => {
    const forms = await handle.db
      .selectFrom("form")
      .select(["code", "draft", "diaspora", "currentVersion", "displayOrder"])
      .orderBy("displayOrder")
      .execute();
    expect(forms).toEqual([
      { code: "A", draft: false, diaspora: false, currentVersion: 1, displayOrder: 1 },
      { code: "B", draft: false, diaspora: false, currentVersion: 2, displayOrder: 2 },
      { code: "C", draft: false, diaspora: false, currentVersion: 1, displayOrder: 3 },
      { code: "D", draft: false, diaspora: true, currentVersion: 1, displayOrder: 4 },
      { code: "E", draft: true, diaspora: false, currentVersion: 1, displayOrder: 5 },
    ]);
    const flaggedByForm = await handle.db
      .selectFrom("questionOption")
      .innerJoin("question", "question.id", "questionOption.questionId")
      .innerJoin("formSection", "formSection.id", "question.sectionId")
      .innerJoin("form", "form.id", "formSection.formId")
      .where("questionOption.flagged", "=", true)
      .groupBy("form.code")
      .select(["form.code", (eb) => eb.fn.countAll<number>().as("count")])
      .orderBy("form.code")
      .execute();
    expect(flaggedByForm.map((row) => row.code)).toEqual(["A", "B", "C", "D"]);
  });

  it("has flagged answers (urgent threads) for observers of NGO 1 and of NGO 2, none for the inactive NGO", async () => {
    const flagged = await flaggedAnswersByNgo(handle);
    expect(flagged.C4R).toBeGreaterThan(0);
    expect(flagged.AOC).toBeGreaterThan(0);
    expect(flagged.IT).toBeUndefined();
  });

  it("answers free-text options with a text and the others without", async () => {
    const rows = await handle.db
      .selectFrom("answer")
      .innerJoin("questionOption", "questionOption.id", "answer.optionId")
      .select(["questionOption.isFreeText", "answer.value"])
      .execute();
    expect(rows.some((row) => row.isFreeText)).toBe(true);
    expect(rows.every((row) => (row.isFreeText ? (row.value ?? "").length > 0 : row.value === null))).toBe(true);
  });

  it("stores each attachment as a PNG in the file store", async () => {
    const attachments = await handle.db.selectFrom("noteAttachment").selectAll().orderBy("id").execute();
    expect(attachments.length).toBeGreaterThanOrEqual(20);
    for (const attachment of attachments) {
      const bytes = await files.get(attachment.storageKey);
      expect(bytes).not.toBeNull();
      expect([...bytes!.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
      expect(bytes!.length).toBe(attachment.sizeBytes);
      expect(attachment.mimeType).toBe("image/png");
      expect(attachment.fileName).toMatch(/^photo-[12]\.png$/);
    }
  });

  it("does nothing when run a second time", async () => {
    const before = await countRows(handle);
    await expect(seedDemoData(handle, createMemoryFileStore(), { observers: 5 })).resolves.toEqual({ seeded: false });
    expect(await countRows(handle)).toEqual(before);
  });

  it("refuses an impossible observer count", async () => {
    await expect(seedDemoData(handle, createMemoryFileStore(), { observers: 2.5 })).rejects.toThrow(RangeError);
    await expect(seedDemoData(handle, createMemoryFileStore(), { observers: -1 })).rejects.toThrow(RangeError);
  });
});

describe("seedDemoData determinism", () => {
  it("produces the same rows in two fresh databases", async () => {
    const snapshots = [];
    for (let run = 0; run < 2; run++) {
      const handle = await freshDatabase();
      try {
        await seedDemoData(handle, createMemoryFileStore(), { observers: 30 });
        snapshots.push(await snapshot(handle));
      } finally {
        await handle.close();
      }
    }
    expect(snapshots[0]!.observers).toHaveLength(30);
    expect(snapshots[0]!.answers.length).toBeGreaterThan(0);
    expect(snapshots[1]).toEqual(snapshots[0]);
  });

  const postgresUrl = inject("postgresUrl");
  it.runIf(postgresUrl)("produces the same rows on PostgreSQL 15 as on PGlite", async () => {
    const snapshots = [];
    for (const open of [freshDatabase, () => freshPostgresDatabase(postgresUrl)]) {
      const handle = await open();
      try {
        await expect(seedDemoData(handle, createMemoryFileStore(), { observers: 30 })).resolves.toEqual({ seeded: true });
        snapshots.push(await snapshot(handle));
      } finally {
        await handle.close();
      }
    }
    expect(snapshots[1]).toEqual(snapshots[0]);
  });
});

describe("seedDemoData atomicity", () => {
  it("leaves an empty database when storing an attachment fails, and can seed it afterwards", async () => {
    const handle = await freshDatabase();
    try {
      const failing: FileStore = {
        put: () => Promise.reject(new Error("disk full")),
        get: () => Promise.resolve(null),
      };
      await expect(seedDemoData(handle, failing, { observers: 10 })).rejects.toThrow("disk full");
      expect(Object.values(await countRows(handle)).every((count) => count === 0)).toBe(true);
      await expect(seedDemoData(handle, createMemoryFileStore(), { observers: 10 })).resolves.toEqual({ seeded: true });
    } finally {
      await handle.close();
    }
  });
});

describe("demoPng", () => {
  it("encodes a PNG with the requested size that differs by seed and repeats for the same seed", () => {
    const png = demoPng(7, 64, 48);
    expect([...png.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
    const header = new DataView(png.buffer, png.byteOffset + 16, 8);
    expect([header.getUint32(0), header.getUint32(4)]).toEqual([64, 48]);
    expect(demoPng(7)).toEqual(png);
    expect(demoPng(8)).not.toEqual(png);
  });
});
