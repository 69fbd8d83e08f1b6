import { sql, type Kysely, type Transaction } from "kysely";
import type { components } from "../../../openapi/schema.d.ts";
import { changedFields, initialFields } from "../audit/changes.ts";
import { recordAudit, type AuditRecord, type StaffAct } from "../audit/record.ts";
import type { Database, ElectionRoundStatus } from "../db/schema.ts";
import { isUniqueViolation } from "../db/violations.ts";
import { fail, type FieldError } from "../problem.ts";
import { copyAssignments, copyForms, copyRegistry, DEFAULT_COPY } from "./copy.ts";
import { recordLiveEvents, type ObserverAtStation } from "../live/record.ts";
import { archivedRound } from "./resolve.ts";

type RoundCreate = components["schemas"]["ElectionRoundCreate"];
type RoundUpdate = components["schemas"]["ElectionRoundUpdate"];

/** A round as the log compares it. */
interface RoundFacts {
  name: string;
  electionDay: string;
  status: ElectionRoundStatus;
  ngoIds: string;
}
const ROUND_FIELDS = ["name", "electionDay", "status", "ngoIds"] as const;

const entry = (action: AuditRecord["action"], id: number, name: string, changes: AuditRecord["changes"]): AuditRecord => ({
  action,
  subject: { type: "electionRound", id, label: name },
  ngoId: null,
  roundId: id,
  changes,
});

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
      await recordAudit(trx, act, [entry("electionRound.created", id, name, initialFields(facts, ROUND_FIELDS))]);
      return id;
    });
  } catch (error) {
    // Another create with the same name got in between the check and the insert.
    if (isUniqueViolation(error)) throw duplicateName(name);
    throw error;
  }
}

/** The round's row locked for a change, with what the log compares; a missing round is a 404. */
async function lockRound(trx: Transaction<Database>, id: number): Promise<RoundFacts> {
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
      if (changes.length > 0) await recordAudit(trx, act, [entry("electionRound.updated", id, name, changes)]);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateName(name);
    throw error;
  }
}

/** How each status change is allowed: from which statuses, and what else refuses it. */
const TRANSITIONS = {
  start: { to: "active", action: "electionRound.started" },
  archive: { to: "archived", action: "electionRound.archived" },
  reopen: { to: "active", action: "electionRound.reopened" },
} as const satisfies Record<string, { to: ElectionRoundStatus; action: AuditRecord["action"] }>;
export type RoundTransition = keyof typeof TRANSITIONS;

/**
 * Starts, archives or reopens a round; the same status again changes nothing. Starting an archived round is a 409
 * (reopen it), reopening one that is not archived too. Archiving ends the round's claims first, each recorded in its
 * thread's timeline as lapsed, while the round still takes events: an archived round takes none, and a claim left
 * in it would be swept, and refused, for ever.
 */
export async function changeRoundStatus(db: Kysely<Database>, id: number, transition: RoundTransition, act: StaffAct): Promise<void> {
  const { to, action } = TRANSITIONS[transition];
  await db.transaction().execute(async (trx) => {
    const before = await lockRound(trx, id);
    if (transition === "start" && before.status === "archived") throw archivedRound(id);
    if (transition === "reopen" && before.status !== "archived") {
      throw fail.conflict("round_not_archived", `Election round ${id} is not archived; only an archived round is reopened.`);
    }
    if (before.status === to) return;
    const freed = to === "archived" ? await endClaims(trx, id, act.at) : [];
    await trx.updateTable("electionRound").set({ status: to, statusChangedAt: act.at }).where("id", "=", id).execute();
    await recordAudit(trx, act, [entry(action, id, before.name, changedFields(before, { ...before, status: to }, ROUND_FIELDS))]);
    // The rooms following the round see its claims end.
    await recordLiveEvents(trx, "claim", freed, null, act.at);
  });
}

/** Frees the round's held threads, each lapse in its timeline dated now; answers the threads freed. */
async function endClaims(trx: Transaction<Database>, roundId: number, at: Date): Promise<ObserverAtStation[]> {
  const { rows } = await sql<ObserverAtStation>`
    WITH held AS (
      SELECT observer_id, polling_station_id, claim_admin_id FROM answer_thread
      WHERE election_round_id = ${roundId} AND claim_admin_id IS NOT NULL
      FOR UPDATE
    ), freed AS (
      UPDATE answer_thread t SET claim_admin_id = NULL, claimed_at = NULL, claim_expires_at = NULL
      FROM held WHERE t.observer_id = held.observer_id AND t.polling_station_id = held.polling_station_id
      RETURNING t.observer_id, t.polling_station_id, held.claim_admin_id AS holder_id
    ), recorded AS (
      INSERT INTO thread_event (election_round_id, observer_id, polling_station_id, kind, admin_id, admin_account, at)
      SELECT ${roundId}, observer_id, polling_station_id, 'lapse', holder_id, (SELECT account FROM ngo_admin WHERE id = holder_id), ${at}
      FROM freed
    )
    SELECT observer_id, polling_station_id FROM freed`.execute(trx);
  return rows;
}
