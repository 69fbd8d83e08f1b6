import type { Admin } from "../auth/principal.ts";
import { scopeOf, type NgoScope } from "../auth/scope.ts";
import { fail } from "../problem.ts";

export type EveryNgo = Extract<NgoScope, { kind: "all" }>;

/**
 * The log is the organizers' alone: it names every NGO's observers and staff. The router already answers 403 from
 * x-roles; the read takes this scope too, so a widened x-roles cannot hand the whole log to an NGO's admin.
 */
export function auditScope(admin: Admin): EveryNgo {
  const scope = scopeOf(admin);
  if (scope.kind !== "all") throw fail.forbidden("Only organizers may read the audit log.");
  return scope;
}
