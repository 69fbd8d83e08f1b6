import { describe, expect } from "vitest";
import type { components } from "../../../openapi/schema.d.ts";
import { serverTests, type SignedInServer, type ValidationProblem } from "../fixtures.ts";
import { engines } from "../harness.ts";

type RowError = components["schemas"]["ImportRowError"];

const csv = (content: string | Uint8Array<ArrayBuffer>, name = "observers.csv") => new File([content], name, { type: "text/csv" });

const tests = serverTests({ observers: 30 });

describe.each(engines)("observer import on %s", (engine) => {
  const it = tests[engine];
  let { server, organizer, ngo2Admin, db } = {} as SignedInServer;
  it.beforeAll(({ api }) => void ({ server, organizer, ngo2Admin, db } = api));

  function upload(token: string, fields: Record<string, string | File>): Promise<Response> {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    return server.request("/api/v1/observer/import", { method: "POST", token, body: form });
  }

  async function imported(response: Response): Promise<{ count: number; dryRun: boolean }> {
    expect(response.status).toBe(200);
    return (await response.json()) as { count: number; dryRun: boolean };
  }

  async function rejected(response: Response): Promise<RowError[]> {
    expect(response.status).toBe(422);
    const body = (await response.json()) as components["schemas"]["ImportProblem"];
    expect(body.code).toBe("import_invalid");
    return body.rows;
  }

  /** Observers whose phone starts with the prefix, as stored. */
  const stored = (prefix: string) =>
    db()
      .selectFrom("observer")
      .select(["phone", "name", "ngoId"])
      .where("phone", "like", `${prefix}%`)
      .where("deletedAt", "is", null)
      .orderBy("phone")
      .execute();

  const existingPhone = async () =>
    (await db().selectFrom("observer").select("phone").where("ngoId", "=", 1).where("deletedAt", "is", null).orderBy("id").executeTakeFirstOrThrow()).phone;

  describe("a valid file", () => {
    it("adds every row to the caller's NGO, columns in any order, values trimmed and names collapsed", async () => {
      const file = csv("name,PHONE,Pin,Notes\n  Ana   Maria  Pop ,0799700001, 1234 ,x\nIon Ionescu,+40799700002,567890,\n");
      expect(await imported(await upload(ngo2Admin, { file }))).toEqual({ count: 2, dryRun: false });
      expect(await stored("0799700")).toEqual([{ phone: "0799700001", name: "Ana Maria Pop", ngoId: 2 }]);
      expect(await stored("+40799700")).toEqual([{ phone: "+40799700002", name: "Ion Ionescu", ngoId: 2 }]);
      const signIn = await server.request("/api/v2/access/observer", { method: "POST", json: { phone: "+40799700002", pin: "567890" } });
      expect(signIn.status).toBe(200);
    });

    it("assigns each observer to the stations of its Stations column, and refuses a row naming an unknown, retired or unreadable one", async () => {
      const assigned = async (phone: string) =>
        (
          await db()
            .selectFrom("stationAssignment as a")
            .innerJoin("observer as o", "o.id", "a.observerId")
            .innerJoin("pollingStation as s", "s.id", "a.pollingStationId")
            .innerJoin("county as c", "c.id", "s.countyId")
            .select(["c.code", "s.number"])
            .where("o.phone", "=", phone)
            .orderBy("c.code")
            .orderBy("s.number")
            .execute()
        ).map((row) => `${row.code} ${row.number}`);
      const file = csv("Phone;Pin;Name;Stations\n0799550001;1234;Ana Pop;CJ 15|cj16 | B-7\n0799550002;1234;Ion Pop;\n");
      expect(await imported(await upload(organizer, { file }))).toEqual({ count: 2, dryRun: false });
      expect(await assigned("0799550001")).toEqual(["B 7", "CJ 15", "CJ 16"]);
      expect(await assigned("0799550002")).toEqual([]);

      const ab4 = await db().selectFrom("pollingStation as s").innerJoin("county as c", "c.id", "s.countyId").select("s.id").where("s.electionRoundId", "=", 1).where("c.code", "=", "AB").where("s.number", "=", 4).executeTakeFirstOrThrow();
      await db().updateTable("pollingStation").set({ status: "retired" }).where("id", "=", ab4.id).execute();
      try {
        const bad = csv("Phone,Pin,Name,Stations\n0799550003,1234,A,CJ 99999\n0799550004,1234,B,AB 4\n0799550005,1234,C,Cluj 15\n");
        expect((await rejected(await upload(organizer, { file: bad }))).map(({ line, field, code }) => ({ line, field, code }))).toEqual([
          { line: 2, field: "Stations", code: "not_found" },
          { line: 3, field: "Stations", code: "retired" },
          { line: 4, field: "Stations", code: "pattern" },
        ]);
        expect(await stored("07995500")).toHaveLength(2);
      } finally {
        await db().updateTable("pollingStation").set({ status: "active" }).where("id", "=", ab4.id).execute();
      }
    });

    it("reads a file with a byte-order mark, semicolons, CRLF and quoted values", async () => {
      const file = csv('\uFEFFPhone;Pin;Name\r\n0799720001;1234;"Pop; Ana"\r\n"0799720002";4321;"Ion ""Nelu"" Pop"\r\n\r\n');
      expect(await imported(await upload(organizer, { file }))).toEqual({ count: 2, dryRun: false });
      expect(await stored("079972")).toEqual([
        { phone: "0799720001", name: "Pop; Ana", ngoId: 1 },
        { phone: "0799720002", name: 'Ion "Nelu" Pop', ngoId: 1 },
      ]);
    });

    it("adds nothing on a dry run but reports the count", async () => {
      const file = () => csv("Phone,Pin,Name\n0799730001,1234,Ana\n0799730002,1234,Ion\n");
      expect(await imported(await upload(organizer, { file: file(), dryRun: "true" }))).toEqual({ count: 2, dryRun: true });
      expect(await stored("079973")).toEqual([]);
      expect(await imported(await upload(organizer, { file: file(), dryRun: "false" }))).toEqual({ count: 2, dryRun: false });
      expect(await stored("079973")).toHaveLength(2);
    });

    it("accepts a header-only file as zero observers", async () => {
      expect(await imported(await upload(organizer, { file: csv("Phone,Pin,Name\n") }))).toEqual({ count: 0, dryRun: false });
    });
  });

  describe("the target NGO", () => {
    const file = (phone: string) => csv(`Phone,Pin,Name\n${phone},1234,Cineva\n`);

    it("lets an organizer name any NGO, by ngoId or by the ongId alias", async () => {
      await imported(await upload(organizer, { file: file("0799740001"), ngoId: "2" }));
      await imported(await upload(organizer, { file: file("0799740002"), ongId: "2" }));
      await imported(await upload(organizer, { file: file("0799740003"), ngoId: "2", ongId: "2" }));
      expect((await stored("079974")).map((row) => row.ngoId)).toEqual([2, 2, 2]);
    });

    it("refuses another NGO to other admins with 403 and saves nothing", async () => {
      for (const fields of [{ ngoId: "1" }, { ongId: "1" }] as Record<string, string>[]) {
        const response = await upload(ngo2Admin, { file: file("0799741001"), ...fields });
        expect(response.status).toBe(403);
      }
      await imported(await upload(ngo2Admin, { file: file("0799741002"), ngoId: "2" }));
      expect((await stored("0799741")).map((row) => row.phone)).toEqual(["0799741002"]);
    });

    it("answers 400 for an unknown NGO and for ngoId and ongId that differ", async () => {
      const unknown = await upload(organizer, { file: file("0799742001"), ngoId: "999" });
      expect(unknown.status).toBe(400);
      expect(await unknown.json()).toMatchObject({ errors: { ngoId: [{ code: "not_found" }] } });
      const differ = await upload(organizer, { file: file("0799742002"), ngoId: "1", ongId: "2" });
      expect(differ.status).toBe(400);
      expect(await differ.json()).toMatchObject({ errors: { ongId: [{ code: "invalid" }] } });
      expect(await stored("0799742")).toEqual([]);
    });
  });

  describe("an invalid file", () => {
    it("saves nothing and lists every bad row with its file line, even after a quoted line break", async () => {
      const taken = await existingPhone();
      const text = [
        "Phone,Pin,Name", // 1
        "0799750001,1234,Bună Ziua", // 2
        "0799750002,12,Pin Scurt", // 3
        '"0799750003",1234,"Nume pe', // 4
        'două rânduri"', // 5
        "07-99,1234,Telefon Greșit", // 6
        "0799750004,1234,", // 7
        "", // 8
        "0799750001,5678,Dublură", // 9
        `${taken},1234,Deja Există`, // 10
        "0799750005,1234", // 11
        ",abcd,   ", // 12
        "0799750006,1234,Ultimul", // 13
      ].join("\n");
      const rows = await rejected(await upload(organizer, { file: csv(text) }));
      expect(rows).toEqual([
        { line: 3, field: "Pin", code: "pattern", message: "Pin must be 4 to 6 digits." },
        { line: 6, field: "Phone", code: "pattern", message: "Phone must be 6 to 15 digits, optionally preceded by +." },
        { line: 7, field: "Name", code: "required", message: "Name is required." },
        { line: 9, field: "Phone", code: "duplicate_in_file", message: "Phone 0799750001 is already on line 2." },
        { line: 10, field: "Phone", code: "duplicate_existing", message: `An observer with phone ${taken} already exists.` },
        { line: 11, field: "row", code: "columns", message: "The row has 2 fields; every row needs as many as the header." },
        { line: 12, field: "Phone", code: "required", message: "Phone is required." },
        { line: 12, field: "Pin", code: "pattern", message: "Pin must be 4 to 6 digits." },
        { line: 12, field: "Name", code: "required", message: "Name is required." },
      ]);
      expect(await stored("079975")).toEqual([]);
    });

    it("reports the same rows on a dry run", async () => {
      const response = await upload(organizer, { file: csv("Phone;Pin;Name\r\n0799760001;1234;Ana\r\n0799760002;xx;Ion\r\n"), dryRun: "true" });
      expect(await rejected(response)).toEqual([{ line: 3, field: "Pin", code: "pattern", message: "Pin must be 4 to 6 digits." }]);
      expect(await stored("079976")).toEqual([]);
    });

    it("reports malformed quoting on the line where the row starts", async () => {
      const text = 'Phone,Pin,Name\n0799770001,1234,Na"me\n0799770002,1234,Bun\n0799770003,1234,"Neînchis\nrest\n';
      const rows = await rejected(await upload(organizer, { file: csv(text) }));
      expect(rows.map(({ line, field, code }) => ({ line, field, code }))).toEqual([
        { line: 2, field: "row", code: "columns" },
        { line: 4, field: "row", code: "columns" },
      ]);
      expect(await stored("079977")).toEqual([]);
    });

    it("reports a file that is not UTF-8 as an encoding problem on line 1", async () => {
      const latin2 = new Uint8Array([...new TextEncoder().encode("Phone,Pin,Name\n0799780001,1234,M"), 0xe3, ...new TextEncoder().encode("rgean\n")]);
      expect(await rejected(await upload(organizer, { file: csv(latin2) }))).toEqual([
        { line: 1, field: "row", code: "encoding", message: "The file is not UTF-8 text." },
      ]);
      expect(await stored("079978")).toEqual([]);
    });

    it("reports a missing or wrong header on line 1", async () => {
      for (const text of ["Telefon,PIN,Nume\n0799790001,1234,Ana\n", "", "Phone,Name\n0799790001,Ana\n"]) {
        const rows = await rejected(await upload(organizer, { file: csv(text) }));
        expect(rows.map(({ line, field, code }) => ({ line, field, code }))).toEqual([{ line: 1, field: "row", code: "columns" }]);
      }
      expect(await stored("079979")).toEqual([]);
    });
  });

  describe("the request", () => {
    it("answers 413 for a file over 5 MiB and saves nothing", async () => {
      const row = "0799800001,1234,Ana\n";
      const text = `Phone,Pin,Name\n${row.repeat(Math.ceil((5 * 1024 * 1024) / row.length))}`;
      const response = await upload(organizer, { file: csv(text) });
      expect(response.status).toBe(413);
      expect(await response.json()).toMatchObject({ code: "payload_too_large" });
      expect(await stored("0799800")).toEqual([]);
    });

    it("validates the multipart fields by hand", async () => {
      const file = () => csv("Phone,Pin,Name\n0799810001,1234,Ana\n");
      const cases: [Record<string, string | File>, Record<string, string>][] = [
        [{}, { file: "required" }],
        [{ file: "Phone,Pin,Name" }, { file: "type" }],
        [{ file: file(), ngoId: "abc" }, { ngoId: "type" }],
        [{ file: file(), ngoId: "0" }, { ngoId: "minimum" }],
        [{ file: file(), ongId: "-2" }, { ongId: "type" }],
        [{ file: file(), dryRun: "yes" }, { dryRun: "type" }],
        [{ file: file(), extra: "1" }, { extra: "additionalProperties" }],
      ];
      for (const [fields, expected] of cases) {
        const response = await upload(organizer, fields);
        expect(response.status).toBe(400);
        const body = (await response.json()) as ValidationProblem;
        expect(body.code).toBe("validation");
        expect(Object.fromEntries(Object.entries(body.errors).map(([field, errors]) => [field, errors[0]!.code]))).toEqual(expected);
      }
      const json = await server.request("/api/v1/observer/import", { method: "POST", token: organizer, json: { file: "x" } });
      expect(json.status).toBe(400);
      const garbled = await server.request("/api/v1/observer/import", {
        method: "POST",
        token: organizer,
        headers: { "content-type": "multipart/form-data; boundary=xyz" },
        body: "--xyz\r\nnot a part",
      });
      expect(garbled.status).toBe(400);
      expect(await stored("079981")).toEqual([]);
    });

    it("refuses observer tokens and anonymous callers", async () => {
      const signIn = await server.request("/api/v2/access/observer", { method: "POST", json: { phone: "0721000002", pin: "9153" } });
      const { access_token: token } = (await signIn.json()) as { access_token: string };
      expect((await upload(token, { file: csv("Phone,Pin,Name\n") })).status).toBe(403);
      const anonymous = await server.request("/api/v1/observer/import", { method: "POST", body: new FormData() });
      expect(anonymous.status).toBe(401);
    });
  });

  // Its time is bench:observers' figure (a timed test fails on a busy machine, not on a slow import).
  it("imports 10,000 rows in one transaction", async () => {
    const rows = Array.from({ length: 10_000 }, (_, i) => `07988${String(i).padStart(5, "0")},${String(1000 + (i % 9000))},Observator ${i}`);
    const result = await imported(await upload(organizer, { file: csv(`Phone,Pin,Name\n${rows.join("\n")}\n`) }));
    expect(result).toEqual({ count: 10_000, dryRun: false });
    expect(await stored("07988")).toHaveLength(10_000);
  }, 60_000);
});
