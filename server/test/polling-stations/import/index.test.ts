import ExcelJS from "exceljs";
import { sql, type Kysely } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Engine } from "../../../src/db/database.ts";
import type { Database } from "../../../src/db/schema.ts";
import { exportStations } from "../../../src/polling-stations/export.ts";
import { importStationFile, type StationFileImport } from "../../../src/polling-stations/import/index.ts";
import { ProblemError, type ProblemBody } from "../../../src/problem.ts";
import { bothEngines } from "../../harness.ts";
import { copyOfTemplate, type DatabaseCopy } from "../../seed-templates.ts";

const TEMPLATE = "county,number,locality,institution,address,registeredVoters,latitude,longitude";
const OFFICIAL = "\uFEFFJudeț;Nr. SV;Localitate;Sediu;Adresă;Număr alegători";
const file = (...lines: string[]) => new TextEncoder().encode(`${lines.join("\r\n")}\r\n`);
const THREE = file(
  TEMPLATE,
  "CJ,1,Dej,Școala nr. 1,Str. Unirii 2,1530,47.14,23.87",
  "CJ,2,Dej,Școala nr. 2,Str. Unirii 4,980,,",
  "B,7,Sector 1,Liceul Caragiale,Str. Dacia 1,,,",
);
/** A station as the registry stores it, without coordinates unless given. */
const stored = (code: string, number: number, facts: { locality: string; institution: string; address: string; registeredVoters: number | null }) => ({
  code,
  number,
  ...facts,
  latitude: null,
  longitude: null,
  status: "active",
});

