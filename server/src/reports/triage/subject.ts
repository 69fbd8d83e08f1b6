import { sql, type Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import type { ThreadKey } from "./thread-scope.ts";

/**
 * Who and where the thread is about, as the answers list names them ("CJ 15" with its locality and address): a
 * thread opened from a link is named without its list row. Read after the scope check, so both rows exist.
 */
export async function readSubject(db: Kysely<Database>, key: ThreadKey) {
  const [observer, station] = await Promise.all([
    db.selectFrom("observer").select("name").where("id", "=", key.observerId).executeTakeFirstOrThrow(),
    db
      .selectFrom("pollingStation as s")
      .innerJoin("county as c", "c.id", "s.countyId")
      .select([sql<string>`c.code || ' ' || s.number`.as("pollingStationName"), "s.locality", "s.address"])
      .where("s.id", "=", key.pollingStationId)
      .executeTakeFirstOrThrow(),
  ]);
  return { observerName: observer.name, ...station };
}
