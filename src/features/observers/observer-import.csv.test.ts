import { describe, expect, it } from "vitest";
import { previewCsv } from "./observer-import.csv";

describe(previewCsv.name, () => {
  it("reads the first five data rows of a comma-separated file, with their line numbers", () => {
    const lines = ["Phone,Pin,Name", ...Array.from({ length: 7 }, (_, index) => `07220000${index},123${index},Observer ${index}`)];
    const preview = previewCsv(lines.join("\n"));
    expect(preview.missingColumns).toEqual([]);
    expect(preview.rows.map((row) => row.line)).toEqual([2, 3, 4, 5, 6]);
    expect(preview.rows[0]).toEqual({ line: 2, values: { Phone: "072200000", Pin: "1230", Name: "Observer 0" } });
  });

  it("detects semicolons, strips a byte-order mark, matches columns in any order and case, skips blank lines", () => {
    const preview = previewCsv('\uFEFFname;PHONE;pin\r\n\r\n"Pop; Ana";0722000000;1234\r\n');
    expect(preview).toEqual({ missingColumns: [], rows: [{ line: 3, values: { Phone: "0722000000", Pin: "1234", Name: "Pop; Ana" } }] });
  });

  it("keeps quoted quotes and newlines inside a field, counting lines as the server does", () => {
    const preview = previewCsv('Phone,Pin,Name\n0722000000,1234,"Ana ""Ani""\nPop"\n0722000001,1235,Ion');
    expect(preview.rows).toEqual([
      { line: 2, values: { Phone: "0722000000", Pin: "1234", Name: 'Ana "Ani"\nPop' } },
      { line: 4, values: { Phone: "0722000001", Pin: "1235", Name: "Ion" } },
    ]);
  });

  it("names the missing columns", () => {
    expect(previewCsv("Phone,Name\n0722000000,Ana").missingColumns).toEqual(["Pin"]);
  });
});
