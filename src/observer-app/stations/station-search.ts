import type { Registry, RegistryStation } from "../reference/reference-types";

/** The station with this number in this county, from the registry kept on the phone. */
export function findStation(registry: Registry | null, countyCode: string, number: number): RegistryStation | null {
  return registry?.stations.find((station) => station.countyCode === countyCode && station.number === number) ?? null;
}

/** Whether a county's stations are abroad (diaspora forms are for those only). */
export function isAbroad(registry: Registry | null, countyCode: string): boolean {
  return registry?.counties.find((county) => county.code === countyCode)?.diaspora ?? false;
}

/** Where a station is, in one line: locality, building, address, whichever are known. */
export const placeOf = (station: { locality: string | null; institution: string | null; address: string | null }) =>
  [station.locality, station.institution, station.address].filter(Boolean).join(", ");
