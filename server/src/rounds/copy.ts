import { sql, type Transaction } from "kysely";
import type { components } from "../../../openapi/schema.d.ts";
import type { Database } from "../db/schema.ts";
import { toFormFile } from "../forms/form-file.ts";
import { findForm } from "../forms/read.ts";
import { createForm } from "../forms/save.ts";
import { organizersIn } from "../forms/visibility.ts";

export type RoundCopy = Required<NonNullable<components["schemas"]["ElectionRoundCreate"]["copy"]>>;

/** What a new round takes from the one before when the organizer does not choose. */
export const DEFAULT_COPY: RoundCopy = { forms: "drafts", registry: true, assignments: false };

/**
 * The forms of `from` into `to`, in their order, each a new form with the same code and tree (as its file would
 * make it): as drafts, to review before publishing, or as they are. Rounds hold tens of forms, so one at a time.
 */
export async function copyForms(trx: Transaction<Database>, from: number, to: number, mode: RoundCopy["forms"], now: Date): Promise<void> {
  if (mode === "none") return;
  const forms = await trx.selectFrom("form").select("id").where("electionRoundId", "=", from).orderBy("displayOrder").orderBy("id").execute();
  for (const { id } of forms) {
    const form = toFormFile(await findForm(trx, organizersIn(from), id));
    await createForm(trx, to, { ...form, draft: mode === "drafts" || form.draft }, form.code, now);
  }
}

/** The registry of `from` into `to` in one statement: every station, retired ones too, with new ids. */
export async function copyRegistry(trx: Transaction<Database>, from: number, to: number): Promise<void> {
  await sql`
    INSERT INTO polling_station (election_round_id, county_id, number, locality, institution, address, registered_voters, latitude, longitude, status)
    SELECT ${to}, county_id, number, locality, institution, address, registered_voters, latitude, longitude, status
    FROM polling_station WHERE election_round_id = ${from}
    ORDER BY county_id, number`.execute(trx);
}

/**
 * Which observers are sent where, onto the copied registry's stations of the same county and number: those of the
 * observers still on the roster whose NGO takes part in the new round (the others cannot work in it).
 */
export async function copyAssignments(trx: Transaction<Database>, from: number, to: number): Promise<void> {
  await sql`
    INSERT INTO station_assignment (election_round_id, observer_id, polling_station_id, assigned_at)
    SELECT ${to}, a.observer_id, copy.id, a.assigned_at
    FROM station_assignment a
    JOIN observer o ON o.id = a.observer_id AND o.deleted_at IS NULL
    JOIN election_round_ngo taking_part ON taking_part.election_round_id = ${to} AND taking_part.ngo_id = o.ngo_id
    JOIN polling_station s ON s.id = a.polling_station_id
    JOIN polling_station copy ON copy.election_round_id = ${to} AND copy.county_id = s.county_id AND copy.number = s.number
    WHERE a.election_round_id = ${from}`.execute(trx);
}
