import type { Locator, Page } from "playwright-core";
import {
  BOARD_COLUMNS,
  coverageControls as controls,
  coverageStationControls as stationControls,
  type AriaSort,
  type BoardCell,
  type CountyTile,
  type CoverageOverview,
  type CoverageStationRow,
  type CoverageStations,
  type FigureColumn,
  type RateRow,
} from "../coverage";
import { folded } from "../locators";
import { attributeOf, isThere, locate, textOf } from "./locate";

/** A tile's link read in the page: its code and rate are its two children. */
function readTiles(links: Element[]): CountyTile[] {
  return links.map((link) => {
    const [code, rate] = Array.from(link.children).map((child) => (child.textContent ?? "").trim());
    return {
      code: code ?? "",
      rate: rate ?? "",
      bin: (link as HTMLElement).dataset.bin ?? "",
      name: (link.querySelector("[data-tile-name]")?.textContent ?? "").trim(),
      href: link.getAttribute("href") ?? "",
    };
  });
}

export function coverageOverview(page: Page): CoverageOverview {
  const at = (target: Parameters<typeof locate>[1], scope: Page | Locator = page) => locate(scope, target);
  const board = () => at(controls.board);
  const bodyRows = () => board().locator("tbody tr");
  const rowOf = (county: string) => bodyRows().filter({ has: at({ ...controls.rowHeader, name: county }) });
  const cellOf = (county: string, column: FigureColumn) => rowOf(county).locator(`[data-column="${column}"]`);
  const header = (column: string) => at(controls.columnHeader, board()).nth(BOARD_COLUMNS.indexOf(column as never));

  return {
    asOf: async () => {
      const times = await at(controls.asOf).locator("time").evaluateAll((elements) => elements.map((time) => ({ dateTime: time.getAttribute("datetime") ?? "", text: time.textContent ?? "" })));
      return times[0] ? { dateTime: times[0].dateTime, text: folded(times[0].text) } : null;
    },
    silentMinutes: async () => (await at(controls.silentMinutes).evaluateAll((selects) => selects.map((select) => (select as HTMLSelectElement).value)))[0] ?? null,
    tiles: () => at(controls.link, at(controls.tileMap)).evaluateAll(readTiles),
    diasporaTile: async () => (await at(controls.link, at(controls.diaspora)).evaluateAll(readTiles))[0] ?? null,
    legend: async () => (await at(controls.legendBin).evaluateAll((bins) => bins.map((bin) => bin.textContent ?? ""))).map(folded),
    rateRows: async () => {
      const table = at(controls.rateTable);
      if (!(await isThere(table))) return null;
      const rows = await table.locator("tbody tr").evaluateAll((trs) =>
        trs.map((row) => {
          const cells = Array.from(row.querySelectorAll("td")).map((cell) => cell.textContent ?? "");
          const link = row.querySelector("a");
          return { county: link?.textContent ?? "", observed: cells[0] ?? "", irregularities: cells[1] ?? "", rate: cells[2] ?? "", href: link?.getAttribute("href") ?? "" };
        }),
      );
      return rows.map((row): RateRow => ({ ...row, county: folded(row.county), observed: folded(row.observed), irregularities: folded(row.irregularities), rate: folded(row.rate) }));
    },
    boardColumns: async () => (await at(controls.columnHeader, board()).evaluateAll((headers) => headers.map((column) => column.textContent ?? ""))).map(folded),
    boardCounties: async () => (await bodyRows().evaluateAll((rows) => rows.map((row) => row.querySelector("th")?.textContent ?? ""))).map(folded),
    sortOf: async (column) => ((await attributeOf(header(column), "aria-sort")) ?? "none") as AriaSort,
    cell: async (county, column) => {
      const cells = await cellOf(county, column).evaluateAll((found) =>
        found.map((cell) => {
          const link = cell.querySelector("a");
          return {
            text: cell.textContent ?? "",
            href: link?.getAttribute("href") ?? null,
            name: link?.getAttribute("aria-label") ?? null,
            highlighted: cell.hasAttribute("data-highlighted"),
          };
        }),
      );
      return cells[0] ? ({ ...cells[0], text: folded(cells[0].text) } satisfies BoardCell) : null;
    },
    totals: async () => {
      const footer = board().locator("tfoot tr [data-column]");
      const entries = await footer.evaluateAll((cells) => cells.map((cell) => [cell.getAttribute("data-column") ?? "", cell.textContent ?? ""] as const));
      const read = new Map(entries.map(([column, text]) => [column, folded(text)]));
      return Object.fromEntries(BOARD_COLUMNS.slice(1).map((column) => [column, read.get(column) ?? ""])) as Record<FigureColumn, string>;
    },

    chooseSilentMinutes: async (minutes) => void (await at(controls.silentMinutes).selectOption(String(minutes))),
    toggleTable: () => at(controls.tableToggle).click(),
    sortBy: (column) => at(controls.button, header(column)).click(),
    openNumber: (county, column) => at(controls.link, cellOf(county, column)).click(),
    openTile: (code) => at(controls.tileMap).locator(`[data-county="${code}"]`).click(),
  };
}

export function coverageStations(page: Page): CoverageStations {
  const at = (target: Parameters<typeof locate>[1], scope: Page | Locator = page) => locate(scope, target);
  return {
    title: () => textOf(at(stationControls.title)),
    // "(1,269)" or "(1.269)": the digits, whatever the locale groups them with.
    total: async () => {
      const digits = (await textOf(at(stationControls.total)))?.replace(/\D/g, "");
      return digits ? Number(digits) : null;
    },
    asOf: async () => (await at(stationControls.asOf).locator("time").evaluateAll((times) => times.map((time) => time.getAttribute("datetime"))))[0] ?? null,
    stations: async () => {
      const rows = await at(stationControls.station).evaluateAll((trs) =>
        trs.map((row) => {
          const link = row.querySelector("a");
          const [address, lastActivity, observers] = Array.from(row.querySelectorAll("td"));
          return {
            name: link?.textContent ?? "",
            href: link?.getAttribute("href") ?? "",
            address: address?.textContent ?? "",
            lastActivity: lastActivity?.querySelector("time")?.getAttribute("datetime") ?? null,
            observers: Array.from(observers?.querySelectorAll("p") ?? []).map((line) => line.textContent ?? ""),
          };
        }),
      );
      return rows.map((row): CoverageStationRow => ({ ...row, name: folded(row.name), address: folded(row.address), observers: row.observers.map(folded) }));
    },
    range: () => textOf(at(stationControls.range)),
    notifyHref: () => attributeOf(at(stationControls.notify), "href"),
    isNotFound: () => isThere(at(stationControls.notFound)),

    notify: () => at(stationControls.notify).click(),
    nextPage: () => at(stationControls.next).click(),
    back: () => at(stationControls.back).click(),
  };
}
