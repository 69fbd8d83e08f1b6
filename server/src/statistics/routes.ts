import { scopeOf } from "../auth/scope.ts";
import { json, type AdminHandlers, type JsonResponseOf } from "../http/handler.ts";
import { pageBody } from "../http/paging.ts";
import { rankingPage } from "./rankings.ts";

/** Staff read the dashboard's rankings, computed from the answers at the moment of the request. */
export const statisticsHandlers: AdminHandlers = {
  getStatistics: async ({ path, query, admin, deps }) => {
    const paging = { page: query.page ?? 1, pageSize: query.pageSize ?? 5 };
    const { asOf, totalItems, data } = await rankingPage(deps.db, scopeOf(admin), path.method, paging);
    const body = { asOf: asOf.toISOString(), ...pageBody(data, totalItems, paging) };
    return json(200, body satisfies JsonResponseOf<"getStatistics", 200>);
  },
};
