import type { Random } from "../../server/src/demo/random.ts";

/** A building that hosts one or more consecutive stations, all at its address. */
export interface Building {
  institution: string;
  address: string;
  stations: number;
}

/** What a city's schools are numbered and named so far: Bucharest's sectors share one, as its schools do. */
export interface Numbering {
  school: number;
  technical: number;
  kindergarten: number;
  names: Set<string>;
}

export const newNumbering = (): Numbering => ({ school: 0, technical: 0, kindergarten: 0, names: new Set() });

/** People Romanian schools are named after. */
const PEOPLE = [
  "Mihai Eminescu", "Ion Creangă", "George Coșbuc", "Lucian Blaga", "Avram Iancu", "Mihai Viteazul", "Nicolae Titulescu",
  "Octavian Goga", "Tudor Vladimirescu", "Ștefan cel Mare", "Alexandru Ioan Cuza", "Vasile Alecsandri", "Spiru Haret",
  "Nicolae Bălcescu", "Ion Luca Caragiale", "Constantin Brâncoveanu", "Gheorghe Lazăr", "Emil Racoviță", "Grigore Moisil",
  "Petru Rareș", "Mircea cel Bătrân", "Liviu Rebreanu", "Nicolae Iorga", "Mihail Sadoveanu", "George Enescu", "Tudor Arghezi",
  "Dimitrie Cantemir", "Nichita Stănescu", "Traian Vuia", "Aurel Vlaicu", "Henri Coandă", "Ioan Slavici",
];

const TOWN_STREETS = [
  "Str. Mihai Viteazul", "Str. Mihai Eminescu", "Bd. Republicii", "Str. Avram Iancu", "Bd. Independenței", "Str. Ștefan cel Mare",
  "Str. 1 Decembrie 1918", "Str. Nicolae Bălcescu", "Str. Tudor Vladimirescu", "Str. Libertății", "Str. Unirii", "Bd. Revoluției",
  "Str. Gării", "Str. Ion Creangă", "Str. George Coșbuc", "Str. Vasile Alecsandri", "Str. Alexandru Ioan Cuza", "Str. Primăverii",
  "Str. Trandafirilor", "Str. Decebal", "Str. Traian", "Str. Horea", "Str. Victoriei", "Bd. Dacia", "Str. Păcii", "Str. Eroilor",
  "Str. Tineretului", "Str. Florilor", "Str. Mărășești", "Str. Lalelelor",
];

const VILLAGE_STREETS = [
  "Str. Principală", "Str. Principală", "Str. Școlii", "Str. Bisericii", "Str. Primăriei", "Str. Morii", "Str. Gării",
  "Str. Libertății", "Str. Unirii", "Str. Eroilor", "Str. Republicii", "Str. Câmpului", "Str. Viilor",
];

/** Each sector's own main streets. */
export const SECTOR_STREETS: readonly (readonly string[])[] = [
  ["Bd. Ion Mihalache", "Calea Victoriei", "Bd. Aviatorilor", "Calea Dorobanților", "Calea Griviței", "Str. Băiculești", "Bd. Bucureștii Noi"],
  ["Șos. Pantelimon", "Șos. Colentina", "Calea Moșilor", "Bd. Lacul Tei", "Șos. Iancului", "Str. Ziduri Moși", "Bd. Ferdinand I"],
  ["Calea Vitan", "Bd. Camil Ressu", "Bd. Nicolae Grigorescu", "Str. Liviu Rebreanu", "Bd. Theodor Pallady", "Calea Dudești", "Bd. Basarabia"],
  ["Șos. Berceni", "Calea Văcărești", "Șos. Olteniței", "Bd. Metalurgiei", "Str. Turnu Măgurele", "Bd. Constantin Brâncoveanu", "Bd. Tineretului"],
  ["Calea Rahovei", "Calea 13 Septembrie", "Șos. Sălaj", "Str. Sebastian", "Str. Mărgeanului", "Șos. Alexandriei", "Str. Amurgului"],
  ["Bd. Iuliu Maniu", "Bd. Timișoara", "Bd. Uverturii", "Str. Brașov", "Bd. Constructorilor", "Calea Giulești", "Drumul Taberei"],
];

export interface CityPlan { stations: number; big: boolean; streets?: readonly string[]; hostsUpTo: number }

/** A municipality's or town's buildings: schools, lyceums, kindergartens, its house of culture. */
export function cityBuildings(random: Random, numbering: Numbering, plan: CityPlan): Building[] {
  const address = addresses(random, plan.streets ?? TOWN_STREETS, 180);
  const once = new Set<string>();
  const buildings: Building[] = [];
  for (let left = plan.stations; left > 0; ) {
    const stations = Math.min(left, random.int(1, plan.hostsUpTo));
    buildings.push({ institution: cityInstitution(random, numbering, plan.big, once), address: address(), stations });
    left -= stations;
  }
  return buildings;
}

function cityInstitution(random: Random, numbering: Numbering, big: boolean, once: Set<string>): string {
  const roll = random.next();
  const named = (kind: string) => {
    const person = random.pick(PEOPLE);
    if (numbering.names.has(person)) return `Școala Gimnazială nr. ${++numbering.school}`;
    numbering.names.add(person);
    return `${kind} „${person}”`;
  };
  if (roll < 0.36) return `Școala Gimnazială nr. ${++numbering.school}`;
  if (roll < 0.5) return named("Școala Gimnazială");
  if (roll < 0.6) return named("Liceul Teoretic");
  if (roll < 0.66) return big ? named("Colegiul Național") : named("Liceul Teoretic");
  if (roll < 0.7) return named("Colegiul Tehnic");
  if (roll < 0.76) return `Liceul Tehnologic nr. ${++numbering.technical}`;
  if (roll < 0.95) return `Grădinița cu Program Prelungit nr. ${++numbering.kindergarten}`;
  const hall = random.pick(["Casa de Cultură", "Clubul Copiilor", "Palatul Copiilor", "Sala Sporturilor"]);
  if (once.has(hall)) return `Școala Gimnazială nr. ${++numbering.school}`;
  once.add(hall);
  return hall;
}

/** A commune's buildings: its schools and kindergartens, the cultural hall, the town hall. */
export function communeBuildings(random: Random, commune: string, stations: number): Building[] {
  const address = addresses(random, VILLAGE_STREETS, 400);
  const numbering = newNumbering();
  const halls = [`Primăria comunei ${commune}`, "Căminul Cultural"];
  const buildings: Building[] = [];
  for (let left = stations; left > 0; ) {
    const hosts = Math.min(left, random.pick([1, 1, 2]));
    const roll = buildings.length === 0 ? 0 : random.next();
    const institution =
      roll < 0.45 ? `Școala Gimnazială nr. ${++numbering.school}`
      : roll < 0.6 ? `Școala Primară nr. ${++numbering.school}`
      : roll < 0.75 || halls.length === 0 ? `Grădinița cu Program Normal nr. ${++numbering.kindergarten}`
      : halls.splice(random.int(0, halls.length - 1), 1)[0];
    buildings.push({ institution, address: address(), stations: hosts });
    left -= hosts;
  }
  return buildings;
}

/** Draws addresses on `streets`, none twice in one place. */
function addresses(random: Random, streets: readonly string[], highest: number): () => string {
  const used = new Set<string>();
  return () => {
    for (;;) {
      const address = `${random.pick(streets)} nr. ${random.int(1, highest)}`;
      if (used.has(address)) continue;
      used.add(address);
      return address;
    }
  };
}
