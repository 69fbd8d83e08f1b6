import { sql } from "kysely";
import { json, type Handlers, type JsonResponseOf } from "../http/handler.ts";

export const healthHandlers: Handlers = {
  health: async ({ deps }) => {
    await sql`SELECT 1`.execute(deps.db);
    const body = { status: "ok", database: deps.engine, version: deps.config.version } satisfies JsonResponseOf<"health", 200>;
    return json(200, body);
  },
};
