import { sql, type Kysely } from "kysely";
import type { components } from "../../../openapi/schema.d.ts";
import type { NgoScope } from "../auth/scope.ts";
import { romanianOrder } from "../db/romanian-order.ts";
import type { Database } from "../db/schema.ts";
import { fail } from "../problem.ts";

type StationObserver = components["schemas"]["StationObserver"];

/**
 * The live observers in `scope` assigned to the round's station or present there (station_presence: an arrival,
 * answers or a note), assigned ones first, then in Romanian name order. An unknown station, or one of another round,
 * is a 404; a station whose observers are all another NGO's answers an empty list, as one without observers does.
 * What is reported at a station names the station's round (their keys say so), so the rows joined by station are the
 * round's.
 */
export async function stationObservers(db: Kysely<Database>, scope: NgoScope, roundId: number, stationId: number): Promise<StationObserver[]> {
  const station = await db
    .selectFrom("pollingStation")
    .select("id")
    .where("id", "=", stationId)
    .where("electionRoundId", "=", roundId)
    .executeTakeFirst();
  if (!station) throw fail.notFound(`There is no polling station with id ${stationId}.`);
  // From the station's own rows (both indexed by station), never a scan of every observer.
  const here = db
    .selectFrom("stationAssignment")
    .select("observerId")
    .where("electionRoundId", "=", roundId)
    .where("pollingStationId", "=", stationId)
    .union(db.selectFrom("stationPresence").select("observerId").where("electionRoundId", "=", roundId).where("pollingStationId", "=", stationId))
    .as("h");
  let query = db
    .selectFrom(here)
    .innerJoin("observer as o", "o.id", "h.observerId")
    .innerJoin("ngo as g", "g.id", "o.ngoId")
    .leftJoin("stationAssignment as a", (join) => join.onRef("a.observerId", "=", "o.id").on("a.pollingStationId", "=", stationId))
    .leftJoin("stationPresence as p", (join) => join.onRef("p.observerId", "=", "o.id").on("p.pollingStationId", "=", stationId))
    .leftJoin("pollingStationInfo as i", (join) => join.onRef("i.observerId", "=", "o.id").on("i.pollingStationId", "=", stationId))
    .select([
      "o.id",
      "o.name",
      "o.phone",
      "o.ngoId",
      "g.name as ngo",
      sql<boolean>`a.observer_id IS NOT NULL`.as("assigned"),
      "i.observerArrivalTime as arrivedAt",
      "i.observerLeaveTime as leftAt",
      sql<boolean>`coalesce(p.noted OR cardinality(p.form_ids) > 0, false)`.as("reported"),
    ])
    .where("o.deletedAt", "is", null);
  if (scope.kind === "ngo") query = query.where("o.ngoId", "=", scope.ngoId);
  const rows = await query
    .orderBy(sql`a.observer_id IS NULL`)
    .orderBy(romanianOrder("o.name"))
    .orderBy("o.id")
    .execute();
  return rows.map((row) => ({ ...row, arrivedAt: row.arrivedAt?.toISOString() ?? null, leftAt: row.leftAt?.toISOString() ?? null }));
}
