import { describe, expect, it } from "vitest";
import { screen } from "@testing-library/react";
import axe from "axe-core";
import { COVERAGE_ACCOUNT as ORGANIZER, coverageStations, renderCoverage } from "../../../../tests/pages/dom/coverage";
import { eventually } from "../../../../tests/pages/locators";
import { startTestServer, type TestServer } from "../../../../tests/support/test-server";
import type { Coverage } from "./coverage.actors";

const FIRST_PAINT = { timeout: 20_000 };
/** The first render also compiles the page's chunks: it may take longer than a later wait. */
const listShown = () => screen.findByTestId("coverage-station-total", {}, FIRST_PAINT);

const unobservedOf = async (server: TestServer, code: string) => {
  const coverage = (await server.ask("/api/v1/coverage?silentMinutes=30", ORGANIZER)) as Coverage;
  const county = coverage.counties.find((row) => row.countyCode === code)!;
  return county.stations - county.observed;
};

const stationRequests = (server: TestServer) =>
  server.requests.filter((request) => request.path.startsWith("/api/v1/coverage/stations") && !request.cancelled).map((request) => request.path);

describe("CoverageStations", { timeout: 60_000 }, () => {
  it("lists the stations behind a number 20 a page, the total equal to the board's number, the page in the URL", async () => {
    const server = await startTestServer();
    const unobserved = await unobservedOf(server, "AR");
    const { user, location } = await renderCoverage(server, "/statistics/coverage/AR/unobserved?silentMinutes=30");
    const list = coverageStations(user);
    await listShown();
    await eventually(() => list.total()).toBe(unobserved);
    expect(await list.title()).toBe(`Stations without an observer in Arad (${unobserved})`);
    expect(await list.range()).toBe(`Showing 1 to 20 of ${unobserved}`);
    const firstPage = await list.stations();
    expect(firstPage).toHaveLength(20);
    expect(firstPage[0]).toMatchObject({ lastActivity: null, observers: [] });
    // One request for every station: the county's whole list fits the contract's largest page.
    expect(stationRequests(server)).toEqual(["/api/v1/coverage/stations?county=AR&measure=unobserved&silentMinutes=30&page=1&pageSize=1000"]);
    // Nobody observes these stations: there is nobody to notify.
    expect(await list.notifyHref()).toBeNull();
    expect(screen.getByTestId("coverage-notify")).toBeDisabled();
    await list.nextPage();
    expect(location()).toBe("/statistics/coverage/AR/unobserved?silentMinutes=30&page=2");
    expect(await list.range()).toBe(`Showing 21 to 40 of ${unobserved}`);
    const secondPage = await list.stations();
    expect(secondPage.map((station) => station.name)).not.toContain(firstPage[0]!.name);
    expect(stationRequests(server)).toHaveLength(1);
  });

  it("lists the assigned stations where nobody arrived with their assigned observers, to call or notify them", async () => {
    const server = await startTestServer();
    // The second observer is assigned to AR 3; the first to AR 5, where the second answered without being assigned.
    const [first, second] = await server.db.selectFrom("observer").select(["id", "name", "phone"]).where("ngoId", "=", 1).orderBy("id").limit(2).execute();
    const stations = await server.db
      .selectFrom("pollingStation")
      .innerJoin("county", "county.id", "pollingStation.countyId")
      .select("pollingStation.id")
      .where("pollingStation.electionRoundId", "=", 1)
      .where("county.code", "=", "AR")
      .where("pollingStation.number", "in", [3, 5])
      .orderBy("pollingStation.number")
      .execute();
    const [ar3, ar5] = stations.map((station) => station.id);
    await server.db
      .insertInto("stationAssignment")
      .values([
        { observerId: second!.id, pollingStationId: ar3! },
        { observerId: first!.id, pollingStationId: ar5! },
      ])
      .execute();
    const option = await server.db.selectFrom("questionOption").select("id").where("flagged", "=", false).orderBy("id").executeTakeFirstOrThrow();
    await server.db.insertInto("answer").values({ observerId: second!.id, optionId: option.id, pollingStationId: ar5!, value: null, lastModified: new Date("2026-11-22T07:00:00Z") }).execute();
    const { user } = await renderCoverage(server, "/statistics/coverage/AR/assignedNotArrived?silentMinutes=30");
    const list = coverageStations(user);
    await listShown();
    await eventually(() => list.total()).toBe(2);
    expect(await list.title()).toBe("Stations in Arad where no assigned observer has arrived (2)");
    expect(screen.getByRole("columnheader", { name: "Assigned observers" })).toBeInTheDocument();
    const line = (observer: typeof first) => `${observer!.name} · ${observer!.phone}`;
    expect((await list.stations()).map(({ name, observers }) => ({ name, observers }))).toEqual([
      { name: "AR 3", observers: [line(second)] },
      { name: "AR 5", observers: [line(first)] },
    ]);
    const ids = [first!.id, second!.id].sort((a, b) => a - b);
    expect(await list.notifyHref()).toBe(`/notifications?observerIds=${ids.join(",")}`);
  });

  it("leads back to the statistics with the same threshold", async () => {
    const server = await startTestServer();
    const { user, location } = await renderCoverage(server, "/statistics/coverage/AR/silent?silentMinutes=60");
    const list = coverageStations(user);
    await listShown();
    await eventually(() => list.total()).not.toBeNull();
    expect(stationRequests(server)).toEqual(["/api/v1/coverage/stations?county=AR&measure=silent&silentMinutes=60&page=1&pageSize=1000"]);
    await list.back();
    expect(location()).toBe("/statistics?silentMinutes=60");
  });

  it("says not found for an unknown measure or a malformed county without asking, and for a county the server does not know", async () => {
    const server = await startTestServer();
    const first = await renderCoverage(server, "/statistics/coverage/CJ/everything");
    await screen.findByTestId("coverage-not-found", {}, FIRST_PAINT);
    expect(await coverageStations(first.user).isNotFound()).toBe(true);
    first.unmount();
    const second = await renderCoverage(server, "/statistics/coverage/cj/silent");
    await screen.findByTestId("coverage-not-found", {}, FIRST_PAINT);
    expect(await coverageStations(second.user).isNotFound()).toBe(true);
    second.unmount();
    expect(stationRequests(server)).toEqual([]);
    const third = await renderCoverage(server, "/statistics/coverage/XX/silent");
    await screen.findByTestId("coverage-not-found", {}, FIRST_PAINT);
    expect(await coverageStations(third.user).isNotFound()).toBe(true);
    expect(screen.getByRole("heading", { level: 1, name: "Stations not found" })).toBeInTheDocument();
  });

  it("has no axe violations", async () => {
    const server = await startTestServer();
    const { container } = await renderCoverage(server, "/statistics/coverage/AR/unobserved");
    await listShown();
    const results = await axe.run(container, { rules: { "color-contrast": { enabled: false } } });
    expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`)).toEqual([]);
  });

  it("speaks Romanian: the pagination and the numbers in its words and format", async () => {
    const server = await startTestServer();
    const unobserved = await unobservedOf(server, "B");
    await renderCoverage(server, "/statistics/coverage/B/unobserved", { locale: "ro" });
    // More than 1,000 stations: two requests, one list.
    expect(unobserved).toBeGreaterThan(1000);
    expect(await screen.findByTestId("coverage-station-total", {}, FIRST_PAINT)).toHaveTextContent(`(${unobserved.toLocaleString("ro")})`);
    expect(stationRequests(server)).toHaveLength(2);
    expect(screen.getByRole("button", { name: "Următoarea" })).toBeEnabled();
  });
});
