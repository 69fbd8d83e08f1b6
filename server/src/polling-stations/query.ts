import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";

/** Counties as the API shows them, in display order, optionally only the diaspora's or only the country's. */
export function listCounties(db: Kysely<Database>, diaspora: boolean | undefined) {
  let counties = db
    .selectFrom("county")
    .select(["id", "code", "name", "pollingStationCount as limit", "diaspora", "displayOrder as order"])
    .orderBy("displayOrder")
    .orderBy("name");
  if (diaspora !== undefined) counties = counties.where("diaspora", "=", diaspora);
  return counties.execute();
}
