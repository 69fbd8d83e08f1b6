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
 * The five colours of the scale, cividis-like (readable with every common colour-vision deficiency), light for few
 * and dark for many, each with the text colour that keeps at least 4.5:1 contrast on it.
 */
const BIN_COLOURS = [
  { background: "#fdea45", text: "#000000" },
  { background: "#b7ab6d", text: "#000000" },
  { background: "#7c7b78", text: "#000000" },
  { background: "#3b496c", text: "#ffffff" },
  { background: "#00224e", text: "#ffffff" },
] as const;

export interface RateBin {
  from: number;
  /** Upper bound (exclusive); null for the last bin. */
  to: number | null;
  background: string;
  text: string;
}

/** The scale's bounds while the highest rate is modest: 10, 25, 50, 100 irregularities per 100 observed stations. */
const STANDARD_BOUNDS = [10, 25, 50, 100];
const STANDARD_UP_TO = 125;

/** The nearest of 1, 2, 2.5, 5 times a power of ten, at least 1. */
function niceStep(value: number): number {
  if (value <= 1) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  const steps = [1, 2, 2.5, 5, 10].map((factor) => factor * power);
  return steps.reduce((best, step) => (Math.abs(step - value) < Math.abs(best - value) ? step : best));
}

/**
 * Five bins of irregularities per 100 observed stations (lower bound inclusive) for the rates shown. A fixed scale
 * would paint election day in one colour (a station reports several flagged answers, so rates run into the
 * hundreds), so above a modest maximum the bins are equal steps of a round size that spread the counties shown.
 */
export function rateBins(highestRate: number): RateBin[] {
  const bounds = highestRate <= STANDARD_UP_TO ? STANDARD_BOUNDS : [1, 2, 3, 4].map((n) => n * niceStep(highestRate / 5));
  return BIN_COLOURS.map((colours, index) => ({ from: index === 0 ? 0 : bounds[index - 1]!, to: bounds[index] ?? null, ...colours }));
}

export const NO_DATA_COLOURS = { background: "#f1f3f5", text: "#212529", border: "#868e96" } as const;

/** Irregularities per 100 observed stations, one decimal; null when nothing is observed (no rate to speak of). */
export function irregularityRate(irregularities: number, observed: number): number | null {
  return observed === 0 ? null : Math.round((irregularities / observed) * 1000) / 10;
}

/** The index of the bin a rate falls in, 0 (fewest) to 4 (most). */
export const rateBinIndex = (bins: readonly RateBin[], rate: number): number => bins.findIndex((bin) => bin.to === null || rate < bin.to);