describe.each(bothEngines)("importStationFile on %s", (engine: Engine) => {
  let database: DatabaseCopy;
  let db: Kysely<Database>;
  beforeAll(async () => {
    database = await copyOfTemplate(engine, { seed: false });
    db = database.handle.db;
  }, 60_000);
  afterAll(async () => {
    await database.handle.close();
    await database.drop();
  });
  // Each test starts from the migrations' registry: the counties and no station (nor anything reported at one).
  beforeEach(async () => {
    await sql`TRUNCATE polling_station, observer, ngo, form CASCADE`.execute(db);
  });

  const run = (bytes: Uint8Array, options: Partial<StationFileImport> = {}) => importStationFile(db, 1, { bytes, dryRun: false, retireMissing: true, ...options });

  async function problemOf(importing: Promise<unknown>): Promise<ProblemBody> {
    const error = await importing.then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ProblemError);
    return (error as ProblemError).body;
  }

  /** The registry as stored, in county code and number order. */
  const registry = () =>
    db
      .selectFrom("pollingStation as s")
      .innerJoin("county as c", "c.id", "s.countyId")
      .select(["c.code", "s.number", "s.locality", "s.institution", "s.address", "s.registeredVoters", "s.latitude", "s.longitude", "s.status"])
      .orderBy("c.code")
      .orderBy("s.number")
      .execute();
  const version = async () => (await sql<{ version: string }>`SELECT version::text AS version FROM station_registry`.execute(db)).rows[0]!.version;

  it("imports the official list's format: a BOM, `;`, Romanian headers, county names in capitals with ș either way", async () => {
    const before = await version();
    const result = await run(
      file(
        OFFICIAL,
        "STRĂINĂTATE;1;Roma;Ambasada României;Via Nicolò Tartaglia 36;",
        "MUNICIPIUL BUCUREȘTI;1;Sector 1;Școala Gimnazială nr. 11;Str. Polonă 17;2104",
        "CONSTANŢA;12;Medgidia;Liceul „Nicolae Bălcescu”;Str. Decebal 27;1320",
        "Județul Iași;3;Iași;Colegiul Național;Bd. Carol I 6;1777",
      ),
    );
    expect(result).toMatchObject({ dryRun: false, added: 4, changed: 0, retired: 0, unchanged: 0 });
    expect(result.version).toBe(await version());
    expect(result.version).not.toBe(before);
    expect(result.diff.added.map((entry) => `${entry.countyCode} ${entry.number}`)).toEqual(["D 1", "B 1", "CT 12", "IS 3"]);
    expect(await registry()).toEqual([
      stored("B", 1, { locality: "Sector 1", institution: "Școala Gimnazială nr. 11", address: "Str. Polonă 17", registeredVoters: 2104 }),
      stored("CT", 12, { locality: "Medgidia", institution: "Liceul „Nicolae Bălcescu”", address: "Str. Decebal 27", registeredVoters: 1320 }),
      stored("D", 1, { locality: "Roma", institution: "Ambasada României", address: "Via Nicolò Tartaglia 36", registeredVoters: null }),
      stored("IS", 3, { locality: "Iași", institution: "Colegiul Național", address: "Bd. Carol I 6", registeredVoters: 1777 }),
    ]);
  });

  it("matches every county of the reference data by its name in capitals, as the official list writes them", async () => {
    const counties = await db.selectFrom("county").select(["code", "name", "diaspora"]).execute();
    expect(counties).toHaveLength(43);
    const rows = counties.map((county) => `${county.diaspora ? "STRĂINĂTATE" : county.name.toUpperCase()};1;;;;`);
    const result = await run(file(OFFICIAL, ...rows));
    expect(result.added).toBe(43);
  });

  it("saves nothing on a dry run, and reports exactly what the real run then does", async () => {
    await run(file(TEMPLATE, "CJ,1,Dej,,,,,", "CJ,9,Gherla,,,,,"));
    const before = await version();
    const edited = file(TEMPLATE, "CJ,1,Dej,Școala nr. 1,,,,", "CJ,2,Dej,,,,,");
    const dry = await run(edited, { dryRun: true });
    expect(dry).toMatchObject({ dryRun: true, added: 1, changed: 1, retired: 1, unchanged: 0, version: before });
    expect(await version()).toBe(before);
    expect((await registry()).map((row) => [row.number, row.institution, row.status])).toEqual([
      [1, null, "active"],
      [9, null, "active"],
    ]);
    const real = await run(edited);
    expect(real).toEqual({ ...dry, dryRun: false, version: await version() });
    expect(real.version).not.toBe(before);
  });

  it("takes the same file again as nothing to do: every station unchanged, the version and the update times as they were", async () => {
    await run(THREE);
    await sql`UPDATE polling_station SET updated_at = '2026-01-01T00:00:00Z'`.execute(db);
    const before = await version();
    expect(await run(THREE)).toEqual({
      dryRun: false,
      added: 0,
      changed: 0,
      retired: 0,
      unchanged: 3,
      version: before,
      diff: { added: [], changed: [], retired: [] },
    });
    const times = await db.selectFrom("pollingStation").select("updatedAt").execute();
    expect(times.map((row) => row.updatedAt.toISOString())).toEqual(Array(3).fill("2026-01-01T00:00:00.000Z"));
  });

  it("changes exactly the edited facts, and the update time of those stations only", async () => {
    await run(THREE);
    await sql`UPDATE polling_station SET updated_at = '2026-01-01T00:00:00Z'`.execute(db);
    const edited = file(
      TEMPLATE,
      "CJ,1,Dej,Școala nr. 1,Str. Unirii 2,1530,47.14,23.87",
      "CJ,2,Dej,Școala Gimnazială nr. 2,Str. Unirii 4,1010,47.1,",
      "B,7,Sector 1,Liceul Caragiale,Str. Dacia 1,,,",
    );
    const result = await run(edited);
    expect(result).toMatchObject({ added: 0, changed: 1, retired: 0, unchanged: 2 });
    expect(result.diff.changed).toEqual([
      {
        countyCode: "CJ",
        number: 2,
        locality: "Dej",
        institution: "Școala Gimnazială nr. 2",
        reactivated: false,
        changes: [
          { field: "institution", before: "Școala nr. 2", after: "Școala Gimnazială nr. 2" },
          { field: "registeredVoters", before: "980", after: "1010" },
          { field: "latitude", before: null, after: "47.1" },
        ],
      },
    ]);
    expect((await registry()).find((row) => row.number === 2)).toMatchObject({ institution: "Școala Gimnazială nr. 2", registeredVoters: 1010, latitude: 47.1 });
    const times = await db.selectFrom("pollingStation").select(["number", "updatedAt"]).orderBy("number").execute();
    expect(times.map((row) => [row.number, row.updatedAt.toISOString() === "2026-01-01T00:00:00.000Z"])).toEqual([
      [1, true],
      [2, false],
      [7, true],
    ]);
  });

  it("retires a station the file leaves out, keeping it and its answers, and brings it back when listed again", async () => {
    await run(THREE);
    const station = await db.selectFrom("pollingStation").select("id").where("number", "=", 7).executeTakeFirstOrThrow();
    await answerAt(db, station.id);
    const retiring = await run(file(TEMPLATE, "CJ,1,Dej,Școala nr. 1,Str. Unirii 2,1530,47.14,23.87", "CJ,2,Dej,Școala nr. 2,Str. Unirii 4,980,,"));
    expect(retiring).toMatchObject({ added: 0, changed: 0, retired: 1, unchanged: 2 });
    expect(retiring.diff.retired).toEqual([{ countyCode: "B", number: 7, locality: "Sector 1", institution: "Liceul Caragiale", changes: [] }]);
    expect((await registry()).map((row) => [row.code, row.number, row.status])).toEqual([
      ["B", 7, "retired"],
      ["CJ", 1, "active"],
      ["CJ", 2, "active"],
    ]);
    expect(await db.selectFrom("answer").select("pollingStationId").execute()).toEqual([{ pollingStationId: station.id }]);

    const returning = await run(THREE);
    expect(returning).toMatchObject({ added: 0, changed: 1, retired: 0, unchanged: 2 });
    expect(returning.diff.changed).toEqual([{ countyCode: "B", number: 7, locality: "Sector 1", institution: "Liceul Caragiale", reactivated: true, changes: [] }]);
    expect((await registry()).every((row) => row.status === "active")).toBe(true);
  });

  it("leaves the stations the file does not list as they are with retireMissing=false", async () => {
    await run(THREE);
    const before = await version();
    const result = await run(file(TEMPLATE, "CJ,1,Dej,Școala nr. 1,Str. Unirii 2,1530,47.14,23.87"), { retireMissing: false });
    expect(result).toMatchObject({ added: 0, changed: 0, retired: 0, unchanged: 1, version: before });
    expect((await registry()).map((row) => row.status)).toEqual(["active", "active", "active"]);
  });

  it("stores texts exactly as written, whatever characters they hold, when adding and when changing", async () => {
    await run(file(TEMPLATE, 'CJ,1,NULL,"Str. ""Mare"", nr. {2}",C:\\Școli\\nr. 1,,,', "CJ,2,null,,,,,"));
    await run(file(TEMPLATE, 'CJ,1,NULL,"Str. ""Mare"", nr. {2}",C:\\Școli\\nr. 1,,,', "CJ,2,null,C:\\Școli\\nr. 1,,,,"));
    expect((await registry()).map((row) => [row.locality, row.institution, row.address])).toEqual([
      ["NULL", 'Str. "Mare", nr. {2}', "C:\\Școli\\nr. 1"],
      ["null", "C:\\Școli\\nr. 1", null],
    ]);
  });

  it("keeps the facts of columns the file lacks: the official list leaves the template's coordinates", async () => {
    await run(THREE);
    const official = file(
      OFFICIAL,
      "CLUJ;1;Dej;Școala nr. 1;Str. Unirii 2;1600",
      "CLUJ;2;Dej;Școala nr. 2;Str. Unirii 4;980",
      "București;7;Sector 1;Liceul Caragiale;Str. Dacia 1;",
    );
    const result = await run(official);
    expect(result).toMatchObject({ changed: 1, unchanged: 2 });
    expect(result.diff.changed[0]!.changes).toEqual([{ field: "registeredVoters", before: "1530", after: "1600" }]);
    expect((await registry()).find((row) => row.number === 1)).toMatchObject({ registeredVoters: 1600, latitude: 47.14, longitude: 23.87 });
  });

  it("lists every bad row with its line, field and reason, and saves nothing", async () => {
    await run(THREE);
    const before = await registry();
    const beforeVersion = await version();
    const body = await problemOf(
      run(
        file(
          TEMPLATE,
          "CJ,1,Dej,Școala nr. 1,Str. Unirii 2,1530,47.14,23.87",
          "Atlantis,3,,,,,,",
          "CJ,x,,,,-5,,",
          "CJ,4,Dej,,,,95,",
          "",
          "Cluj,1,,,,,,",
          "B,8,Sector 1,,,,,",
          `B,9,${"a".repeat(201)},,,,,`,
        ),
        { retireMissing: false },
      ),
    );
    expect(body).toEqual({
      type: "urn:problem:import-invalid",
      title: "Unprocessable Content",
      status: 422,
      code: "import_invalid",
      detail: "5 rows are invalid; nothing was imported.",
      rows: [
        { line: 3, field: "county", code: "not_found", message: 'There is no county "Atlantis"; write its code (CJ) or its name (Cluj).' },
        { line: 4, field: "number", code: "invalid", message: 'The polling station\'s number must be a whole number from 1 to 2147483647; "x" is not.' },
        {
          line: 4,
          field: "registeredVoters",
          code: "invalid",
          message: 'The number of registered voters must be a whole number from 0 to 2147483647; "-5" is not.',
        },
        { line: 5, field: "latitude", code: "invalid", message: 'The latitude must be a number from -90 to 90; "95" is not.' },
        { line: 7, field: "number", code: "duplicate_in_file", message: "Polling station CJ 1 is already on line 2." },
        { line: 9, field: "locality", code: "too_long", message: "The locality must be at most 200 characters." },
      ],
    });
    expect(await registry()).toEqual(before);
    expect(await version()).toBe(beforeVersion);
  });

  it("answers `empty` for a file without stations", async () => {
    const noRows = { line: 1, field: "row", code: "empty", message: "The file has no stations: no row follows its header." };
    expect(await problemOf(run(file(TEMPLATE)))).toMatchObject({
      code: "import_invalid",
      detail: "The file has no stations: no row follows its header. Nothing was imported.",
      rows: [noRows],
    });
    expect(await problemOf(run(file(OFFICIAL, ";;;;;", "")))).toMatchObject({ code: "import_invalid", rows: [noRows] });
    expect(await problemOf(run(new Uint8Array()))).toMatchObject({
      code: "import_invalid",
      rows: [{ line: 1, field: "row", code: "empty", message: "The file is empty: its first row must be the header, followed by one row per station." }],
    });
  });

  it("answers columns_unrecognised with the file's headers, and imports the file once they are mapped", async () => {
    const unknown = file("Cod;Secția;Oraș;Clădire", "CJ;1;Dej;Școala nr. 1");
    expect(await problemOf(run(unknown))).toMatchObject({ status: 422, code: "columns_unrecognised", headers: ["Cod", "Secția", "Oraș", "Clădire"], found: {} });
    const result = await run(unknown, { columns: { county: "Cod", number: "Secția", locality: "Oraș", institution: "Clădire" } });
    expect(result).toMatchObject({ added: 1 });
    expect(await registry()).toMatchObject([{ code: "CJ", number: 1, locality: "Dej", institution: "Școala nr. 1" }]);
  });

  it("reads an XLSX workbook with numbers stored as numbers, and refuses a date where the number belongs", async () => {
    const workbook = async (rows: ExcelJS.CellValue[][]) => {
      const book = new ExcelJS.Workbook();
      book.addWorksheet("Secții").addRows(rows);
      return new Uint8Array(await book.xlsx.writeBuffer());
    };
    const header = ["Județ", "Nr. SV", "Localitate", "Sediu", "Adresă", "Număr alegători", "latitude", "longitude"];
    const result = await run(await workbook([header, ["CLUJ", 1, "Dej", "Școala nr. 1", "Str. Unirii 2", 1530, 47.14, 23.87]]), { fileName: "sectii.csv" });
    expect(result).toMatchObject({ added: 1 });
    expect(await registry()).toEqual([
      { ...stored("CJ", 1, { locality: "Dej", institution: "Școala nr. 1", address: "Str. Unirii 2", registeredVoters: 1530 }), latitude: 47.14, longitude: 23.87 },
    ]);
    const dated = await workbook([header, ["CLUJ", 1, "Dej"], ["CLUJ", new Date(Date.UTC(1900, 0, 2)), "Dej"]]);
    expect(await problemOf(run(dated))).toMatchObject({ code: "import_invalid", rows: [{ line: 3, field: "number", code: "invalid" }] });
  });

  it("writes inside the caller's transaction when given one (the demo seed's), rolled back with it", async () => {
    const rollback = new Error("rolled back");
    const outcome = db.transaction().execute(async (trx) => {
      expect(await importStationFile(trx, 1, { bytes: THREE, dryRun: false, retireMissing: true })).toMatchObject({ added: 3 });
      throw rollback;
    });
    await expect(outcome).rejects.toBe(rollback);
    expect(await registry()).toEqual([]);
    await db.transaction().execute((trx) => importStationFile(trx, 1, { bytes: THREE, dryRun: false, retireMissing: true }));
    expect(await registry()).toHaveLength(3);
  });

  it("runs two imports at once one after the other: the second finds what the first added", async () => {
    const results = await Promise.all([run(THREE), run(THREE)]);
    expect(results.map((result) => [result.added, result.unchanged]).sort()).toEqual([
      [0, 3],
      [3, 0],
    ]);
    expect(await registry()).toHaveLength(3);
  });

  it("imports the registry's own export back unchanged, its retired stations staying retired", async () => {
    await run(file(TEMPLATE, ...["CJ,1,Dej,Școala nr. 1,- bloc A,1530,47.14,23.87", 'CJ,2,"Dej, Ocna",=2+2,"Str. Unirii 4; -3",980,,', "B,7,Sector 1,,,,,"]));
    await run(file(TEMPLATE, "CJ,1,Dej,Școala nr. 1,- bloc A,1530,47.14,23.87", 'CJ,2,"Dej, Ocna",=2+2,"Str. Unirii 4; -3",980,,'));
    const before = await version();
    const exported = new Uint8Array(await (await exportStations(db, 1)).arrayBuffer());
    expect(await run(exported)).toMatchObject({ added: 0, changed: 0, retired: 0, unchanged: 3, version: before });
    expect((await registry()).map((row) => [row.number, row.address, row.status])).toEqual([
      [7, null, "retired"],
      [1, "- bloc A", "active"],
      [2, "Str. Unirii 4; -3", "active"],
    ]);
  });
});

