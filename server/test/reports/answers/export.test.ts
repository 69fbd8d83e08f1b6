import ExcelJS from "exceljs";
import { describe, expect } from "vitest";
import type { components } from "../../../../openapi/schema.d.ts";
import { expectProblem, serverTests, type SignedInServer } from "../../fixtures.ts";
import { engines } from "../../harness.ts";
import { createReporters, stationId, type Reporters } from "../../fixtures/reports-fixture.ts";

type ThreadPage = components["schemas"]["AnswerThreadPage"];

const publicUrl = "https://votemonitor.example.org/back-office";
const tests = serverTests({ observers: 30, config: { publicUrl } });

/** Per sheet, whether the first cell of its header row is bold and the first cell of its next row is not. */
let boldHeaderOnly: Record<string, boolean> = {};

/** Every sheet of the workbook as rows of plain values (a hyperlink cell as its text and link). */
async function readWorkbook(response: Response): Promise<Record<string, unknown[][]>> {
  expect(response.status).toBe(200);
  expect(response.headers.get("content-disposition")).toBe('attachment; filename="answers.xlsx"');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await response.arrayBuffer());
  const sheets: Record<string, unknown[][]> = {};
  boldHeaderOnly = {};
  workbook.eachSheet((sheet) => {
    boldHeaderOnly[sheet.name] = sheet.getRow(1).getCell(1).font?.bold === true && sheet.getRow(2).getCell(1).font?.bold !== true;
    const rows: unknown[][] = [];
    sheet.eachRow((row) => void rows.push((row.values as unknown[]).slice(1)));
    sheets[sheet.name] = rows;
  });
  return sheets;
}

