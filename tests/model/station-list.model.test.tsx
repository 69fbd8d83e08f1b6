import { expect, it } from "vitest";
import type { PollingStation } from "../../src/features/polling-stations/polling-stations.types";
import { STATION_LIST_INPUT } from "../../src/features/polling-stations/list/station-list.config";
import { pollingStationRoutes } from "../../src/features/polling-stations/polling-station.routes";
import { listMachine, type ListQuery } from "../../src/shared/machines/list.machine";
import { describeListModel } from "../support/list-conformance";
import { stationRegistry } from "../support/seeds/polling-stations.seed";
import { ORGANIZER } from "../support/seeds/observers.seed";
import { stationList } from "../pages/dom/polling-stations";
import type { StationList } from "../pages/polling-stations";

/*
 * The shared list statechart on the polling-station registry (58 stations: two pages of 50), which pages, filters
 * and refreshes but neither sorts (county and number is the server's only order) nor selects. The filter goes
 * through the address: Filter and Reset change the URL and the page sends the machine what the URL then says. No
 * station shows while a page loads.
 */

/** The query string listPollingStations must receive for a query of the model. */
function params({ page, pageSize, filter }: ListQuery) {
  return { page: String(page), pageSize: String(pageSize), ...(filter.county ? { county: filter.county } : {}) };
}

const paths = await describeListModel<StationList, PollingStation>({
  name: "the polling-station registry",
  input: STATION_LIST_INPUT,
  seed: stationRegistry,
  account: ORGANIZER,
  route: "/sectii",
  features: [pollingStationRoutes],
  endpoint: "/api/v1/polling-stations",
  params,
  page: stationList,
  rows: async (page) => (await page.rows()).map((row) => `${row.county} ${row.number}`),
  rowOf: (station) => `${station.countyName} ${station.number}`,
  keepsRowsWhileLoading: false,
  loadFailed: (status) => `The polling stations could not be loaded (error ${status}). Try again.`,
  seeLoaded: async (page, { totalItems }) => expect(await page.title()).toBe(`Polling stations (${totalItems})`),
  filter: {
    value: { county: "B" },
    submit: (page, { county }) => page.filter({ county: county === "B" ? "București (B)" : "" }),
    reset: (page) => page.resetFilter(),
    see: async (page, { county }) => expect((await page.filterValues()).county).toBe(county === "B" ? "București (B)" : ""),
  },
});

it(`${listMachine.id} model on the polling-station registry replays 10 paths`, () => {
  expect(paths).toHaveLength(10);
});
