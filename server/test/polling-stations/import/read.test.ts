import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { readStationFile, type Sheet } from "../../../src/polling-stations/import/read.ts";
import { ProblemError } from "../../../src/problem.ts";

const bytes = (text: string) => new TextEncoder().encode(text);
const BOM = "\uFEFF";

async function problemOf(reading: () => Promise<Sheet> | Sheet) {
  const error = await Promise.resolve().then(reading).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(ProblemError);
  return (error as ProblemError).body;
}

async function workbook(rows: ExcelJS.CellValue[][], build?: (sheet: ExcelJS.Worksheet) => void): Promise<Uint8Array> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet("Secții");
  rows.forEach((row, index) => {
    if (row.length > 0) sheet.getRow(index + 1).values = row;
  });
  build?.(sheet);
  book.addWorksheet("Second").addRow(["county", "number"]);
  return new Uint8Array(await book.xlsx.writeBuffer());
}

describe("readStationFile", () => {
  describe("CSV", () => {
    it("reads the official list's shape: a BOM, `;`, CRLF, the header on line 1", async () => {
      const sheet = await readStationFile(bytes(`${BOM}Județ;Nr. SV;Localitate\r\nCLUJ;1;Cluj-Napoca\r\nSTRĂINĂTATE;2;Roma\r\n`));
      expect(sheet).toEqual({
        headers: ["Județ", "Nr. SV", "Localitate"],
        rows: [
          { line: 2, cells: ["CLUJ", "1", "Cluj-Napoca"] },
          { line: 3, cells: ["STRĂINĂTATE", "2", "Roma"] },
        ],
        errors: [],
      });
    });

    it("reads `,` without a BOM, quoted values holding the separator, doubled quotes and a line break", async () => {
      const text = 'county,number,institution,address\nCJ,1,"Liceul ""Avram Iancu"", corp A","Str. Onisifor Ghibu\nnr. 21"\nCJ,2,Școala,"a; b"\n';
      expect(await readStationFile(bytes(text))).toEqual({
        headers: ["county", "number", "institution", "address"],
        rows: [
          { line: 2, cells: ["CJ", "1", 'Liceul "Avram Iancu", corp A', "Str. Onisifor Ghibu\nnr. 21"] },
          { line: 4, cells: ["CJ", "2", "Școala", "a; b"] },
        ],
        errors: [],
      });
    });

    it("takes `;` when the header has more of them than commas outside quotes", async () => {
      const sheet = await readStationFile(bytes('"county, as code";number\nCJ;1,5\n'));
      expect(sheet.headers).toEqual(["county, as code", "number"]);
      expect(sheet.rows).toEqual([{ line: 2, cells: ["CJ", "1,5"] }]);
    });

    it("skips blank lines while keeping every row's own line number, and accepts rows short of trailing values", async () => {
      const sheet = await readStationFile(bytes("county,number,locality\n\nCJ,1\n\n\nB,2,Sector 1\n"));
      expect(sheet.rows).toEqual([
        { line: 3, cells: ["CJ", "1"] },
        { line: 6, cells: ["B", "2", "Sector 1"] },
      ]);
    });

    it("reports a row with values past the header's columns, and a misplaced quote, each on its line, reading the rest", async () => {
      const sheet = await readStationFile(bytes('county,number,address\nCJ,1,Str. A, nr. 2\nCJ,2,Str. "B\nCJ,3,Str. C,\n'));
      expect(sheet.rows).toEqual([{ line: 4, cells: ["CJ", "3", "Str. C"] }]);
      expect(sheet.errors).toEqual([
        { line: 2, field: "row", code: "columns", message: "The row has 4 values but the header has 3 columns; quote values that contain the separator." },
        { line: 3, field: "row", code: "invalid", message: "A value has a misplaced double quote; quote whole values and double the quotes inside them." },
      ]);
    });

    it("refuses text that is not UTF-8 (a Windows-1250 export) as an encoding problem on line 1", async () => {
      const latin = new Uint8Array([...bytes("Jude"), 0xfe, ...bytes(";Nr. SV\nCLUJ;1\n")]);
      expect(await problemOf(() => readStationFile(latin))).toMatchObject({
        status: 422,
        code: "import_invalid",
        rows: [{ line: 1, field: "row", code: "encoding", message: "The file is neither UTF-8 text nor an XLSX workbook; save it as CSV UTF-8 or as XLSX." }],
      });
    });

    it("has no header for an empty file", async () => {
      expect(await readStationFile(bytes(""))).toEqual({ headers: [], rows: [], errors: [] });
      expect(await readStationFile(bytes(`${BOM}\r\n\r\n`))).toEqual({ headers: [], rows: [], errors: [] });
    });
  });

  describe("XLSX", () => {
    it("reads the first worksheet, numbers stored as numbers as Excel shows them, lines as sheet rows", async () => {
      const file = await workbook([
        ["Județ", "Nr. SV", "Localitate", "Număr alegători", "latitude"],
        ["CLUJ", 1, "Cluj-Napoca", 1530, 46.77],
        [],
        ["Cluj", 2, { richText: [{ text: "Cluj-" }, { text: "Napoca" }] }, { formula: "1000+530", result: 1530 }, -0.5],
      ]);
      expect(await readStationFile(file)).toEqual({
        headers: ["Județ", "Nr. SV", "Localitate", "Număr alegători", "latitude"],
        rows: [
          { line: 2, cells: ["CLUJ", "1", "Cluj-Napoca", "1530", "46.77"] },
          { line: 4, cells: ["Cluj", "2", "Cluj-Napoca", "1530", "-0.5"] },
        ],
        errors: [],
      });
    });

    it("keeps a date cell recognisable, and drops cells right of the header", async () => {
      const file = await workbook([
        ["county", "number"],
        ["CJ", new Date(Date.UTC(2024, 4, 1)), "a note beside the table"],
      ]);
      expect((await readStationFile(file)).rows).toEqual([{ line: 2, cells: ["CJ", { date: "2024-05-01" }] }]);
    });

    it("is told apart by its content, and a damaged workbook is an encoding problem", async () => {
      const damaged = new Uint8Array([0x50, 0x4b, 0x03, 0x04, ...bytes("not really a zip")]);
      expect(await problemOf(() => readStationFile(damaged))).toMatchObject({
        code: "import_invalid",
        rows: [{ line: 1, field: "row", code: "encoding", message: "The file looks like an XLSX workbook but cannot be read; save it again as XLSX or as CSV UTF-8." }],
      });
    });
  });
});
