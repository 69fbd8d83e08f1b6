import { sql, type Kysely, type Transaction } from "kysely";
import type { components } from "../../../openapi/schema.d.ts";
import { changedFields, initialFields } from "../audit/changes.ts";
import { recordAudit, type StaffAct } from "../audit/record.ts";
import type { Database } from "../db/schema.ts";
import { isUniqueViolation } from "../db/violations.ts";
import { fail, type FieldError } from "../problem.ts";
import { copyAssignments, copyForms, copyRegistry, DEFAULT_COPY } from "./copy.ts";
import { lockRound, ROUND_FIELDS, roundEntry, type RoundFacts } from "./facts.ts";
import { archivedRound } from "./resolve.ts";

type RoundCreate = components["schemas"]["ElectionRoundCreate"];
type RoundUpdate = components["schemas"]["ElectionRoundUpdate"];

const invalid = (field: string, code: FieldError["code"], message: string, detail: string) => fail.validation({ [field]: [{ code, message }] }, detail);

const duplicateName = (name: string) => {
  const errors: Record<string, FieldError[]> = { name: [{ code: "duplicate", message: "is the name of another election round" }] };
  return fail.conflict("duplicate_round_name", `There is already an election round named ${name}.`, errors);
};

/** A name is the round's own whatever its spaces and case (migration 022's index says the same). */
async function refuseTakenName(trx: Transaction<Database>, name: string, exceptId: number | null): Promise<void> {
  const other = await trx
    .selectFrom("electionRound")
    .select("id")
    .where(sql<boolean>`lower(btrim(name)) = lower(${name})`)
    .$if(exceptId !== null, (query) => query.where("id", "!=", exceptId!))
    .executeTakeFirst();
  if (other) throw duplicateName(name);
}

/** The NGOs named must exist; 400 naming the first that does not. */
async function checkNgos(trx: Transaction<Database>, ngoIds: readonly number[]): Promise<void> {
  if (ngoIds.length === 0) return;
  const found = new Set((await trx.selectFrom("ngo").select("id").where("id", "in", ngoIds).execute()).map((row) => row.id));
  const index = ngoIds.findIndex((id) => !found.has(id));
  if (index >= 0) throw invalid(`ngoIds[${index}]`, "not_found", `is not an NGO`, "An NGO taking part does not exist.");
}

async function setNgos(trx: Transaction<Database>, roundId: number, ngoIds: readonly number[]): Promise<void> {
  await trx.deleteFrom("electionRoundNgo").where("electionRoundId", "=", roundId).execute();
  if (ngoIds.length > 0) await trx.insertInto("electionRoundNgo").values(ngoIds.map((ngoId) => ({ electionRoundId: roundId, ngoId }))).execute();
}

async function ngosOf(trx: Transaction<Database>, from: number | undefined): Promise<number[]> {
  const rows =
    from === undefined
      ? await trx.selectFrom("ngo").select("id").where("isActive", "=", true).orderBy("id").execute()
      : await trx.selectFrom("electionRoundNgo").select("ngoId as id").where("electionRoundId", "=", from).orderBy("ngoId").execute();
  return rows.map((row) => row.id);
}

/**
 * Creates a `preparing` round in one transaction: with the NGOs taking part, and from `fromRoundId` what `copy`
 * says (DEFAULT_COPY where it says nothing). Either all of it is made or nothing is. Answers the new round's id.
 */
export async function createRound(db: Kysely<Database>, input: RoundCreate, act: StaffAct): Promise<number> {
  const name = input.name.trim();
  if (!name) throw invalid("name", "required", "must not be blank", "The election round needs a name.");
  const from = input.fromRoundId;
  if (from === undefined && input.copy) throw invalid("copy", "invalid", "needs fromRoundId", "There is no round to copy from.");
  const copy = { ...DEFAULT_COPY, ...input.copy };
  if (copy.assignments && !copy.registry) {
    throw invalid("copy.assignments", "invalid", "needs the registry copied too", "Assignments are to the stations of the copied registry.");
  }
  try {
    return await db.transaction().execute(async (trx) => {
      if (from !== undefined && !(await trx.selectFrom("electionRound").select("id").where("id", "=", from).executeTakeFirst())) {
        throw invalid("fromRoundId", "not_found", "is not an election round", "The round to copy from does not exist.");
      }
      await refuseTakenName(trx, name, null);
      const ngoIds = input.ngoIds ?? (await ngosOf(trx, from));
      await checkNgos(trx, ngoIds);
      const { id } = await trx
        .insertInto("electionRound")
        .values({ name, electionDay: input.electionDay, status: "preparing", createdAt: act.at, statusChangedAt: act.at })
        .returning("id")
        .executeTakeFirstOrThrow();
      await setNgos(trx, id, ngoIds);
      if (from !== undefined) {
        await copyForms(trx, from, id, copy.forms, act.at);
        if (copy.registry) await copyRegistry(trx, from, id);
        if (copy.assignments) await copyAssignments(trx, from, id);
      }
      const facts: RoundFacts = { name, electionDay: input.electionDay, status: "preparing", ngoIds: ngoIds.join(", ") };
      // What was copied from where, so that the log says how the round began.
      const copied = from === undefined ? [] : initialFields({ fromRoundId: from, ...copy }, ["fromRoundId", "forms", "registry", "assignments"] as const);
      await recordAudit(trx, act, [roundEntry("electionRound.created", id, name, [...initialFields(facts, ROUND_FIELDS), ...copied])]);
      return id;
    });
  } catch (error) {
    // Another create with the same name got in between the check and the insert.
    if (isUniqueViolation(error)) throw duplicateName(name);
    throw error;
  }
}

/** Replaces name, election day and the NGOs taking part; an archived round is read-only. */
export async function updateRound(db: Kysely<Database>, id: number, input: RoundUpdate, act: StaffAct): Promise<void> {
  const name = input.name.trim();
  if (!name) throw invalid("name", "required", "must not be blank", "The election round needs a name.");
  try {
    await db.transaction().execute(async (trx) => {
      const before = await lockRound(trx, id);
      if (before.status === "archived") throw archivedRound(id);
      await refuseTakenName(trx, name, id);
      await checkNgos(trx, input.ngoIds);
      await trx.updateTable("electionRound").set({ name, electionDay: input.electionDay }).where("id", "=", id).execute();
      await setNgos(trx, id, [...input.ngoIds].sort((a, b) => a - b));
      const after: RoundFacts = { ...before, name, electionDay: input.electionDay, ngoIds: [...input.ngoIds].sort((a, b) => a - b).join(", ") };
      const changes = changedFields(before, after, ROUND_FIELDS);
      if (changes.length > 0) await recordAudit(trx, act, [roundEntry("electionRound.updated", id, name, changes)]);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateName(name);
    throw error;
  }
}

