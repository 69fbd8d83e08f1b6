import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { components } from "../../../openapi/schema.d.ts";
import { DEMO_OBSERVERS } from "../../src/demo/accounts.ts";
import { loadContract } from "../../src/http/contract.ts";
import { parseInstant } from "../../src/http/instant.ts";
import { MAX_JSON_DEPTH, nestsDeeperThan } from "../../src/http/json.ts";
import { createValidators, findUnstorableText } from "../../src/http/validation.ts";
import type { Problem as BaseProblem } from "../fixtures.ts";
import { engines, startTestServer, type TestServer } from "../harness.ts";

/** Any problem; an import's also lists its rows. */
type Problem = BaseProblem & Partial<Pick<components["schemas"]["ImportProblem"], "rows">>;

/** JSON text of arrays nested `levels` deep. */
const nested = (levels: number) => "[".repeat(levels) + "]".repeat(levels);
const tooDeep = { body: [{ code: "invalid", message: `must not nest arrays and objects more than ${MAX_JSON_DEPTH} levels deep` }] };
const noInstant = [{ code: "format", message: 'must match format "date-time"' }];
const illFormed = [{ code: "pattern", message: "must be well-formed Unicode text" }];

describe("the one reading of instants, JSON depth and text", () => {
  it("reads RFC 3339 date-times with any offset, and refuses text that names no instant both JavaScript and PostgreSQL hold", () => {
    expect(parseInstant("2026-11-22T10:00:00+02:00")?.toISOString()).toBe("2026-11-22T08:00:00.000Z");
    expect(parseInstant("2026-11-22t10:00:00.123456-00:30")?.toISOString()).toBe("2026-11-22T10:30:00.123Z");
    for (const text of ["2026-11-22 10:00:00Z", "2024-02-29T00:00:00Z", "0001-01-01T00:00:00Z", "9999-12-31T23:59:59.999Z"]) {
      expect(parseInstant(text), text).toBeInstanceOf(Date);
    }
    const none = [
      "2026-11-22T23:59:60Z", // a leap second: neither a Date nor a timestamptz has one
      "2026-11-23T01:59:60+02:00",
      "0000-01-01T00:00:00Z", // PostgreSQL has no year 0
      "0001-01-01T00:30:00+01:00", // year 0 once the offset is applied
      "9999-12-31T23:59:59-00:01", // year 10000
      "2026-02-29T00:00:00Z",
      "2026-11-22T24:00:00Z",
      "2026-11-22T10:00:00", // no offset
      "2026-11-22T10:00:00+24:00",
      "+002026-11-22T10:00:00Z",
      "2026-11-22",
      "1763805600000",
    ];
    for (const text of none) expect(parseInstant(text), text).toBeNull();
  });

  it("measures nesting on the text, without recursion, leaving brackets inside strings uncounted", () => {
    expect(nestsDeeperThan(nested(20_000), MAX_JSON_DEPTH)).toBe(true);
    expect(nestsDeeperThan(nested(MAX_JSON_DEPTH), MAX_JSON_DEPTH)).toBe(false);
    expect(nestsDeeperThan(`{"a":[${nested(MAX_JSON_DEPTH - 1)}]}`, MAX_JSON_DEPTH)).toBe(true);
    expect(nestsDeeperThan(JSON.stringify({ a: `\\"${"[".repeat(100)}` }), MAX_JSON_DEPTH)).toBe(false);
    expect(nestsDeeperThan(JSON.stringify({ a: "\\", b: [[1]] }), 2)).toBe(true);
  });

  it("walks any nesting of a value for bad text without recursion, keys included", () => {
    let deep: unknown = { name: "b\udc00" };
    for (let level = 0; level < 100_000; level++) deep = [deep];
    expect(Object.values(findUnstorableText(deep, "body"))).toEqual([illFormed]);
    expect(findUnstorableText({ ok: "x", "k\ud800": 1, "a\u0000": 1 }, "body")).toEqual({
      "k\ud800": illFormed,
      "a\u0000": [{ code: "pattern", message: "must not contain the NUL character" }],
    });
  });

  it("refuses ill-formed text in query parameters too, which no URL can carry but a future reader might", () => {
    const validators = createValidators(loadContract()).get("listObservers")!;
    const result = validators.query({ Name: ["a\udc00"] });
    expect(result.ok ? {} : result.errors).toEqual({ Name: illFormed });
  });
});

