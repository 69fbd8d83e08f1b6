import { sql, type ExpressionBuilder, type Kysely } from "kysely";
import type { components } from "../../../openapi/schema.d.ts";
import type { NgoScope } from "../auth/scope.ts";
import type { Database } from "../db/schema.ts";
import { observerRows, toObserver } from "./query.ts";

export type ActiveObserver = components["schemas"]["ActiveObserver"];

export interface ActiveObserverQuery {
  scope: NgoScope;
  countyCodes: string[];
  from?: number;
  to?: number;
  currentlyCheckedIn: boolean;
}

// The channel notifications are pushed on; an observer with a device registered on it is reachable.
const PUSH_CHANNEL = "Firebase";

/** The observer's arrivals (`o`) at stations the query matches. */
function matchingVisits(eb: ExpressionBuilder<Database & { o: Database["observer"] }, "o">, query: ActiveObserverQuery) {
  return eb
    .selectFrom("pollingStationInfo as visit")
    .innerJoin("pollingStation as station", "station.id", "visit.pollingStationId")
    .innerJoin("county", "county.id", "station.countyId")
    .whereRef("visit.observerId", "=", "o.id")
    .where("visit.observerArrivalTime", "is not", null)
    .where("county.code", "in", query.countyCodes)
    .$if(query.from !== undefined, (visits) => visits.where("station.number", ">=", query.from!))
    .$if(query.to !== undefined, (visits) => visits.where("station.number", "<=", query.to!))
    .$if(query.currentlyCheckedIn, (visits) => visits.where("visit.observerLeaveTime", "is", null));
}

/**
 * Observers who recorded an arrival at a matching station, each once (EXISTS, not a join), by name then id, with
 * the matched stations ("CJ 15") and whether a push can reach them.
 */
export async function listActiveObservers(db: Kysely<Database>, query: ActiveObserverQuery): Promise<ActiveObserver[]> {
  const rows = await activeObserverRows(db, query).execute();
  return rows.map((row) => ({ ...toObserver(row), pollingStations: row.pollingStations, reachable: Boolean(row.reachable) }));
}

function activeObserverRows(db: Kysely<Database>, query: ActiveObserverQuery) {
  return observerRows(db, { scope: query.scope }, { by: "name", direction: "asc" })
    .where((eb) => eb.exists(matchingVisits(eb, query).select("visit.observerId")))
    .select((eb) => [
      sql<string[]>`ARRAY(${matchingVisits(eb, query)
        .select(sql<string>`county.code || ' ' || station.number`.as("station"))
        .groupBy(["county.code", "county.displayOrder", "station.number"])
        .orderBy("county.displayOrder")
        .orderBy("county.code")
        .orderBy("station.number")})`.as("pollingStations"),
      eb
        .exists(
          eb
            .selectFrom("notificationRegistration as device")
            .select("device.observerId")
            .whereRef("device.observerId", "=", "o.id")
            .where("device.channelName", "=", PUSH_CHANNEL),
        )
        .as("reachable"),
    ]);
}
