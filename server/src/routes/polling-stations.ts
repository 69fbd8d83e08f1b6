import { json, type Handlers, type JsonResponseOf } from "../http/handler.ts";

export const pollingStationHandlers: Handlers = {
  listCounties: async ({ query, deps }) => {
    let counties = deps.db
      .selectFrom("county")
      .select(["id", "code", "name", "pollingStationCount as limit", "diaspora", "displayOrder as order"])
      .orderBy("displayOrder")
      .orderBy("name");
    if (query.diaspora !== undefined) counties = counties.where("diaspora", "=", query.diaspora);
    const body = (await counties.execute()) satisfies JsonResponseOf<"listCounties", 200>;
    return json(200, body);
  },
};