describe.each(engines)("exportAnswers on %s", (engine) => {
  const it = tests[engine];
  let api = {} as SignedInServer;
  let r = {} as Reporters;
  let ab11 = 0;

  it.beforeAll(async ({ api: signedIn }) => {
    api = signedIn;
    r = await createReporters(api, "EXP", "07993400");
    ab11 = await stationId(api, "AB", 11);
    const answer = await api.send("POST", "/api/v1/answers", r.own.token, {
      answers: [
        { questionId: r.single.id, countyCode: "AB", pollingStationNumber: 11, options: [{ optionId: r.single.no }] },
        { questionId: r.multiple.id, countyCode: "AB", pollingStationNumber: 11, options: [{ optionId: r.multiple.other, value: "=1+1 urne sparte" }] },
      ],
    });
    expect(answer.status).toBe(204);
    const form = new FormData();
    form.append("countyCode", "AB");
    form.append("pollingStationNumber", "11");
    form.append("text", "Urnă sigilată greșit");
    form.append("files", new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])]), "urna.jpg");
    expect((await api.server.request("/api/v2/note", { method: "POST", token: r.own.token, body: form })).status).toBe(201);
  });

  const exported = async (query: string, token = api.organizer) => readWorkbook(await api.get(`/api/v1/export/all?${query}`, token));
  const listed = async (query: string, token = api.organizer) => {
    const response = await api.get(`/api/v1/answers?pageSize=1000&${query}`, token);
    return (await response.json()) as ThreadPage;
  };

  it("writes the thread's answers, notes and one row per station, each sheet under a header row", async () => {
    const sheets = await exported(`phoneObserver=${r.own.phone}`);
    expect(Object.keys(sheets)).toEqual(["answers", "notes", "by station"]);
    expect(boldHeaderOnly).toEqual({ answers: true, notes: true, "by station": true });
    const name = `Observator ${r.own.phone}`;
    const ngo = (await api.db().selectFrom("ngo").select("name").where("id", "=", 1).executeTakeFirstOrThrow()).name;
    const time = api.server.clock.now.toISOString().slice(0, 19).replace("T", " ");
    expect(sheets.answers).toEqual([
      ["Observer Id", "Observer Phone", "Observer Name", "NGO", "County", "Polling Station", "Form", "Section", "Question Code", "Question", "Option", "Free Text", "Flagged", "Last Modified (UTC)"],
      [r.own.id, r.own.phone, name, ngo, "AB", 11, "EXP", "S1", "Q1", "Deschis la timp?", "Nu", undefined, true, time],
      [r.own.id, r.own.phone, name, ngo, "AB", 11, "EXP", "S1", "Q2", "Ce lipsea?", "Altceva", "=1+1 urne sparte", true, time],
    ]);
    expect(sheets.notes).toEqual([
      ["Observer Id", "Observer Phone", "Observer Name", "NGO", "County", "Polling Station", "Form", "Question Code", "Text", "Attachments", "Last Modified (UTC)"],
      [r.own.id, r.own.phone, name, ngo, "AB", 11, undefined, undefined, "Urnă sigilată greșit", { text: "1", hyperlink: `${publicUrl}/answers/details/${r.own.id}/${ab11}` }, time],
    ]);
    const header = sheets["by station"]![0]!;
    expect(header.slice(0, 8)).toEqual(["Observer Id", "Observer Phone", "Observer Name", "NGO", "County", "Polling Station", "Last Modified (UTC)", "Flagged Answers"]);
    const row = sheets["by station"]![1]!;
    expect(row.slice(0, 8)).toEqual([r.own.id, r.own.phone, name, ngo, "AB", 11, time, 2]);
    expect(row[header.indexOf("Q1")]).toBe("Nu");
    expect(row[header.indexOf("Q2")]).toBe("Altceva: =1+1 urne sparte");
  });

  it.each([
    ["no filter", "", ""],
    ["a county", "county=AB", "county=AB"],
    ["a station number", "pollingStationNumber=11", "pollingStationNumber=11"],
    ["a phone substring", "phoneObserver=0721", "observerPhoneNumber=0721"],
    ["a time window", "from=2020-01-01T00:00:00Z&to=2026-11-22T08:00:00Z", "from=2020-01-01T00:00:00Z&to=2026-11-22T08:00:00Z"],
    ["urgent threads (the urgents page)", "urgent=true", "urgent=true"],
    ["urgent threads of a county", "urgent=true&county=AB", "urgent=true&county=AB"],
    ["everything at once", "county=AB&pollingStationNumber=11&phoneObserver=0799&from=2026-11-22T07:00:00Z", "county=AB&pollingStationNumber=11&observerPhoneNumber=0799&from=2026-11-22T07:00:00Z"],
  ])("holds exactly the threads the list shows for %s, in the same order", async (_, exportQuery, listQuery) => {
    for (const token of [api.organizer, api.ngo2Admin]) {
      const threads = await listed(listQuery, token);
      const stations = (await exported(exportQuery, token))["by station"]!.slice(1);
      expect(stations.length).toBe(threads.totalItems);
      expect(stations.map((row) => row[0])).toEqual(threads.data.map((thread) => thread.idObserver));
    }
  });

  it("links to the configured public address whatever host the request names", async () => {
    const forged = await api.server.request(`http://evil.example/api/v1/export/all?phoneObserver=${r.own.phone}`, {
      token: api.organizer,
      headers: { host: "evil.example", "x-forwarded-host": "evil.example", "x-forwarded-proto": "http" },
    });
    const photos = (await readWorkbook(forged)).notes![1]![9];
    expect(photos).toEqual({ text: "1", hyperlink: `${publicUrl}/answers/details/${r.own.id}/${ab11}` });
  });

  it("answers a workbook with only the header rows when nothing matches", async () => {
    const sheets = await exported("phoneObserver=nobody");
    expect(Object.values(sheets).map((rows) => rows.length)).toEqual([1, 1, 1]);
  });

  it("is refused to observers and a window that ends before it starts", async () => {
    await expectProblem(await api.get("/api/v1/export/all", r.own.token), 403, "forbidden");
    await expectProblem(await api.get("/api/v1/export/all?from=2026-11-22T09:00:00Z&to=2026-11-22T08:00:00Z", api.organizer), 400, "validation");
  });
});
