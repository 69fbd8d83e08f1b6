import { createElement, Fragment, type ReactNode } from "react";
import { createMemoryRouter, RouterProvider, useLocation } from "react-router";
import userEvent, { type UserEvent } from "@testing-library/user-event";
import { onTestFinished } from "vitest";
import { startAppServices } from "../../../src/app/app-services";
import { TOKEN_STORAGE_KEY } from "../../../src/features/session/token";
import { CoverageOverview as CoverageOverviewScreen } from "../../../src/features/statistics/coverage/CoverageOverview";
import { CoverageStations as CoverageStationsScreen } from "../../../src/features/statistics/coverage/CoverageStations";
import type { Locale } from "../../../src/shared/i18n/locales";
import { paths } from "../../../src/shared/paths";
import { renderWithProviders } from "../../support/render";
import type { TestServer } from "../../support/test-server";
import {
  BOARD_COLUMNS,
  coverageControls as controls,
  coverageStationControls as stationControls,
  type AriaSort,
  type BoardCell,
  type CountyTile,
  type CoverageOverview,
  type CoverageStations,
  type FigureColumn,
} from "../coverage";
import { control, find, findAll, need, read, textOf } from "./find";

const href = (element: Element | null) => element?.getAttribute("href") ?? null;

function tileOf(link: HTMLElement): CountyTile {
  const [code, rate] = Array.from(link.children).map((child) => textOf(child) ?? "");
  const name = textOf(link.querySelector("[data-tile-name]")) ?? "";
  return { code: code ?? "", rate: rate ?? "", bin: link.dataset.bin ?? "", name, href: href(link) ?? "" };
}

export function coverageOverview(user: UserEvent): CoverageOverview {
  const board = () => find(controls.board);
  const bodyRows = () => findAll(controls.row, board()).filter((row) => row.parentElement?.tagName === "TBODY");
  const rowOf = (county: string) => bodyRows().find((row) => textOf(find(controls.rowHeader, row)) === county) ?? null;
  const cellOf = (county: string, column: FigureColumn) => rowOf(county)?.querySelector<HTMLElement>(`[data-column="${column}"]`) ?? null;
  const header = (column: string) => findAll(controls.columnHeader, board())[BOARD_COLUMNS.indexOf(column as never)] ?? null;

  return {
    asOf: read(() => {
      const time = find(controls.asOf)?.querySelector("time");
      return time ? { dateTime: time.getAttribute("datetime") ?? "", text: textOf(time) ?? "" } : null;
    }),
    silentMinutes: read(() => (find(controls.silentMinutes) as HTMLSelectElement | null)?.value ?? null),
    tiles: read(() => findAll(controls.link, find(controls.tileMap)).map(tileOf)),
    diasporaTile: read(() => {
      const link = find(controls.link, find(controls.diaspora));
      return link ? tileOf(link) : null;
    }),
    legend: read(() => findAll(controls.legendBin).map((bin) => textOf(bin) ?? "")),
    rateRows: read(() => {
      const table = find(controls.rateTable);
      if (!table) return null;
      return findAll(controls.row, table)
        .filter((row) => row.parentElement?.tagName === "TBODY")
        .map((row) => {
          const [observed, irregularities, rate] = findAll(controls.cell, row).map((cell) => textOf(cell) ?? "");
          const link = need(controls.link, row);
          return { county: textOf(link) ?? "", observed: observed ?? "", irregularities: irregularities ?? "", rate: rate ?? "", href: href(link) ?? "" };
        });
    }),
    boardColumns: read(() => findAll(controls.columnHeader, board()).map((column) => textOf(column) ?? "")),
    boardCounties: read(() => bodyRows().map((row) => textOf(find(controls.rowHeader, row)) ?? "")),
    sortOf: read((column) => (header(column)?.getAttribute("aria-sort") ?? "none") as AriaSort),
    cell: read((county, column): BoardCell | null => {
      const cell = cellOf(county, column);
      if (!cell) return null;
      const link = find(controls.link, cell);
      return { text: textOf(cell) ?? "", href: href(link), name: link?.getAttribute("aria-label") ?? null, highlighted: cell.hasAttribute("data-highlighted") };
    }),
    totals: read(() => {
      const row = board()?.querySelector("tfoot tr");
      const entries = BOARD_COLUMNS.slice(1).map((column) => [column, textOf(row?.querySelector(`[data-column="${column}"]`) ?? null) ?? ""]);
      return Object.fromEntries(entries) as Record<FigureColumn, string>;
    }),

    chooseSilentMinutes: async (minutes) => user.selectOptions(await control(controls.silentMinutes), String(minutes)),
    toggleTable: async () => user.click(await control(controls.tableToggle)),
    sortBy: async (column) => user.click(await control(controls.button, () => header(column))),
    openNumber: async (county, column) => user.click(await control(controls.link, () => cellOf(county, column))),
    openTile: async (code) => user.click(await control(controls.link, () => find(controls.tileMap)?.querySelector<HTMLElement>(`[data-county="${code}"]`)?.parentElement)),
  };
}

