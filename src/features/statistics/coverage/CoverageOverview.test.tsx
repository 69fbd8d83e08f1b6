import { describe, expect, it } from "vitest";
import { screen } from "@testing-library/react";
import axe from "axe-core";
import { COVERAGE_ACCOUNT as ORGANIZER, coverageOverview, coverageStations, renderCoverage } from "../../../../tests/pages/dom/coverage";
import { eventually } from "../../../../tests/pages/locators";
import { startTestServer, type TestServer } from "../../../../tests/support/test-server";
import type { Coverage, CountyCoverage } from "./coverage.actors";
import { rateBinIndex, rateBins } from "./county-tiles";

const FIRST_PAINT = { timeout: 20_000 };
/** The first render also compiles the page's chunks: it may take longer than a later wait. */
const boardShown = () => screen.findByTestId("coverage-board", {}, FIRST_PAINT);

/** What the server itself answers (outside the SPA's log): the screen is compared with that, not with a copy. */
const coverageOf = async (server: TestServer, silentMinutes = 30) =>
  (await server.ask(`/api/v1/coverage?silentMinutes=${silentMinutes}`, ORGANIZER)) as Coverage;

/** Makes `count` more stations of a county observed in the current round (1), each with one unflagged answer of one observer. */
async function observeStations(server: TestServer, county: string, count: number, observerId?: number) {
  const observer =
    observerId ?? (await server.db.selectFrom("observer").select("id").where("ngoId", "=", 1).orderBy("id").executeTakeFirstOrThrow()).id;
  const option = await server.db.selectFrom("questionOption").select("id").where("flagged", "=", false).orderBy("id").executeTakeFirstOrThrow();
  const stations = await server.db
    .selectFrom("pollingStation")
    .innerJoin("county", "county.id", "pollingStation.countyId")
    .select("pollingStation.id")
    .where("pollingStation.electionRoundId", "=", 1)
    .where("county.code", "=", county)
    .where("pollingStation.id", "not in", server.db.selectFrom("answer").select("pollingStationId"))
    .orderBy("pollingStation.number")
    .limit(count)
    .execute();
  await server.db
    .insertInto("answer")
    .values(stations.map((station) => ({ observerId: observer, optionId: option.id, pollingStationId: station.id, value: null, lastModified: new Date("2026-11-22T07:00:00Z") })))
    .execute();
}

/** The ids of some stations of a county in the current round (1), by number: last year's archived round has the same. */
async function stationsOf(server: TestServer, county: string, numbers: number[]) {
  const rows = await server.db
    .selectFrom("pollingStation")
    .innerJoin("county", "county.id", "pollingStation.countyId")
    .select("pollingStation.id")
    .where("pollingStation.electionRoundId", "=", 1)
    .where("county.code", "=", county)
    .where("pollingStation.number", "in", numbers)
    .orderBy("pollingStation.number")
    .execute();
  return rows.map((row) => row.id);
}

const coverageRequests = (server: TestServer) =>
  server.requests
    .filter((request) => request.path.split("?")[0] === "/api/v1/coverage" && !request.cancelled)
    .map((request) => new URLSearchParams(request.path.split("?")[1]).get("silentMinutes"));

const county = (coverage: Coverage, code: string) => coverage.counties.find((row) => row.countyCode === code) as CountyCoverage;