describe("importStationFile with 19,171 stations on pglite", () => {
  it("imports them, then takes the same file again as unchanged", async () => {
    const database = await copyOfTemplate("pglite", { seed: false });
    try {
      const db = database.handle.db;
      const codes = (await db.selectFrom("county").select("code").orderBy("displayOrder").execute()).map((county) => county.code);
      const rows = Array.from({ length: 19_171 }, (_, index) => {
        const number = Math.floor(index / codes.length) + 1;
        const facts = `Localitatea ${index % 997};Școala Gimnazială nr. ${number};Str. Unirii nr. ${index % 211};${900 + (index % 1300)}`;
        return `${codes[index % codes.length]};${number};${facts}`;
      });
      const list = file(OFFICIAL, ...rows);
      const importing = () => importStationFile(db, 1, { bytes: list, dryRun: false, retireMissing: true });
      expect(await importing()).toMatchObject({ added: 19_171, changed: 0, retired: 0, unchanged: 0 });
      const stored = await db.selectFrom("pollingStation").select(sql<number>`count(*)::int`.as("count")).where("status", "=", "active").executeTakeFirstOrThrow();
      expect(stored.count).toBe(19_171);
      expect(await importing()).toMatchObject({ added: 0, changed: 0, retired: 0, unchanged: 19_171 });
    } finally {
      await database.handle.close();
    }
  }, 120_000);
});

