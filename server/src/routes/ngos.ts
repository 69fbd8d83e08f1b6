import { json, noContent, requireAdmin, type Handlers, type JsonResponseOf } from "../http/handler.ts";
import { fail } from "../http/problem.ts";
import {
  deleteNgoAdmin,
  findNgoAdmin,
  insertNgoAdmin,
  listNgoAdmins,
  managedNgo,
  setNgoAdminPassword,
} from "../services/ngo-admin-store.ts";
import { changeNgo, deleteNgo, findNgo, insertNgo, listNgos, normalizeNgoInput } from "../services/ngo-store.ts";

/** NGOs (organizers only: the router enforces x-roles) and their admin accounts (organizers any NGO, admins their own). */
export const ngoHandlers: Handlers = {
  listNgos: async ({ deps }) => json(200, (await listNgos(deps.db)) satisfies JsonResponseOf<"listNgos", 200>),

  getNgo: async ({ path, deps }) => json(200, (await findNgo(deps.db, path.id)) satisfies JsonResponseOf<"getNgo", 200>),

  createNgo: async ({ body, deps }) => json(201, (await insertNgo(deps.db, body)) satisfies JsonResponseOf<"createNgo", 201>),

  updateNgo: async ({ body, deps }) => {
    const { idNgo, ...fields } = body;
    const ngo = await changeNgo(deps.db, idNgo, normalizeNgoInput(fields));
    return json(200, ngo satisfies JsonResponseOf<"updateNgo", 200>);
  },

  deleteNgo: async ({ path, deps }) => {
    await deleteNgo(deps.db, path.id);
    return noContent();
  },

  setNgoOrganizer: async ({ path, body, deps }) =>
    json(200, (await changeNgo(deps.db, path.id, { organizer: body.isOrganizer })) satisfies JsonResponseOf<"setNgoOrganizer", 200>),

  setNgoStatus: async ({ path, body, deps }) =>
    json(200, (await changeNgo(deps.db, path.id, { isActive: body.isActive })) satisfies JsonResponseOf<"setNgoStatus", 200>),

  listNgoAdmins: async ({ path, principal, deps }) => {
    const ngoId = await managedNgo(deps.db, requireAdmin(principal), path.id);
    return json(200, (await listNgoAdmins(deps.db, ngoId)) satisfies JsonResponseOf<"listNgoAdmins", 200>);
  },

  createNgoAdmin: async ({ path, body, principal, deps }) => {
    const ngoId = await managedNgo(deps.db, requireAdmin(principal), path.id);
    const admin = await insertNgoAdmin(deps.db, ngoId, body.account.trim(), body.password);
    return json(201, admin satisfies JsonResponseOf<"createNgoAdmin", 201>);
  },

  resetNgoAdminPassword: async ({ path, body, principal, deps }) => {
    const ngoId = await managedNgo(deps.db, requireAdmin(principal), path.id);
    const target = await findNgoAdmin(deps.db, ngoId, path.adminId);
    await setNgoAdminPassword(deps.db, target.id, body.password);
    return noContent();
  },

  deleteNgoAdmin: async ({ path, principal, deps }) => {
    const caller = requireAdmin(principal);
    const ngoId = await managedNgo(deps.db, caller, path.id);
    const target = await findNgoAdmin(deps.db, ngoId, path.adminId);
    if (target.id === caller.adminId) {
      throw fail.conflict("cannot_remove_self", "You cannot delete your own account; ask another admin of your NGO or an organizer.");
    }
    await deleteNgoAdmin(deps.db, target.id);
    return noContent();
  },
};
