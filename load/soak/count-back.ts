// After the soak: the observers' answers counted back from the database against what the server acknowledged.
import { sql } from "kysely";
import { openDatabase } from "../../server/src/db/database.ts";
import { SOAK_PHONE_PREFIX } from "./people.ts";
import { answerKey, type AnswerLedger } from "./observers.ts";

export interface CountBack {
  /** Distinct (observer, station, question, option) the last acknowledged batches chose. */
  expected: number;
  /** Those the database holds for the soak's observers. */
  found: number;
  /** Acknowledged but missing. */
  lost: number;
  /** Held for an acknowledged (observer, station, question) but not among its acknowledged options: a replaced answer that stayed. */
  stale: number;
}

/** Reads the soak observers' answers back from the database and holds them against what the server acknowledged. */
export async function countBackAnswers(databaseUrl: string, ledger: AnswerLedger): Promise<CountBack> {
  const database = await openDatabase(databaseUrl);
  try {
    const { rows } = await sql<{ phone: string; countyCode: string; number: number; questionId: number; optionId: number }>`
      SELECT o.phone, c.code AS county_code, ps.number, qo.question_id, a.option_id
      FROM answer a
      JOIN observer o ON o.id = a.observer_id
      JOIN polling_station ps ON ps.id = a.polling_station_id
      JOIN county c ON c.id = ps.county_id
      JOIN question_option qo ON qo.id = a.option_id
      WHERE o.phone LIKE ${`${SOAK_PHONE_PREFIX}%`} AND o.deleted_at IS NULL`.execute(database.db);
    const held = new Map<string, Set<number>>();
    for (const row of rows) {
      const key = answerKey(row.phone, row.countyCode, row.number, row.questionId);
      held.set(key, (held.get(key) ?? new Set()).add(row.optionId));
    }
    const result: CountBack = { expected: 0, found: 0, lost: 0, stale: 0 };
    for (const [key, options] of ledger.latest) {
      const inDatabase = held.get(key) ?? new Set<number>();
      for (const option of new Set(options)) {
        result.expected++;
        if (inDatabase.has(option)) result.found++;
        else result.lost++;
      }
      for (const option of inDatabase) if (!options.includes(option)) result.stale++;
    }
    return result;
  } finally {
    await database.close();
  }
}
