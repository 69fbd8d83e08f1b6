import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { components } from "../../../openapi/schema.d.ts";
import { expectProblem, type SignedInServer } from "../fixtures.ts";
import { createReporters, type Reporters } from "../fixtures/reports-fixture.ts";
import { addStation, startRegistryServer } from "../fixtures/registry-fixture.ts";
import { engines } from "../harness.ts";

type Coverage = components["schemas"]["Coverage"];
type CoverageStationPage = components["schemas"]["CoverageStationPage"];
type County = components["schemas"]["County"];

/**
 * Which stations take observers' reports: those of the registry, while active. A retired station keeps what was
 * reported there (answers, notes, visits), which staff still see, and is active again once brought back.
 */
describe.each(engines)("the stations observers report at, on %s", (engine) => {
  let api = {} as SignedInServer;
  let r = {} as Reporters;
  /** CJ 1: reported at, then retired. CJ 2: retired with no report. CJ 3: active, no report. */
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    api = await startRegistryServer(engine);
    for (const number of [1, 2, 3]) ids[`CJ ${number}`] = (await addStation(api, { countyCode: "CJ", number, locality: "Cluj-Napoca" })).id;
    r = await createReporters(api, "RET", "0722300");
    expect((await arrive(1)).status).toBe(200);
    expect((await answer([1])).status).toBe(204);
    expect((await note(1)).status).toBe(201);
    for (const number of [1, 2]) expect((await api.send("POST", `/api/v1/polling-stations/${ids[`CJ ${number}`]}/retire`, api.organizer)).status).toBe(200);
  }, 120_000);
  afterAll(() => api.server?.close());

  const arrive = (number: number, countyCode = "CJ") =>
    api.send("POST", "/api/v1/polling-station", r.own.token, { countyCode, pollingStationNumber: number, observerArrivalTime: "2026-11-22T06:00:00Z" });
  const leave = (number: number) =>
    api.send("PUT", "/api/v1/polling-station", r.own.token, { countyCode: "CJ", pollingStationNumber: number, observerLeaveTime: "2026-11-22T07:00:00Z" });
  const answer = (numbers: number[], countyCode = "CJ") =>
    api.send("POST", "/api/v1/answers", r.own.token, {
      answers: numbers.map((number) => ({ questionId: r.single.id, countyCode, pollingStationNumber: number, options: [{ optionId: r.single.no }] })),
    });
  const note = (number: number, countyCode = "CJ") => {
    const form = new FormData();
    form.append("countyCode", countyCode);
    form.append("pollingStationNumber", String(number));
    form.append("text", "Urna nu era sigilată.");
    return api.server.request("/api/v2/note", { method: "POST", token: r.own.token, body: form });
  };
  const answersAt = async (number: number) =>
    (await api.db().selectFrom("answer").select("optionId").where("pollingStationId", "=", ids[`CJ ${number}`]!).execute()).length;
  const coverageOfCluj = async () => {
    const board = (await (await api.get("/api/v1/coverage", api.organizer)).json()) as Coverage;
    return board.counties.find((county) => county.countyCode === "CJ")!;
  };
  const coverageStations = async (measure: string) => {
    const page = (await (await api.get(`/api/v1/coverage/stations?county=CJ&measure=${measure}`, api.organizer)).json()) as CoverageStationPage;
    return page.data.map((station) => station.pollingStationName);
  };
  const limitOfCluj = async () => ((await (await api.get("/api/v1/polling-station", r.own.token)).json()) as County[]).find((c) => c.code === "CJ")!.limit;

  const retiredAt = (field: string) => ({ [field]: [{ code: "retired", message: "Polling station CJ 1 is retired." }] });

  describe("a retired station", () => {
    it("refuses an arrival with a 422 station_retired naming the station's number", async () => {
      const problem = await expectProblem(await arrive(1), 422, "station_retired");
      expect(problem.errors).toEqual(retiredAt("pollingStationNumber"));
    });

    it("refuses answers, the whole batch, naming the item", async () => {
      const problem = await expectProblem(await answer([3, 1]), 422, "station_retired");
      expect(problem.errors).toEqual(retiredAt("answers[1].pollingStationNumber"));
      expect(await answersAt(3)).toBe(0);
    });

    it("refuses a note", async () => {
      const problem = await expectProblem(await note(1), 422, "station_retired");
      expect(problem.errors).toEqual(retiredAt("pollingStationNumber"));
    });

    it("still takes the departure of an observer who arrived while it was active", async () => {
      const response = await leave(1);
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ countyCode: "CJ", pollingStationNumber: 1, observerLeaveTime: "2026-11-22T07:00:00.000Z" });
    });
  });

  describe("an unknown station", () => {
    it.each([
      ["a number the registry does not have", "CJ", 999, { pollingStationNumber: [{ code: "not_found", message: "There is no polling station CJ 999." }] }],
      ["a county that does not exist", "ZZ", 1, { countyCode: [{ code: "not_found", message: "There is no county ZZ." }] }],
    ])("is a 404 for an arrival, answers and a note at %s, and nothing is stored", async (_case, countyCode, number, errors) => {
      const stations = await api.db().selectFrom("pollingStation").select("id").execute();
      expect((await expectProblem(await arrive(number, countyCode), 404, "not_found")).errors).toEqual(errors);
      const answered = await expectProblem(await answer([number], countyCode), 404, "not_found");
      expect(Object.keys(answered.errors!)).toEqual(Object.keys(errors).map((field) => `answers[0].${field}`));
      expect((await expectProblem(await note(number, countyCode), 404, "not_found")).errors).toEqual(errors);
      expect(await api.db().selectFrom("pollingStation").select("id").execute()).toEqual(stations);
    });

    it("is a 404 for a departure", async () => {
      await expectProblem(await leave(999), 404, "not_found");
    });
  });

  describe("what was reported at a retired station", () => {
    it("stays: its answers, its thread and its visit", async () => {
      expect(await answersAt(1)).toBe(1);
      const threads = (await (await api.get(`/api/v1/answers?observerPhoneNumber=${r.own.phone}`, api.organizer)).json()) as { data: { pollingStationName: string }[] };
      expect(threads.data.map((thread) => thread.pollingStationName)).toEqual(["CJ 1"]);
    });

    it("shows on the coverage board, which counts no retired station without an observer", async () => {
      // CJ 1 (retired, observed) and CJ 3 (active): 2 stations, 1 observed, so 1 without an observer.
      expect(await coverageOfCluj()).toMatchObject({ stations: 2, observed: 1, reporting: 1, irregularities: 1 });
      expect(await coverageStations("observed")).toEqual(["CJ 1"]);
      expect(await coverageStations("unobserved")).toEqual(["CJ 3"]);
      expect(await limitOfCluj()).toBe(1);
    });

    it("is there still once the station is brought back, which takes reports again", async () => {
      const back = await api.send("PUT", `/api/v1/polling-stations/${ids["CJ 1"]}`, api.organizer, { countyCode: "CJ", number: 1, locality: "Cluj-Napoca", status: "active" });
      expect(back.status).toBe(200);
      expect(await answersAt(1)).toBe(1);
      expect(await coverageOfCluj()).toMatchObject({ stations: 2, observed: 1, reporting: 1, irregularities: 1 });
      expect(await limitOfCluj()).toBe(2);
      expect((await arrive(1)).status).toBe(200);
      expect((await answer([1])).status).toBe(204);
      expect((await note(1)).status).toBe(201);
    });
  });
});
