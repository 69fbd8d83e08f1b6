import type { DatabaseHandle } from "../../../server/src/db/database.ts";
import { SCALE_PROFILE, type ScaleProfile } from "../../../server/src/demo/scale/profile.ts";
import { seedScaleData } from "../../../server/src/demo/scale/seed.ts";
import { createMemoryFileStore } from "../../../server/src/files/file-store.ts";

/**
 * Election day at the statistics' scale: the election-day dataset of seed:scale (server/src/demo/scale, the demo
 * seed included), its 20,000 observers and about 2,000,000 answers, with fewer notes and no notifications, which the
 * statistics do not read and which would only lengthen the fill; one round (bench:scale has last year's beside it).
 */
export const STATISTICS_PROFILE: ScaleProfile = { ...SCALE_PROFILE, notes: 4_000, notifications: 0, previousRound: false };
export const STAT_OBSERVERS = STATISTICS_PROFILE.observers;

/** Fills an empty, migrated database; answers the number of answers. */
export async function fillStatisticsDay(database: DatabaseHandle, log: (line: string) => void): Promise<number> {
  await seedScaleData(database, createMemoryFileStore(), { profile: STATISTICS_PROFILE, log: (line) => log(`    ${line}`) });
  const { count } = await database.db.selectFrom("answer").select((eb) => eb.fn.countAll<string>().as("count")).executeTakeFirstOrThrow();
  return Number(count);
}
