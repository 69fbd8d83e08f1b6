import { IMPORT_FIELDS, type ColumnMapping, type ImportColumn, type StationImportField } from "./fields.ts";
import { fold } from "./fold.ts";
import { columnsUnrecognised } from "./problems.ts";

/** Where each column the file has sits in a row. */
export type ColumnIndex = Partial<Record<ImportColumn, number>>;

/**
 * Headers recognised without help, folded (see fold.ts): the template's (the export's columns) and the official
 * list's Romanian ones, with the variants its editions use.
 */
const KNOWN_HEADERS: Readonly<Record<string, ImportColumn>> = {
  county: "county",
  judet: "county",
  judetul: "county",
  number: "number",
  "nr sv": "number",
  "numar sv": "number",
  "nr sectie": "number",
  "numar sectie": "number",
  locality: "locality",
  localitate: "locality",
  institution: "institution",
  sediu: "institution",
  address: "address",
  adresa: "address",
  registeredvoters: "registeredVoters",
  "nr alegatori": "registeredVoters",
  "numar alegatori": "registeredVoters",
  latitude: "latitude",
  latitudine: "latitude",
  longitude: "longitude",
  longitudine: "longitude",
  status: "status",
};

const REQUIRED = ["county", "number"] as const;

/**
 * The file's columns: those the mapping names first (it wins over recognition), then the recognised headers, each
 * header holding one column. Without a county or a number column, or with a mapping naming a header the file lacks,
 * a 422 `columns_unrecognised` gives the browser what it needs for a mapping step.
 */
export function recognizeColumns(headers: string[], mapping: ColumnMapping): ColumnIndex {
  const index: ColumnIndex = {};
  const claimed = new Set<number>();
  const unmatched: string[] = [];
  for (const field of IMPORT_FIELDS) {
    const header = mapping[field];
    if (header === undefined) continue;
    const at = findHeader(headers, header, claimed);
    if (at === -1) unmatched.push(`the file has no column "${header}" for ${field}`);
    else {
      index[field] = at;
      claimed.add(at);
    }
  }
  headers.forEach((header, at) => {
    const column = KNOWN_HEADERS[fold(header)];
    if (column !== undefined && index[column] === undefined && !claimed.has(at)) {
      index[column] = at;
      claimed.add(at);
    }
  });
  const missing = REQUIRED.filter((field) => index[field] === undefined);
  if (missing.length > 0 || unmatched.length > 0) {
    const notFound = missing.length > 0 ? [`no column was recognised as ${missing.join(" or ")}`] : [];
    const detail = `The file's columns were not recognised: ${[...notFound, ...unmatched].join("; ")}. Map the file's headers to the fields.`;
    throw columnsUnrecognised(headers, foundFields(headers, index), detail);
  }
  return index;
}

/** The header the mapping names, as written or else compared like recognised headers; -1 when the file lacks it. */
function findHeader(headers: string[], wanted: string, claimed: ReadonlySet<number>): number {
  const exact = headers.findIndex((header, at) => !claimed.has(at) && header.trim() === wanted.trim());
  if (exact !== -1) return exact;
  const folded = fold(wanted);
  return headers.findIndex((header, at) => !claimed.has(at) && fold(header) === folded);
}

function foundFields(headers: string[], index: ColumnIndex): Partial<Record<StationImportField, string>> {
  const found: Partial<Record<StationImportField, string>> = {};
  for (const field of IMPORT_FIELDS) {
    const at = index[field];
    if (at !== undefined) found[field] = headers[at]!;
  }
  return found;
}
