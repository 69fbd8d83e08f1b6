import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { components } from "../../openapi/schema.d.ts";
import type { Problem as BaseProblem } from "./fixtures.ts";
import { engines, startTestServer, type TestServer } from "./harness.ts";

/** Any problem; an import's also lists its rows. */
type Problem = BaseProblem & Partial<Pick<components["schemas"]["ImportProblem"], "rows">>;

describe.each(engines)("bad input on %s", (engine) => {
  let server: TestServer;
  let organizer: string;
  beforeAll(async () => {
    server = await startTestServer(engine, { observers: 20 });
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

  it("marks every API answer as not to be cached", async () => {
    expect((await server.request("/api/health")).headers.get("cache-control")).toBe("no-store");
    expect((await get("/api/v1/observer")).headers.get("cache-control")).toBe("no-store");
    expect((await server.request("/api/v1/nope")).headers.get("cache-control")).toBe("no-store");
  });
});
