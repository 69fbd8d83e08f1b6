import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { streamWorkbook, type SheetWriter } from "../../src/http/xlsx-stream.ts";

async function read(stream: ReadableStream<Uint8Array>): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await new Response(stream).arrayBuffer());
  return workbook;
}

const values = (sheet: ExcelJS.Worksheet) => {
  const rows: unknown[][] = [];
  sheet.eachRow((row) => void rows.push((row.values as unknown[]).slice(1)));
  return rows;
};

describe("streamWorkbook", () => {
  it("writes sheets that a spreadsheet reads back cell for cell: numbers, booleans, text, links, empty cells and a bold header", async () => {
    const workbook = await read(
      streamWorkbook(async (writer) => {
        await writer.sheet("answers", ["Id", "Text", "Flagged", "Link"]);
        await writer.row([7, 'a < b & "c" > d', true, { text: "2", hyperlink: "http://localhost/answers/details/7/9?x=1&y=2" }]);
        await writer.row([8, null, false, null]);
        await writer.sheet("by station", ["Ion"]);
        await writer.row(["Ștefan cel Mare"]);
      }),
    );
    const [answers, byStation] = [workbook.getWorksheet("answers")!, workbook.getWorksheet("by station")!];
    expect(values(answers)).toEqual([
      ["Id", "Text", "Flagged", "Link"],
      [7, 'a < b & "c" > d', true, { text: "2", hyperlink: "http://localhost/answers/details/7/9?x=1&y=2" }],
      [8, undefined, false],
    ]);
    expect(answers.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(answers.getRow(2).getCell(1).font?.bold).not.toBe(true);
    expect(values(byStation)).toEqual([["Ion"], ["Ștefan cel Mare"]]);
  });

  it("names columns past Z as a spreadsheet does, drops characters XML cannot carry and cuts text at Excel's cell limit", async () => {
    const wide = Array.from({ length: 30 }, (_, i) => `Q${i + 1}`);
    const workbook = await read(
      streamWorkbook(async (writer) => {
        await writer.sheet("wide", wide);
        await writer.row(["before\u0000after\u0007", "x".repeat(40_000)]);
      }),
    );
    const sheet = workbook.getWorksheet("wide")!;
    expect(sheet.getCell("AD1").value).toBe("Q30");
    expect(sheet.getCell("A2").value).toBe("beforeafter");
    expect((sheet.getCell("B2").value as string).length).toBe(32_767);
  });

  it("stops writing once the reader has gone", async () => {
    let written = 0;
    let finished: (writer: SheetWriter) => void = () => undefined;
    const stopped = new Promise<SheetWriter>((resolve) => (finished = resolve));
    const stream = streamWorkbook(async (writer) => {
      await writer.sheet("answers", ["Text"]);
      for (let row = 0; row < 1_000_000 && !writer.closed; row++) {
        await writer.row([`row ${row} ${"x".repeat(200)}`]);
        written += 1;
      }
      finished(writer);
    });
    const reader = stream.getReader();
    await reader.read();
    await reader.cancel();
    const writer = await stopped;
    expect(writer.closed).toBe(true);
    expect(written).toBeLessThan(1_000_000);
  });
});
