import { staffAct } from "../audit/record.ts";
import { scopeOf } from "../auth/scope.ts";
import { json, type AdminHandlers, type JsonResponseOf } from "../http/handler.ts";
import { assignStations, observerInScope, observerStations } from "./store.ts";

export const assignmentHandlers: AdminHandlers = {
  listObserverStations: async ({ path, admin, deps }) => {
    const observerId = await observerInScope(deps.db, scopeOf(admin), path.id);
    return json(200, { stations: await observerStations(deps.db, observerId) } satisfies JsonResponseOf<"listObserverStations", 200>);
  },

  setObserverStations: async ({ path, body, admin, deps }) => {
    const act = staffAct(admin, deps.clock);
    await assignStations(deps.db, scopeOf(admin), { observerIds: [path.id], stations: body.stations, mode: "replace" }, act);
    return json(200, { stations: await observerStations(deps.db, path.id) } satisfies JsonResponseOf<"setObserverStations", 200>);
  },

  assignObservers: async ({ body, admin, deps }) => {
    const mode = body.mode ?? "add";
    const added = await assignStations(deps.db, scopeOf(admin), { observerIds: body.observerIds, stations: body.stations, mode }, staffAct(admin, deps.clock));
    const result = { observers: new Set(body.observerIds).size, stations: body.stations.length, added };
    return json(200, result satisfies JsonResponseOf<"assignObservers", 200>);
  },
};
