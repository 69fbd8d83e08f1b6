/**
 * The coverage of /statistics (county tile map, its table twin, the coverage board) and the stations behind one
 * board number (/statistics/coverage/:county/:measure). Controls whose words are new (not yet in the Romanian
 * catalog) are found by test id, so the same targets serve both languages.
 */
import type { Target } from "./locators";

/** The board's columns left to right, as the screen orders them. */
export const BOARD_COLUMNS = [
  "county",
  "stations",
  "assigned",
  "assignedNotArrived",
  "unobserved",
  "observed",
  "opened",
  "reporting",
  "counted",
  "silent",
] as const;
export type BoardColumn = (typeof BOARD_COLUMNS)[number];
export type FigureColumn = Exclude<BoardColumn, "county">;
export type AriaSort = "ascending" | "descending" | "none";

export interface CountyTile {
  code: string;
  /** The colour bin, "0" (fewest irregularities) to "4", or "none" without observed stations. */
  bin: string;
  /** The tile in words, after what it shows: "Cluj: 12 irregularities per 100 observed stations". */
  name: string;
  /** The rate the tile shows ("–" without data). */
  rate: string;
  href: string;
}

export interface RateRow {
  county: string;
  observed: string;
  irregularities: string;
  rate: string;
  href: string;
}

export interface BoardCell {
  /** The number as shown (locale-formatted). */
  text: string;
  /** Where the number leads; null for a plain number. */
  href: string | null;
  /** The link's accessible name; null for a plain number. */
  name: string | null;
  highlighted: boolean;
}

export interface CoverageOverview {
  /** The `datetime` of "As of hh:mm:ss", and its text. */
  asOf(): Promise<{ dateTime: string; text: string } | null>;
  silentMinutes(): Promise<string | null>;
  /** The map's tiles in reading order (row by row), diaspora apart. */
  tiles(): Promise<CountyTile[]>;
  diasporaTile(): Promise<CountyTile | null>;
  legend(): Promise<string[]>;
  /** The table twin's rows; null while it is hidden. */
  rateRows(): Promise<RateRow[] | null>;
  boardColumns(): Promise<string[]>;
  /** The county names of the board's rows, top to bottom. */
  boardCounties(): Promise<string[]>;
  sortOf(column: BoardColumn): Promise<AriaSort>;
  cell(county: string, column: FigureColumn): Promise<BoardCell | null>;
  totals(): Promise<Record<FigureColumn, string>>;

  chooseSilentMinutes(minutes: number): Promise<void>;
  toggleTable(): Promise<void>;
  sortBy(column: BoardColumn): Promise<void>;
  openNumber(county: string, column: FigureColumn): Promise<void>;
  openTile(code: string): Promise<void>;
}

export interface CoverageStationRow {
  name: string;
  href: string;
  address: string;
  /** The `datetime` of the last activity, null for "never". */
  lastActivity: string | null;
  observers: string[];
}

export interface CoverageStations {
  title(): Promise<string | null>;
  /** The number in the title, "(1,269)", as a number. */
  total(): Promise<number | null>;
  asOf(): Promise<string | null>;
  stations(): Promise<CoverageStationRow[]>;
  /** "Showing 1 to 20 of 37", in the language shown. */
  range(): Promise<string | null>;
  /** Where "Notify these observers" leads; null while it is disabled or absent. */
  notifyHref(): Promise<string | null>;
  isNotFound(): Promise<boolean>;

  notify(): Promise<void>;
  nextPage(): Promise<void>;
  back(): Promise<void>;
}

export const coverageControls = {
  asOf: { testId: "coverage-as-of" } satisfies Target,
  silentMinutes: { testId: "coverage-silent-minutes" } satisfies Target,
  tileMap: { testId: "county-tile-map" } satisfies Target,
  diaspora: { testId: "diaspora-tile" } satisfies Target,
  legendBin: { testId: "legend-bin" } satisfies Target,
  tableToggle: { testId: "coverage-table-toggle" } satisfies Target,
  rateTable: { testId: "county-rate-table" } satisfies Target,
  board: { testId: "coverage-board" } satisfies Target,
  link: { role: "link" } satisfies Target,
  row: { role: "row" } satisfies Target,
  rowHeader: { role: "rowheader" } satisfies Target,
  columnHeader: { role: "columnheader" } satisfies Target,
  cell: { role: "cell" } satisfies Target,
  button: { role: "button" } satisfies Target,
};

export const coverageStationControls = {
  title: { role: "heading", level: 1 } satisfies Target,
  total: { testId: "coverage-station-total" } satisfies Target,
  asOf: { testId: "coverage-as-of" } satisfies Target,
  table: { testId: "coverage-station-table" } satisfies Target,
  station: { testId: "coverage-station" } satisfies Target,
  range: { testId: "list-range" } satisfies Target,
  notify: { testId: "coverage-notify" } satisfies Target,
  notFound: { testId: "coverage-not-found" } satisfies Target,
  link: { role: "link" } satisfies Target,
  cell: { role: "cell" } satisfies Target,
  /** The pagination's Next, by its catalog key (NEXT) in either language. */
  next: { role: "button", name: /^(Next|Următoarea)$/ } satisfies Target,
  back: { testId: "coverage-back" } satisfies Target,
};
