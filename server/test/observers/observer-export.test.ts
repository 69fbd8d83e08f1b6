import ExcelJS from "exceljs";
import { parse } from "csv-parse/sync";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import type { components } from "../../../openapi/schema.d.ts";
import { csvStream, xlsxStream } from "../../src/observers/export.ts";
import { serverTests, type SignedInServer } from "../fixtures.ts";
import { engines } from "../harness.ts";

type Observer = components["schemas"]["Observer"];

const HEADER = ["Id", "Name", "Phone", "NgoId", "Ngo", "DeviceRegisterDate", "LastSeen", "NumberOfPollingStations", "NumberOfNotes"];
const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

const csvRow = (o: Observer) => [
  String(o.id),
  o.name,
  o.phone,
  String(o.ngoId),
  o.ngo,
  o.deviceRegisterDate ?? "",
  o.lastSeen ?? "",
  String(o.numberOfPollingStations),
  String(o.numberOfNotes),
];

const xlsxRow = (o: Observer) => [o.id, o.name, o.phone, o.ngoId, o.ngo, o.deviceRegisterDate, o.lastSeen, o.numberOfPollingStations, o.numberOfNotes];

const tests = serverTests({ observers: 30 });

describe.each(engines)("observer export on %s", (engine) => {
  const it = tests[engine];
  let { server, organizer, ngo2Admin, db } = {} as SignedInServer;
  it.beforeAll(({ api }) => void ({ server, organizer, ngo2Admin, db } = api));

  async function download(query: string, token: string, format: "csv" | "xlsx"): Promise<Response> {
    const response = await server.request(`/api/v1/observer/export?format=${format}&${query}`, { token });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe(format === "csv" ? "text/csv; charset=utf-8" : XLSX);
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="observers.${format}"`);
    return response;
  }

  // Response.text() drops a byte-order mark; the test must see the bytes as sent.
  const csvText = async (query: string, token: string) =>
    new TextDecoder("utf-8", { ignoreBOM: true }).decode(await (await download(query, token, "csv")).arrayBuffer());
  const csvRecords = async (query: string, token: string) => parse(await csvText(query, token), { bom: true });

  async function xlsxRows(query: string, token: string): Promise<unknown[][]> {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await (await download(query, token, "xlsx")).arrayBuffer());
    const sheet = workbook.getWorksheet("Observers")!;
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push(Array.from({ length: HEADER.length }, (_, index) => (row.values as unknown[])[index + 1] ?? null)));
    return rows;
  }

  /**
   * What listObservers shows for the same query, every page, with the stations and notes counted in the round exported
   * (the current one, round 1), as the export counts them: the list counts them across rounds, and the demo's
   * observers reported in last year's round too.
   */
  async function listed(query: string, token: string): Promise<Observer[]> {
    const observers: Observer[] = [];
    for (let page = 1; ; page++) {
      const response = await server.request(`/api/v1/observer?PageSize=1000&Page=${page}&${query}`, { token });
      expect(response.status).toBe(200);
      const body = (await response.json()) as { totalPages: number; data: Observer[] };
      observers.push(...body.data);
      if (page >= body.totalPages) break;
    }
    const { rows } = await sql<{ id: number; stations: number; notes: number }>`
      SELECT o.id,
        (SELECT count(*)::int FROM polling_station_info i WHERE i.election_round_id = 1 AND i.observer_id = o.id AND i.observer_arrival_time IS NOT NULL) AS stations,
        (SELECT count(*)::int FROM note n WHERE n.election_round_id = 1 AND n.observer_id = o.id) AS notes
      FROM observer o`.execute(db());
    const inRoundOne = new Map(rows.map((row) => [row.id, row]));
    return observers.map((o) => ({ ...o, numberOfPollingStations: inRoundOne.get(o.id)!.stations, numberOfNotes: inRoundOne.get(o.id)!.notes }));
  }

  async function createObserver(name: string, phone: string): Promise<void> {
    const response = await server.request("/api/v1/observer", { method: "POST", token: organizer, json: { name, phone, pin: "1234" } });
    expect(response.status).toBe(201);
  }

  describe("CSV", () => {
    it("starts with a byte-order mark and the header and holds the list's rows in the list's order", async () => {
      const text = await csvText("", organizer);
      expect(text.startsWith(`\uFEFF${HEADER.join(",")}\r\n`)).toBe(true);
      expect(await csvRecords("", organizer)).toEqual([HEADER, ...(await listed("", organizer)).map(csvRow)]);
    });

    it("applies the filters, the sort and the caller's scope", async () => {
      const sorted = "SortBy=name&SortDirection=asc";
      expect(await csvRecords(sorted, organizer)).toEqual([HEADER, ...(await listed(sorted, organizer)).map(csvRow)]);
      const own = await csvRecords("", ngo2Admin);
      expect(own.slice(1).map((row) => row[3])).toEqual(own.slice(1).map(() => "2"));
      expect(own).toEqual([HEADER, ...(await listed("", ngo2Admin)).map(csvRow)]);
      expect(await csvRecords("NgoId=2", organizer)).toEqual([HEADER, ...(await listed("NgoId=2", organizer)).map(csvRow)]);
      expect(await csvRecords("Number=0721000001", organizer)).toEqual([HEADER, ...(await listed("Number=0721000001", organizer)).map(csvRow)]);
    });

    it("quotes commas and quotes and keeps names that look like formulas as text", async () => {
      await createObserver('Ana "Nana", Pop', "0799900001");
      await createObserver("=HYPERLINK(1)", "0799900002");
      const text = await csvText("Number=079990&SortBy=name&SortDirection=asc", organizer);
      const lines = text.split("\r\n");
      expect(lines[1]).toMatch(/^\d+,'=HYPERLINK\(1\),0799900002,1,Code for Romania,,,0,0$/);
      expect(lines[2]).toMatch(/^\d+,"Ana ""Nana"", Pop",0799900001,1,Code for Romania,,,0,0$/);
      expect(lines[3]).toBe("");
    });

    it("keeps a formula after a ; or , inside a name as text too (a spreadsheet with the ; separator splits there)", async () => {
      await createObserver("Ion;=1+1;@SUM(A1)", "0799900003");
      await createObserver("Popa, -2+3", "0799900004");
      const text = await csvText("Number=07999000&SortBy=name&SortDirection=asc", organizer);
      const lines = text.split("\r\n");
      expect(lines).toContainEqual(expect.stringMatching(/^\d+,Ion;'=1\+1;'@SUM\(A1\),0799900003,/));
      expect(lines).toContainEqual(expect.stringMatching(/^\d+,"Popa,' -2\+3",0799900004,/));
    });

    it("is only the header when nothing matches", async () => {
      expect(await csvText("Name=nobody-is-called-this", organizer)).toBe(`\uFEFF${HEADER.join(",")}\r\n`);
    });
  });

  describe("XLSX", () => {
    it("reads back with the header and the list's rows, numbers as numbers and missing dates empty", async () => {
      const rows = await xlsxRows("", organizer);
      expect(rows).toEqual([HEADER, ...(await listed("", organizer)).map(xlsxRow)]);
      expect(rows.some((row) => row[6] === null)).toBe(true);
    });

    it("applies the filters, the sort and the caller's scope", async () => {
      const query = "SortBy=lastSeen&SortDirection=asc";
      expect(await xlsxRows(query, ngo2Admin)).toEqual([HEADER, ...(await listed(query, ngo2Admin)).map(xlsxRow)]);
      expect(await xlsxRows("Name=nobody-is-called-this", organizer)).toEqual([HEADER]);
    });
  });

  it("streams past several pages in both formats", async () => {
    const rows = Array.from({ length: 1_150 }, (_, i) => `07991${String(i).padStart(5, "0")},1234,Mulți ${i}`);
    const form = new FormData();
    form.append("file", new File([`Phone,Pin,Name\n${rows.join("\n")}\n`], "many.csv", { type: "text/csv" }));
    expect((await server.request("/api/v1/observer/import", { method: "POST", token: organizer, body: form })).status).toBe(200);
    const query = "Number=07991&SortBy=name&SortDirection=desc";
    const expected = await listed(query, organizer);
    expect(expected).toHaveLength(1_150);
    expect(await csvRecords(query, organizer)).toEqual([HEADER, ...expected.map(csvRow)]);
    expect(await xlsxRows(query, organizer)).toEqual([HEADER, ...expected.map(xlsxRow)]);
  });

  it("never exports deleted observers", async () => {
    const deleted = await server.handle.db.selectFrom("observer").select("id").where("deletedAt", "is not", null).execute();
    expect(deleted.length).toBeGreaterThan(0);
    const ids = (await csvRecords("", organizer)).slice(1).map((row) => Number(row[0]));
    for (const { id } of deleted) expect(ids).not.toContain(id);
  });

  it("refuses another NGO to other admins, observers and bad parameters", async () => {
    const forbidden = await server.request("/api/v1/observer/export?NgoId=1", { token: ngo2Admin });
    expect(forbidden.status).toBe(403);
    expect(await forbidden.json()).toMatchObject({ code: "forbidden" });
    const signIn = await server.request("/api/v2/access/observer", { method: "POST", json: { phone: "0721000002", pin: "9153" } });
    const { access_token: observer } = (await signIn.json()) as { access_token: string };
    expect((await server.request("/api/v1/observer/export", { token: observer })).status).toBe(403);
    expect((await server.request("/api/v1/observer/export?format=pdf", { token: organizer })).status).toBe(400);
    expect((await server.request("/api/v1/observer/export?SortBy=phone", { token: organizer })).status).toBe(400);
  });
});

describe("observer export streams", () => {
  const observer = (id: number): Observer => ({
    id,
    name: `Observer ${id}`,
    phone: `07${String(id).padStart(8, "0")}`,
    ngoId: 1,
    ngo: "NGO",
    deviceRegisterDate: null,
    lastSeen: null,
    numberOfNotes: 0,
    numberOfPollingStations: 0,
  });

  /** A million observers on demand, telling how many pages were read and when reading stopped. */
  function endlessPages() {
    const state = { pagesRead: 0, stopped: undefined as Promise<void> | undefined };
    let markStopped!: () => void;
    state.stopped = new Promise((resolve) => (markStopped = resolve));
    async function* pages(): AsyncGenerator<Observer[]> {
      try {
        for (let page = 0; page < 1_000; page++) {
          state.pagesRead += 1;
          await new Promise(setImmediate); // stands for the database round trip of a real page
          yield Array.from({ length: 1_000 }, (_, index) => observer(page * 1_000 + index + 1));
        }
      } finally {
        markStopped();
      }
    }
    return { state, pages: pages() };
  }

  it.each([
    ["CSV", csvStream],
    ["XLSX", xlsxStream],
  ])("stop reading observers when the %s download is cancelled", async (_, stream) => {
    const { state, pages } = endlessPages();
    const reader = stream(pages).getReader();
    expect((await reader.read()).done).toBe(false);
    await reader.cancel();
    await state.stopped;
    expect(state.pagesRead).toBeLessThan(10);
  });
});
