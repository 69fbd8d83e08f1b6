import { sql } from "kysely";
import type { TestDb } from "../test-server";
import { twoNgosWithoutObservers } from "./observers.seed";

const LOCALITIES = ["Cluj-Napoca", "Turda", "Dej", "Gherla", "Câmpia Turzii"];
const AVRAM_IANCU = { locality: "Cluj-Napoca", institution: "Liceul Teoretic „Avram Iancu”", address: "Str. Onisifor Ghibu nr. 21", registeredVoters: 1530 };

/** The first Cluj station: the one a search for "avram iancu" finds. */
export const CLUJ_1 = { id: 1, countyCode: "CJ", countyName: "Cluj", number: 1, ...AVRAM_IANCU, latitude: 46.7712, longitude: 23.5897 };
/** The retired station of the seed, in Bucharest. */
export const BUCHAREST_3 = { id: 103, countyCode: "B", number: 3 };

/**
 * The polling-station screens' registry, in the reference counties every database has (migration 016): Cluj's
 * stations 1 to 55 (ids 1 to 55; places in five towns, every seventh without an address) and Bucharest's 1 to 3 (ids
 * 101 to 103; 3 retired): 58 stations, two pages of 50. The organizer NGO and another NGO sign in as in the observer
 * screens' seed.
 */
export async function stationRegistry(db: TestDb) {
  await twoNgosWithoutObservers(db);
  const counties = await db.selectFrom("county").select(["id", "code"]).where("code", "in", ["CJ", "B"]).execute();
  const countyId = (code: string) => counties.find((county) => county.code === code)!.id;
  const cluj = Array.from({ length: 55 }, (_, index) => {
    const number = index + 1;
    if (number === 1) return { id: 1, countyId: countyId("CJ"), number, ...AVRAM_IANCU, latitude: CLUJ_1.latitude, longitude: CLUJ_1.longitude };
    return {
      id: number,
      countyId: countyId("CJ"),
      number,
      locality: LOCALITIES[number % LOCALITIES.length]!,
      institution: `Școala Gimnazială nr. ${number}`,
      address: number % 7 === 0 ? null : `Str. Republicii nr. ${number}`,
      registeredVoters: 600 + number * 10,
    };
  });
  const bucharest = [1, 2, 3].map((number) => ({
    id: 100 + number,
    countyId: countyId("B"),
    number,
    locality: "București",
    institution: `Colegiul Național nr. ${number}`,
    address: `Bd. Unirii nr. ${number}`,
    registeredVoters: 1000 + number,
    status: number === 3 ? ("retired" as const) : ("active" as const),
  }));
  await db.insertInto("pollingStation").values(cluj).execute();
  await db.insertInto("pollingStation").values(bucharest).execute();
  await sql`SELECT setval(pg_get_serial_sequence('polling_station', 'id'), 1000)`.execute(db);
}
