import { sql } from "kysely";
import { expect } from "vitest";
import type { Target, World } from "./world.ts";

/* Throwaway targets for the operations that delete, reset or rename, and readers of what an operation would change. */

export const db = (w: World) => w.api.db();
export const PASSWORD = "matrix secret 12345";

export async function freshObserver(w: World, t: Target): Promise<Target> {
  const phone = `0798${w.unique()}1`;
  const response = await w.api.send("POST", "/api/v1/observer", w.api.organizer, { name: `Matrix ${phone}`, phone, pin: "2468", ngoId: t.ngoId });
  expect(response.status).toBe(201);
  return { ...t, observer: { id: ((await response.json()) as { id: number }).id, phone, token: "" } };
}

export async function freshAdmin(w: World, t: Target): Promise<Target> {
  const response = await w.api.send("POST", `/api/v1/ngo/${t.ngoId}/admins`, w.api.organizer, { account: `matrix-${w.unique()}`, password: PASSWORD });
  expect(response.status).toBe(201);
  return { ...t, adminId: ((await response.json()) as { id: number }).id };
}

export async function freshNgo(w: World, t: Target): Promise<Target> {
  const u = w.unique();
  const row = await db(w).insertInto("ngo").values({ name: `Matrix NGO ${u}`, shortName: `M${u}` }).returning("id").executeTakeFirstOrThrow();
  return { ...t, ngoId: row.id };
}

/** An election round of its own in `status`, with the target's NGO taking part, for the rounds' writes to change. */
export const freshRound =
  (status: "preparing" | "active" | "archived") =>
  async (w: World, t: Target): Promise<Target> => {
    const u = w.unique();
    const row = await db(w)
      .insertInto("electionRound")
      .values({ name: `Matrix round ${u}`, electionDay: "2020-01-01", status })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db(w).insertInto("electionRoundNgo").values({ electionRoundId: row.id, ngoId: t.ngoId }).onConflict((c) => c.doNothing()).execute();
    return { ...t, roundId: row.id };
  };

/** The round a rounds' write changes, as the log and the lists read it. */
export const roundRow = (w: World, t: Target) =>
  db(w).selectFrom("electionRound").select(["name", sql<string>`election_day::text`.as("electionDay"), "status"]).where("id", "=", t.roundId!).executeTakeFirst();
export const roundCount = (w: World) => count(db(w).selectFrom("electionRound").select((e) => e.fn.countAll().as("n")));

/** A station of its own, added by the organizer, for the registry's writes to change. */
export async function freshStation(w: World, t: Target): Promise<Target> {
  const number = 90_000 + Number(w.unique());
  const response = await w.api.send("POST", "/api/v1/polling-stations", w.api.organizer, { countyCode: "AB", number, locality: "Matrix" });
  expect(response.status).toBe(201);
  return { ...t, station: { id: ((await response.json()) as { id: number }).id, county: "AB", number } };
}

export async function freshForm(w: World, t: Target): Promise<Target> {
  const row = await db(w).insertInto("form").values({ code: `MX${w.unique()}`, description: "Throwaway" }).returning("id").executeTakeFirstOrThrow();
  return { ...t, formId: row.id };
}

export const observerRow = (w: World, t: Target) => db(w).selectFrom("observer").selectAll().where("id", "=", t.observer.id).executeTakeFirst();
export const adminRow = (w: World, t: Target) => db(w).selectFrom("ngoAdmin").selectAll().where("id", "=", t.adminId).executeTakeFirst();
export const ngoRow = (w: World, t: Target) => db(w).selectFrom("ngo").selectAll().where("id", "=", t.ngoId).executeTakeFirst();
export const stationRow = (w: World, t: Target) => db(w).selectFrom("pollingStation").selectAll().where("id", "=", t.station.id).executeTakeFirst();
/** The registry as a phone sees it: its version and its size. */
export const registryState = async (w: World) => ({
  version: (await db(w).selectFrom("stationRegistry").select(sql<string>`version::text`.as("version")).where("electionRoundId", "=", 1).executeTakeFirstOrThrow()).version,
  stations: await count(db(w).selectFrom("pollingStation").select((e) => e.fn.countAll().as("n"))),
});
export const count = async (query: { executeTakeFirstOrThrow(): Promise<{ n: string | number | bigint }> }) => Number((await query.executeTakeFirstOrThrow()).n);
export const observersOf = (w: World, t: Target) => count(db(w).selectFrom("observer").select((e) => e.fn.countAll().as("n")).where("ngoId", "=", t.ngoId));
export const formCount = (w: World) => count(db(w).selectFrom("form").select((e) => e.fn.countAll().as("n")));
export const notificationCount = (w: World) => count(db(w).selectFrom("notification").select((e) => e.fn.countAll().as("n")));
export const assignmentsOf = (w: World, t: Target) =>
  db(w).selectFrom("stationAssignment").select(["observerId", "pollingStationId"]).where("observerId", "=", t.observer.id).orderBy("pollingStationId").execute();
export const stationFacts = (w: World, t: Target) =>
  db(w).selectFrom("pollingStationInfo").selectAll().where("pollingStationId", "=", t.station.id).orderBy("observerId").execute();
export const threadState = async (w: World, t: Target) => ({
  thread: await db(w).selectFrom("answerThread").selectAll().where("observerId", "=", t.observer.id).where("pollingStationId", "=", t.station.id).executeTakeFirst(),
  events: await count(db(w).selectFrom("threadEvent").select((e) => e.fn.countAll().as("n")).where("observerId", "=", t.observer.id)),
});
