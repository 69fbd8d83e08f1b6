import { sql, type Kysely } from "kysely";
import { recordAudit, type StaffAct } from "../audit/record.ts";
import type { OneNgo } from "../auth/scope.ts";
import type { Database } from "../db/schema.ts";
import { isUniqueViolation } from "../db/violations.ts";
import { problem, ProblemError } from "../problem.ts";
import { lookUpStations, stationName, type StationRef } from "../assignments/station-refs.ts";
import { readObserverCsv, type CsvObserverRow, type ImportRowError } from "./csv.ts";
import { hashPin, normalizeName } from "./store.ts";

export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;
const PHONE = /^\+?[0-9]{6,15}$/;
const PIN = /^[0-9]{4,6}$/;
const MAX_NAME_LENGTH = 200;
// Enough hashes in flight to keep the bulk hashing lane busy without queueing thousands.
const HASH_CHUNK = 64;
// Four parameters a row keeps each INSERT far below PostgreSQL's 65,535 bind parameters.
const INSERT_BATCH = 1000;

export interface ObserverImport {
  file: File;
  ngo: OneNgo;
  /** The round whose registry the Stations column names, and in which the observers are assigned to them. */
  roundId: number;
  dryRun: boolean;
  /** Logged as one `observers.imported` entry about the NGO, with the count; a dry run is not logged. */
  act: StaffAct;
}

interface ValidRow {
  line: number;
  phone: string;
  pin: string;
  name: string;
  /** The stations the Stations column names, as written (resolved to ids once every row is read). */
  stations: StationRef[];
}

/** "CJ 15", "cj15" or "B-7": a county code and a number. */
const STATION = /^([A-Za-z]{1,2})\s*[- ]?\s*([0-9]{1,9})$/;

/** All or nothing: every row is checked, any bad row fails the whole file (422), and the rest is one transaction. */
export async function importObservers(db: Kysely<Database>, request: ObserverImport): Promise<{ count: number }> {
  if (request.file.size > MAX_IMPORT_BYTES) {
    throw new ProblemError(problem(413, "payload_too_large", "The file is larger than 5 MiB."));
  }
  const reading = readObserverCsv(new Uint8Array(await request.file.arrayBuffer()));
  if (!reading.ok) throw importInvalid(reading.errors);
  const checked = reading.rows.map(checkRow);
  const existing = await existingPhones(db, checked.map((row) => row.phone).filter((phone) => PHONE.test(phone)));
  const registry = await lookUpStations(db, request.roundId, checked.flatMap((row) => row.stations));
  const errors = [...reading.syntaxErrors, ...checked.flatMap((row) => row.errors), ...duplicateErrors(checked, existing), ...stationErrors(checked, registry)];
  if (errors.length > 0) throw importInvalid(errors);
  const rows = checked.map(({ line, phone, pin, name, stations }) => ({ line, phone, pin, name, stations }));
  if (!request.dryRun) await insertObservers(db, request, rows, registry);
  return { count: rows.length };
}

function checkRow(row: CsvObserverRow): ValidRow & { errors: ImportRowError[] } {
  const phone = row.phone.trim();
  const pin = row.pin.trim();
  const name = normalizeName(row.name);
  const errors: ImportRowError[] = [];
  const fault = (field: ImportRowError["field"], code: ImportRowError["code"], message: string) =>
    errors.push({ line: row.line, field, code, message });
  if (phone === "") fault("Phone", "required", "Phone is required.");
  else if (!PHONE.test(phone)) fault("Phone", "pattern", "Phone must be 6 to 15 digits, optionally preceded by +.");
  if (pin === "") fault("Pin", "required", "Pin is required.");
  else if (!PIN.test(pin)) fault("Pin", "pattern", "Pin must be 4 to 6 digits.");
  if (name === "") fault("Name", "required", "Name is required.");
  else if (name.includes("\u0000")) fault("Name", "pattern", "Name must not contain the NUL character.");
  // Counted in characters (code points), as the API's maxLength counts them: one rule for a name however it arrives.
  else if ([...name].length > MAX_NAME_LENGTH) fault("Name", "pattern", `Name must be at most ${MAX_NAME_LENGTH} characters.`);
  const stations: StationRef[] = [];
  for (const part of row.stations.split("|").map((text) => text.trim()).filter(Boolean)) {
    const match = STATION.exec(part);
    if (match) stations.push({ countyCode: match[1]!.toUpperCase(), pollingStationNumber: Number(match[2]) });
    else fault("Stations", "pattern", `"${part}" is not a polling station; write its county code and number, e.g. CJ 15, separated by |.`);
  }
  return { line: row.line, phone, pin, name, stations, errors };
}

type Registry = Awaited<ReturnType<typeof lookUpStations>>;

