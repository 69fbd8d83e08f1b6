import type { DatabaseHandle } from "../../../server/src/db/database.ts";
import { DEMO_SIZE, planScaleObserver } from "../../../server/src/demo/scale/plan.ts";
import type { ScaleProfile } from "../../../server/src/demo/scale/profile.ts";
import { seedScaleData } from "../../../server/src/demo/scale/seed.ts";
import { createMemoryFileStore } from "../../../server/src/files/file-store.ts";

/**
 * Election day at the answers screens' scale: the election-day dataset of seed:scale (server/src/demo/scale, the
 * demo seed included) at 5,000 observers, each answering at two stations (about 230,000 answers, a few percent
 * flagged), with their station facts, 20,000 notes (a third with photos) and no notifications.
 */
export const ANSWERS_PROFILE: ScaleProfile = { observers: 5_000, visits: [2, 2], notes: 20_000, notifications: 0, chunk: 500 };
export const BENCH_OBSERVERS = ANSWERS_PROFILE.observers;

/** Fills an empty, migrated database; answers the number of answers. */
export async function fillElectionDay(database: DatabaseHandle): Promise<number> {
  await seedScaleData(database, createMemoryFileStore(), { profile: ANSWERS_PROFILE });
  const { count } = await database.db.selectFrom("answer").select((eb) => eb.fn.countAll<string>().as("count")).executeTakeFirstOrThrow();
  return Number(count);
}

/** The first `count` of the dataset's observers who can sign in (an active NGO, not deleted), with their PINs. */
export function benchObservers(count: number): { phone: string; pin: string }[] {
  const observers: { phone: string; pin: string }[] = [];
  for (let k = DEMO_SIZE + 1; observers.length < count && k <= ANSWERS_PROFILE.observers; k++) {
    const { observer } = planScaleObserver(k);
    if (observer.ngo !== 3 && observer.deletedAt === null) observers.push({ phone: observer.phone, pin: observer.pin });
  }
  return observers;
}
