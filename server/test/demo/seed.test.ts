import { readFileSync } from "node:fs";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifySecret } from "../../src/auth/password.ts";
import type { DatabaseHandle, Engine } from "../../src/db/database.ts";
import { createMemoryFileStore, type FileStore } from "../../src/files/file-store.ts";
import { DEMO_OBSERVERS } from "../../src/demo/accounts.ts";
import { DEMO_COUNTIES } from "../../src/demo/content/counties.ts";
import { bothEngines } from "../harness.ts";
import { copyOfTemplate } from "../seed-templates.ts";
import { seedDemoData } from "../../src/demo/seed.ts";

/*
 * What the seed writes, on a real database. What it plans to write (spread, flags, recipients) is in plan.test.ts.
 */

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const TABLES = [
  "ngo", "ngo_admin", "observer", "county", "polling_station", "form", "form_section", "question",
  "question_option", "answer", "note", "note_attachment", "polling_station_info", "notification",
  "notification_recipient", "notification_registration", "station_assignment",
] as const;

/** The demo's station list, as an organisation imports its official one: a BOM, then `;`-separated lines. */
function officialList(): { header: string[]; rows: string[][] } {
  const text = readFileSync(new URL("../../src/demo/content/polling-stations.csv", import.meta.url), "utf8");
  expect(text.startsWith("\uFEFF")).toBe(true);
  const [header, ...rows] = text.slice(1).trimEnd().split("\n").map((line) => line.split(";"));
  return { header: header!, rows };
}

const countiesOf = (handle: DatabaseHandle) => handle.db.selectFrom("county").selectAll().orderBy("id").execute();

/** A migrated, empty database of its own (a copy of the run's migrated template), dropped on close. */
async function freshDatabase(engine: Engine): Promise<DatabaseHandle> {
  const copy = await copyOfTemplate(engine, { seed: false });
  return { ...copy.handle, close: () => copy.handle.close().then(() => copy.drop()) };
}