export function coverageStations(user: UserEvent): CoverageStations {
  return {
    title: read(() => textOf(find(stationControls.title))),
    // "(1,269)" or "(1.269)": the digits, whatever the locale groups them with.
    total: read(() => {
      const digits = textOf(find(stationControls.total))?.replace(/\D/g, "");
      return digits ? Number(digits) : null;
    }),
    asOf: read(() => find(stationControls.asOf)?.querySelector("time")?.getAttribute("datetime") ?? null),
    stations: read(() =>
      findAll(stationControls.station).map((row) => {
        const link = need(stationControls.link, row);
        const [address, lastActivity, observers] = findAll(stationControls.cell, row);
        return {
          name: textOf(link) ?? "",
          href: href(link) ?? "",
          address: textOf(address ?? null) ?? "",
          lastActivity: lastActivity?.querySelector("time")?.getAttribute("datetime") ?? null,
          observers: Array.from(observers?.querySelectorAll("p") ?? []).map((line) => textOf(line) ?? ""),
        };
      }),
    ),
    range: read(() => textOf(find(stationControls.range))),
    notifyHref: read(() => href(find(stationControls.notify))),
    isNotFound: read(() => find(stationControls.notFound) !== null),

    notify: async () => user.click(await control(stationControls.notify)),
    nextPage: async () => user.click(await control(stationControls.next)),
    back: async () => user.click(await control(stationControls.back)),
  };
}

export const COVERAGE_ACCOUNT = "0700000001";

function Location() {
  const location = useLocation();
  return createElement("output", { "data-testid": "location" }, `${location.pathname}${location.search}`);
}

const withLocation = (screen: ReactNode) => createElement(Fragment, null, screen, createElement(Location));

/**
 * The coverage screens on their own routes, signed in against the real test server: /statistics shows only
 * CoverageOverview (the cards page composes it), the stations route is the app's, and any other path only shows
 * where a link led, so a test follows a click without rendering the answers or the composer.
 */
export async function renderCoverage(server: TestServer, path: string, { locale = "en", account = COVERAGE_ACCOUNT }: { locale?: Locale; account?: string } = {}) {
  localStorage.setItem(TOKEN_STORAGE_KEY, await server.tokenFor(account));
  const services = startAppServices({ baseUrl: window.location.origin, fetch: server.fetch, storage: localStorage, storageEvents: window });
  onTestFinished(() => services.session.stop());
  const router = createMemoryRouter(
    [
      { path: `/${paths.statistics.path}`, element: withLocation(createElement(CoverageOverviewScreen)) },
      { path: `/${paths.coverageStations.path}`, element: withLocation(createElement(CoverageStationsScreen)) },
      { path: "*", element: createElement(Location) },
    ],
    { initialEntries: [path] },
  );
  onTestFinished(() => router.dispose());
  const user = userEvent.setup();
  const view = renderWithProviders(createElement(RouterProvider, { router }), { session: services.session, api: services.api, locale });
  return { ...view, user, location: () => `${router.state.location.pathname}${router.state.location.search}` };
}
