import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { components } from "../../../openapi/schema.d.ts";
import { expectProblem, type SignedInServer } from "../fixtures.ts";
import { createObserver } from "../fixtures/reports-fixture.ts";
import { addStation, registryVersion, startRegistryServer } from "../fixtures/registry-fixture.ts";
import { engines } from "../harness.ts";

type PollingStation = components["schemas"]["PollingStation"];
type Page = components["schemas"]["PollingStationPage"];
type County = components["schemas"]["County"];
type AuditPage = components["schemas"]["AuditPage"];

/**
 * The registry's list, its version and ETag, and the organizers' writes, on a production start (reference counties,
 * stations added here). Counties list in display order: D (1), AB (2), B (11), CJ (15).
 */
describe.each(engines)("the polling-station registry on %s", (engine) => {
  let api = {} as SignedInServer;
  let observer = "";
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    api = await startRegistryServer(engine);
    const stations = [
      { countyCode: "CJ", number: 2, locality: "Florești", institution: "Liceul Tehnologic", address: "Str. Avram Iancu nr. 5" },
      {
        countyCode: "CJ",
        number: 1,
        locality: "Cluj-Napoca",
        institution: "Școala Gimnazială „Ion Agârbiceanu”",
        address: "Str. Ion Agârbiceanu nr. 2",
        registeredVoters: 1420,
        latitude: 46.7712,
        longitude: 23.6236,
      },
      { countyCode: "CJ", number: 3, locality: "Turda", institution: "Colegiul Național „Mihai Viteazul”", address: "Piața Republicii 1" },
      { countyCode: "AB", number: 1, locality: "Alba Iulia", institution: "Școala Gimnazială nr. 1", address: "Str. Mihai Viteazul 10" },
      { countyCode: "B", number: 1, locality: "București", institution: "Centrul 100% Cultural", address: "Aleea_Lungă 3" },
      { countyCode: "D", number: 1, locality: "Paris", institution: "Ambasada României", address: "Rue de l'Exposition 5" },
    ];
    for (const station of stations) ids[`${station.countyCode} ${station.number}`] = (await addStation(api, station)).id;
    observer = (await createObserver(api, api.organizer, "0722100001")).token;
  }, 120_000);
  afterAll(() => api.server?.close());

  const list = async (query = "", token = api.organizer) => {
    const response = await api.get(`/api/v1/polling-stations${query}`, token);
    expect(response.status).toBe(200);
    return { page: (await response.json()) as Page, etag: response.headers.get("etag") };
  };
  const names = (page: Page) => page.data.map((station) => `${station.countyCode} ${station.number}`);
  const counties = async () => (await (await api.get("/api/v1/polling-station", api.organizer)).json()) as County[];
  const limitOf = async (code: string) => (await counties()).find((county) => county.code === code)!.limit;

  describe("the list", () => {
    it("holds every station in the counties' display order, then by number, with the version in the body and the ETag", async () => {
      const { page, etag } = await list();
      expect(names(page)).toEqual(["D 1", "AB 1", "B 1", "CJ 1", "CJ 2", "CJ 3"]);
      expect(page).toMatchObject({ page: 1, pageSize: 50, totalItems: 6, totalPages: 1 });
      expect(etag).toBe(`"${page.version}"`);
      expect(page.data[3]).toEqual({
        id: ids["CJ 1"],
        countyCode: "CJ",
        countyName: "Cluj",
        number: 1,
        locality: "Cluj-Napoca",
        institution: "Școala Gimnazială „Ion Agârbiceanu”",
        address: "Str. Ion Agârbiceanu nr. 2",
        registeredVoters: 1420,
        latitude: 46.7712,
        longitude: 23.6236,
        status: "active",
        updatedAt: api.server.clock.now.toISOString(),
      });
    });

    it("is read by observers and NGO admins alike", async () => {
      expect(names((await list("?county=CJ", observer)).page)).toEqual(["CJ 1", "CJ 2", "CJ 3"]);
      expect(names((await list("?county=CJ", api.ngo2Admin)).page)).toEqual(["CJ 1", "CJ 2", "CJ 3"]);
    });

    it.each([
      ["?county=CJ", ["CJ 1", "CJ 2", "CJ 3"]],
      ["?number=1", ["D 1", "AB 1", "B 1", "CJ 1"]],
      ["?county=CJ&number=2", ["CJ 2"]],
      ["?county=IS", []],
      ["?status=active&county=AB", ["AB 1"]],
      ["?status=retired", []],
    ])("filters %s", async (query, expected) => {
      expect(names((await list(query)).page)).toEqual(expected);
    });

    it.each([
      ["florești", ["CJ 2"]],
      ["FLORESTI", ["CJ 2"]],
      // The cedilla forms, as older keyboards write them.
      ["Floreşti", ["CJ 2"]],
      ["ŞCOALA", ["AB 1", "CJ 1"]],
      // Every word must be found, each in any of the three texts.
      ["agarbiceanu cluj", ["CJ 1"]],
      ["mihai viteazul", ["AB 1", "CJ 3"]],
      ["turda agarbiceanu", []],
      ["  ", ["D 1", "AB 1", "B 1", "CJ 1", "CJ 2", "CJ 3"]],
      // LIKE's wildcards are taken literally.
      ["%", ["B 1"]],
      ["_", ["B 1"]],
      ["100%", ["B 1"]],
      ["a_e", []],
    ])("searches %j", async (search, expected) => {
      expect(names((await list(`?search=${encodeURIComponent(search)}`)).page)).toEqual(expected);
    });

    it("pages, counting every match on each page and past the last one", async () => {
      const second = (await list("?pageSize=2&page=2")).page;
      expect(names(second)).toEqual(["B 1", "CJ 1"]);
      expect(second).toMatchObject({ page: 2, pageSize: 2, totalItems: 6, totalPages: 3 });
      const past = (await list("?pageSize=2&page=5")).page;
      expect(past).toMatchObject({ page: 5, totalItems: 6, totalPages: 3, data: [] });
      expect((await list("?county=IS")).page).toMatchObject({ totalItems: 0, totalPages: 1, data: [] });
    });
  });

  describe("the ETag", () => {
    const conditional = (ifNoneMatch: string, query = "") =>
      api.server.request(`/api/v1/polling-stations${query}`, { token: observer, headers: { "if-none-match": ifNoneMatch } });

    it("answers 304, with the ETag and no body, while the registry has not changed, whatever the filters", async () => {
      const { etag } = await list();
      for (const [tag, query] of [[etag!, ""], [etag!, "?county=CJ&page=2"], [`W/${etag}`, ""], [`"0", ${etag}`, ""], ["*", ""]] as const) {
        const response = await conditional(tag, query);
        expect(response.status, tag).toBe(304);
        expect(response.headers.get("etag")).toBe(etag);
        expect(await response.text()).toBe("");
      }
    });

    it("answers the page again once the registry changed", async () => {
      const { etag } = await list();
      await addStation(api, { countyCode: "IS", number: 1, locality: "Iași" });
      const response = await conditional(etag!);
      expect(response.status).toBe(200);
      const page = (await response.json()) as Page;
      expect(response.headers.get("etag")).toBe(`"${page.version}"`);
      expect(response.headers.get("etag")).not.toBe(etag);
    });
  });

  describe("the version", () => {
    it("changes with every create, update and retirement, and not for a write that changes nothing", async () => {
      const versions = [await registryVersion(api)];
      const changed = async () => {
        versions.push(await registryVersion(api));
        return versions.at(-1) !== versions.at(-2);
      };
      const station = await addStation(api, { countyCode: "IS", number: 2, locality: "Pașcani" });
      expect(await changed(), "create").toBe(true);

      const facts = { countyCode: "IS", number: 2, locality: "Pașcani", address: "Str. Gării 1" };
      expect((await api.send("PUT", `/api/v1/polling-stations/${station.id}`, api.organizer, facts)).status).toBe(200);
      expect(await changed(), "update").toBe(true);
      expect((await api.send("PUT", `/api/v1/polling-stations/${station.id}`, api.organizer, facts)).status).toBe(200);
      expect(await changed(), "the same facts again").toBe(false);

      expect((await api.send("POST", `/api/v1/polling-stations/${station.id}/retire`, api.organizer)).status).toBe(200);
      expect(await changed(), "retire").toBe(true);
      expect((await api.send("POST", `/api/v1/polling-stations/${station.id}/retire`, api.organizer)).status).toBe(200);
      expect(await changed(), "retire a retired station").toBe(false);

      await expectProblem(await api.send("POST", "/api/v1/polling-stations", api.organizer, { countyCode: "IS", number: 2 }), 409, "station_exists");
      expect(await changed(), "a refused create").toBe(false);

      expect((await api.send("PUT", `/api/v1/polling-stations/${station.id}`, api.organizer, { ...facts, status: "active" })).status).toBe(200);
      expect(await changed(), "brought back").toBe(true);
      expect(new Set(versions.map(BigInt)).size).toBe(5);
    });
  });

  describe("create", () => {
    it("stores the station as given, text trimmed and blank text as none, and answers it", async () => {
      const response = await api.send("POST", "/api/v1/polling-stations", api.organizer, {
        countyCode: "IS",
        number: 10,
        locality: "  Iași ",
        institution: "",
        address: null,
        registeredVoters: 0,
      });
      expect(response.status).toBe(201);
      const station = (await response.json()) as PollingStation;
      expect(station).toMatchObject({ countyCode: "IS", countyName: "Iași", number: 10, locality: "Iași", institution: null, address: null, registeredVoters: 0, status: "active" });
      expect(await (await api.get(`/api/v1/polling-stations/${station.id}`, observer)).json()).toEqual(station);
    });

    it("refuses an unknown county with a 400 naming countyCode", async () => {
      const problem = await expectProblem(await api.send("POST", "/api/v1/polling-stations", api.organizer, { countyCode: "ZZ", number: 1 }), 400, "validation");
      expect(problem.errors).toEqual({ countyCode: [{ code: "not_found", message: "There is no county ZZ." }] });
    });

    it("refuses a number the county already has, active or retired, with a 409 naming number", async () => {
      const problem = await expectProblem(await api.send("POST", "/api/v1/polling-stations", api.organizer, { countyCode: "CJ", number: 1 }), 409, "station_exists");
      expect(problem.errors).toEqual({ number: [{ code: "duplicate", message: "County CJ already has a polling station 1." }] });
      const retired = await addStation(api, { countyCode: "IS", number: 11 });
      await api.send("POST", `/api/v1/polling-stations/${retired.id}/retire`, api.organizer);
      await expectProblem(await api.send("POST", "/api/v1/polling-stations", api.organizer, { countyCode: "IS", number: 11 }), 409, "station_exists");
    });

    it("is the organizers' alone", async () => {
      for (const token of [api.ngo2Admin, observer]) {
        await expectProblem(await api.send("POST", "/api/v1/polling-stations", token, { countyCode: "IS", number: 12 }), 403, "forbidden");
      }
      expect((await list("?county=IS&number=12")).page.totalItems).toBe(0);
    });
  });

  describe("update", () => {
    it("replaces every fact (absent ones become none) and keeps the status when none is sent", async () => {
      const station = await addStation(api, { countyCode: "IS", number: 20, locality: "Iași", institution: "Școala 20", registeredVoters: 900 });
      api.server.clock.advance(60);
      const response = await api.send("PUT", `/api/v1/polling-stations/${station.id}`, api.organizer, { countyCode: "VS", number: 21, locality: "Vaslui" });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({
        ...station,
        countyCode: "VS",
        countyName: "Vaslui",
        number: 21,
        locality: "Vaslui",
        institution: null,
        registeredVoters: null,
        updatedAt: api.server.clock.now.toISOString(),
      });
    });

    it("brings a retired station back with status active, and leaves it retired without a status", async () => {
      const station = await addStation(api, { countyCode: "IS", number: 22 });
      await api.send("POST", `/api/v1/polling-stations/${station.id}/retire`, api.organizer);
      const edited = await api.send("PUT", `/api/v1/polling-stations/${station.id}`, api.organizer, { countyCode: "IS", number: 22, locality: "Iași" });
      expect(await edited.json()).toMatchObject({ locality: "Iași", status: "retired" });
      const back = await api.send("PUT", `/api/v1/polling-stations/${station.id}`, api.organizer, { countyCode: "IS", number: 22, locality: "Iași", status: "active" });
      expect(await back.json()).toMatchObject({ status: "active" });
    });

    it("refuses a county and number another station has (409), an unknown county (400) and an unknown id (404)", async () => {
      const problem = await expectProblem(
        await api.send("PUT", `/api/v1/polling-stations/${ids["CJ 2"]}`, api.organizer, { countyCode: "CJ", number: 1 }),
        409,
        "station_exists",
      );
      expect(Object.keys(problem.errors!)).toEqual(["number"]);
      await expectProblem(await api.send("PUT", `/api/v1/polling-stations/${ids["CJ 2"]}`, api.organizer, { countyCode: "ZZ", number: 2 }), 400, "validation");
      await expectProblem(await api.send("PUT", "/api/v1/polling-stations/999999", api.organizer, { countyCode: "CJ", number: 2 }), 404, "not_found");
      expect(await (await api.get(`/api/v1/polling-stations/${ids["CJ 2"]}`, api.organizer)).json()).toMatchObject({ countyCode: "CJ", number: 2 });
    });
  });

  describe("retire", () => {
    it("retires a station, answers it retired, and changes nothing the second time", async () => {
      const station = await addStation(api, { countyCode: "IS", number: 30 });
      api.server.clock.advance(60);
      const first = await api.send("POST", `/api/v1/polling-stations/${station.id}/retire`, api.organizer);
      expect(await first.json()).toEqual({ ...station, status: "retired", updatedAt: api.server.clock.now.toISOString() });
      const retiredAt = api.server.clock.now.toISOString();
      api.server.clock.advance(60);
      const second = await api.send("POST", `/api/v1/polling-stations/${station.id}/retire`, api.organizer);
      expect(await second.json()).toMatchObject({ status: "retired", updatedAt: retiredAt });
      expect(names((await list("?status=retired&county=IS&number=30")).page)).toEqual(["IS 30"]);
      await expectProblem(await api.send("POST", "/api/v1/polling-stations/999999/retire", api.organizer), 404, "not_found");
    });
  });

  describe("the counties", () => {
    it("are Romania's 43 on every deployment, each counting its active stations as its limit", async () => {
      expect(await counties()).toHaveLength(43);
      expect(await limitOf("CJ")).toBe(3);
      const station = await addStation(api, { countyCode: "CJ", number: 40 });
      expect(await limitOf("CJ")).toBe(4);
      await api.send("POST", `/api/v1/polling-stations/${station.id}/retire`, api.organizer);
      expect(await limitOf("CJ")).toBe(3);
      expect(await limitOf("TM")).toBe(0);
    });
  });

  describe("get", () => {
    it("answers one station, and 404 for an id no station has", async () => {
      const response = await api.get(`/api/v1/polling-stations/${ids["D 1"]}`, api.ngo2Admin);
      expect(await response.json()).toMatchObject({ countyCode: "D", countyName: "Diaspora", number: 1, locality: "Paris" });
      await expectProblem(await api.get("/api/v1/polling-stations/999999", observer), 404, "not_found");
    });
  });

  describe("the activity log", () => {
    it("records each change of a station, named by its county, number and locality, and nothing for a write that changes nothing", async () => {
      const station = await addStation(api, { countyCode: "SV", number: 5, locality: "Rădăuți" });
      const facts = { countyCode: "SV", number: 5, locality: "Rădăuți", registeredVoters: 800 };
      await api.send("PUT", `/api/v1/polling-stations/${station.id}`, api.organizer, facts);
      await api.send("PUT", `/api/v1/polling-stations/${station.id}`, api.organizer, facts);
      await api.send("POST", `/api/v1/polling-stations/${station.id}/retire`, api.organizer);
      await api.send("POST", `/api/v1/polling-stations/${station.id}/retire`, api.organizer);
      const response = await api.get(`/api/v1/audit?subjectType=station&subjectId=${station.id}`, api.organizer);
      const log = (await response.json()) as AuditPage;
      expect(log.data.map((entry) => [entry.action, entry.subject.label, entry.subject.exists, entry.ngoId, entry.changes]).reverse()).toEqual([
        [
          "station.created",
          "SV 5, Rădăuți",
          true,
          null,
          [
            { field: "countyCode", from: null, to: "SV" },
            { field: "number", from: null, to: "5" },
            { field: "locality", from: null, to: "Rădăuți" },
            { field: "institution", from: null, to: null },
            { field: "address", from: null, to: null },
            { field: "registeredVoters", from: null, to: null },
            { field: "latitude", from: null, to: null },
            { field: "longitude", from: null, to: null },
            { field: "status", from: null, to: "active" },
          ],
        ],
        ["station.updated", "SV 5, Rădăuți", true, null, [{ field: "registeredVoters", from: null, to: "800" }]],
        ["station.retired", "SV 5, Rădăuți", true, null, [{ field: "status", from: "active", to: "retired" }]],
      ]);
    });
  });
});
