import { json, type Handlers, type JsonResponseOf } from "../http/handler.ts";
import { listCounties } from "./query.ts";

export const pollingStationHandlers: Handlers = {
  listCounties: async ({ query, deps }) =>
    json(200, (await listCounties(deps.db, query.diaspora)) satisfies JsonResponseOf<"listCounties", 200>),
};
