import { staffAct } from "../audit/record.ts";
import { scopeOf } from "../auth/scope.ts";
import { json, noContent, type AdminHandlers, type JsonResponseOf } from "../http/handler.ts";
import { changeNgo, deleteNgo, findNgo, insertNgo, listNgos, normalizeNgoInput } from "./store.ts";

/** NGOs themselves: the contract lets organizers only call these, and their scope is every NGO. */
export const ngoHandlers: AdminHandlers = {
  listNgos: async ({ admin, deps }) => json(200, (await listNgos(deps.db, scopeOf(admin))) satisfies JsonResponseOf<"listNgos", 200>),

  getNgo: async ({ path, admin, deps }) =>
    json(200, (await findNgo(deps.db, scopeOf(admin), path.id)) satisfies JsonResponseOf<"getNgo", 200>),

  createNgo: async ({ body, admin, deps }) =>
    json(201, (await insertNgo(deps.db, body, staffAct(admin, deps.clock))) satisfies JsonResponseOf<"createNgo", 201>),

  updateNgo: async ({ body, admin, deps }) => {
    const { idNgo, ...fields } = body;
    const ngo = await changeNgo(deps.db, scopeOf(admin), idNgo, normalizeNgoInput(fields), { act: staffAct(admin, deps.clock), action: "ngo.updated" });
    return json(200, ngo satisfies JsonResponseOf<"updateNgo", 200>);
  },

  deleteNgo: async ({ path, admin, deps }) => {
    await deleteNgo(deps.db, scopeOf(admin), path.id, staffAct(admin, deps.clock));
    return noContent();
  },

  setNgoOrganizer: async ({ path, body, admin, deps }) => {
    const action = body.isOrganizer ? "ngo.organizerGranted" : "ngo.organizerRevoked";
    const ngo = await changeNgo(deps.db, scopeOf(admin), path.id, { organizer: body.isOrganizer }, { act: staffAct(admin, deps.clock), action });
    return json(200, ngo satisfies JsonResponseOf<"setNgoOrganizer", 200>);
  },

  setNgoStatus: async ({ path, body, admin, deps }) => {
    const action = body.isActive ? "ngo.activated" : "ngo.deactivated";
    const ngo = await changeNgo(deps.db, scopeOf(admin), path.id, { isActive: body.isActive }, { act: staffAct(admin, deps.clock), action });
    return json(200, ngo satisfies JsonResponseOf<"setNgoStatus", 200>);
  },
};
