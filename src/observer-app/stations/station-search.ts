import type { Registry, RegistryCounty, RegistryStation } from "../reference/reference-types";
import type { CurrentStation } from "../storage/observer-store";

/** What the app keeps of a station the observer arrives at. */
export type ArrivingAt = Omit<CurrentStation, "arrivedAt">;

/** The station with this number in this county, from the registry kept on the phone. */
export function findStation(registry: Registry | null, countyCode: string, number: number): RegistryStation | null {
  return registry?.stations.find((station) => station.countyCode === countyCode && station.number === number) ?? null;
}

/** Whether a county's stations are abroad (diaspora forms are for those only). */
export function isAbroad(counties: RegistryCounty[], countyCode: string): boolean {
  return counties.find((county) => county.code === countyCode)?.diaspora ?? false;
}

/** Where a station is, in one line: locality, building, address, whichever are known. */
export const placeOf = (station: { locality: string | null; institution: string | null; address: string | null }) =>
  [station.locality, station.institution, station.address].filter(Boolean).join(", ");
