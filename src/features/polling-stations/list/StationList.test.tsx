import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import axe from "axe-core";
import type { Locale } from "../../../shared/i18n/locales";
import { renderApp } from "../../../../tests/support/render-app";
import { eventually } from "../../../../tests/pages/locators";
import { stationList as stationListPage, stationPage as stationPageObject } from "../../../../tests/pages/dom/polling-stations";
import { appHeader } from "../../../../tests/pages/dom/header";
import { startTestServer } from "../../../../tests/support/test-server";
import { ORGANIZER, STAFF } from "../../../../tests/support/seeds/observers.seed";
import { stationRegistry } from "../../../../tests/support/seeds/polling-stations.seed";
import { pollingStationRoutes } from "../polling-station.routes";

/** The screens this test visits. */
const FEATURES = [pollingStationRoutes];
const FIRST_PAINT = { timeout: 20_000 };

async function openList({ path = "/sectii", account = ORGANIZER, locale }: { path?: string; account?: string; locale?: Locale } = {}) {
  const server = await startTestServer({ seed: stationRegistry });
  const app = renderApp({ features: FEATURES, path, storedToken: await server.tokenFor(account), fetch: server.fetch, locale });
  await screen.findByRole("heading", { level: 1 }, FIRST_PAINT);
  return { server, app, page: stationListPage(app.user, locale), header: appHeader(app.user, locale) };
}

const shownPath = () => `${window.location.pathname}${window.location.search}`;
const numbers = (page: ReturnType<typeof stationListPage>) => page.rows().then((rows) => rows.map((row) => `${row.county} ${row.number}`));
/** The list requests the page sent and did not cancel, by their query. */
const listQueries = (server: Awaited<ReturnType<typeof openList>>["server"]) =>
  server.requests.filter((request) => request.path.startsWith("/api/v1/polling-stations?") && !request.cancelled).map((request) => request.path.split("?")[1]);

