/**
 * The tile-grid cartogram: one equal square per county, on a hand-made 9 × 7 grid that keeps each county roughly
 * where it lies and next to its neighbours (no map data). Bucharest sits beside Ilfov; the diaspora has no place
 * on the map and is drawn apart.
 */
export const TILE_COLUMNS = 9;
export const TILE_ROWS = 7;

const GRID: readonly (readonly (string | null)[])[] = [
  [null, null, "SM", "MM", "SV", "BT", null, null, null],
  [null, "BH", "SJ", "BN", "NT", "IS", null, null, null],
  [null, "AR", "CJ", "MS", "HR", "BC", "VS", null, null],
  ["TM", "HD", "AB", "SB", "BV", "CV", "VN", "GL", null],
  ["CS", "GJ", "VL", "AG", "DB", "PH", "BZ", "BR", "TL"],
  [null, "MH", "DJ", "OT", "IF", "B", "IL", "CT", null],
  [null, null, null, "TR", "GR", "CL", null, null, null],
];

export interface TilePosition {
  /** 1-based, as CSS grid lines count. */
  row: number;
  column: number;
}

export const TILE_POSITIONS: ReadonlyMap<string, TilePosition> = new Map(
  GRID.flatMap((cells, row) => cells.flatMap((code, column) => (code ? [[code, { row: row + 1, column: column + 1 }] as const] : []))),
);

export const DIASPORA_CODE = "D";

/**
 * Irregularities per 100 observed stations, in five bins (lower bound inclusive). The colours are cividis-like
 * (readable with every common colour-vision deficiency), light for few and dark for many, each with the text
 * colour that keeps at least 4.5:1 contrast on it.
 */
export const RATE_BINS = [
  { from: 0, to: 10, background: "#fdea45", text: "#000000" },
  { from: 10, to: 25, background: "#b7ab6d", text: "#000000" },
  { from: 25, to: 50, background: "#7c7b78", text: "#000000" },
  { from: 50, to: 100, background: "#3b496c", text: "#ffffff" },
  { from: 100, to: null, background: "#00224e", text: "#ffffff" },
] as const;

export type RateBin = (typeof RATE_BINS)[number];

export const NO_DATA_COLOURS = { background: "#f1f3f5", text: "#212529", border: "#868e96" } as const;

/** Irregularities per 100 observed stations, one decimal; null when nothing is observed (no rate to speak of). */
export function irregularityRate(irregularities: number, observed: number): number | null {
  return observed === 0 ? null : Math.round((irregularities / observed) * 1000) / 10;
}

/** The index of the bin a rate falls in, 0 (fewest) to 4 (most). */
export const rateBinIndex = (rate: number): number => RATE_BINS.findIndex((bin) => bin.to === null || rate < bin.to);

export const rateBin = (rate: number): RateBin => RATE_BINS[rateBinIndex(rate)]!;
