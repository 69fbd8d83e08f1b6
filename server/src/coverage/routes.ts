import { scopeOf } from "../auth/scope.ts";
import { json, type AdminHandlers, type JsonResponseOf, roundIdOf } from "../http/handler.ts";
import { pageBody } from "../http/paging.ts";
import { coverageBoard } from "./board.ts";
import { coverageStations } from "./stations.ts";

const DEFAULT_SILENT_MINUTES = 30;

/** Staff read which stations are covered, per county, and the stations behind each number. */
export const coverageHandlers: AdminHandlers = {
  getCoverage: async ({ query, admin, round, deps }) => {
    const board = await coverageBoard(deps.db, scopeOf(admin), roundIdOf(round), query.silentMinutes ?? DEFAULT_SILENT_MINUTES);
    return json(200, board satisfies JsonResponseOf<"getCoverage", 200>);
  },

  listCoverageStations: async ({ query, admin, round, deps }) => {
    const paging = { page: query.page ?? 1, pageSize: query.pageSize ?? 20 };
    const { asOf, totalItems, data } = await coverageStations(deps.db, scopeOf(admin), roundIdOf(round), {
      countyCode: query.county,
      measure: query.measure,
      silentMinutes: query.silentMinutes ?? DEFAULT_SILENT_MINUTES,
      ...paging,
    });
    return json(200, { asOf, ...pageBody(data, totalItems, paging) } satisfies JsonResponseOf<"listCoverageStations", 200>);
  },
};
