import { staffAct } from "../audit/record.ts";
import { managedScope } from "../auth/scope.ts";
import { json, noContent, type AdminHandlers, type JsonResponseOf } from "../http/handler.ts";
import { fail } from "../problem.ts";
import { deleteNgoAdmin, findNgoAdmin, insertNgoAdmin, listNgoAdmins, setNgoAdminPassword } from "./admin-store.ts";

/** The admin accounts of an NGO: organizers manage any NGO's, other admins their own. */
export const ngoAdminHandlers: AdminHandlers = {
  listNgoAdmins: async ({ path, admin, deps }) => {
    const ngo = await managedScope(deps.db, admin, path.id);
    return json(200, (await listNgoAdmins(deps.db, ngo)) satisfies JsonResponseOf<"listNgoAdmins", 200>);
  },

  createNgoAdmin: async ({ path, body, admin, deps }) => {
    const ngo = await managedScope(deps.db, admin, path.id);
    const created = await insertNgoAdmin(deps.db, ngo, body.account.trim(), body.password, staffAct(admin, deps.clock), deps.config.passwordCost);
    return json(201, created satisfies JsonResponseOf<"createNgoAdmin", 201>);
  },

  resetNgoAdminPassword: async ({ path, body, admin, deps }) => {
    const ngo = await managedScope(deps.db, admin, path.id);
    const target = await findNgoAdmin(deps.db, ngo, path.adminId);
    await setNgoAdminPassword(deps.db, ngo, target.id, body.password, staffAct(admin, deps.clock), deps.config.passwordCost);
    return noContent();
  },

  deleteNgoAdmin: async ({ path, admin, deps }) => {
    const ngo = await managedScope(deps.db, admin, path.id);
    const target = await findNgoAdmin(deps.db, ngo, path.adminId);
    if (target.id === admin.adminId) {
      throw fail.conflict("cannot_remove_self", "You cannot delete your own account; ask another admin of your NGO or an organizer.");
    }
    await deleteNgoAdmin(deps.db, ngo, target.id, staffAct(admin, deps.clock));
    return noContent();
  },
};
