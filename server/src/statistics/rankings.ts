import { sql, type Kysely } from "kysely";
import type { components } from "../../../openapi/schema.d.ts";
import type { NgoScope } from "../auth/scope.ts";
import { romanianOrder } from "../db/romanian-order.ts";
import type { Database } from "../db/schema.ts";
import { COUNTING_FORM, isCounted, OPENING_FORM } from "./counted-observers.ts";
import { pageWithTotal, type Paging } from "./paged.ts";

type Method = components["schemas"]["StatisticsMethod"];
type Item = components["schemas"]["StatisticsItem"];

interface Ranking {
  by: "county" | "station";
  /** Distinct observers with answers, or flagged answers (of one form when `formCode` is set). */
  counts: "observers" | "flagged";
  formCode?: string;
}

/** The contract's table of methods. */
const rankings: Record<Method, Ranking> = {
  observerNumber: { by: "county", counts: "observers" },
  countiesIrregularities: { by: "county", counts: "flagged" },
  pollingStationIrregularities: { by: "station", counts: "flagged" },
  countiesOpeningIrregularities: { by: "county", counts: "flagged", formCode: OPENING_FORM },
  pollingStationOpeningIrregularities: { by: "station", counts: "flagged", formCode: OPENING_FORM },
  countiesByCountingIrregularities: { by: "county", counts: "flagged", formCode: COUNTING_FORM },
  pollingStationsByCountingIrregularities: { by: "station", counts: "flagged", formCode: COUNTING_FORM },
};

/**
 * Flagged answers per station of the round over the counted observers in `scope`, from the trigger-kept aggregates:
 * the threads (observer × station) for all forms, the per-form tally otherwise (the form with that code in the
 * round, each round having its own). Stations without any are left out.
 */
function flaggedByStation(db: Kysely<Database>, scope: NgoScope, roundId: number, formCode: string | undefined) {
  const rows =
    formCode === undefined
      ? db.selectFrom("answerThread as r").select("r.pollingStationId")
      : db
          .selectFrom("answerTally as r")
          .select("r.pollingStationId")
          .where("r.formId", "=", (eb) =>
            eb.selectFrom("form").select("id").where("electionRoundId", "=", roundId).where("code", "=", formCode),
          );
  return rows
    .select(sql<number>`sum(r.flagged_count)::int`.as("value"))
    .where("r.electionRoundId", "=", roundId)
    .where("r.flaggedCount", ">", 0)
    .where(isCounted(scope, "r.observer_id"))
    .groupBy("r.pollingStationId");
}

/** Each counted observer once per county where it answered in the round. */
function observersByCounty(db: Kysely<Database>, scope: NgoScope, roundId: number) {
  return db
    .selectFrom("answerThread as r")
    .innerJoin("pollingStation as s", "s.id", "r.pollingStationId")
    .select(["s.countyId", "r.observerId"])
    .where("r.electionRoundId", "=", roundId)
    .where(isCounted(scope, "r.observer_id"))
    .groupBy(["s.countyId", "r.observerId"]);
}

/** The ranking's rows (label, value, code), grouped per station first so that names are joined to groups only. */
function grouped(db: Kysely<Database>, scope: NgoScope, roundId: number, ranking: Ranking) {
  if (ranking.counts === "observers") {
    return db
      .selectFrom(observersByCounty(db, scope, roundId).as("r"))
      .innerJoin("county as c", "c.id", "r.countyId")
      .select(["c.name as label", sql<number>`count(*)::int`.as("value"), "c.code"])
      .groupBy(["c.id", "c.name", "c.code"]);
  }
  const stations = db
    .selectFrom(flaggedByStation(db, scope, roundId, ranking.formCode).as("g"))
    .innerJoin("pollingStation as s", "s.id", "g.pollingStationId")
    .innerJoin("county as c", "c.id", "s.countyId");
  if (ranking.by === "county") {
    return stations
      .select(["c.name as label", sql<number>`sum(g.value)::int`.as("value"), "c.code"])
      .groupBy(["c.id", "c.name", "c.code"]);
  }
  return stations.select([sql<string>`c.code || ' ' || s.number`.as("label"), "g.value", "c.code"]);
}

/**
 * One page of a round's statistic, by value descending then label in Romanian order (the same on both engines). The
 * Romanian sort key is a function call per row (20 ms over 14,000 stations): only the rows whose value reaches the
 * page's last value are sorted by it, the values being found first by a plain top-N.
 */
export async function rankingPage(db: Kysely<Database>, scope: NgoScope, roundId: number, method: Method, paging: Paging) {
  const query = grouped(db, scope, roundId, rankings[method]);
  const reach = sql`value >= (SELECT min(value) FROM (SELECT value FROM matching ORDER BY value DESC LIMIT ${paging.page * paging.pageSize}) AS top)`;
  return pageWithTotal<Item>(db, sql`${query}`, sql`value DESC, ${romanianOrder("label")}, label COLLATE "C"`, paging, reach);
}
