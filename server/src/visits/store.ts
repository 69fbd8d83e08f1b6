import { sql, type Kysely, type Transaction } from "kysely";
import type { Database } from "../db/schema.ts";
import { fail, problem, ProblemError } from "../problem.ts";

/** What one observer recorded at one station, as the observer-side operations answer it. */
export interface Visit {
  observerId: number;
  pollingStationId: number;
  countyCode: string;
  pollingStationNumber: number;
  observerArrivalTime: string;
  observerLeaveTime: string | null;
  urbanArea: boolean | null;
  isPollingStationPresidentFemale: boolean | null;
  lastModified: string;
}

/** One observer at one station of a round (a station belongs to one round; the round is named on every row). */
interface VisitKey {
  roundId: number;
  observerId: number;
  pollingStationId: number;
}

/**
 * Creates or updates the observer's record of the station. Facts left out keep their stored value; a stored
 * departure stays unless the new arrival is later (the observer came back), which clears it.
 */
export async function recordArrival(
  db: Kysely<Database>,
  key: VisitKey,
  arrival: { time: Date; urbanArea?: boolean; isPresidentFemale?: boolean },
  now: Date,
): Promise<Visit> {
  await sql`
    INSERT INTO polling_station_info AS info
      (election_round_id, observer_id, polling_station_id, last_modified, observer_arrival_time, urban_area, is_president_female)
    VALUES (${key.roundId}, ${key.observerId}, ${key.pollingStationId}, ${now}, ${arrival.time},
            ${arrival.urbanArea ?? null}, ${arrival.isPresidentFemale ?? null})
    ON CONFLICT (observer_id, polling_station_id) DO UPDATE SET
      last_modified = excluded.last_modified,
      observer_arrival_time = excluded.observer_arrival_time,
      observer_leave_time = CASE WHEN info.observer_leave_time < excluded.observer_arrival_time THEN NULL ELSE info.observer_leave_time END,
      urban_area = coalesce(excluded.urban_area, info.urban_area),
      is_president_female = coalesce(excluded.is_president_female, info.is_president_female)`.execute(db);
  return (await findVisit(db, key))!;
}

/**
 * Sets the departure on an existing record: no arrival there is a 404, leaving before arriving a 422. In the caller's
 * transaction, which holds the record from the check to the write (and may hold an idempotency key's claim).
 */
export async function recordDeparture(trx: Transaction<Database>, key: VisitKey, leave: Date, now: Date): Promise<Visit> {
  const stored = await trx
    .selectFrom("pollingStationInfo")
    .select("observerArrivalTime")
    .where("electionRoundId", "=", key.roundId)
    .where("observerId", "=", key.observerId)
    .where("pollingStationId", "=", key.pollingStationId)
    .forUpdate()
    .executeTakeFirst();
  if (!stored?.observerArrivalTime) throw fail.notFound("You have not recorded an arrival at this polling station.");
  if (leave < stored.observerArrivalTime) {
    throw new ProblemError(
      problem(422, "leave_before_arrival", "The departure is earlier than the arrival.", {
        errors: { observerLeaveTime: [{ code: "invalid", message: `must not be before ${stored.observerArrivalTime.toISOString()}` }] },
      }),
    );
  }
  await trx
    .updateTable("pollingStationInfo")
    .set({ observerLeaveTime: leave, lastModified: now })
    .where("electionRoundId", "=", key.roundId)
    .where("observerId", "=", key.observerId)
    .where("pollingStationId", "=", key.pollingStationId)
    .execute();
  return (await findVisit(trx, key))!;
}

export async function findVisit(db: Kysely<Database>, key: VisitKey): Promise<Visit | undefined> {
  const row = await db
    .selectFrom("pollingStationInfo as i")
    .innerJoin("pollingStation as s", "s.id", "i.pollingStationId")
    .innerJoin("county as c", "c.id", "s.countyId")
    .select([
      "i.observerId",
      "i.pollingStationId",
      "c.code as countyCode",
      "s.number as pollingStationNumber",
      "i.observerArrivalTime",
      "i.observerLeaveTime",
      "i.urbanArea",
      "i.isPresidentFemale",
      "i.lastModified",
    ])
    .where("i.electionRoundId", "=", key.roundId)
    .where("i.observerId", "=", key.observerId)
    .where("i.pollingStationId", "=", key.pollingStationId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    observerId: row.observerId,
    pollingStationId: row.pollingStationId,
    countyCode: row.countyCode,
    pollingStationNumber: row.pollingStationNumber,
    // The demo seed and recordArrival always set it; an imported record without one reads as its last change.
    observerArrivalTime: (row.observerArrivalTime ?? row.lastModified).toISOString(),
    observerLeaveTime: row.observerLeaveTime?.toISOString() ?? null,
    urbanArea: row.urbanArea,
    isPollingStationPresidentFemale: row.isPresidentFemale,
    lastModified: row.lastModified.toISOString(),
  };
}