describe("CoverageOverview", { timeout: 60_000 }, () => {
  it("colours each county's tile by irregularities per 100 observed stations, names it, and opens its urgent answers", async () => {
    const server = await startTestServer();
    // Arad: 2 irregularities at 1 observed station, 9 more observed: 20 per 100. Cluj: 3 observed, none flagged: 0.
    // Rates run into the hundreds here, so the scale is one of equal round steps up to the highest (county-tiles).
    await observeStations(server, "AR", 9);
    await observeStations(server, "CJ", 3);
    const coverage = await coverageOf(server);
    expect([county(coverage, "AR").observed, county(coverage, "AR").irregularities, county(coverage, "CJ").observed]).toEqual([10, 2, 3]);
    const { user } = await renderCoverage(server, "/statistics");
    const page = coverageOverview(user);
    await boardShown();
    await eventually(async () => (await page.tiles()).length).toBe(42);
    const tiles = await page.tiles();
    const byCode = new Map(tiles.map((tile) => [tile.code, tile]));
    const rates = coverage.counties.filter((row) => row.observed > 0).map((row) => (row.irregularities / row.observed) * 100);
    const bins = rateBins(Math.max(...rates));
    expect(bins[1]!.from).toBeGreaterThan(20);
    expect(byCode.get("AR")).toEqual({ code: "AR", rate: "20", bin: "0", name: "Arad: 20 irregularities per 100 observed stations", href: "/urgents?county=AR" });
    expect(byCode.get("CJ")).toEqual({ code: "CJ", rate: "0", bin: "0", name: "Cluj: 0 irregularities per 100 observed stations", href: "/urgents?county=CJ" });
    // Argeș: 3 irregularities at its one observed station.
    expect(byCode.get("AG")).toMatchObject({ rate: "300", bin: String(rateBinIndex(bins, 300)), name: "Argeș: 300 irregularities per 100 observed stations" });
    expect(rateBinIndex(bins, 300)).toBeGreaterThan(1);
    expect(byCode.get("SM")).toEqual({ code: "SM", rate: "–", bin: "none", name: "Satu Mare: no observed stations", href: "/urgents?county=SM" });
    // Every tile's bin follows its own county's figures; the north row reads first, the south row last.
    for (const tile of tiles) {
      const { observed, irregularities } = county(coverage, tile.code);
      const rate = (irregularities / observed) * 100;
      const bin = observed === 0 ? "none" : String(bins.filter((candidate) => rate >= candidate.from).length - 1);
      expect(tile.bin, tile.code).toBe(bin);
    }
    expect(tiles.slice(0, 4).map((tile) => tile.code)).toEqual(["SM", "MM", "SV", "BT"]);
    expect(tiles.slice(-3).map((tile) => tile.code)).toEqual(["TR", "GR", "CL"]);
    expect(await page.diasporaTile()).toMatchObject({ code: "D", href: "/urgents?county=D" });
    const [b1, b2, b3, b4] = bins.slice(1).map((bin) => bin.from);
    expect(await page.legend()).toEqual([`0 to under ${b1}`, `${b1} to under ${b2}`, `${b2} to under ${b3}`, `${b3} to under ${b4}`, `${b4} or more`, "No observed stations"]);
    await page.openTile("AR");
    expect(screen.getByTestId("location")).toHaveTextContent("/urgents?county=AR");
  });

  it("shows the map's table twin on request, with the same figures and links", async () => {
    const server = await startTestServer();
    const coverage = await coverageOf(server);
    const { user } = await renderCoverage(server, "/statistics");
    const page = coverageOverview(user);
    await boardShown();
    await eventually(async () => (await page.tiles()).length).toBe(42);
    expect(await page.rateRows()).toBeNull();
    await page.toggleTable();
    const rows = (await page.rateRows())!;
    expect(rows).toHaveLength(coverage.counties.length);
    expect(rows.find((row) => row.county === "Argeș")).toEqual({ county: "Argeș", observed: "1", irregularities: "3", rate: "300", href: "/urgents?county=AG" });
    expect(rows.find((row) => row.county === "Cluj")).toEqual({ county: "Cluj", observed: "0", irregularities: "0", rate: "no data", href: "/urgents?county=CJ" });
    // The tile (named after what it shows, "AG 300") and its twin row say the same and lead to the same place.
    const tile = screen.getByRole("link", { name: "AG 300 Argeș: 300 irregularities per 100 observed stations" });
    const row = screen.getByRole("link", { name: "Argeș: 300 irregularities per 100 observed stations" });
    expect([tile, row].map((link) => link.getAttribute("href"))).toEqual(["/urgents?county=AG", "/urgents?county=AG"]);
    await page.toggleTable();
    expect(await page.rateRows()).toBeNull();
  });

  it("lists every county on the board with a totals row; every county figure links to its stations at the board's threshold", async () => {
    const server = await startTestServer();
    const coverage = await coverageOf(server);
    const { user } = await renderCoverage(server, "/statistics");
    const page = coverageOverview(user);
    await boardShown();
    await eventually(async () => (await page.boardCounties()).length).toBe(43);
    expect(await page.boardColumns()).toEqual([
      "County",
      "Stations",
      "Assigned",
      "Assigned, not arrived",
      "Unobserved",
      "Observed",
      "Opened",
      "Reporting",
      "Counted",
      "Silent",
    ]);
    expect(await page.boardCounties()).toEqual(coverage.counties.map((row) => row.countyName));
    const arad = county(coverage, "AR");
    expect(await page.cell("Arad", "stations")).toEqual({ text: String(arad.stations), href: null, name: null, highlighted: false });
    expect(await page.cell("Arad", "unobserved")).toEqual({
      text: String(arad.stations - arad.observed),
      href: "/statistics/coverage/AR/unobserved?silentMinutes=30",
      name: `Unobserved in Arad: ${arad.stations - arad.observed}`,
      highlighted: false,
    });
    for (const column of ["observed", "opened", "reporting", "counted"] as const) {
      expect(await page.cell("Arad", column)).toEqual({
        text: String(arad[column]),
        href: `/statistics/coverage/AR/${column}?silentMinutes=30`,
        name: `${column[0]!.toUpperCase()}${column.slice(1)} in Arad: ${arad[column]}`,
        highlighted: false,
      });
    }
    expect(await page.cell("Arad", "silent")).toMatchObject({ text: String(arad.silent), href: "/statistics/coverage/AR/silent?silentMinutes=30", highlighted: arad.silent > 0 });
    expect(await page.cell("Cluj", "silent")).toMatchObject({ text: "0", highlighted: false });
    const { totals } = coverage;
    expect(await page.totals()).toEqual({
      stations: "19,171",
      assigned: String(totals.assigned),
      assignedNotArrived: String(totals.assignedNotArrived),
      unobserved: (totals.stations - totals.observed).toLocaleString("en"),
      observed: String(totals.observed),
      opened: String(totals.opened),
      reporting: String(totals.reporting),
      counted: String(totals.counted),
      silent: String(totals.silent),
    });
  });

  it("shows each county's assigned stations and those where no assigned observer arrived, each a link to its stations", async () => {
    const server = await startTestServer();
    // One observer assigned to CJ 1 and CJ 2 answers at CJ 1: both are assigned, CJ 2 still waits for it.
    const cluj1and2 = await stationsOf(server, "CJ", [1, 2]);
    const { id: observerId } = await server.db.selectFrom("observer").select("id").where("ngoId", "=", 1).orderBy("id").executeTakeFirstOrThrow();
    await server.db.insertInto("stationAssignment").values(cluj1and2.map((pollingStationId) => ({ observerId, pollingStationId }))).execute();
    await observeStations(server, "CJ", 1, observerId);
    const coverage = await coverageOf(server);
    expect([county(coverage, "CJ").assigned, county(coverage, "CJ").assignedNotArrived]).toEqual([2, 1]);
    const { user, location } = await renderCoverage(server, "/statistics");
    const page = coverageOverview(user);
    await boardShown();
    await eventually(async () => (await page.boardCounties()).length).toBe(43);
    expect(await page.cell("Cluj", "assigned")).toEqual({
      text: "2",
      href: "/statistics/coverage/CJ/assigned?silentMinutes=30",
      name: "Assigned in Cluj: 2",
      highlighted: false,
    });
    expect(await page.cell("Cluj", "assignedNotArrived")).toEqual({
      text: "1",
      href: "/statistics/coverage/CJ/assignedNotArrived?silentMinutes=30",
      name: "Assigned, not arrived in Cluj: 1",
      highlighted: false,
    });
    expect(await page.cell("Arad", "assigned")).toMatchObject({ text: String(county(coverage, "AR").assigned), href: "/statistics/coverage/AR/assigned?silentMinutes=30" });
    expect(await page.totals()).toMatchObject({ assigned: String(coverage.totals.assigned), assignedNotArrived: String(coverage.totals.assignedNotArrived) });
    await page.openNumber("Cluj", "assignedNotArrived");
    expect(location()).toBe("/statistics/coverage/CJ/assignedNotArrived?silentMinutes=30");
  });

  it("sorts by any column, largest first then flipped, and by county A to Z, with aria-sort and from the keyboard", async () => {
    const server = await startTestServer();
    await observeStations(server, "CJ", 3);
    const coverage = await coverageOf(server);
    const { user } = await renderCoverage(server, "/statistics");
    const page = coverageOverview(user);
    await boardShown();
    await eventually(async () => (await page.boardCounties()).length).toBe(43);
    expect(await page.sortOf("observed")).toBe("none");
    const byObserved = [...coverage.counties].sort((left, right) => right.observed - left.observed).map((row) => row.countyName);
    await page.sortBy("observed");
    expect(await page.sortOf("observed")).toBe("descending");
    expect(await page.boardCounties()).toEqual(byObserved);
    expect((await page.boardCounties())[0]).toBe("Cluj");
    await page.sortBy("observed");
    expect(await page.sortOf("observed")).toBe("ascending");
    expect(await page.boardCounties()).toEqual([...coverage.counties].sort((left, right) => left.observed - right.observed).map((row) => row.countyName));
    // The keyboard: the header's button takes Enter.
    const countyHeader = screen.getAllByRole("columnheader")[0]!;
    countyHeader.querySelector("button")!.focus();
    await user.keyboard("{Enter}");
    expect(await page.sortOf("county")).toBe("ascending");
    expect(await page.sortOf("observed")).toBe("none");
    expect(await page.boardCounties()).toEqual(coverage.counties.map((row) => row.countyName).sort(new Intl.Collator("en").compare));
    await user.keyboard("{Enter}");
    expect(await page.sortOf("county")).toBe("descending");
    expect((await page.boardCounties())[0]).toBe("Vrancea");
  });

  it("keeps the silent threshold in the URL: it loads with it, links with it and asks again when it changes", async () => {
    const server = await startTestServer();
    const { user, location } = await renderCoverage(server, "/statistics?silentMinutes=60");
    const page = coverageOverview(user);
    await boardShown();
    await eventually(async () => (await page.cell("Arad", "silent"))?.href).toBe("/statistics/coverage/AR/silent?silentMinutes=60");
    expect(await page.silentMinutes()).toBe("60");
    await page.chooseSilentMinutes(15);
    expect(location()).toBe("/statistics?silentMinutes=15");
    await eventually(async () => (await page.cell("Arad", "silent"))?.href).toBe("/statistics/coverage/AR/silent?silentMinutes=15");
    // StrictMode's cancelled first load aside, one threshold after the other (a later refresh may repeat the last).
    expect([...new Set(coverageRequests(server))]).toEqual(["60", "15"]);
  });

  it("shows as of when the figures were computed, as hh:mm:ss in the reader's time zone", async () => {
    const server = await startTestServer();
    const { user } = await renderCoverage(server, "/statistics");
    const page = coverageOverview(user);
    await boardShown();
    await eventually(() => page.asOf()).not.toBeNull();
    const { dateTime, text } = (await page.asOf())!;
    const at = new Date(dateTime);
    const pad = (value: number) => String(value).padStart(2, "0");
    expect(text).toBe(`${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}`);
    expect(screen.getByTestId("coverage-as-of")).toHaveTextContent(`As of ${text}`);
  });

  it("goes from a silent county to notifying its observers in three clicks, the list's total equal to the number", async () => {
    const server = await startTestServer();
    // Two Cluj stations, one observer each, last heard from at 07:00 UTC on election day: silent after 30 minutes.
    const [first, second] = await server.db.selectFrom("observer").select("id").where("ngoId", "=", 1).orderBy("id").limit(2).execute();
    await observeStations(server, "CJ", 1, second!.id);
    await observeStations(server, "CJ", 1, first!.id);
    const cluj = county(await coverageOf(server), "CJ");
    expect(cluj.silent).toBe(2);
    const { user, location } = await renderCoverage(server, "/statistics");
    const board = coverageOverview(user);
    await boardShown();
    await eventually(async () => (await board.cell("Cluj", "silent"))?.highlighted).toBe(true);
    await board.openNumber("Cluj", "silent");
    expect(location()).toBe("/statistics/coverage/CJ/silent?silentMinutes=30");
    const list = coverageStations(user);
    await eventually(() => list.total()).toBe(cluj.silent);
    expect(await list.title()).toBe("Silent stations in Cluj (nothing for more than 30 minutes) (2)");
    const stations = await list.stations();
    expect(stations.map(({ name, href, lastActivity }) => ({ name, href, lastActivity }))).toEqual([
      { name: "CJ 1", href: "/answers?county=CJ&pollingStationNumber=1", lastActivity: "2026-11-22T07:00:00.000Z" },
      { name: "CJ 2", href: "/answers?county=CJ&pollingStationNumber=2", lastActivity: "2026-11-22T07:00:00.000Z" },
    ]);
    expect(stations.map((station) => station.observers.length)).toEqual([1, 1]);
    const ids = [first!.id, second!.id].sort((a, b) => a - b);
    expect(await list.notifyHref()).toBe(`/notifications?observerIds=${ids.join(",")}`);
    await list.notify();
    expect(location()).toBe(`/notifications?observerIds=${ids.join(",")}`);
  });

  it("has no axe violations with the table twin shown", async () => {
    const server = await startTestServer();
    const { user, container } = await renderCoverage(server, "/statistics");
    const page = coverageOverview(user);
    await boardShown();
    await eventually(async () => (await page.tiles()).length).toBe(42);
    await page.toggleTable();
    const results = await axe.run(container, { rules: { "color-contrast": { enabled: false } } });
    expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`)).toEqual([]);
  });

  it("speaks Romanian: numbers in the locale's format, counties sorted in its alphabet", async () => {
    const server = await startTestServer();
    const coverage = await coverageOf(server);
    const { user } = await renderCoverage(server, "/statistics", { locale: "ro" });
    const page = coverageOverview(user);
    await boardShown();
    await eventually(async () => (await page.boardCounties()).length).toBe(43);
    expect((await page.totals()).stations).toBe("19.171");
    expect(await page.cell("București", "unobserved")).toMatchObject({ text: (county(coverage, "B").stations - county(coverage, "B").observed).toLocaleString("ro") });
    await page.sortBy("county");
    expect(await page.boardCounties()).toEqual(coverage.counties.map((row) => row.countyName).sort(new Intl.Collator("ro").compare));
  });
});
