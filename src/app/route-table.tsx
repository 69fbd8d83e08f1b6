import { matchRoutes } from "react-router";
import type { ApiClient } from "../api/client";
import { answerRoutes } from "../features/answers/answer.routes";
import { auditRoutes } from "../features/audit/audit.routes";
import { formRoutes } from "../features/forms/form.routes";
import { ngoRoutes } from "../features/ngos/ngo.routes";
import { notificationRoutes } from "../features/notifications/notification.routes";
import { observerRoutes } from "../features/observers/observer.routes";
import { pollingStationRoutes } from "../features/polling-stations/polling-station.routes";
import { roundRoutes } from "../features/rounds/round.routes";
import { statisticsRoutes } from "../features/statistics/statistics.routes";
import type { RouteData } from "../shared/routing/feature-routes";
import type { LazyPage } from "../shared/routing/lazy-page";
import { composeRoutes } from "./compose-routes";

/** The route table of signed-in staff: every feature's screens. */
export const routes = composeRoutes([
  answerRoutes,
  statisticsRoutes,
  observerRoutes,
  pollingStationRoutes,
  formRoutes,
  notificationRoutes,
  ngoRoutes,
  roundRoutes,
  auditRoutes,
]);

/**
 * Loads the code of the page at `pathname` (its lazy pages along the matched routes), so that it renders at once,
 * and starts the data its route prefetches (not waited for: the page takes it when it asks).
 */
export async function preloadPage({ pathname, search }: Pick<Location, "pathname" | "search">, api: ApiClient): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  for (const { route, params } of matches) (route.handle as RouteData | undefined)?.prefetch?.(params, api, new URLSearchParams(search));
  const pages = matches
    .map(({ route }) => (route.element as { type?: Partial<LazyPage> } | undefined)?.type)
    .filter((page): page is LazyPage => typeof page?.preload === "function");
  await Promise.all(pages.map((page) => page.preload()));
}