/** An observer's answer at the station: what a retirement must keep. */
async function answerAt(db: Kysely<Database>, pollingStationId: number): Promise<void> {
  const ngo = await db.insertInto("ngo").values({ name: "Observatorii", shortName: "OBS" }).returning("id").executeTakeFirstOrThrow();
  const observer = await db
    .insertInto("observer")
    .values({ ngoId: ngo.id, phone: "0722000001", name: "Ana Pop", pinHash: "not a hash" })
    .returning("id")
    .executeTakeFirstOrThrow();
  const form = await db.insertInto("form").values({ code: "A", description: "Deschidere", draft: false }).returning("id").executeTakeFirstOrThrow();
  const section = await db.insertInto("formSection").values({ formId: form.id, code: "A1", description: "Sosire" }).returning("id").executeTakeFirstOrThrow();
  const question = await db
    .insertInto("question")
    .values({ sectionId: section.id, code: "A1.1", text: "Secția s-a deschis la timp?" })
    .returning("id")
    .executeTakeFirstOrThrow();
  const option = await db.insertInto("questionOption").values({ questionId: question.id, text: "Da" }).returning("id").executeTakeFirstOrThrow();
  await db.insertInto("answer").values({ observerId: observer.id, optionId: option.id, pollingStationId, value: null }).execute();
}
