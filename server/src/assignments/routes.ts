import { staffAct } from "../audit/record.ts";
import { scopeOf } from "../auth/scope.ts";
import { json, type AdminHandlers, type JsonResponseOf, roundIdOf } from "../http/handler.ts";
import { assignStations, observerInScope, observerStations } from "./store.ts";

export const assignmentHandlers: AdminHandlers = {
  listObserverStations: async ({ path, admin, round, deps }) => {
    const observerId = await observerInScope(deps.db, scopeOf(admin), path.id);
    return json(200, { stations: await observerStations(deps.db, roundIdOf(round), observerId) } satisfies JsonResponseOf<"listObserverStations", 200>);
  },

  setObserverStations: async ({ path, body, admin, round, deps }) => {
    const roundId = roundIdOf(round);
    const act = staffAct(admin, deps.clock);
    await assignStations(deps.db, scopeOf(admin), roundId, { observerIds: [path.id], stations: body.stations, mode: "replace" }, act);
    return json(200, { stations: await observerStations(deps.db, roundId, path.id) } satisfies JsonResponseOf<"setObserverStations", 200>);
  },

  assignObservers: async ({ body, admin, round, deps }) => {
    const mode = body.mode ?? "add";
    const input = { observerIds: body.observerIds, stations: body.stations, mode };
    const added = await assignStations(deps.db, scopeOf(admin), roundIdOf(round), input, staffAct(admin, deps.clock));
    const result = { observers: new Set(body.observerIds).size, stations: body.stations.length, added };
    return json(200, result satisfies JsonResponseOf<"assignObservers", 200>);
  },
};
