import { sql, type Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import type { ElectionRound } from "../read.ts";

/** What the database holds for the round, counted as the archive starts. */
export interface RoundCounts {
  answers: number;
  threads: number;
  notes: number;
  pollingStations: number;
}

export async function countRound(db: Kysely<Database>, roundId: number): Promise<RoundCounts> {
  const count = (table: string) => sql<number>`(SELECT count(*)::int FROM ${sql.table(table)} WHERE election_round_id = ${roundId})`;
  const { rows } = await sql<RoundCounts>`
    SELECT ${count("answer")} AS answers, ${count("answer_thread")} AS threads, ${count("note")} AS notes,
      ${count("polling_station")} AS polling_stations`.execute(db);
  return rows[0]!;
}

export interface Manifest {
  round: Pick<ElectionRound, "id" | "name" | "electionDay" | "status">;
  generatedAt: string;
  /** The round's answers, threads, notes and stations as counted at the start; the other parts as written. */
  counts: RoundCounts & { photos: number; forms: number; auditEntries: number };
  /** Photos whose bytes the file store did not have: their notes name them, the archive cannot hold them. */
  missingPhotos: string[];
}

export function manifestOf(round: ElectionRound, generatedAt: Date, counts: Manifest["counts"], missingPhotos: string[]): Manifest {
  const { id, name, electionDay, status } = round;
  return { round: { id, name, electionDay, status }, generatedAt: generatedAt.toISOString(), counts, missingPhotos };
}
