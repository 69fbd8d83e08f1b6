import type { ApiClient } from "../api/client";
import { i18n } from "@lingui/core";
import { activateWholeCatalog } from "../shared/i18n/i18n";
import { lazyPage } from "../shared/routing/lazy-page";

// Everything behind the session guard (router, shell, route table, pages) is one lazy chunk, so the login
// route loads neither react-router nor the shell: that is what keeps it within its size budget.
// The signed-in screens need every message: the whole catalog loads with their code (the login route has only its own).
const loadSignedInRoutes = () => Promise.all([import("./SignedInRoutes"), activateWholeCatalog(i18n)]).then(([module]) => module);
const loadRouteTable = () => import("./route-table");
export const SignedInRoutes = lazyPage(loadSignedInRoutes, "SignedInRoutes");

/**
 * A signed-in visit's first screen without a loading step: the shell's code and the code of the page at
 * `location`, loaded before the first render, and the data that page's route prefetches. A chunk that fails here
 * is tried again, and reported, on render.
 */
export async function preloadSignedIn(location: Pick<Location, "pathname" | "search">, api: ApiClient): Promise<void> {
  try {
    const [table] = await Promise.all([loadRouteTable(), SignedInRoutes.preload()]);
    await table.preloadPage(location, api);
  } catch {
    // The render's own load shows the failure.
  }
}
