import { sql } from "kysely";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import type { DatabaseHandle, Engine } from "../../../src/db/database.ts";
import { createMemoryFileStore } from "../../../src/files/file-store.ts";
import { bothEngines, engines } from "../../harness.ts";
import { copyOfTemplate } from "../../seed-templates.ts";
import { insertNgo } from "../../../src/ngos/store.ts";
import { fingerprint } from "../../../src/demo/scale/fingerprint.ts";
import type { ScaleProfile } from "../../../src/demo/scale/profile.ts";
import { seedScaleData } from "../../../src/demo/scale/seed.ts";
import { PREVIOUS_ROUND } from "../../../src/demo/scale/write/previous-round.ts";

/*
 * The election-day dataset at a small size, on a real database: what a run writes, and that a run stopped midway
 * and run again ends with the same rows. Its full size is seed:scale's.
 */

const profile: ScaleProfile = { observers: 330, visits: [4, 5], notes: 150, notifications: 20, chunk: 50 };
const opened: DatabaseHandle[] = [];

/** A migrated, empty database of its own (a copy of the run's migrated template), dropped after the test. */
async function freshDatabase(engine: Engine): Promise<DatabaseHandle> {
  const copy = await copyOfTemplate(engine, { seed: false });
  opened.push({ ...copy.handle, close: () => copy.handle.close().then(() => copy.drop()) });
  return copy.handle;
}

afterEach(async () => {
  await Promise.all(opened.splice(0).map((handle) => handle.close()));
});

/** Each engine's first complete run, kept open for the earlier round's test to start from (a run takes 5–15 s). */
const completeRuns = new Map<Engine, DatabaseHandle>();
afterAll(async () => {
  await Promise.all([...completeRuns.values()].map((handle) => handle.close()));
});

/** A database of its own that outlives its test, which `completeRuns` closes. */
async function keptDatabase(engine: Engine): Promise<DatabaseHandle> {
  const copy = await copyOfTemplate(engine, { seed: false });
  return { ...copy.handle, close: () => copy.handle.close().then(() => copy.drop()) };
}

/** Makes the second chunk of observers (251–300) fail midway, as a crash would: its transaction rolls back. */
async function breakSecondChunk(handle: DatabaseHandle): Promise<() => Promise<void>> {
  await handle.exec(`
    CREATE FUNCTION crash_at_observer() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN IF NEW.phone = '0721000260' THEN RAISE EXCEPTION 'crashed'; END IF; RETURN NEW; END $$;
    CREATE TRIGGER crash_at_observer BEFORE INSERT ON observer FOR EACH ROW EXECUTE FUNCTION crash_at_observer();`);
  return async () => void (await sql`DROP TRIGGER crash_at_observer ON observer`.execute(handle.db));
}