async function expectNoAxeViolations(container: HTMLElement) {
  const results = await axe.run(container, { rules: { "color-contrast": { enabled: false } } });
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`)).toEqual([]);
}

afterEach(() => vi.restoreAllMocks());

// Paging, refreshing in place and a failed load are the list machine's: the list conformance suite replays them on
// this screen (tests/model/station-list.model.test.tsx).
describe("StationList", { timeout: 60_000 }, () => {
  it("lists the registry in county and number order, each station's place, voters and status, its number a link to its page", async () => {
    const { app, page } = await openList();
    await eventually(() => page.rows().then((rows) => rows.length)).toBe(50);
    expect(await page.title()).toBe("Polling stations (58)");
    expect(await page.range()).toBe("Showing 1 to 50 of 58");
    // Counties in their display order (Bucharest before Cluj), each by number.
    const rows = await page.rows();
    expect(rows.slice(0, 4).map((row) => `${row.county} ${row.number} ${row.status}`)).toEqual([
      "București 1 Active",
      "București 2 Active",
      "București 3 Retired",
      "Cluj 1 Active",
    ]);
    expect(rows[3]).toEqual({
      county: "Cluj",
      number: "1",
      locality: "Cluj-Napoca",
      institution: "Liceul Teoretic „Avram Iancu”",
      address: "Str. Onisifor Ghibu nr. 21",
      voters: "1,530",
      status: "Active",
      link: "/sectii/1",
    });
    expect(rows[4]).toEqual({ county: "Cluj", number: "2", locality: "Dej", institution: "Școala Gimnazială nr. 2", address: "Str. Republicii nr. 2", voters: "620", status: "Active", link: "/sectii/2" });
    // Cluj 7 has no address.
    expect(rows[9]?.address).toBe("—");
    expect(await page.actions()).toEqual({ add: "enabled", import: "enabled", export: "enabled" });
    await expectNoAxeViolations(app.container);

    await page.openStation(2, "Cluj");
    await eventually(shownPath).toBe("/sectii/2");
    await eventually(() => stationPageObject(app.user).title()).toBe("Polling station 2, Cluj");
  });

  it("filters by county, number, place and status, keeps the filter in the address through Back and a reload, and resets", async () => {
    const { server, app, page } = await openList();
    await eventually(() => page.range()).toBe("Showing 1 to 50 of 58");

    await page.filter({ county: "București (B)" });
    await eventually(shownPath).toBe("/sectii?county=B");
    await eventually(() => numbers(page)).toEqual(["București 1", "București 2", "București 3"]);

    await page.filter({ status: "Retired" });
    await eventually(shownPath).toBe("/sectii?county=B&status=retired");
    await eventually(() => page.rows()).toEqual([
      { county: "București", number: "3", locality: "București", institution: "Colegiul Național nr. 3", address: "Bd. Unirii nr. 3", voters: "1,003", status: "Retired", link: "/sectii/103" },
    ]);

    await page.filter({ county: "", status: "All", search: "avram iancu" });
    await eventually(shownPath).toBe("/sectii?search=avram+iancu");
    await eventually(() => numbers(page)).toEqual(["Cluj 1"]);

    await page.filter({ search: "", number: "2" });
    await eventually(shownPath).toBe("/sectii?number=2");
    await eventually(() => numbers(page)).toEqual(["București 2", "Cluj 2"]);

    window.history.back();
    await eventually(shownPath).toBe("/sectii?search=avram+iancu");
    await eventually(() => page.filterValues()).toEqual({ county: "", number: "", search: "avram iancu", status: "All" });
    await eventually(() => numbers(page)).toEqual(["Cluj 1"]);

    app.unmount();
    const reloaded = renderApp({ features: FEATURES, path: "/sectii?county=B&status=retired", storedToken: await server.tokenFor(ORGANIZER), fetch: server.fetch });
    const again = stationListPage(reloaded.user);
    await eventually(() => again.filterValues()).toEqual({ county: "București (B)", number: "", search: "", status: "Retired" });
    await eventually(() => numbers(again)).toEqual(["București 3"]);
    // The address's filter is the first load's: nothing unfiltered is asked for first.
    expect(listQueries(server).at(-1)).toBe("page=1&pageSize=50&county=B&status=retired");

    await again.resetFilter();
    await eventually(shownPath).toBe("/sectii");
    await eventually(() => again.range()).toBe("Showing 1 to 50 of 58");
    expect(await again.filterValues()).toEqual({ county: "", number: "", search: "", status: "All" });
  });

  it("ignores what the address holds that the registry cannot filter on", async () => {
    const { server, page } = await openList({ path: "/sectii?county=Cluj&number=-4&status=closed&search=" });
    await eventually(() => page.range()).toBe("Showing 1 to 50 of 58");
    expect(listQueries(server)).toEqual(["page=1&pageSize=50"]);
  });

  it("says when no station matches the filters", async () => {
    const { page } = await openList({ path: "/sectii?search=nowhere" });
    await eventually(() => page.emptyText()).toBe("No polling station matches these filters.");
    expect(await page.range()).toBeNull();
  });

  it("lets an NGO admin read and export the registry, without adding or importing", async () => {
    const { page, header } = await openList({ account: STAFF });
    await eventually(() => page.rows().then((rows) => rows.length)).toBe(50);
    expect(await page.actions()).toEqual({ add: "absent", import: "absent", export: "enabled" });
    expect(await header.sections()).toContain("Polling stations");
  });

  it("downloads the registry as the import template's CSV", async () => {
    const createObjectURL = vi.fn((_: Blob) => "blob:stations");
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(`${this.download} ${this.href}`);
    });
    const { server, page } = await openList();
    await eventually(() => page.rows().then((rows) => rows.length)).toBe(50);
    await page.exportList();
    await waitFor(() => expect(saved).toEqual(["polling-stations.csv blob:stations"]));
    expect(server.count("GET /api/v1/polling-stations/export")).toBe(1);
    const text = await createObjectURL.mock.calls[0]![0].text();
    const lines = text.replace(/^\uFEFF/, "").trim().split(/\r?\n/);
    expect(lines).toHaveLength(59);
    expect(lines[0]).toMatch(/^county,number,locality,institution,address,registeredVoters,latitude,longitude/);
  });

  it("reads in Romanian", async () => {
    const { page } = await openList({ locale: "ro" });
    await eventually(() => page.rows().then((rows) => rows.length)).toBe(50);
    expect(await page.title()).toBe("Secții (58)");
    expect((await page.rows()).slice(2, 4).map((row) => row.status)).toEqual(["Retrasă", "Activă"]);
    expect(await page.range()).toBe("Se afișează 1–50 din 58");
  });
});