/** Each station a row names must be in the registry and active: a new observer is not sent to a retired one. */
function stationErrors(rows: ValidRow[], registry: Registry): ImportRowError[] {
  return rows.flatMap(({ line, stations }) =>
    stations.flatMap((ref): ImportRowError[] => {
      const station = registry.get(stationName(ref));
      if (!station) return [{ line, field: "Stations", code: "not_found", message: `There is no polling station ${stationName(ref)}.` }];
      if (station.status === "retired") return [{ line, field: "Stations", code: "retired", message: `Polling station ${stationName(ref)} is retired.` }];
      return [];
    }),
  );
}

async function existingPhones(db: Kysely<Database>, phones: string[]): Promise<Set<string>> {
  if (phones.length === 0) return new Set();
  // One array parameter, whatever the number of rows.
  const rows = await db
    .selectFrom("observer")
    .select("phone")
    .where("deletedAt", "is", null)
    .where(sql<boolean>`phone = any(${phones}::text[])`)
    .execute();
  return new Set(rows.map((row) => row.phone));
}

function duplicateErrors(rows: ValidRow[], existing: Set<string>): ImportRowError[] {
  const firstLine = new Map<string, number>();
  const errors: ImportRowError[] = [];
  for (const { line, phone } of rows) {
    if (!PHONE.test(phone)) continue;
    const first = firstLine.get(phone);
    if (existing.has(phone)) {
      errors.push({ line, field: "Phone", code: "duplicate_existing", message: `An observer with phone ${phone} already exists.` });
    } else if (first !== undefined) {
      errors.push({ line, field: "Phone", code: "duplicate_in_file", message: `Phone ${phone} is already on line ${first}.` });
    }
    if (first === undefined) firstLine.set(phone, line);
  }
  return errors;
}

const FIELD_ORDER: Record<ImportRowError["field"], number> = { row: 0, Phone: 1, Pin: 2, Name: 3, Stations: 4 };

function importInvalid(errors: ImportRowError[]): ProblemError {
  const unique = new Map(errors.map((error) => [`${error.line}|${error.field}|${error.code}`, error]));
  const rows = [...unique.values()].sort((a, b) => a.line - b.line || FIELD_ORDER[a.field] - FIELD_ORDER[b.field]);
  const lines = new Set(rows.map((row) => row.line)).size;
  const detail = `${lines} ${lines === 1 ? "row is" : "rows are"} invalid; nothing was imported.`;
  return new ProblemError(problem(422, "import_invalid", detail, { rows }));
}

async function hashPins(pins: string[]): Promise<string[]> {
  const hashes: string[] = [];
  for (let start = 0; start < pins.length; start += HASH_CHUNK) {
    hashes.push(...(await Promise.all(pins.slice(start, start + HASH_CHUNK).map((pin) => hashPin(pin, "bulk")))));
  }
  return hashes;
}

async function insertObservers(db: Kysely<Database>, { ngo, roundId, act }: ObserverImport, rows: ValidRow[], registry: Registry): Promise<void> {
  const pinHashes = await hashPins(rows.map((row) => row.pin));
  const values = rows.map((row, index) => ({ ngoId: ngo.ngoId, phone: row.phone, name: row.name, pinHash: pinHashes[index]! }));
  try {
    await db.transaction().execute(async (trx) => {
      const ids = new Map<string, number>();
      for (let start = 0; start < values.length; start += INSERT_BATCH) {
        const inserted = await trx.insertInto("observer").values(values.slice(start, start + INSERT_BATCH)).returning(["id", "phone"]).execute();
        for (const row of inserted) ids.set(row.phone, row.id);
      }
      const assignments = rows.flatMap((row) =>
        row.stations.map((ref) => ({ electionRoundId: roundId, observerId: ids.get(row.phone)!, pollingStationId: registry.get(stationName(ref))!.id })),
      );
      for (let start = 0; start < assignments.length; start += INSERT_BATCH) {
        await trx.insertInto("stationAssignment").values(assignments.slice(start, start + INSERT_BATCH)).onConflict((oc) => oc.doNothing()).execute();
      }
      const { name } = await trx.selectFrom("ngo").select("name").where("id", "=", ngo.ngoId).executeTakeFirstOrThrow();
      await recordAudit(trx, act, [
        { action: "observers.imported", subject: { type: "ngo", id: ngo.ngoId, label: name }, ngoId: ngo.ngoId, roundId, count: rows.length },
      ]);
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // Someone added one of these phones while the PINs were hashed: report it like any existing phone.
    const taken = await existingPhones(db, rows.map((row) => row.phone));
    const errors = duplicateErrors(rows, taken);
    throw errors.length > 0 ? importInvalid(errors) : error;
  }
}
