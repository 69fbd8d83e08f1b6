import type { ReactElement } from "react";
import type { Params } from "react-router";
import type { ApiClient } from "../../api/client";

/**
 * A feature's share of the signed-in route table, as `<Route>` elements: the screens every staff member opens and
 * those the organizer guard keeps for organizers. The app composes every feature's (src/app/route-table.tsx); a
 * test renders only the features it visits, so changing one screen reruns that screen's tests, not every app test.
 */
export interface FeatureRoutes {
  staff?: ReactElement;
  organizer?: ReactElement;
}

/** What a route knows beyond its page (its `handle`): the data to fetch while the page's code loads. */
export interface RouteData {
  prefetch?: (params: Params, api: ApiClient, search: URLSearchParams) => void;
}
