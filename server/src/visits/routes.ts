import type { Principal } from "../auth/principal.ts";
import { scopeOf } from "../auth/scope.ts";
import { checkReportScope } from "../reports/scope.ts";
import { resolveStations, type RetiredStations } from "../reports/stations.ts";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { answerOf, observerKeyOf, writeOnce } from "../observer-idempotency.ts";
import { json, noContent, type AdminHandlers, type Handlers, type JsonResponseOf, roundIdOf } from "../http/handler.ts";
import { readInstant } from "../http/instant.ts";
import { fail } from "../problem.ts";
import { findVisit, recordArrival, recordDeparture } from "./store.ts";

/** The caller's record of the named station of the round; the router has let observers only through. */
async function visitKey(
  db: Kysely<Database>,
  observerId: number,
  roundId: number,
  station: { countyCode: string; pollingStationNumber: number },
  retired: RetiredStations,
) {
  const stations = await resolveStations(db, roundId, [{ ref: station, field: "" }], retired);
  return { roundId, observerId, pollingStationId: [...stations.values()][0]!.id };
}

function observerOf(principal: Principal | null): number {
  if (principal?.kind !== "observer") throw fail.forbidden("Only observers record visits.");
  return principal.observerId;
}

/**
 * Observers record their arrival at and departure from a station. With an Idempotency-Key the whole write, the
 * station's lookup included, is in the key's transaction: a resend answers the first visit even if the station has
 * been retired since.
 */
export const visitHandlers: Handlers = {
  recordArrival: async ({ body, principal, round, deps, request }) => {
    const observerId = observerOf(principal);
    const roundId = roundIdOf(round);
    const answer = await writeOnce(deps.db, observerKeyOf(request, observerId, "recordArrival", roundId, body), async (trx) => {
      const key = await visitKey(trx, observerId, roundId, body, "refuse");
      const arrival = { time: readInstant("observerArrivalTime", body.observerArrivalTime), urbanArea: body.urbanArea, isPresidentFemale: body.isPollingStationPresidentFemale };
      return { status: 200, body: (await recordArrival(trx, key, arrival, deps.clock())) satisfies JsonResponseOf<"recordArrival", 200> };
    });
    return answerOf(answer);
  },

  // A station retired while an observer was there still takes the departure: it closes a visit made while the
  // station was active (and needs a recorded arrival, which a retired station no longer takes).
  recordDeparture: async ({ body, principal, round, deps, request }) => {
    const observerId = observerOf(principal);
    const roundId = roundIdOf(round);
    const answer = await writeOnce(deps.db, observerKeyOf(request, observerId, "recordDeparture", roundId, body), async (trx) => {
      const key = await visitKey(trx, observerId, roundId, body, "accept");
      const visit = await recordDeparture(trx, key, readInstant("observerLeaveTime", body.observerLeaveTime), deps.clock());
      return { status: 200, body: visit satisfies JsonResponseOf<"recordDeparture", 200> };
    });
    return answerOf(answer);
  },
};

/** Staff read what an observer of their scope recorded at a station. */
export const visitAdminHandlers: AdminHandlers = {
  getPollingStationInfo: async ({ query, admin, round, deps }) => {
    const key = { roundId: roundIdOf(round), observerId: query.ObserverId, pollingStationId: query.PollingStationId };
    await checkReportScope(deps.db, scopeOf(admin), key.roundId, key);
    const visit = await findVisit(deps.db, key);
    if (!visit) return noContent();
    const body = {
      lastModified: visit.lastModified,
      observerArrivalTime: visit.observerArrivalTime,
      observerLeaveTime: visit.observerLeaveTime,
      urbanArea: visit.urbanArea,
      isPollingStationPresidentFemale: visit.isPollingStationPresidentFemale,
    } satisfies JsonResponseOf<"getPollingStationInfo", 200>;
    return json(200, body);
  },
};
