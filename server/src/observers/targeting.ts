import type { Kysely } from "kysely";
import type { NgoScope } from "../auth/scope.ts";
import type { Database } from "../db/schema.ts";
import { observerRows, toObserver, type Observer } from "./query.ts";

export interface ActiveObserverQuery {
  scope: NgoScope;
  countyCodes: string[];
  from?: number;
  to?: number;
  currentlyCheckedIn: boolean;
}

/** Observers who recorded an arrival at a matching station, each once (EXISTS, not a join), by name then id. */
export async function listActiveObservers(db: Kysely<Database>, query: ActiveObserverQuery): Promise<Observer[]> {
  const rows = await observerRows(db, { scope: query.scope }, { by: "name", direction: "asc" })
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom("pollingStationInfo as visit")
          .innerJoin("pollingStation as station", "station.id", "visit.pollingStationId")
          .innerJoin("county", "county.id", "station.countyId")
          .select("visit.observerId")
          .whereRef("visit.observerId", "=", "o.id")
          .where("visit.observerArrivalTime", "is not", null)
          .where("county.code", "in", query.countyCodes)
          .$if(query.from !== undefined, (visits) => visits.where("station.number", ">=", query.from!))
          .$if(query.to !== undefined, (visits) => visits.where("station.number", "<=", query.to!))
          .$if(query.currentlyCheckedIn, (visits) => visits.where("visit.observerLeaveTime", "is", null)),
      ),
    )
    .execute();
  return rows.map(toObserver);
}
