import { describe, expect, it } from "vitest";
import type { ColumnIndex } from "../../../src/polling-stations/import/columns.ts";
import { countyMatcher } from "../../../src/polling-stations/import/counties.ts";
import type { County } from "../../../src/polling-stations/import/fields.ts";
import type { SheetRow } from "../../../src/polling-stations/import/read.ts";
import { validateRows } from "../../../src/polling-stations/import/validate.ts";

const COUNTIES: County[] = [
  { id: 1, code: "D", name: "Diaspora", diaspora: true },
  { id: 15, code: "CJ", name: "Cluj", diaspora: false },
];
const TEMPLATE: ColumnIndex = { county: 0, number: 1, locality: 2, institution: 3, address: 4, registeredVoters: 5, latitude: 6, longitude: 7 };

/** Rows of the template's columns from line 2 on. */
const rows = (...cells: SheetRow["cells"][]): SheetRow[] => cells.map((row, index) => ({ line: index + 2, cells: row }));
const validate = (sheetRows: SheetRow[], columns: ColumnIndex = TEMPLATE) => validateRows(sheetRows, columns, countyMatcher(COUNTIES));
const station = (fields: object) => ({
  locality: null,
  institution: null,
  address: null,
  registeredVoters: null,
  latitude: null,
  longitude: null,
  status: "active",
  ...fields,
});