describe.each(engines)("bad input on %s", (engine) => {
  let server: TestServer;
  let organizer: string;
  beforeAll(async () => {
    server = await startTestServer(engine, { observers: 30 });
    organizer = await server.signIn("0700000001", "demo1234");
  });
  afterAll(() => server.close());

  async function refused(response: Response, status = 400): Promise<Problem> {
    expect(response.status).toBe(status);
    expect(response.headers.get("content-type")).toContain("application/problem+json");
    return (await response.json()) as Problem;
  }
  const get = (path: string) => server.request(path, { token: organizer });

  it("refuses ids and numbers past PostgreSQL's integer on the field, never a 500", async () => {
    expect((await refused(await get("/api/v1/ngo/2147483648"))).errors).toHaveProperty("id");
    expect((await refused(await get("/api/v1/observer?id=2147483648"))).errors).toHaveProperty("id");
    expect((await refused(await get("/api/v1/observer?Page=1e300"))).errors).toHaveProperty("Page");
    expect((await refused(await get("/api/v1/observer/active?fromPollingStationNumber=2147483648"))).errors).toHaveProperty(
      "fromPollingStationNumber",
    );
    const body = await refused(
      await server.request("/api/v1/observer", { method: "PUT", token: organizer, json: { idObserver: 2147483648, name: "Ana", phone: "0799911111" } }),
    );
    expect(body.errors).toHaveProperty("idObserver");
  });

  it("serves the last page an integer can name: every page × page size fits the database's offset", async () => {
    const response = await get("/api/v1/observer?Page=2147483647&PageSize=1000");
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ page: 2147483647, pageSize: 1000, data: [] });
  });

  it("reads integer parameters as digits only: true and 1e3 are not 1 and 1000", async () => {
    const before = await server.handle.db.selectFrom("observer").select("id").where("id", "=", 1).where("deletedAt", "is", null).executeTakeFirst();
    expect(before).toBeDefined();
    expect((await refused(await server.request("/api/v1/observer?id=true", { method: "DELETE", token: organizer }))).errors).toEqual({
      id: [{ code: "type", message: "must be an integer written in digits" }],
    });
    const after = await server.handle.db.selectFrom("observer").select("id").where("id", "=", 1).where("deletedAt", "is", null).executeTakeFirst();
    expect(after).toBeDefined();
    expect((await refused(await get("/api/v1/observer?id=1e3"))).errors).toHaveProperty("id");
    expect((await refused(await get("/api/v1/ngo/0x1"))).errors).toHaveProperty("id");
  });

  it("refuses a NUL character in any string with a field error, also on the public sign-in", async () => {
    const signIn = await refused(await server.request("/api/v2/access/authorize", { method: "POST", json: { user: "a\u0000b", password: "x" } }));
    expect(signIn.errors).toEqual({ user: [{ code: "pattern", message: "must not contain the NUL character" }] });
    const create = await refused(
      await server.request("/api/v1/observer", { method: "POST", token: organizer, json: { name: "Ana\u0000", phone: "0799911112", pin: "1234" } }),
    );
    expect(Object.keys(create.errors ?? {})).toEqual(["name"]);
    expect((await refused(await get("/api/v1/observer?Name=a%00b"))).errors).toHaveProperty("Name");
  });

  it("reports a NUL character in an imported name on its line, already on the dry run, and imports nothing", async () => {
    for (const dryRun of ["true", "false"]) {
      const form = new FormData();
      form.append("file", new File(["Phone,Pin,Name\n0799922221,1234,Ana\n0799922222,1234,Ion\u0000Pop\n"], "o.csv", { type: "text/csv" }));
      form.append("dryRun", dryRun);
      const body = await refused(await server.request("/api/v1/observer/import", { method: "POST", token: organizer, body: form }), 422);
      expect(body.rows).toEqual([expect.objectContaining({ line: 3, field: "Name", code: "pattern" })]);
    }
    expect(await server.handle.db.selectFrom("observer").select("id").where("phone", "like", "079992222%").execute()).toEqual([]);
  });

  it("counts a name's length in characters alike in the API and the import", async () => {
    const emojiName = "😀".repeat(150); // 150 characters, 300 UTF-16 units
    const created = await server.request("/api/v1/observer", { method: "POST", token: organizer, json: { name: emojiName, phone: "0799933331", pin: "1234" } });
    expect(created.status).toBe(201);
    const form = new FormData();
    form.append("file", new File([`Phone,Pin,Name\n0799933332,1234,${emojiName}\n`], "o.csv", { type: "text/csv" }));
    form.append("dryRun", "true");
    expect((await server.request("/api/v1/observer/import", { method: "POST", token: organizer, body: form })).status).toBe(200);
    const tooLong = "😀".repeat(201);
    expect((await server.request("/api/v1/observer", { method: "POST", token: organizer, json: { name: tooLong, phone: "0799933333", pin: "1234" } })).status).toBe(400);
    const longForm = new FormData();
    longForm.append("file", new File([`Phone,Pin,Name\n0799933334,1234,${tooLong}\n`], "o.csv", { type: "text/csv" }));
    const longBody = await refused(await server.request("/api/v1/observer/import", { method: "POST", token: organizer, body: longForm }), 422);
    expect(longBody.rows).toEqual([expect.objectContaining({ line: 2, field: "Name" })]);
  });

  it("answers parameters and fields named like Object's own members as the unknown names they are", async () => {
    for (const name of ["constructor", "toString", "__proto__", "hasOwnProperty", "valueOf"]) {
      const body = await refused(await server.request(`/api/health?${name}=1`));
      expect(Object.keys(body.errors ?? {})).toEqual([name]);
    }
    const json = await refused(
      await server.request("/api/v2/access/authorize", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: '{"user":"a","password":"b","constructor":1,"__proto__":{"x":1}}',
      }),
    );
    expect(Object.keys(json.errors ?? {}).sort()).toEqual(["__proto__", "constructor"]);
    const form = new FormData();
    form.append("constructor", "1");
    form.append("__proto__", "1");
    form.append("file", new File(["Phone,Pin,Name\n"], "o.csv"));
    const multipart = await refused(await server.request("/api/v1/observer/import", { method: "POST", token: organizer, body: form }));
    expect(Object.keys(multipart.errors ?? {}).sort()).toEqual(["__proto__", "constructor"]);
  });

  it(`refuses a body nested past ${MAX_JSON_DEPTH} levels before reading it, on every JSON body, and saves nothing`, async () => {
    const post = (path: string, body: string, token?: string) =>
      server.request(path, { method: "POST", token, headers: { "content-type": "application/json" }, body });
    const deep = nested(20_000);
    expect((await refused(await post("/api/v2/access/authorize", `{"user":${deep},"password":"x"}`))).errors).toEqual(tooDeep);
    expect((await refused(await post("/api/v1/form/import", `{"code":"DEEP","formSections":${deep}}`, organizer))).errors).toEqual(tooDeep);
    expect((await refused(await post("/api/v1/answers/threads/1/1/comments", `{"text":${deep}}`, organizer))).errors).toEqual(tooDeep);
    const { phone, pin } = DEMO_OBSERVERS[0]!;
    const observer = ((await (await server.request("/api/v2/access/observer", { method: "POST", json: { phone, pin } })).json()) as { access_token: string }).access_token;
    expect((await refused(await post("/api/v1/answers", `{"answers":[{"options":${deep}}]}`, observer))).errors).toEqual(tooDeep);
    expect(await server.handle.db.selectFrom("form").select("id").where("code", "=", "DEEP").execute()).toEqual([]);

    // At the limit a body is read and checked field by field; one level more is refused whole.
    const atLimit = await refused(await post("/api/v2/access/authorize", `{"user":${nested(MAX_JSON_DEPTH - 1)},"password":"x"}`));
    expect(Object.keys(atLimit.errors ?? {})).toEqual(["user"]);
    expect((await refused(await post("/api/v2/access/authorize", `{"user":${nested(MAX_JSON_DEPTH)},"password":"x"}`))).errors).toEqual(tooDeep);
    // Brackets inside a string, even after an escaped quote, are text.
    const text = await post("/api/v2/access/authorize", JSON.stringify({ user: `"${"[".repeat(40)}`, password: "x" }));
    expect(text.status).toBe(401);
  });

  it("refuses date-times that name no instant (a leap second, year 0) on their field, in filters and visits, and saves nothing", async () => {
    const leapSecond = "2026-11-22T23:59:60Z";
    const yearZero = "0000-06-01T00:00:00Z";
    for (const [path, field, value] of [
      ["/api/v1/answers", "from", leapSecond],
      ["/api/v1/answers", "to", yearZero],
      ["/api/v1/export/all", "from", yearZero],
      ["/api/v1/export/all", "to", "2026-11-23T01:59:60+02:00"],
      ["/api/v1/audit", "from", leapSecond],
      ["/api/v1/audit", "to", "0001-01-01T00:30:00+01:00"],
    ] as const) {
      const body = await refused(await get(`${path}?${field}=${encodeURIComponent(value)}`));
      expect(body.errors, `${path} ${field}=${value}`).toEqual({ [field]: noInstant });
    }
    expect((await get(`/api/v1/answers?from=${encodeURIComponent("2026-11-22T08:00:00+02:00")}&to=2026-11-22T23:59:59.999999Z`)).status).toBe(200);

    const { phone, pin } = DEMO_OBSERVERS[1]!;
    const observer = ((await (await server.request("/api/v2/access/observer", { method: "POST", json: { phone, pin } })).json()) as { access_token: string }).access_token;
    const visits = () => server.handle.db.selectFrom("pollingStationInfo").selectAll().orderBy("pollingStationId").execute();
    const before = await visits();
    const station = { countyCode: "CJ", pollingStationNumber: 1 };
    for (const time of [leapSecond, yearZero]) {
      const arrival = await refused(await server.request("/api/v1/polling-station", { method: "POST", token: observer, json: { ...station, observerArrivalTime: time } }));
      expect(arrival.errors).toEqual({ observerArrivalTime: noInstant });
      const departure = await refused(await server.request("/api/v1/polling-station", { method: "PUT", token: observer, json: { ...station, observerLeaveTime: time } }));
      expect(departure.errors).toEqual({ observerLeaveTime: noInstant });
    }
    expect(await visits()).toEqual(before);
  });

  it("refuses ill-formed Unicode (a lone surrogate) in any string or key before the activity log records it", async () => {
    const audit = () => server.handle.db.selectFrom("auditEntry").select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirstOrThrow();
    const before = await audit();
    const send = (method: string, path: string, json: unknown) => server.request(path, { method, token: organizer, json });
    const cases: [method: string, path: string, body: unknown, field: string][] = [
      ["POST", "/api/v1/observer", { name: "b\udc00", phone: "0799944441", pin: "1234" }, "name"],
      ["POST", "/api/v1/ngo/1/admins", { account: "admin\ud800x", password: "a long password" }, "account"],
      ["POST", "/api/v1/notification/send/all", { channel: "Firebase", from: "Sala", title: "\udfff", message: "Hello" }, "title"],
      [
        "POST",
        "/api/v1/form",
        { code: "U\udc00", description: "d", diaspora: false, draft: true, formSections: [{ code: "S1", description: "s", questions: [{ code: "Q1", text: "Open?", questionType: 1, optionsToQuestions: [{ text: "Yes" }] }] }] },
        "code",
      ],
    ];
    for (const [method, path, body, field] of cases) {
      expect((await refused(await send(method, path, body))).errors, `${method} ${path}`).toEqual({ [field]: illFormed });
    }
    const key = await refused(await server.request("/api/v2/access/authorize", { method: "POST", json: { user: "a", password: "b", "\udc00": 1 } }));
    expect(key.errors).toEqual({ "\udc00": illFormed });
    const nulKey = await refused(await server.request("/api/v2/access/authorize", { method: "POST", json: { user: "a", password: "b", "k\u0000": 1 } }));
    expect(nulKey.errors).toEqual({ "k\u0000": [{ code: "pattern", message: "must not contain the NUL character" }] });
    expect(await server.handle.db.selectFrom("observer").select("id").where("phone", "=", "0799944441").execute()).toEqual([]);
    expect(await audit()).toEqual(before);
  });

  it("marks every API answer as not to be cached", async () => {
    expect((await server.request("/api/health")).headers.get("cache-control")).toBe("no-store");
    expect((await get("/api/v1/observer")).headers.get("cache-control")).toBe("no-store");
    expect((await server.request("/api/v1/nope")).headers.get("cache-control")).toBe("no-store");
  });
});
