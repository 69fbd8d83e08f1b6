import { sql, type Kysely } from "kysely";
import type { components } from "../../../openapi/schema.d.ts";
import type { NgoScope } from "../auth/scope.ts";
import type { Database } from "../db/schema.ts";
import { observerRows, toObserver } from "./query.ts";

export type ActiveObserver = components["schemas"]["ActiveObserver"];

export interface ActiveObserverQuery {
  scope: NgoScope;
  /** The election round whose stations, visits and assignments are searched; counties and numbers are its registry's. */
  roundId: number;
  countyCodes: string[];
  from?: number;
  to?: number;
  currentlyCheckedIn: boolean;
  /** The observers assigned to the matching stations rather than those who arrived at one. */
  assigned: boolean;
  /** Web Push is on: a live subscription of the observers' web app reaches an observer too. */
  webPush: boolean;
}

// The channel notifications are pushed on; an observer with a device registered on it is reachable, as is one with a
// live Web Push subscription while Web Push is on (notifications/record.ts queues the same observers).
const PUSH_CHANNEL = "Firebase";

/**
 * Each observer who recorded an arrival at a station the query matches, once, with those stations ("CJ 15") in
 * county then number order. One pass over the county's visits: checking each observer with a correlated EXISTS
 * and then listing their stations per row took half of the 50 ms a county's list may take on election day. The
 * round is matched on both sides so that an index led by the round can serve either (a station belongs to one round).
 */
function matchedStations(db: Kysely<Database>, query: ActiveObserverQuery) {
  if (query.assigned) return assignedStations(db, query);
  return db
    .selectFrom("pollingStationInfo as visit")
    .innerJoin("pollingStation as station", "station.id", "visit.pollingStationId")
    .innerJoin("county", "county.id", "station.countyId")
    .where("visit.electionRoundId", "=", query.roundId)
    .where("station.electionRoundId", "=", query.roundId)
    .where("visit.observerArrivalTime", "is not", null)
    .where("county.code", "in", query.countyCodes)
    .$if(query.from !== undefined, (visits) => visits.where("station.number", ">=", query.from!))
    .$if(query.to !== undefined, (visits) => visits.where("station.number", "<=", query.to!))
    .$if(query.currentlyCheckedIn, (visits) => visits.where("visit.observerLeaveTime", "is", null))
    .groupBy("visit.observerId")
    .select([
      "visit.observerId",
      sql<string[]>`array_agg(county.code || ' ' || station.number ORDER BY county.display_order, county.code, station.number)`.as("stations"),
    ]);
}

/** Each observer assigned to a station the query matches, once, with those stations, as `matchedStations`. */
function assignedStations(db: Kysely<Database>, query: ActiveObserverQuery) {
  return db
    .selectFrom("stationAssignment as assignment")
    .innerJoin("pollingStation as station", "station.id", "assignment.pollingStationId")
    .innerJoin("county", "county.id", "station.countyId")
    .where("assignment.electionRoundId", "=", query.roundId)
    .where("station.electionRoundId", "=", query.roundId)
    .where("county.code", "in", query.countyCodes)
    .$if(query.from !== undefined, (assigned) => assigned.where("station.number", ">=", query.from!))
    .$if(query.to !== undefined, (assigned) => assigned.where("station.number", "<=", query.to!))
    .groupBy("assignment.observerId")
    .select([
      "assignment.observerId",
      sql<string[]>`array_agg(county.code || ' ' || station.number ORDER BY county.display_order, county.code, station.number)`.as("stations"),
    ]);
}

/**
 * Observers who recorded an arrival at (or are assigned to) a matching station of the round, by name then id, and
 * whether a push can reach them.
 */
export async function listActiveObservers(db: Kysely<Database>, query: ActiveObserverQuery): Promise<ActiveObserver[]> {
  const rows = await observerRows(db, { scope: query.scope }, { by: "name", direction: "asc" })
    .innerJoin(matchedStations(db, query).as("matched"), "matched.observerId", "o.id")
    .select((eb) => [
      "matched.stations",
      eb
        .or([
          eb.exists(
            eb
              .selectFrom("notificationRegistration as device")
              .select("device.observerId")
              .whereRef("device.observerId", "=", "o.id")
              .where("device.channelName", "=", PUSH_CHANNEL),
          ),
          eb.and([
            eb.lit(query.webPush),
            eb.exists(
              eb
                .selectFrom("webPushSubscription as browser")
                .select("browser.observerId")
                .whereRef("browser.observerId", "=", "o.id")
                .where("browser.retiredAt", "is", null),
            ),
          ]),
        ])
        .as("reachable"),
    ])
    .execute();
  return rows.map((row) => ({ ...toObserver(row), pollingStations: row.stations, reachable: Boolean(row.reachable) }));
}
