import { Random } from "../../server/src/demo/random.ts";
import { abroadBuildings } from "./abroad-buildings.ts";
import { COUNTRIES } from "./abroad.ts";
import { allot } from "./allot.ts";
import { cityBuildings, communeBuildings, newNumbering, SECTOR_STREETS, type Building } from "./buildings.ts";
import { BUCHAREST_SECTORS, COUNTY_PLACES, type Place } from "./romania.ts";

/** One line of the official list. */
export interface StationRow {
  number: number;
  locality: string;
  institution: string;
  address: string;
  registeredVoters: number | null;
}

interface Locality {
  name: string;
  kind: "city" | "commune" | "abroad";
  weight: number;
  buildings: (random: Random, stations: number) => Building[];
}

const romanian = new Intl.Collator("ro");
const byName = (a: Place, b: Place) => romanian.compare(a[0], b[0]);

/** Stations 1..`count` of the county `code`, locality by locality. Each county draws from its own seed. */
export function countyStations(code: string, count: number): StationRow[] {
  const random = new Random(seedOf(code));
  const localities = localitiesOf(code);
  const shares = allot(count, localities.map((locality) => locality.weight));
  const rows: StationRow[] = [];
  localities.forEach((locality, index) => {
    for (const building of locality.buildings(random, shares[index])) {
      for (let k = 0; k < building.stations; k++) {
        rows.push({ number: rows.length + 1, locality: locality.name, institution: building.institution, address: building.address, registeredVoters: votersAt(random, locality.kind) });
      }
    }
  });
  return rows;
}

function localitiesOf(code: string): Locality[] {
  if (code === "D") return abroad();
  if (code === "B") return bucharest();
  const places = COUNTY_PLACES[code];
  if (!places) throw new Error(`no places for county ${code}`);
  // The seat has the lowest numbers and the most stations, then the towns, then the communes, each alphabetical.
  const largestOther = Math.max(...[...places.towns, ...places.communes].map(([, thousands]) => thousands));
  const seat: Place = [places.seat[0], Math.max(places.seat[1], largestOther + 1)];
  return [
    ...[seat, ...[...places.towns].sort(byName)].map(([name, weight], index): Locality => ({
      name,
      kind: "city",
      weight,
      buildings: (random, stations) => cityBuildings(random, newNumbering(), { stations, big: index === 0 || weight >= 30, hostsUpTo: index === 0 ? 4 : 3 }),
    })),
    ...[...places.communes].sort(byName).map(([name, weight]): Locality => ({
      name,
      kind: "commune",
      weight,
      buildings: (random, stations) => communeBuildings(random, name, stations),
    })),
  ];
}

function bucharest(): Locality[] {
  const numbering = newNumbering();
  return BUCHAREST_SECTORS.map(([name, weight], index) => ({
    name,
    kind: "city",
    weight,
    buildings: (random, stations) => cityBuildings(random, numbering, { stations, big: true, streets: SECTOR_STREETS[index], hostsUpTo: 5 }),
  }));
}

function abroad(): Locality[] {
  return COUNTRIES.flatMap((country) =>
    [...country.cities]
      .sort((a, b) => romanian.compare(a.name, b.name))
      .map((city): Locality => ({ name: city.name, kind: "abroad", weight: city.weight, buildings: (random, stations) => abroadBuildings(random, country, city, stations) })),
  );
}

/** Registered voters: none abroad (anyone may vote anywhere there), more per station in the towns than in the villages. */
function votersAt(random: Random, kind: Locality["kind"]): number | null {
  if (kind === "abroad") return null;
  return kind === "city" ? random.int(1000, 2000) : random.int(400, 1400);
}

/** FNV-1a of the county code. */
function seedOf(code: string): number {
  let hash = 0x811c9dc5;
  for (const char of code) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193);
  return hash >>> 0;
}
