import { describe, expect, it } from "vitest";
import { screen } from "@testing-library/react";
import axe from "axe-core";
import { renderApp } from "../../../tests/support/render-app";
import { statisticsRoutes } from "./statistics.routes";
import { eventually } from "../../../tests/pages/locators";
import { statistics } from "../../../tests/pages/dom/statistics";
import { startTestServer, type TestServer } from "../../../tests/support/test-server";
import type { StatisticsPage } from "./statistics.config";

/** The screens this test visits. */
const FEATURES = [statisticsRoutes];

const ORGANIZER = "0700000001";
const FIRST_PAINT = { timeout: 20_000 };

async function ranking(server: TestServer, method: string, page = 1): Promise<StatisticsPage> {
  return (await server.ask(`/api/v1/statistics/${method}?page=${page}&pageSize=20`, ORGANIZER)) as StatisticsPage;
}

async function renderShow(path: string, { locale, arrange }: { locale?: "en" | "ro"; arrange?: (server: TestServer) => Promise<unknown> } = {}) {
  const server = await startTestServer();
  await arrange?.(server);
  const app = renderApp({ features: FEATURES, path, storedToken: await server.tokenFor(ORGANIZER), fetch: server.fetch, locale });
  return { server, app, page: statistics(app.user, locale) };
}

const rowNames = (page: StatisticsPage) => page.data.map((item) => `${item.label}: ${item.value}`);

/** A flagged answer at `count` more stations nobody reported from, so that a ranking spans more than one page of 20. */
async function addFlaggedStations(server: TestServer, count: number) {
  const observer = await server.db.selectFrom("observer").select("id").where("ngoId", "=", 1).orderBy("id").executeTakeFirstOrThrow();
  const option = await server.db.selectFrom("questionOption").select("id").where("flagged", "=", true).orderBy("id").executeTakeFirstOrThrow();
  const stations = await server.db
    .selectFrom("pollingStation")
    .select("id")
    .where("electionRoundId", "=", 1)
    .where("id", "not in", server.db.selectFrom("answer").select("pollingStationId"))
    .orderBy("id")
    .limit(count)
    .execute();
  await server.db
    .insertInto("answer")
    .values(stations.map((station) => ({ observerId: observer.id, optionId: option.id, pollingStationId: station.id, value: null, lastModified: new Date("2026-11-22T07:00:00Z") })))
    .execute();
}

describe("StatisticsShow", { timeout: 60_000 }, () => {
  it("shows one statistic 20 a page with its header, its time and links, and pages forward and back", async () => {
    const { server, page } = await renderShow("/statistics/sesizari-sectii", { arrange: (server) => addFlaggedStations(server, 25) });
    expect(await screen.findByRole("heading", { level: 1, name: "Top polling stations" }, FIRST_PAINT)).toBeInTheDocument();
    expect(screen.getByText("with the most reports")).toBeInTheDocument();
    const [first, second] = [await ranking(server, "pollingStationIrregularities"), await ranking(server, "pollingStationIrregularities", 2)];
    expect(first.totalItems).toBeGreaterThan(20);
    await eventually(() => page.rows().then((rows) => rows.map((row) => row.name))).toEqual(rowNames(first));
    expect(await page.range()).toBe(`Showing 1 to 20 of ${first.totalItems}`);
    expect(await page.paging()).toEqual({ previous: "disabled", next: "enabled" });
    expect(await page.asOf()).toMatch(/^\d\d:\d\d:\d\d$/);
    const [top] = first.data;
    expect((await page.rows())[0]!.href).toBe(`/urgents?county=${top!.code}&pollingStationNumber=${top!.label.split(" ")[1]}`);
    await page.nextPage();
    await eventually(() => page.rows().then((rows) => rows.map((row) => row.name))).toEqual(rowNames(second));
    expect(await page.range()).toBe(`Showing 21 to ${first.totalItems} of ${first.totalItems}`);
    await page.previousPage();
    await eventually(() => page.rows().then((rows) => rows.map((row) => row.name))).toEqual(rowNames(first));
    const queries = server.requests.filter((request) => request.path.startsWith("/api/v1/statistics/") && !request.cancelled).map((request) => request.path);
    expect(queries).toEqual([
      "/api/v1/statistics/pollingStationIrregularities?page=1&pageSize=20&electionRoundId=1",
      "/api/v1/statistics/pollingStationIrregularities?page=2&pageSize=20&electionRoundId=1",
      "/api/v1/statistics/pollingStationIrregularities?page=1&pageSize=20&electionRoundId=1",
    ]);
  });

  it("reads observers-list as the observers per county, under 'Observers'", async () => {
    const { server, page } = await renderShow("/statistics/observers-list");
    expect(await screen.findByRole("heading", { level: 1, name: "Observers" }, FIRST_PAINT)).toBeInTheDocument();
    const expected = await ranking(server, "observerNumber");
    await eventually(() => page.rows().then((rows) => rows.map((row) => row.name))).toEqual(rowNames(expected));
    expect((await page.rows())[0]!.href).toBe(`/answers?county=${expected.data[0]!.code}`);
  });

  it("says clearly that an unknown key names no statistic, and asks the server nothing", async () => {
    const { server, app, page } = await renderShow("/statistics/no-such-card");
    expect(await screen.findByRole("heading", { level: 1, name: "Statistic not found" }, FIRST_PAINT)).toBeInTheDocument();
    expect(await page.notFound()).toBe("There is no statistic called “no-such-card”. Choose one from the statistics page.");
    expect(server.requests.some((request) => request.path.startsWith("/api/v1/statistics/"))).toBe(false);
    await app.user.click(screen.getByRole("link", { name: "Back to statistics" }));
    expect(app.currentPath()).toBe("/statistics");
  });

  it("has no axe violations", async () => {
    const { page, app } = await renderShow("/statistics/sesizari-judete");
    await eventually(() => page.rows().then((rows) => rows.length)).toBeGreaterThan(0);
    const results = await axe.run(app.container, { rules: { "color-contrast": { enabled: false } } });
    expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`)).toEqual([]);
  });

  it("speaks Romanian", async () => {
    const { page } = await renderShow("/statistics/observers-list", { locale: "ro" });
    expect(await screen.findByRole("heading", { level: 1, name: "Observatori" }, FIRST_PAINT)).toBeInTheDocument();
    await eventually(() => page.rows().then((rows) => rows.length)).toBeGreaterThan(0);
    expect(await page.range()).toMatch(/^Se afișează 1–\d+ din \d+$/);
    expect(screen.getByText("pe județe")).toBeInTheDocument();
  });
});