async function countRows(handle: DatabaseHandle): Promise<Record<(typeof TABLES)[number], number>> {
  const counts = {} as Record<(typeof TABLES)[number], number>;
  for (const table of TABLES) {
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(table)}`.execute(handle.db);
    counts[table] = rows[0]!.n;
  }
  return counts;
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
  const { rows: lastSeen } = await sql`SELECT * FROM observer_activity ORDER BY observer_id`.execute(handle.db);
  const { rows: rounds } = await sql`
    SELECT id, name, election_day::text, status, created_at, status_changed_at FROM election_round ORDER BY id`.execute(handle.db);
  return { counts: await countRows(handle), observers, answers, notes, attachments, stationInfos, lastSeen, rounds };
}

/** What the default seed wrote, per engine, read by the determinism test below. */
const seededRows = new Map<Engine, Awaited<ReturnType<typeof snapshot>>>();

async function seedAndSnapshot(engine: Engine) {
  const handle = await freshDatabase(engine);
  try {
    await expect(seedDemoData(handle, createMemoryFileStore())).resolves.toEqual({ seeded: true });
    return await snapshot(handle);
  } finally {
    await handle.close();
  }
}

describe.each(bothEngines)("seedDemoData on %s", (engine) => {
  let handle: DatabaseHandle;
  let files: FileStore;

  beforeAll(async () => {
    handle = await freshDatabase(engine);
    files = createMemoryFileStore();
    await expect(seedDemoData(handle, files)).resolves.toEqual({ seeded: true });
    seededRows.set(engine, await snapshot(handle));
  });
  afterAll(() => handle.close());

  it("writes the demo's rows: 200 observers, a day of answers, notes, notifications", async () => {
    // Both rounds: this year's (round 1, the sum's first term) and last year's, archived, with its copy of the
    // registry and of forms A–D and a smaller day by a third of the observers (archived-round.test.ts).
    expect(await countRows(handle)).toEqual({
      ngo: 3,
      ngo_admin: 3,
      observer: 200,
      county: 43,
      polling_station: 19_171 * 2,
      form: 5 + 4,
      form_section: 11 + 10,
      question: 36 + 34,
      question_option: 92 + 88,
      answer: 4205 + 2291,
      note: 60 + 10,
      note_attachment: 29 + 8,
      polling_station_info: 169 + 91,
      notification: 3 + 1,
      notification_recipient: 16 + 4,
      notification_registration: 139,
      // Every observer of an active NGO still taking part: 200 less the inactive NGO's 10 and the 2 who left; last
      // year, each of the 67 observers who took part.
      station_assignment: 188 + 67,
    });
  });

  it("keeps the migrations' 43 counties, Diaspora first and the others in Romanian alphabetical order, adding none", async () => {
    const counties = await handle.db.selectFrom("county").select(["code", "name", "diaspora"]).orderBy("displayOrder").execute();
    expect(counties).toEqual(DEMO_COUNTIES.map(({ code, name, diaspora }) => ({ code, name, diaspora })));
    const names = counties.slice(1).map((county) => county.name);
    expect(names).toEqual([...names].sort(new Intl.Collator("ro").compare));
  });

  it("imports its stations from the official-format list in content/, each active with its locality, building and address", async () => {
    const stored = await handle.db
      .selectFrom("pollingStation as s")
      .innerJoin("county as c", "c.id", "s.countyId")
      .where("s.electionRoundId", "=", 1)
      .select(["s.number", "s.locality", "s.institution", "s.address", "s.registeredVoters", "s.status"])
      .orderBy("c.displayOrder")
      .orderBy("s.number")
      .execute();
    const { header, rows } = officialList();
    expect(header).toEqual(["Județ", "Nr. SV", "Localitate", "Sediu", "Adresă", "Număr alegători"]);
    const listed = rows.map(([, number, locality, institution, address, voters]) => ({
      number: Number(number),
      locality,
      institution,
      address,
      registeredVoters: voters === "" ? null : Number(voters),
      status: "active",
    }));
    expect(stored).toHaveLength(19_171);
    expect(stored).toEqual(listed);
  });

  it("has polling stations 1..limit for every county, as the demo's plan expects", async () => {
    const perCounty = await handle.db
      .selectFrom("pollingStation")
      .innerJoin("county", "county.id", "pollingStation.countyId")
      .where("pollingStation.electionRoundId", "=", 1)
      .groupBy("county.code")
      .select(["county.code", (eb) => eb.fn.countAll<number>().as("count"), (eb) => eb.fn.max("number").as("max")])
      .execute();
    const limits = Object.fromEntries(DEMO_COUNTIES.map((county) => [county.code, [county.limit, county.limit]]));
    expect(Object.fromEntries(perCounty.map((row) => [row.code, [Number(row.count), Number(row.max)]]))).toEqual(limits);
  });

  it("creates three NGOs (one organizer, one inactive) and their admins with the demo password", async () => {
    const ngos = await handle.db.selectFrom("ngo").select(["shortName", "organizer", "isActive"]).orderBy("id").execute();
    expect(ngos).toEqual([
      { shortName: "C4R", organizer: true, isActive: true },
      { shortName: "AOC", organizer: false, isActive: true },
      { shortName: "IT", organizer: false, isActive: false },
    ]);
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

  it("stores the observers in their NGOs, and lets the demo observers sign in with their PINs", async () => {
    const byNgo = await handle.db
      .selectFrom("observer")
      .innerJoin("ngo", "ngo.id", "observer.ngoId")
      .groupBy("ngo.shortName")
      .select(["ngo.shortName", (eb) => eb.fn.countAll<number>().as("count")])
      .execute();
    expect(Object.fromEntries(byNgo.map((row) => [row.shortName, Number(row.count)]))).toEqual({ C4R: 120, AOC: 70, IT: 10 });
    const ngoOf: string[] = [];
    for (const demo of DEMO_OBSERVERS) {
      const observer = await handle.db
        .selectFrom("observer")
        .innerJoin("ngo", "ngo.id", "observer.ngoId")
        .where("phone", "=", demo.phone)
        .select(["pinHash", "ngo.shortName", "deletedAt", "mobileDeviceId"])
        .executeTakeFirstOrThrow();
      await expect(verifySecret(demo.pin, observer.pinHash)).resolves.toBe(true);
      expect(observer).toMatchObject({ deletedAt: null, mobileDeviceId: null });
      ngoOf.push(observer.shortName);
    }
    expect(ngoOf).toEqual(["C4R", "AOC"]);
  });

  it("publishes forms A–D, each with flagged options, and keeps E as a draft", async () => {
    const forms = await handle.db
      .selectFrom("form")
      .select(["code", "draft", "diaspora", "currentVersion", "displayOrder"])
      .where("electionRoundId", "=", 1)
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

  it("links each answer to an option of the right kind: a text for free-text options only", async () => {
    const rows = await handle.db
      .selectFrom("answer")
      .innerJoin("questionOption", "questionOption.id", "answer.optionId")
      .select(["questionOption.isFreeText", "answer.value"])
      .execute();
    expect(rows.some((row) => row.isFreeText)).toBe(true);
    expect(rows.every((row) => (row.isFreeText ? (row.value ?? "").length > 0 : row.value === null))).toBe(true);
  });

  it("answers and notes the diaspora form at stations abroad only, as the API requires", async () => {
    const { rows } = await sql<{ answers: number; notes: number; abroad: number }>`
      SELECT
        (SELECT count(*)::int FROM answer a JOIN question_option qo ON qo.id = a.option_id JOIN question q ON q.id = qo.question_id
           JOIN form_section fs ON fs.id = q.section_id JOIN form f ON f.id = fs.form_id
           JOIN polling_station s ON s.id = a.polling_station_id JOIN county c ON c.id = s.county_id
         WHERE f.diaspora AND NOT c.diaspora) AS answers,
        (SELECT count(*)::int FROM note n JOIN question q ON q.id = n.question_id
           JOIN form_section fs ON fs.id = q.section_id JOIN form f ON f.id = fs.form_id
           JOIN polling_station s ON s.id = n.polling_station_id JOIN county c ON c.id = s.county_id
         WHERE f.diaspora AND NOT c.diaspora) AS notes,
        (SELECT count(*)::int FROM answer a JOIN polling_station s ON s.id = a.polling_station_id JOIN county c ON c.id = s.county_id
         WHERE c.diaspora) AS abroad`.execute(handle.db);
    const { answers, notes, abroad } = rows[0]!;
    expect({ answers, notes, abroadAnswered: abroad > 0 }).toEqual({ answers: 0, notes: 0, abroadAnswered: true });
  });

  it("stores each attachment as a PNG in the file store", async () => {
    const attachments = await handle.db.selectFrom("noteAttachment").selectAll().orderBy("id").execute();
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
  // Each seed writes 19,000 stations: the comparison reads the two seeded above, one per engine, and seeds a second
  // PGlite database only where PostgreSQL is not installed.
  it("produces the same rows in two fresh databases, on PostgreSQL 15 as on PGlite", async () => {
    const first = seededRows.get("pglite")!;
    expect(first.observers.length).toBeGreaterThan(0);
    expect(first.answers.length).toBeGreaterThan(0);
    expect(seededRows.get("postgres") ?? (await seedAndSnapshot("pglite"))).toEqual(first);
  });
});

// 600 observers' PINs hashed, then both rounds written: beside the other suites, more than the usual 30 s.
describe("seedDemoData sizes", { timeout: 90_000 }, () => {
  it.each([0, 600])("seeds %i observers over the migrations' counties, which it leaves as they are", async (observers) => {
    const handle = await freshDatabase("pglite");
    try {
      const referenceCounties = await countiesOf(handle);
      expect(referenceCounties).toHaveLength(43);
      await expect(seedDemoData(handle, createMemoryFileStore(), { observers })).resolves.toEqual({ seeded: true });
      const counts = await countRows(handle);
      expect(counts.observer).toBe(observers);
      expect(counts.polling_station_info > 0).toBe(observers > 0);
      expect(await countiesOf(handle)).toEqual(referenceCounties);
    } finally {
      await handle.close();
    }
  });
});

// Three seeds of both rounds, two of them whole: beside the other suites, more than the usual 30 s.
describe("seedDemoData atomicity", { timeout: 90_000 }, () => {
  it("leaves the database as migrated when storing an attachment fails, and can seed it afterwards", async () => {
    const handle = await freshDatabase("pglite");
    try {
      const migrated = await countRows(handle);
      expect(migrated).toEqual({ ...Object.fromEntries(TABLES.map((table) => [table, 0])), county: 43 });
      const failing: FileStore = {
        put: () => Promise.reject(new Error("disk full")),
        get: () => Promise.resolve(null),
        delete: () => Promise.resolve(),
      };
      await expect(seedDemoData(handle, failing, { observers: 10 })).rejects.toThrow("disk full");
      expect(await countRows(handle)).toEqual(migrated);
      await expect(seedDemoData(handle, createMemoryFileStore(), { observers: 10 })).resolves.toEqual({ seeded: true });
    } finally {
      await handle.close();
    }
  });
});
