import type { Random } from "../../server/src/demo/random.ts";
import type { City, Country } from "./abroad.ts";
import type { Building } from "./buildings.ts";

const PARISHES = [
  "Sfântul Nicolae", "Sfântul Gheorghe", "Sfânta Parascheva", "Sfinții Arhangheli Mihail și Gavriil",
  "Sfinții Împărați Constantin și Elena", "Sfântul Ioan Botezătorul", "Sfântul Dumitru", "Sfânta Treime",
  "Sfinții Apostoli Petru și Pavel", "Nașterea Maicii Domnului", "Sfântul Andrei", "Învierea Domnului",
];

/** A city's buildings abroad: the mission first (when there is one), then parishes and community halls. */
export function abroadBuildings(random: Random, country: Country, city: City, stations: number): Building[] {
  const streets = city.streets ?? country.streets;
  const used = new Set<string>();
  const address = () => {
    for (;;) {
      const drawn = country.address(random.pick(streets), random.int(1, 120));
      if (used.has(drawn)) continue;
      used.add(drawn);
      return drawn;
    }
  };
  const halls = [
    "Centrul comunitar românesc", `Asociația Românilor din ${city.name}`, "Casa Românească", "Școala de limbă română",
    ...(city.mission === "Ambasada României" ? ["Institutul Cultural Român"] : []),
    ...PARISHES.map((saint) => `Parohia Ortodoxă Română „${saint}”`),
  ];
  const buildings: Building[] = [];
  let extra = 0;
  for (let left = stations; left > 0; ) {
    const mission = buildings.length === 0 ? city.mission : undefined;
    const hosts = Math.min(left, mission ? random.int(2, 4) : random.int(1, 3));
    const institution = mission ?? (halls.length > 0 ? halls.splice(random.int(0, halls.length - 1), 1)[0] : `Centrul comunitar nr. ${++extra}`);
    buildings.push({ institution, address: address(), stations: hosts });
    left -= hosts;
  }
  return buildings;
}
