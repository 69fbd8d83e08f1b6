import { sql, type Kysely, type Transaction } from "kysely";
import { observerLabel } from "../audit/labels.ts";
import { recordAudit, type AuditRecord, type StaffAct } from "../audit/record.ts";
import type { NgoScope } from "../auth/scope.ts";
import type { Database } from "../db/schema.ts";
import { fieldErrorMap } from "../http/validation.ts";
import { fail, problem, ProblemError } from "../problem.ts";
import { knownStations, type StationRef } from "./station-refs.ts";

interface ScopedObserver {
  id: number;
  ngoId: number;
  name: string;
  phone: string;
}

/** The observer's stations in the round, in county and number order, with its latest arrival at each. */
export async function observerStations(db: Kysely<Database>, roundId: number, observerId: number) {
  const rows = await db
    .selectFrom("stationAssignment as a")
    .innerJoin("pollingStation as s", "s.id", "a.pollingStationId")
    .innerJoin("county as c", "c.id", "s.countyId")
    .leftJoin("pollingStationInfo as v", (join) => join.onRef("v.observerId", "=", "a.observerId").onRef("v.pollingStationId", "=", "a.pollingStationId"))
    .where("a.electionRoundId", "=", roundId)
    .where("a.observerId", "=", observerId)
    .select(["s.id", "c.code as countyCode", "s.number as pollingStationNumber", "s.locality", "s.institution", "s.address", "s.status", "v.observerArrivalTime as arrivedAt"])
    .orderBy("c.displayOrder")
    .orderBy("s.number")
    .execute();
  return rows.map((row) => ({ ...row, arrivedAt: row.arrivedAt?.toISOString() ?? null }));
}

/** The id of the live observer `id` when it is in the scope; a 404 otherwise. */
export async function observerInScope(db: Kysely<Database>, scope: NgoScope, id: number): Promise<number> {
  let query = db.selectFrom("observer").select("id").where("id", "=", id).where("deletedAt", "is", null);
  if (scope.kind === "ngo") query = query.where("ngoId", "=", scope.ngoId);
  if (!(await query.executeTakeFirst())) throw fail.notFound(`No observer with id ${id}.`);
  return id;
}

/** The live observers `ids` within the scope, locked until the transaction ends; any other id is a 404 naming it. */
async function lockObservers(trx: Transaction<Database>, scope: NgoScope, ids: readonly number[], field: (index: number) => string): Promise<ScopedObserver[]> {
  let query = trx.selectFrom("observer").select(["id", "ngoId", "name", "phone"]).where("id", "in", ids).where("deletedAt", "is", null).forUpdate();
  if (scope.kind === "ngo") query = query.where("ngoId", "=", scope.ngoId);
  const found = new Map((await query.execute()).map((row) => [row.id, row]));
  const errors = fieldErrorMap();
  ids.forEach((id, index) => {
    if (!found.has(id)) errors[field(index)] = [{ code: "not_found", message: `No observer with id ${id}.` }];
  });
  if (Object.keys(errors).length > 0) {
    if (ids.length === 1) throw fail.notFound(`No observer with id ${ids[0]}.`);
    throw new ProblemError(problem(404, "not_found", "An observer is unknown.", { errors }));
  }
  return [...found.values()];
}

/** Each observer's current station names in the round ("CJ 15"), for the activity log. */
async function currentNames(trx: Transaction<Database>, roundId: number, observerIds: readonly number[]): Promise<Map<number, string[]>> {
  const { rows } = await sql<{ observerId: number; names: string[] }>`
    SELECT a.observer_id, array_agg(c.code || ' ' || s.number ORDER BY c.display_order, s.number) AS names
    FROM station_assignment a JOIN polling_station s ON s.id = a.polling_station_id JOIN county c ON c.id = s.county_id
    WHERE a.election_round_id = ${roundId} AND a.observer_id = ANY(${observerIds}::int[])
    GROUP BY a.observer_id`.execute(trx);
  return new Map(rows.map((row) => [row.observerId, row.names]));
}

/**
 * Sets (`replace`) or extends (`add`) the observers' stations in the round, in one transaction, logging each observer
 * whose list changed as `observer.updated` with its `stations` before and after. Their stations in other rounds stay
 * as they are. Answers how many assignments are new.
 */
export async function assignStations(
  db: Kysely<Database>,
  scope: NgoScope,
  roundId: number,
  input: { observerIds: readonly number[]; stations: readonly StationRef[]; mode: "add" | "replace" },
  act: StaffAct,
  observerField: (index: number) => string = (index) => `observerIds[${index}]`,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const observerIds = [...new Set(input.observerIds)];
    const observers = await lockObservers(trx, scope, observerIds, observerField);
    const before = await currentNames(trx, roundId, observerIds);
    const held = await trx
      .selectFrom("stationAssignment")
      .select("pollingStationId")
      .where("electionRoundId", "=", roundId)
      .where("observerId", "in", observerIds)
      .execute();
    const heldIds = new Set(held.map((row) => row.pollingStationId));
    // A retired station an observer already holds may be listed again (its list saved unchanged); never newly given.
    const keep = (id: number) => input.mode === "replace" && observerIds.length === 1 && heldIds.has(id);
    const stations = await knownStations(trx, roundId, input.stations, keep);
    const stationIds = stations.map((station) => station.id);
    if (input.mode === "replace") {
      await trx
        .deleteFrom("stationAssignment")
        .where("electionRoundId", "=", roundId)
        .where("observerId", "in", observerIds)
        .where("pollingStationId", "not in", stationIds.length > 0 ? stationIds : [0])
        .execute();
    }
    let added = 0;
    if (stationIds.length > 0) {
      const inserted = await sql`
        INSERT INTO station_assignment (election_round_id, observer_id, polling_station_id, assigned_at)
        SELECT ${roundId}::int, o, s, ${act.at} FROM unnest(${observerIds}::int[]) AS o CROSS JOIN unnest(${stationIds}::int[]) AS s
        ON CONFLICT DO NOTHING`.execute(trx);
      added = Number(inserted.numAffectedRows ?? 0);
    }
    const after = await currentNames(trx, roundId, observerIds);
    const entries: AuditRecord[] = observers.flatMap((observer) => {
      const from = (before.get(observer.id) ?? []).join(", ");
      const to = (after.get(observer.id) ?? []).join(", ");
      if (from === to) return [];
      const changes = [{ field: "stations", from: from || null, to: to || null }];
      return [{ action: "observer.updated", subject: { type: "observer", id: observer.id, label: observerLabel(observer) }, ngoId: observer.ngoId, roundId, changes }];
    });
    await recordAudit(trx, act, entries);
    return added;
  });
}
