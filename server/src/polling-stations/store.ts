import type { Kysely, Transaction } from "kysely";
import type { components } from "../../../openapi/schema.d.ts";
import { changedFields, initialFields } from "../audit/changes.ts";
import { stationLabel } from "../audit/labels.ts";
import { recordAudit, type AuditRecord, type StaffAct } from "../audit/record.ts";
import type { Database, PollingStationStatus } from "../db/schema.ts";
import { isUniqueViolation } from "../db/violations.ts";
import { fail, type ProblemError } from "../problem.ts";

export type StationInput = components["schemas"]["PollingStationInput"];

/** A station's facts as stored, with its county's code (what the log names). */
interface StoredStation {
  id: number;
  countyId: number;
  countyCode: string;
  number: number;
  locality: string | null;
  institution: string | null;
  address: string | null;
  registeredVoters: number | null;
  latitude: number | null;
  longitude: number | null;
  status: PollingStationStatus;
}

type Facts = Omit<StoredStation, "id">;

/** What the log compares: every fact the input sets, and the status. */
const LOGGED = ["countyCode", "number", "locality", "institution", "address", "registeredVoters", "latitude", "longitude", "status"] as const;

/** Trimmed text; blank is no text. */
const text = (value: string | null | undefined) => value?.trim() || null;

const stationExists = (countyCode: string, number: number): ProblemError =>
  fail.conflict("station_exists", `County ${countyCode} already has a polling station ${number}.`, {
    number: [{ code: "duplicate", message: `County ${countyCode} already has a polling station ${number}.` }],
  });

/** The input's facts on the county it names; an unknown county is a 400 naming `countyCode`. */
async function factsOf(trx: Transaction<Database>, input: StationInput, status: PollingStationStatus): Promise<Facts> {
  const county = await trx.selectFrom("county").select("id").where("code", "=", input.countyCode).executeTakeFirst();
  if (!county) {
    throw fail.validation({ countyCode: [{ code: "not_found", message: `There is no county ${input.countyCode}.` }] }, "The county is unknown.");
  }
  return {
    countyId: county.id,
    countyCode: input.countyCode,
    number: input.number,
    locality: text(input.locality),
    institution: text(input.institution),
    address: text(input.address),
    registeredVoters: input.registeredVoters ?? null,
    latitude: input.latitude ?? null,
    longitude: input.longitude ?? null,
    status,
  };
}

/** The columns a write stores. */
const columnsOf = ({ countyCode: _code, ...facts }: Facts, at: Date) => ({ ...facts, updatedAt: at });

const stationEntry = (action: AuditRecord["action"], roundId: number, station: StoredStation, changes: AuditRecord["changes"]): AuditRecord => ({
  action,
  subject: { type: "station", id: station.id, label: stationLabel(station) },
  ngoId: null,
  roundId,
  changes,
});

/** The round's station `id` with its county's code, locked until the transaction ends; a 404 when there is none. */
async function lockStation(trx: Transaction<Database>, roundId: number, id: number): Promise<StoredStation> {
  const row = await trx
    .selectFrom("pollingStation as s")
    .innerJoin("county as c", "c.id", "s.countyId")
    .select(["s.id", "s.countyId", "c.code as countyCode", "s.number", "s.locality", "s.institution", "s.address", "s.registeredVoters", "s.latitude", "s.longitude", "s.status"])
    .where("s.id", "=", id)
    .where("s.electionRoundId", "=", roundId)
    .forUpdate("s")
    .executeTakeFirst();
  if (!row) throw fail.notFound(`There is no polling station with id ${id}.`);
  return row;
}

/** The index's violation for a writer that took the number in between, as the same 409. */
async function withUniqueNumber<T>(input: StationInput, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw stationExists(input.countyCode, input.number);
    throw error;
  }
}

/** Adds a station to the round (active unless the input says retired); a number its county already has there is a 409. */
export async function createStation(db: Kysely<Database>, roundId: number, input: StationInput, act: StaffAct): Promise<number> {
  return withUniqueNumber(input, () =>
    db.transaction().execute(async (trx) => {
      const facts = await factsOf(trx, input, input.status ?? "active");
      // DO NOTHING: a taken number inserts no row, so the registry's version stays (its trigger counts rows).
      const row = await trx
        .insertInto("pollingStation")
        .values({ ...columnsOf(facts, act.at), electionRoundId: roundId })
        .onConflict((conflict) => conflict.columns(["electionRoundId", "countyId", "number"]).doNothing())
        .returning("id")
        .executeTakeFirst();
      if (!row) throw stationExists(input.countyCode, input.number);
      await recordAudit(trx, act, [stationEntry("station.created", roundId, { id: row.id, ...facts }, initialFields(facts, LOGGED))]);
      return row.id;
    }),
  );
}

/**
 * Replaces the station's facts (absent optional ones become null; an absent status stays as it is, `active` brings
 * it back). A save that changes nothing writes nothing, so the registry's version and the log stay as they are.
 */
export async function updateStation(db: Kysely<Database>, roundId: number, id: number, input: StationInput, act: StaffAct): Promise<void> {
  await withUniqueNumber(input, () =>
    db.transaction().execute(async (trx) => {
      const before = await lockStation(trx, roundId, id);
      const facts = await factsOf(trx, input, input.status ?? before.status);
      const changes = changedFields(before, facts, LOGGED);
      if (changes.length === 0) return;
      const taken = await trx
        .selectFrom("pollingStation")
        .select("id")
        .where("electionRoundId", "=", roundId)
        .where("countyId", "=", facts.countyId)
        .where("number", "=", facts.number)
        .where("id", "!=", id)
        .executeTakeFirst();
      if (taken) throw stationExists(input.countyCode, input.number);
      await trx.updateTable("pollingStation").set(columnsOf(facts, act.at)).where("id", "=", id).execute();
      await recordAudit(trx, act, [stationEntry("station.updated", roundId, { id, ...facts }, changes)]);
    }),
  );
}

/** Retires the round's station, keeping everything reported there; retiring a retired station changes nothing. */
export async function retireStation(db: Kysely<Database>, roundId: number, id: number, act: StaffAct): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const station = await lockStation(trx, roundId, id);
    if (station.status === "retired") return;
    await trx.updateTable("pollingStation").set({ status: "retired", updatedAt: act.at }).where("id", "=", id).execute();
    await recordAudit(trx, act, [stationEntry("station.retired", roundId, station, [{ field: "status", from: "active", to: "retired" }])]);
  });
}
