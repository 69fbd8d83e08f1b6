import { sql, type Transaction } from "kysely";
import type { AuditRecord } from "../audit/record.ts";
import type { Database, ElectionRoundStatus } from "../db/schema.ts";
import { fail } from "../problem.ts";

/** A round as the log compares it. */
export interface RoundFacts {
  name: string;
  electionDay: string;
  status: ElectionRoundStatus;
  ngoIds: string;
}
export const ROUND_FIELDS = ["name", "electionDay", "status", "ngoIds"] as const;

export const roundEntry = (action: AuditRecord["action"], id: number, name: string, changes: AuditRecord["changes"]): AuditRecord => ({
  action,
  subject: { type: "electionRound", id, label: name },
  ngoId: null,
  roundId: id,
  changes,
});

/** The round's row locked for a change, with what the log compares; a missing round is a 404. */
export async function lockRound(trx: Transaction<Database>, id: number): Promise<RoundFacts> {
  const row = await trx
    .selectFrom("electionRound")
    .select(["name", sql<string>`election_day::text`.as("electionDay"), "status"])
    .where("id", "=", id)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw fail.notFound(`No election round with id ${id}.`);
  const ngoIds = await trx.selectFrom("electionRoundNgo").select("ngoId").where("electionRoundId", "=", id).orderBy("ngoId").execute();
  return { ...row, ngoIds: ngoIds.map((ngo) => ngo.ngoId).join(", ") };
}
