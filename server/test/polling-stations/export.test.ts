import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { components } from "../../../openapi/schema.d.ts";
import { expectProblem, type SignedInServer } from "../fixtures.ts";
import { createObserver } from "../fixtures/reports-fixture.ts";
import { addStation, startRegistryServer } from "../fixtures/registry-fixture.ts";
import { engines } from "../harness.ts";

type Page = components["schemas"]["PollingStationPage"];

const HEADER = ["county", "number", "locality", "institution", "address", "registeredVoters", "latitude", "longitude", "status"];

describe.each(engines)("the registry's export on %s", (engine) => {
  let api = {} as SignedInServer;

  beforeAll(async () => {
    api = await startRegistryServer(engine);
    await addStation(api, { countyCode: "CJ", number: 2, locality: "Cluj-Napoca", institution: 'Liceul „Avram Iancu"', address: "Str. Onisifor Ghibu nr. 21, et. 1" });
    await addStation(api, { countyCode: "CJ", number: 1, locality: "Florești", registeredVoters: 1530, latitude: 46.7456, longitude: 23.4901 });
    const retired = await addStation(api, { countyCode: "D", number: 7, locality: "Paris", address: "Rue de l'Exposition 5" });
    await api.send("POST", `/api/v1/polling-stations/${retired.id}/retire`, api.organizer);
  }, 120_000);
  afterAll(() => api.server?.close());

  const download = async (token = api.organizer) => {
    const response = await api.get("/api/v1/polling-stations/export", token);
    expect(response.status).toBe(200);
    return response;
  };
  // Response.text() drops a byte-order mark; the test must see the bytes as sent.
  const bytesAsText = async (response: Response) => new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer());

  it("is a UTF-8 CSV with a byte-order mark, the template's columns and the status, named polling-stations.csv", async () => {
    const response = await download();
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="polling-stations.csv"');
    const text = await bytesAsText(response);
    expect(text.startsWith(`\uFEFF${HEADER.join(",")}\r\n`)).toBe(true);
  });

  it("holds every station, active and retired, in the registry's order, quoted as RFC 4180 asks", async () => {
    const text = await bytesAsText(await download());
    expect(text.split("\r\n")[2]).toBe('CJ,1,Florești,,,1530,46.7456,23.4901,active');
    expect(parse(text, { bom: true })).toEqual([
      HEADER,
      ["D", "7", "Paris", "", "Rue de l'Exposition 5", "", "", "", "retired"],
      ["CJ", "1", "Florești", "", "", "1530", "46.7456", "23.4901", "active"],
      ["CJ", "2", "Cluj-Napoca", 'Liceul „Avram Iancu"', "Str. Onisifor Ghibu nr. 21, et. 1", "", "", "", "active"],
    ]);
    expect(text).toContain('"Liceul „Avram Iancu"""');
  });

  it("imports back as it is: nothing added, changed or retired", async () => {
    const form = new FormData();
    form.append("file", new Blob([await (await download()).arrayBuffer()], { type: "text/csv" }), "polling-stations.csv");
    const response = await api.server.request("/api/v1/polling-stations/import?dryRun=true", { method: "POST", token: api.organizer, body: form });
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await response.json()).toMatchObject({ added: 0, changed: 0, retired: 0, unchanged: 3 });
  });

  it("keeps text a spreadsheet would run as a formula as text", async () => {
    await addStation(api, { countyCode: "AB", number: 1, institution: '=HYPERLINK("http://x")', address: "-" });
    const records: string[][] = parse(await bytesAsText(await download()), { bom: true });
    expect(records.find((record) => record[0] === "AB")).toEqual(["AB", "1", "", "'=HYPERLINK(\"http://x\")", "'-", "", "", "", "active"]);
  });

  it("carries the registry's version as its ETag, the list's", async () => {
    const { version } = (await (await api.get("/api/v1/polling-stations?pageSize=1", api.organizer)).json()) as Page;
    expect((await download(api.ngo2Admin)).headers.get("etag")).toBe(`"${version}"`);
  });

  it("is for staff: an observer gets a 403", async () => {
    const observer = await createObserver(api, api.organizer, "0722400001");
    await expectProblem(await api.get("/api/v1/polling-stations/export", observer.token), 403, "forbidden");
  });
});
