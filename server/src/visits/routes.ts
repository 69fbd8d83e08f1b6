import type { Principal } from "../auth/principal.ts";
import { scopeOf } from "../auth/scope.ts";
import { checkReportScope } from "../reports/scope.ts";
import { resolveStations, type RetiredStations } from "../reports/stations.ts";
import type { AppDependencies } from "../deps.ts";
import { json, noContent, type AdminHandlers, type Handlers, type JsonResponseOf, roundIdOf, type Round } from "../http/handler.ts";
import { readInstant } from "../http/instant.ts";
import { fail } from "../problem.ts";
import { findVisit, recordArrival, recordDeparture } from "./store.ts";

/** The caller's record of the named station of the round; the router has let observers only through. */
async function visitKey(
  deps: AppDependencies,
  principal: Principal | null,
  round: Round | null,
  station: { countyCode: string; pollingStationNumber: number },
  retired: RetiredStations,
) {
  if (principal?.kind !== "observer") throw fail.forbidden("Only observers record visits.");
  const roundId = roundIdOf(round);
  const stations = await resolveStations(deps.db, roundId, [{ ref: station, field: "" }], retired);
  return { roundId, observerId: principal.observerId, pollingStationId: [...stations.values()][0]!.id };
}

/** Observers record their arrival at and departure from a station. */
export const visitHandlers: Handlers = {
  recordArrival: async ({ body, principal, round, deps }) => {
    const key = await visitKey(deps, principal, round, body, "refuse");
    const arrival = { time: readInstant("observerArrivalTime", body.observerArrivalTime), urbanArea: body.urbanArea, isPresidentFemale: body.isPollingStationPresidentFemale };
    return json(200, (await recordArrival(deps.db, key, arrival, deps.clock())) satisfies JsonResponseOf<"recordArrival", 200>);
  },

  // A station retired while an observer was there still takes the departure: it closes a visit made while the
  // station was active (and needs a recorded arrival, which a retired station no longer takes).
  recordDeparture: async ({ body, principal, round, deps }) => {
    const key = await visitKey(deps, principal, round, body, "accept");
    const visit = await recordDeparture(deps.db, key, readInstant("observerLeaveTime", body.observerLeaveTime), deps.clock());
    return json(200, visit satisfies JsonResponseOf<"recordDeparture", 200>);
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
