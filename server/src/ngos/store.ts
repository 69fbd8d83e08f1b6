import { sql, type Kysely, type Transaction } from "kysely";
import type { components } from "../../../openapi/schema.d.ts";
import { changedFields, initialFields } from "../audit/changes.ts";
import { recordAudit, type AuditRecord, type Creator, type StaffAct } from "../audit/record.ts";
import type { NgoScope } from "../auth/scope.ts";
import { romanianOrder } from "../db/romanian-order.ts";
import type { Database } from "../db/schema.ts";
import { isForeignKeyViolation } from "../db/violations.ts";
import { fail } from "../problem.ts";

export type NgoRow = components["schemas"]["Ngo"];
export type NgoInput = components["schemas"]["NgoCreate"];

const NGO_COLUMNS = ["id", "name", "shortName", "organizer", "isActive"] as const;
const NGO_FIELDS = ["name", "shortName", "organizer", "isActive"] as const;

const ngoEntry = (action: AuditRecord["action"], ngo: { id: number; name: string }, changes: AuditRecord["changes"] = []): AuditRecord => ({
  action,
  subject: { type: "ngo", id: ngo.id, label: ngo.name },
  roundId: null,
  ngoId: ngo.id,
  changes,
});

/** Names are trimmed, as the contract promises; the contract's pattern already refuses blank ones. */
export const normalizeNgoInput = (input: NgoInput): NgoInput => ({
  name: input.name.trim(),
  shortName: input.shortName.trim(),
  organizer: input.organizer,
  isActive: input.isActive,
});

const ngosIn = (db: Kysely<Database>, scope: NgoScope) => {
  const query = db.selectFrom("ngo");
  return scope.kind === "ngo" ? query.where("id", "=", scope.ngoId) : query;
};

export function listNgos(db: Kysely<Database>, scope: NgoScope): Promise<NgoRow[]> {
  return ngosIn(db, scope).select(NGO_COLUMNS).orderBy(romanianOrder("name")).orderBy("id").execute();
}

/** One NGO in scope; one outside it is a 404 like a missing one. */
export async function findNgo(db: Kysely<Database>, scope: NgoScope, id: number): Promise<NgoRow> {
  const ngo = await ngosIn(db, scope).select(NGO_COLUMNS).where("id", "=", id).executeTakeFirst();
  if (!ngo) throw fail.notFound(`No NGO with id ${id}.`);
  return ngo;
}

/** A new NGO holds no data yet, so it needs no scope; the contract lets organizers only call this. */
export async function insertNgo(db: Kysely<Database>, input: NgoInput, creator: Creator): Promise<NgoRow> {
  return db.transaction().execute(async (trx) => {
    const ngo = await trx.insertInto("ngo").values(normalizeNgoInput(input)).returning(NGO_COLUMNS).executeTakeFirstOrThrow();
    if (creator !== "operator") await recordAudit(trx, creator, [ngoEntry("ngo.created", ngo, initialFields(ngo, NGO_FIELDS))]);
    return ngo;
  });
}

/** How a change of an NGO is logged: the action its operation stands for, by whom. */
export interface NgoChangeAudit {
  act: StaffAct;
  action: Extract<AuditRecord["action"], `ngo.${string}`>;
}

/**
 * Applies a change to one NGO, refusing (409 last_organizer) any change that would leave no active organizer
 * NGO. Callers pass names already normalized. The active organizer rows are locked first, so two concurrent demotions cannot both pass the check.
 * Logged with the fields that changed, under the NGO's name after the change; a change that changes nothing is not logged.
 */
export async function changeNgo(db: Kysely<Database>, scope: NgoScope, id: number, change: Partial<NgoInput>, audit: NgoChangeAudit): Promise<NgoRow> {
  return db.transaction().execute(async (trx) => {
    const organizers = await trx
      .selectFrom("ngo")
      .select("id")
      .where("organizer", "=", true)
      .where("isActive", "=", true)
      .orderBy("id")
      .forUpdate()
      .execute();
    const current = await findNgo(trx, scope, id);
    const stillOrganizer = (change.organizer ?? current.organizer) && (change.isActive ?? current.isActive);
    const others = organizers.filter((row) => row.id !== id).length;
    if (!stillOrganizer && others === 0 && organizers.some((row) => row.id === id)) {
      throw fail.conflict(
        "last_organizer",
        "This is the last active organizer NGO; make another NGO an active organizer first, or nobody could manage NGOs any more.",
      );
    }
    const updated = await trx.updateTable("ngo").set(change).where("id", "=", id).returning(NGO_COLUMNS).executeTakeFirstOrThrow();
    const changes = changedFields(current, updated, NGO_FIELDS);
    if (changes.length > 0) await recordAudit(trx, audit.act, [ngoEntry(audit.action, updated, changes)]);
    return updated;
  });
}

interface NgoContents {
  observers: number;
  admins: number;
  answers: number;
  notifications: number;
}

async function ngoContents(trx: Transaction<Database>, id: number): Promise<NgoContents> {
  const { rows } = await sql<{ observers: string | number; admins: string | number; answers: string | number; notifications: string | number }>`
    SELECT
      (SELECT count(*) FROM observer WHERE ngo_id = ${id}) AS observers,
      (SELECT count(*) FROM ngo_admin WHERE ngo_id = ${id}) AS admins,
      (SELECT count(*) FROM answer a JOIN observer o ON o.id = a.observer_id WHERE o.ngo_id = ${id}) AS answers,
      (SELECT count(*) FROM notification WHERE sender_ngo_id = ${id}) AS notifications`.execute(trx);
  const row = rows[0]!;
  return {
    observers: Number(row.observers),
    admins: Number(row.admins),
    answers: Number(row.answers),
    notifications: Number(row.notifications),
  };
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

function notEmptyDetail(contents: NgoContents): string {
  const parts = [
    contents.observers > 0 ? plural(contents.observers, "observer") + " (deleted ones included)" : null,
    contents.admins > 0 ? plural(contents.admins, "admin") : null,
    contents.answers > 0 ? plural(contents.answers, "answer") : null,
    contents.notifications > 0 ? plural(contents.notifications, "sent notification") : null,
  ].filter((part): part is string => part !== null);
  const list = parts.length > 1 ? `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}` : parts[0];
  return `The NGO still has ${list}; deactivate it instead.`;
}

/** Deletes an empty NGO; one with observers (deleted ones too), admins, answers or sent notifications is a 409. */
export async function deleteNgo(db: Kysely<Database>, scope: NgoScope, id: number, act: StaffAct): Promise<void> {
  try {
    await db.transaction().execute(async (trx) => {
      // Locking the row makes concurrent inserts of observers or admins into this NGO wait for the decision.
      const ngo = await ngosIn(trx, scope).select(["id", "name"]).where("id", "=", id).forUpdate().executeTakeFirst();
      if (!ngo) throw fail.notFound(`No NGO with id ${id}.`);
      const contents = await ngoContents(trx, id);
      if (Object.values(contents).some((count) => count > 0)) throw fail.conflict("ngo_not_empty", notEmptyDetail(contents));
      // Before the DELETE, while the entry can still read the NGO's name.
      await recordAudit(trx, act, [ngoEntry("ngo.deleted", ngo)]);
      await trx.deleteFrom("ngo").where("id", "=", id).execute();
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) {
      throw fail.conflict("ngo_not_empty", "The NGO still has data referring to it; deactivate it instead.");
    }
    throw error;
  }
}
