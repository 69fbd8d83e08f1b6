import { describe, expect } from "vitest";
import type { components } from "../../../openapi/schema.d.ts";
import { expectProblem, serverTests, type SignedInServer } from "../fixtures.ts";
import { engines } from "../harness.ts";
import { createReporters, stationId, type Reporters } from "../fixtures/reports-fixture.ts";

type PollingStationInfo = components["schemas"]["PollingStationInfo"];

const tests = serverTests({ observers: 30 });

describe.each(engines)("polling-station visits on %s", (engine) => {
  const it = tests[engine];
  let api = {} as SignedInServer;
  let r = {} as Reporters;
  let ab3 = 0;

  it.beforeAll(async ({ api: signedIn }) => {
    api = signedIn;
    r = await createReporters(api, "VIS", "07993200");
    ab3 = await stationId(api, "AB", 3);
  });

  const arrive = (token: string, body: object) => api.send("POST", "/api/v1/polling-station", token, { countyCode: "AB", pollingStationNumber: 3, ...body });
  const leave = (token: string, body: object) => api.send("PUT", "/api/v1/polling-station", token, { countyCode: "AB", pollingStationNumber: 3, ...body });
  const ok = async (response: Response) => {
    expect(response.status).toBe(200);
    return (await response.json()) as PollingStationInfo;
  };
  const info = (ObserverId: number, PollingStationId: number, token = api.organizer) =>
    api.get(`/api/v1/answers/pollingStationInfo?ObserverId=${ObserverId}&PollingStationId=${PollingStationId}`, token);
  const record = (changes: Partial<PollingStationInfo>): PollingStationInfo => ({
    observerId: r.own.id,
    pollingStationId: ab3,
    countyCode: "AB",
    pollingStationNumber: 3,
    observerArrivalTime: "2026-11-22T05:45:00.000Z",
    observerLeaveTime: null,
    urbanArea: true,
    isPollingStationPresidentFemale: null,
    lastModified: api.server.clock.now.toISOString(),
    ...changes,
  });

  it("answers 204 to staff before the observer recorded anything at the station", async () => {
    const response = await info(r.own.id, ab3);
    expect(response.status).toBe(204);
  });

  it("records an arrival, stamped with the server's clock", async () => {
    expect(await ok(await arrive(r.own.token, { observerArrivalTime: "2026-11-22T07:45:00+02:00", urbanArea: true }))).toEqual(record({}));
  });

  it("keeps facts a later arrival leaves out", async () => {
    api.server.clock.advance(30);
    const body = { observerArrivalTime: "2026-11-22T05:50:00Z", isPollingStationPresidentFemale: false };
    expect(await ok(await arrive(r.own.token, body))).toEqual(
      record({ observerArrivalTime: "2026-11-22T05:50:00.000Z", isPollingStationPresidentFemale: false }),
    );
  });

  it("records the departure and shows staff the whole visit", async () => {
    api.server.clock.advance(30);
    const left = await ok(await leave(r.own.token, { observerLeaveTime: "2026-11-22T19:30:00Z" }));
    const expected = record({ observerArrivalTime: "2026-11-22T05:50:00.000Z", isPollingStationPresidentFemale: false, observerLeaveTime: "2026-11-22T19:30:00.000Z" });
    expect(left).toEqual(expected);
    const response = await info(r.own.id, ab3);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      lastModified: expected.lastModified,
      observerArrivalTime: expected.observerArrivalTime,
      observerLeaveTime: expected.observerLeaveTime,
      urbanArea: true,
      isPollingStationPresidentFemale: false,
    });
  });

  it("keeps the departure on an earlier arrival and clears it when the observer comes back later", async () => {
    expect((await ok(await arrive(r.own.token, { observerArrivalTime: "2026-11-22T06:00:00Z" }))).observerLeaveTime).toBe("2026-11-22T19:30:00.000Z");
    expect((await ok(await arrive(r.own.token, { observerArrivalTime: "2026-11-22T20:00:00Z" }))).observerLeaveTime).toBeNull();
  });

  it("refuses a departure before the arrival, and one where the observer never arrived", async () => {
    const problem = await expectProblem(await leave(r.own.token, { observerLeaveTime: "2026-11-22T19:00:00Z" }), 422, "leave_before_arrival");
    expect(Object.keys(problem.errors ?? {})).toEqual(["observerLeaveTime"]);
    await expectProblem(await leave(r.other.token, { observerLeaveTime: "2026-11-22T19:00:00Z" }), 404, "not_found");
  });

  it("is a 404 for an unknown county or a number past the county's limit", async () => {
    const unknownCounty = await expectProblem(await arrive(r.own.token, { countyCode: "ZZ", observerArrivalTime: "2026-11-22T06:00:00Z" }), 404, "not_found");
    expect(Object.keys(unknownCounty.errors ?? {})).toEqual(["countyCode"]);
    const pastLimit = await expectProblem(await arrive(r.own.token, { pollingStationNumber: 441, observerArrivalTime: "2026-11-22T06:00:00Z" }), 404, "not_found");
    expect(Object.keys(pastLimit.errors ?? {})).toEqual(["pollingStationNumber"]);
    await expectProblem(await leave(r.own.token, { countyCode: "ZZ", observerLeaveTime: "2026-11-22T06:00:00Z" }), 404, "not_found");
  });

  it("is refused to staff tokens", async () => {
    await expectProblem(await arrive(api.organizer, { observerArrivalTime: "2026-11-22T06:00:00Z" }), 403, "forbidden");
    await expectProblem(await leave(api.ngo2Admin, { observerLeaveTime: "2026-11-22T06:00:00Z" }), 403, "forbidden");
  });

  describe("getPollingStationInfo", () => {
    it("is a 404 for another NGO's observer, an unknown observer or station, and refused to observers", async () => {
      await expectProblem(await info(r.own.id, ab3, api.ngo2Admin), 404, "not_found");
      await expectProblem(await info(2147483647, ab3), 404, "not_found");
      await expectProblem(await info(r.own.id, 2147483647), 404, "not_found");
      await expectProblem(await info(r.own.id, ab3, r.own.token), 403, "forbidden");
      expect((await info(r.other.id, ab3, api.ngo2Admin)).status).toBe(204);
    });
  });
});