// Each run writes the whole demo (its 19,171 stations through the registry's import) and the scale data on top:
// about 20 s on PGlite alone, more beside other files.
describe.each(bothEngines)("seedScaleData on %s", { timeout: 90_000 }, (engine) => {
  /** The rows of the first test's uninterrupted run: the ones a run stopped midway and run again must end with. */
  let uninterrupted: ReturnType<typeof fingerprint> | undefined;
  const cleanRun = async () => {
    const clean = await freshDatabase(engine);
    await seedScaleData(clean, createMemoryFileStore(), { profile });
    return fingerprint(clean.db);
  };

  it("writes the demo, the added NGOs, the observers with their answers and notes, and the notifications", async () => {
    const handle = await keptDatabase(engine);
    completeRuns.set(engine, handle);
    const files = createMemoryFileStore();
    await expect(seedScaleData(handle, files, { profile })).resolves.toEqual({ wrote: true });
    uninterrupted = fingerprint(handle.db);
    const { rows } = await uninterrupted;
    // The demo's archived round adds 10 notes and a notification of its own to those of round 1.
    expect(rows).toMatchObject({ ngo: 5, ngo_admin: 5, observer: 330, note: 150 + 10, notification: 23 + 1 });
    expect(rows.answer).toBeGreaterThan(4_205 + 100 * 25 * 4);
    expect(rows.answer_thread).toBe(rows.polling_station_info);
    expect(rows.notification_recipient).toBeGreaterThan(20);
    const keys = await handle.db.selectFrom("noteAttachment").select("storageKey").distinct().where("storageKey", "like", "scale-photo-%").execute();
    expect(keys).toHaveLength(6);
    for (const { storageKey } of keys) expect(await files.get(storageKey)).not.toBeNull();
    await expect(seedScaleData(handle, files, { profile })).resolves.toEqual({ wrote: false });
  });

  it("ends with the same rows when a run stops midway and runs again", async () => {
    const resumed = await freshDatabase(engine);
    const repair = await breakSecondChunk(resumed);
    await expect(seedScaleData(resumed, createMemoryFileStore(), { profile })).rejects.toThrow("crashed");
    const { rows: partial } = await fingerprint(resumed.db);
    expect(partial.observer).toBe(200 + profile.chunk);
    await repair();
    await expect(seedScaleData(resumed, createMemoryFileStore(), { profile })).resolves.toEqual({ wrote: true });
    // Run alone (-t), the test seeds its own uninterrupted run.
    expect(await fingerprint(resumed.db)).toEqual(await (uninterrupted ?? cleanRun()));
  });

  it("refuses a database that holds other data", async () => {
    const handle = await freshDatabase(engine);
    // Any NGO of its own is other data: no need to write a whole demo (19,171 stations) to prove it.
    await insertNgo(handle.db, { name: "Asociația Alta", shortName: "AA", organizer: false, isActive: true }, "operator");
    await expect(seedScaleData(handle, createMemoryFileStore(), { profile })).rejects.toThrow("not the election-day dataset");
  });
});

// The earlier round is copied by SQL the dataset only ever runs on PostgreSQL for (seed:scale refuses PGlite): on the
// run's one engine, PostgreSQL in CI. A dataset complete with one round gets the copy on its next run, as here.
describe.each(engines)("seedScaleData's earlier round on %s", { timeout: 90_000 }, (engine) => {
  it("writes an earlier round of the same size beside the current one, archived, the current round unchanged", async () => {
    // The complete run of the tests above (it wrote nothing on its second run), else one of its own (run alone, -t).
    let handle = completeRuns.get(engine);
    if (!handle) {
      handle = await freshDatabase(engine);
      await seedScaleData(handle, createMemoryFileStore(), { profile });
    }
    const alone = await fingerprint(handle.db);
    await expect(seedScaleData(handle, createMemoryFileStore(), { profile: { ...profile, previousRound: true } })).resolves.toEqual({ wrote: true });
    const printed = await fingerprint(handle.db);
    const { rows: rounds } = await sql<{ name: string; day: string; status: string }>`
      SELECT name, election_day::text AS day, status FROM election_round
      ORDER BY status = 'active' DESC, election_day DESC, id DESC`.execute(handle.db);
    // The current round (what a call without electionRoundId reads) is still the dataset's own.
    const current = rounds[0]!.name;
    expect(rounds).toContainEqual({ name: PREVIOUS_ROUND.name, day: PREVIOUS_ROUND.electionDay, status: "archived" });
    expect(current).not.toBe(PREVIOUS_ROUND.name);
    const of = (name: string) => printed.rounds.find((round) => round.round === name)!.rows;
    // Every row of the current round has its copy, and the derived rows follow the copied ones (the triggers').
    expect(of(PREVIOUS_ROUND.name)).toEqual(of(current));
    expect(of(current).answer).toBeGreaterThan(4_205 + 100 * 25 * 4);
    // The current round's own rows are the ones the run without the earlier round wrote.
    expect(printed.rounds.find((round) => round.round === current)).toEqual(alone.rounds.find((round) => round.round === current));
  });
});
