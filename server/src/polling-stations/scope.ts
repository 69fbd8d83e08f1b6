import type { Admin } from "../auth/principal.ts";
import { fail } from "../problem.ts";

/**
 * The registry is every NGO's reference data: organizers alone change it. The router already answers 403 from
 * x-roles; the writes check this too, so that a widened x-roles cannot hand the registry to every NGO's admin.
 */
export function checkRegistryWriter(admin: Admin): void {
  if (!admin.organizer) throw fail.forbidden("Only organizers may change the polling-station registry.");
}
