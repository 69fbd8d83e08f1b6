import { describe, expect, it } from "vitest";
import { DEMO_COUNTIES } from "../../../../server/src/demo/content/counties";
import { DIASPORA_CODE, irregularityRate, rateBinIndex, rateBins, TILE_COLUMNS, TILE_POSITIONS, TILE_ROWS } from "./county-tiles";

describe("county tiles", () => {
  it("places every county of the country on its own tile inside the grid, and the diaspora off it", () => {
    const inCountry = DEMO_COUNTIES.filter((county) => !county.diaspora).map((county) => county.code);
    expect([...TILE_POSITIONS.keys()].sort()).toEqual([...inCountry].sort());
    expect(TILE_POSITIONS.has(DIASPORA_CODE)).toBe(false);
    const cells = [...TILE_POSITIONS.values()].map(({ row, column }) => `${row}/${column}`);
    expect(new Set(cells).size).toBe(cells.length);
    for (const { row, column } of TILE_POSITIONS.values()) {
      expect(row).toBeGreaterThanOrEqual(1);
      expect(row).toBeLessThanOrEqual(TILE_ROWS);
      expect(column).toBeGreaterThanOrEqual(1);
      expect(column).toBeLessThanOrEqual(TILE_COLUMNS);
    }
  });

  it("keeps neighbours next to each other: Bucharest beside Ilfov, Constanța and Tulcea on the east", () => {
    const at = (code: string) => TILE_POSITIONS.get(code)!;
    expect(Math.abs(at("B").column - at("IF").column) + Math.abs(at("B").row - at("IF").row)).toBe(1);
    expect(at("CT").column).toBeGreaterThanOrEqual(TILE_COLUMNS - 2);
    expect(at("TL").column).toBe(TILE_COLUMNS);
    expect(at("TM").column).toBe(1);
    expect([at("SM").row, at("MM").row, at("SV").row, at("BT").row]).toEqual([1, 1, 1, 1]);
  });

  it("rates irregularities per 100 observed stations to one decimal, none without observed stations", () => {
    expect(irregularityRate(0, 0)).toBeNull();
    expect(irregularityRate(3, 0)).toBeNull();
    expect(irregularityRate(2, 10)).toBe(20);
    expect(irregularityRate(1, 3)).toBe(33.3);
  });

  it("bins modest rates on the standard scale, lower bounds inclusive", () => {
    const bins = rateBins(120);
    expect(bins.map((bin) => [bin.from, bin.to])).toEqual([[0, 10], [10, 25], [25, 50], [50, 100], [100, null]]);
    expect([0, 9.9, 10, 24.9, 25, 49.9, 50, 99.9, 100, 120].map((rate) => rateBinIndex(bins, rate))).toEqual([0, 0, 1, 1, 2, 2, 3, 3, 4, 4]);
  });

  it("spreads high rates over equal round steps, so that election day is not one colour", () => {
    // Several flagged answers per station: rates in the hundreds.
    expect(rateBins(533).map((bin) => bin.from)).toEqual([0, 100, 200, 300, 400]);
    expect(rateBins(300).map((bin) => bin.from)).toEqual([0, 50, 100, 150, 200]);
    expect(rateBins(1_240).map((bin) => bin.from)).toEqual([0, 250, 500, 750, 1000]);
    expect([220, 350, 533].map((rate) => rateBinIndex(rateBins(533), rate))).toEqual([2, 3, 4]);
  });
});
