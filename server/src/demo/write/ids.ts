import type { Transaction } from "kysely";
import type { Database } from "../../db/schema.ts";

export type Tx = Transaction<Database>;

/** Database ids by the plan's natural keys (a phone, a county code, a question code...). */
export type Ids = Map<string, number>;
