import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { components } from "../../../openapi/schema.d.ts";
import { expectProblem, type SignedInServer } from "../fixtures.ts";
import { startRegistryServer } from "../fixtures/registry-fixture.ts";
import { engines } from "../harness.ts";

type AuditPage = components["schemas"]["AuditPage"];

const MiB = 1024 * 1024;

/** What importPollingStations reads from its multipart body before the import itself, and the entry it logs. */
describe.each(engines)("the registry import's form on %s", (engine) => {
  let api = {} as SignedInServer;

  beforeAll(async () => {
    api = await startRegistryServer(engine);
  }, 120_000);
  afterAll(() => api.server?.close());

  const upload = (fields: Record<string, string | Blob>, query = "", token = api.organizer) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) {
      if (typeof value === "string") form.append(name, value);
      else form.append(name, value, "sectii.csv");
    }
    return api.server.request(`/api/v1/polling-stations/import${query}`, { method: "POST", token, body: form });
  };
  const csv = (text: string) => new Blob([text], { type: "text/csv" });

  it("requires the file", async () => {
    const problem = await expectProblem(await upload({ columns: "{}" }), 400, "validation");
    expect(problem.errors).toEqual({ file: [{ code: "required", message: "is required" }] });
  });

  it("refuses a field it does not take", async () => {
    const problem = await expectProblem(await upload({ file: csv("county,number\n"), dryRun: "true" }), 400, "validation");
    expect(problem.errors).toEqual({ dryRun: [{ code: "additionalProperties", message: "is not allowed" }] });
  });

  it.each([
    ["text that is not JSON", "{county:", "type"],
    ["a JSON array", '["county"]', "type"],
    ["JSON null", "null", "type"],
    ["a field the import does not know", '{"county":"Județ","judet":"Județ"}', "enum"],
    ["a prototype's name", '{"__proto__":"x"}', "enum"],
    ["a header that is not text", '{"number":5}', "type"],
    ["a blank header", '{"number":"  "}', "type"],
    ["a NUL in a header", '{"number":"Nr\\u0000"}', "pattern"],
  ])("refuses columns holding %s with a 400 naming columns", async (_case, columns, code) => {
    const problem = await expectProblem(await upload({ file: csv("county,number\n"), columns }), 400, "validation");
    expect(Object.keys(problem.errors!)).toEqual(["columns"]);
    expect(problem.errors!.columns!.map((error) => error.code)).toEqual([code]);
  });

  it("refuses a file over 20 MiB with a 413, and a body over the router's limit too", async () => {
    await expectProblem(await upload({ file: csv("x".repeat(20 * MiB + 1)) }), 413, "payload_too_large");
    await expectProblem(await upload({ file: csv("x".repeat(22 * MiB)) }), 413, "payload_too_large");
  });

  it("is the organizers' alone", async () => {
    await expectProblem(await upload({ file: csv("county,number\nCJ,1\n") }, "", api.ngo2Admin), 403, "forbidden");
  });

  it("logs an import that changes the registry, named by its file, and nothing for a dry run", async () => {
    const file = csv("county,number,locality\nCJ,1,Cluj-Napoca\nCJ,2,Florești\n");
    const dryRun = await upload({ file }, "?dryRun=true");
    expect(dryRun.status).toBe(200);
    const saved = await upload({ file, columns: '{"locality":"locality"}' });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ dryRun: false, added: 2 });
    const log = (await (await api.get("/api/v1/audit?action=stations.imported", api.organizer)).json()) as AuditPage;
    expect(log.data.map((entry) => ({ subject: entry.subject, count: entry.count, changes: entry.changes, ngoId: entry.ngoId }))).toEqual([
      {
        subject: { type: "station", id: null, label: "sectii.csv", exists: false },
        count: 2,
        changes: [
          { field: "added", from: null, to: "2" },
          { field: "changed", from: null, to: "0" },
          { field: "retired", from: null, to: "0" },
        ],
        ngoId: null,
      },
    ]);
  });
});