describe(validateRows.name, () => {
  it("gives each row's station: its county resolved, texts trimmed with inner whitespace collapsed, blanks as null", () => {
    const result = validate(rows(["Cluj", "15", "  Cluj-Napoca ", "Liceul   Teoretic\n„Avram Iancu”", "", "1530", "46.77", "23,6"], ["D", "1"]));
    expect(result).toEqual({
      stations: [
        station({
          line: 2,
          countyId: 15,
          number: 15,
          locality: "Cluj-Napoca",
          institution: "Liceul Teoretic „Avram Iancu”",
          registeredVoters: 1530,
          latitude: 46.77,
          longitude: 23.6,
        }),
        station({ line: 3, countyId: 1, number: 1 }),
      ],
      errors: [],
    });
  });

  it("skips blank rows", () => {
    expect(validate(rows(["", " ", ""], ["CJ", "1"], []))).toEqual({ stations: [station({ line: 3, countyId: 15, number: 1 })], errors: [] });
  });

  it("requires a known county and a number", () => {
    expect(validate(rows(["", "1"], ["Atlantis", "2"], ["CJ", ""])).errors).toEqual([
      { line: 2, field: "county", code: "required", message: "The county is required." },
      { line: 3, field: "county", code: "not_found", message: 'There is no county "Atlantis"; write its code (CJ) or its name (Cluj).' },
      { line: 4, field: "number", code: "required", message: "The polling station's number is required." },
    ]);
  });

  it("takes a number only as a whole number from 1 to 2,147,483,647", () => {
    const numbers = ["0", "-1", "1.5", "12a", "2147483648", "1e3"];
    const result = validate(rows(...numbers.map((number) => ["CJ", number]), ["CJ", "007"], ["CJ", "2147483647"]));
    expect(result.errors.map((error) => [error.line, error.field, error.code])).toEqual(numbers.map((_, index) => [index + 2, "number", "invalid"]));
    expect(result.errors[0]!.message).toBe('The polling station\'s number must be a whole number from 1 to 2147483647; "0" is not.');
    expect(result.stations.map((row) => row.number)).toEqual([7, 2147483647]);
  });

  it("takes registered voters as a whole number from 0, and coordinates in their ranges with a decimal point or comma", () => {
    const result = validate(
      rows(
        ["CJ", "1", "", "", "", "0", "-90", "180"],
        ["CJ", "2", "", "", "", "-1", "90,5", "-180.5"],
        ["CJ", "3", "", "", "", "1 530", "4677", "x"],
        ["CJ", "4", "", "", "", "15,3", "46.77.1", "23."],
      ),
    );
    expect(result.stations).toEqual([station({ line: 2, countyId: 15, number: 1, registeredVoters: 0, latitude: -90, longitude: 180 })]);
    expect(result.errors.map((error) => [error.line, error.field, error.code])).toEqual([
      [3, "registeredVoters", "invalid"],
      [3, "latitude", "invalid"],
      [3, "longitude", "invalid"],
      [4, "registeredVoters", "invalid"],
      [4, "latitude", "invalid"],
      [4, "longitude", "invalid"],
      [5, "registeredVoters", "invalid"],
      [5, "latitude", "invalid"],
      [5, "longitude", "invalid"],
    ]);
  });

  it("refuses a spreadsheet's date where a number belongs", () => {
    expect(validate(rows(["CJ", { date: "1900-01-15" }], ["CJ", "2", "", "", "", { date: "2024-05-01" }])).errors).toEqual([
      { line: 2, field: "number", code: "invalid", message: "The polling station's number is a date (1900-01-15) in the spreadsheet; it must be a whole number." },
      {
        line: 3,
        field: "registeredVoters",
        code: "invalid",
        message: "The number of registered voters is a date (2024-05-01) in the spreadsheet; it must be a whole number.",
      },
    ]);
  });

  it("limits the locality to 200 characters and the institution and address to 300, counting characters, not bytes", () => {
    const result = validate(rows(["CJ", "1", "ș".repeat(200), "ț".repeat(300), "ă".repeat(300)], ["CJ", "2", "a".repeat(201), "b".repeat(301), "c".repeat(301)]));
    expect(result.stations.map((row) => row.number)).toEqual([1]);
    expect(result.errors).toEqual([
      { line: 3, field: "locality", code: "too_long", message: "The locality must be at most 200 characters." },
      { line: 3, field: "institution", code: "too_long", message: "The institution must be at most 300 characters." },
      { line: 3, field: "address", code: "too_long", message: "The address must be at most 300 characters." },
    ]);
  });

  it("refuses text PostgreSQL cannot store", () => {
    expect(validate(rows(["CJ", "1", "Cluj\u0000Napoca"], ["CJ", "2", "", "\uD800"])).errors.map((error) => [error.line, error.field, error.code])).toEqual([
      [2, "locality", "invalid"],
      [3, "institution", "invalid"],
    ]);
  });

  it("reports a county and number already listed on the later line, naming the first, however the county is written", () => {
    const result = validate(rows(["CJ", "1"], ["CJ", "2"], ["Cluj", "1"], ["cj", "01"]));
    expect(result.stations.map((row) => row.line)).toEqual([2, 3]);
    expect(result.errors).toEqual([
      { line: 4, field: "number", code: "duplicate_in_file", message: "Polling station CJ 1 is already on line 2." },
      { line: 5, field: "number", code: "duplicate_in_file", message: "Polling station CJ 1 is already on line 2." },
    ]);
  });

  it("reports every problem of every row", () => {
    const result = validate(rows(["Atlantis", "x", "", "", "", "-3"], ["CJ", "1"], ["", "", "", "", "", "", "91"]));
    expect(result.errors.map((error) => [error.line, error.field, error.code])).toEqual([
      [2, "county", "not_found"],
      [2, "number", "invalid"],
      [2, "registeredVoters", "invalid"],
      [4, "county", "required"],
      [4, "number", "required"],
      [4, "latitude", "invalid"],
    ]);
  });

  it("leaves the facts of columns the file lacks as null", () => {
    const result = validate(rows(["CJ", "1", "Dej"]), { county: 0, number: 1, locality: 2 });
    expect(result.stations).toEqual([station({ line: 2, countyId: 15, number: 1, locality: "Dej" })]);
  });

  it("takes the export's status column, and the export's guard against spreadsheet formulas off texts", () => {
    const result = validate(
      // As server/src/http/csv-field.ts writes "=Dej" and "Școala, - corp B".
      rows(["CJ", "1", "'=Dej", "Școala,' - corp B", "", "retired"], ["CJ", "2", "", "", "", "Active"], ["CJ", "3", "", "", "", "closed"]),
      { county: 0, number: 1, locality: 2, institution: 3, status: 5 },
    );
    expect(result.stations).toEqual([
      station({ line: 2, countyId: 15, number: 1, locality: "=Dej", institution: "Școala, - corp B", status: "retired" }),
      station({ line: 3, countyId: 15, number: 2 }),
    ]);
    expect(result.errors).toEqual([{ line: 4, field: "row", code: "invalid", message: 'The status must be active or retired; "closed" is neither.' }]);
  });
});
