import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { findForm, type Form } from "../forms/read.ts";
import type { FormAudience } from "../forms/visibility.ts";

/** Observers read published forms only: a draft is the organizers' work in progress. */
const observersIn = (roundId: number): FormAudience => ({ roundId, seesDrafts: false });

/**
 * The version of a round's published forms: a digest of what changes whenever one does. A save raises its
 * `currentVersion` and `updatedAt` (publishing and withdrawing into draft included), a reorder its `displayOrder`, a
 * deletion drops its id; so the forms' trees need not be read to answer a 304.
 */
export async function publishedFormsVersion(db: Kysely<Database>, roundId: number): Promise<string> {
  const rows = await db
    .selectFrom("form")
    .select(["id", "currentVersion", "displayOrder", "updatedAt"])
    .where("electionRoundId", "=", roundId)
    .where("draft", "=", false)
    .orderBy("id")
    .execute();
  const facts = rows.map((row) => `${row.id}:${row.currentVersion}:${row.displayOrder}:${row.updatedAt.toISOString()}`).join(",");
  // The round too: two rounds with equal forms must not share a version (a phone switching rounds reloads).
  return createHash("sha256").update(`${roundId}|${facts}`).digest("hex").slice(0, 16);
}

/** Every published form of the round, whole, in the forms' order. */
export async function listPublishedForms(db: Kysely<Database>, roundId: number): Promise<Form[]> {
  const ids = await db
    .selectFrom("form")
    .select("id")
    .where("electionRoundId", "=", roundId)
    .where("draft", "=", false)
    .orderBy("displayOrder")
    .orderBy("id")
    .execute();
  const forms: Form[] = [];
  for (const { id } of ids) forms.push(await findForm(db, observersIn(roundId), id));
  return forms;
}
