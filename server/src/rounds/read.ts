import { sql, type Kysely } from "kysely";
import type { components } from "../../../openapi/schema.d.ts";
import type { Principal } from "../auth/principal.ts";
import type { Database } from "../db/schema.ts";
import { fail } from "../problem.ts";
import { currentFirst, roundsOf } from "./visibility.ts";

export type ElectionRound = components["schemas"]["ElectionRound"];

const count = (table: string, where = sql``) =>
  sql<number>`(SELECT count(*)::int FROM ${sql.table(table)} x WHERE x.election_round_id = election_round.id ${where})`;

/**
 * The rounds the caller works in, current first, each with what a copy into the next round would take. An NGO admin
 * or observer is shown only its own NGO among those taking part, its own NGO's assignments, and no draft form
 * (drafts are the organizers' work, hidden from everybody else as if they did not exist).
 */
export async function listRounds(db: Kysely<Database>, principal: Principal | null, id?: number): Promise<ElectionRound[]> {
  const ownNgoOnly = principal !== null && !(principal.kind === "admin" && principal.organizer);
  const rows = await currentFirst(roundsOf(db, principal))
    .select([
      "electionRound.id",
      "electionRound.name",
      sql<string>`election_round.election_day::text`.as("electionDay"),
      "electionRound.status",
      "electionRound.createdAt",
      "electionRound.statusChangedAt",
      sql<number[]>`ARRAY(SELECT ngo_id FROM election_round_ngo p WHERE p.election_round_id = election_round.id
        ${ownNgoOnly ? sql`AND p.ngo_id = ${principal.ngoId}` : sql``} ORDER BY ngo_id)`.as("ngoIds"),
      count("form", ownNgoOnly ? sql`AND NOT x.draft` : sql``).as("forms"),
      count("form", sql`AND NOT x.draft`).as("publishedForms"),
      count("polling_station").as("pollingStations"),
      count("station_assignment", ownNgoOnly ? sql`AND x.observer_id IN (SELECT id FROM observer WHERE ngo_id = ${principal.ngoId})` : sql``).as("assignments"),
    ])
    .$if(id !== undefined, (query) => query.where("electionRound.id", "=", id!))
    .execute();
  // The first of the caller's rounds in that order is the one its requests without electionRoundId work on.
  const currentId = id === undefined ? rows[0]?.id : (await currentFirst(roundsOf(db, principal)).select("electionRound.id").limit(1).executeTakeFirst())?.id;
  return rows.map(({ forms, publishedForms, pollingStations, assignments, createdAt, statusChangedAt, ...round }) => ({
    ...round,
    current: round.id === currentId,
    createdAt: createdAt.toISOString(),
    statusChangedAt: statusChangedAt.toISOString(),
    counts: { forms, publishedForms, pollingStations, assignments },
  }));
}

/** One round the caller works in; another is a 404, like one that does not exist. */
export async function findRound(db: Kysely<Database>, principal: Principal | null, id: number): Promise<ElectionRound> {
  const [round] = await listRounds(db, principal, id);
  if (!round) throw fail.notFound(`No election round with id ${id}.`);
  return round;
}
