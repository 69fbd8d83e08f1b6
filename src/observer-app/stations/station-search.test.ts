import { describe, expect, it } from "vitest";
import type { Registry } from "../reference/reference-types";
import { findStation, isAbroad, placeOf } from "./station-search";

const registry: Registry = {
  version: "7",
  etag: '"7"',
  counties: [
    { code: "CJ", name: "Cluj", diaspora: false },
    { code: "SR", name: "Străinătate", diaspora: true },
  ],
  stations: [
    { id: 1, countyCode: "CJ", number: 15, locality: "Cluj-Napoca", institution: "Școala Gimnazială nr. 1", address: "Str. Horea 2", status: "active" },
    { id: 2, countyCode: "SR", number: 15, locality: "Paris", institution: null, address: null, status: "active" },
  ],
};

describe("station search", () => {
  it("finds a station by county and number, not another county's station of the same number", () => {
    expect(findStation(registry, "SR", 15)?.id).toBe(2);
    expect(findStation(registry, "CJ", 16)).toBeNull();
    expect(findStation(null, "CJ", 15)).toBeNull();
  });

  it("tells stations abroad by their county", () => {
    expect([isAbroad(registry.counties, "SR"), isAbroad(registry.counties, "CJ"), isAbroad(registry.counties, "XX")]).toEqual([true, false, false]);
  });

  it("writes the known parts of a place only", () => {
    expect(placeOf(registry.stations[0]!)).toBe("Cluj-Napoca, Școala Gimnazială nr. 1, Str. Horea 2");
    expect(placeOf(registry.stations[1]!)).toBe("Paris");
  });
});
