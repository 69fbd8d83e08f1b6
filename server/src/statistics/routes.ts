import { scopeOf } from "../auth/scope.ts";
import { json, type AdminHandlers, type JsonResponseOf, roundIdOf } from "../http/handler.ts";
import { pageBody } from "../http/paging.ts";
import { rankingPage } from "./rankings.ts";

/** Staff read the dashboard's rankings of the request's round, computed from its answers at the moment of the request. */
export const statisticsHandlers: AdminHandlers = {
  getStatistics: async ({ path, query, admin, round, deps }) => {
    const paging = { page: query.page ?? 1, pageSize: query.pageSize ?? 5 };
    const { asOf, totalItems, data } = await rankingPage(deps.db, scopeOf(admin), roundIdOf(round), path.method, paging);
    const body = { asOf: asOf.toISOString(), ...pageBody(data, totalItems, paging) };
    return json(200, body satisfies JsonResponseOf<"getStatistics", 200>);
  },
};
