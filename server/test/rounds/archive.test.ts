import ExcelJS from "exceljs";
import JSZip from "jszip";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { components } from "../../../openapi/schema.d.ts";
import { createMemoryFileStore, type FileStore } from "../../src/files/file-store.ts";
import { expectProblem, signedIn, type SignedInServer } from "../fixtures.ts";
import { createReporters, type Reporters } from "../fixtures/reports-fixture.ts";
import { engines } from "../harness.ts";
import { openRound } from "./next-round.ts";

type Form = components["schemas"]["Form"];

interface Manifest {
  round: { id: number; name: string; electionDay: string; status: string };
  generatedAt: string;
  counts: { answers: number; threads: number; notes: number; photos: number; forms: number; pollingStations: number; auditEntries: number };
  missingPhotos: string[];
}

/** The lines of a CSV part, without its byte-order mark and final line break. */
const csvLines = (text: string) => text.replace(/^\uFEFF/, "").replace(/\r\n$/, "").split("\r\n");

async function workbookOf(zip: JSZip): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await zip.file("answers.xlsx")!.async("arraybuffer"));
  return workbook;
}

/** The rows below the header of each of the workbook's sheets. */
const sheetRows = async (zip: JSZip) =>
  Object.fromEntries((await workbookOf(zip)).worksheets.map((sheet) => [sheet.name, sheet.actualRowCount - 1]));

/**
 * A round's archive (issue 27, exportElectionRound): one zip of everything the round produced, whose manifest
 * counts what the database holds for the round, whose forms import back, and which holds no other round's data.
 */
describe.each(engines)("a round's archive on %s", (engine) => {
  const files: FileStore = createMemoryFileStore();
  let api = {} as SignedInServer;
  let reporters = {} as Reporters;
  let secondForm = {} as Form;

  const download = async (roundId: number) => {
    const response = await api.get(`/api/v1/election-rounds/${roundId}/export`, api.organizer);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/zip");
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="round-${roundId}.zip"`);
    const zip = await JSZip.loadAsync(await response.arrayBuffer());
    const manifest = JSON.parse(await zip.file("manifest.json")!.async("string")) as Manifest;
    return { zip, manifest, names: Object.keys(zip.files) };
  };
  const countOf = async (query: ReturnType<typeof sql<{ n: number }>>) => (await query.execute(api.db())).rows[0]!.n;
  const roundCounts = async (roundId: number) => ({
    answers: await countOf(sql`SELECT count(*)::int AS n FROM answer WHERE election_round_id = ${roundId}`),
    threads: await countOf(sql`SELECT count(*)::int AS n FROM answer_thread WHERE election_round_id = ${roundId}`),
    notes: await countOf(sql`SELECT count(*)::int AS n FROM note WHERE election_round_id = ${roundId}`),
    photos: await countOf(sql`SELECT count(*)::int AS n FROM note_attachment a JOIN note n ON n.id = a.note_id WHERE n.election_round_id = ${roundId}`),
    forms: await countOf(sql`SELECT count(*)::int AS n FROM form WHERE election_round_id = ${roundId}`),
    pollingStations: await countOf(sql`SELECT count(*)::int AS n FROM polling_station WHERE election_round_id = ${roundId}`),
  });

  beforeAll(async () => {
    api = await signedIn(engine, { observers: 10, files: () => files });
    // Round 1's form AR has an answer, so that the round's own writes are in its archive too.
    reporters = await createReporters(api, "AR", "07995600");
    const answer = (questionId: number, optionId: number) => ({ answers: [{ questionId, countyCode: "AB", pollingStationNumber: 1, options: [{ optionId }] }] });
    expect((await api.send("POST", "/api/v1/answers", reporters.own.token, answer(reporters.single.id, reporters.single.no))).status).toBe(204);

    // Round 3 (2 is the demo's archived round), older (round 1 stays the current round), with one form of its own and one answer to it.
    await openRound(api.db(), 3);
    await api.db().updateTable("electionRound").set({ electionDay: "2020-01-01" }).where("id", "=", 3).execute();
    const question = { code: "Q1", text: "Deschis la timp?", questionType: 1, optionsToQuestions: [{ text: "Da" }, { text: "Nu", flagged: true }] };
    const form = { code: "R2", description: "Runda 2", diaspora: false, draft: false, formSections: [{ code: "S1", description: "Deschidere", questions: [question] }] };
    const created = await api.send("POST", "/api/v1/form?electionRoundId=3", api.organizer, form);
    expect(created.status).toBe(201);
    secondForm = (await created.json()) as Form;
    const q = secondForm.formSections[0]!.questions[0]!;
    expect((await api.send("POST", "/api/v1/answers?electionRoundId=3", reporters.own.token, answer(q.id, q.optionsToQuestions[0]!.idOption))).status).toBe(204);
    // Round 4 takes the forms imported back from round 1's archive.
    await openRound(api.db(), 4);
    await api.db().updateTable("electionRound").set({ electionDay: "2020-01-02" }).where("id", "=", 4).execute();
  });
  afterAll(() => api.server?.close());

  it("holds every part of the demo's round, counted as the database counts the round", async () => {
    const { zip, manifest, names } = await download(1);
    expect(names).toEqual(expect.arrayContaining(["answers.xlsx", "polling-stations.csv", "activity-log.csv", "manifest.json"]));
    expect(manifest.round).toEqual({ id: 1, name: expect.any(String) as string, electionDay: expect.any(String) as string, status: "active" });
    expect(manifest.generatedAt).toBe(api.server.clock.now.toISOString());

    const counts = await roundCounts(1);
    expect(counts.answers).toBeGreaterThan(0);
    expect(counts.photos).toBeGreaterThan(0);
    expect(manifest.counts).toEqual({ ...counts, auditEntries: expect.any(Number) as number });
    expect(manifest.missingPhotos).toEqual([]);
    expect(names.filter((name) => name.startsWith("forms/")).length).toBe(counts.forms);
    expect(names.filter((name) => name.startsWith("photos/")).length).toBe(counts.photos);

    // The workbook holds a row per answer, per note (the demo's are at stations with answers) and per thread.
    expect(await sheetRows(zip)).toEqual({ answers: counts.answers, notes: counts.notes, "by station": counts.threads });

    const stations = csvLines(await zip.file("polling-stations.csv")!.async("string"));
    expect(stations[0]).toBe("county,number,locality,institution,address,registeredVoters,latitude,longitude,status");
    expect(stations.length).toBe(counts.pollingStations + 1);

    const log = csvLines(await zip.file("activity-log.csv")!.async("string"));
    expect(log.length).toBe(manifest.counts.auditEntries + 1);
    expect(log.some((line) => line.includes("form.published") && line.includes("AR"))).toBe(true);
    expect(log.some((line) => line.includes("R2"))).toBe(false);
  });

  it("holds each photo's stored bytes under its note's and attachment's ids", async () => {
    const { zip } = await download(1);
    const attachments = await api
      .db()
      .selectFrom("noteAttachment as a")
      .innerJoin("note as n", "n.id", "a.noteId")
      .select(["a.id", "a.noteId", "a.fileName", "a.storageKey"])
      .where("n.electionRoundId", "=", 1)
      .execute();
    for (const attachment of attachments) {
      const entry = zip.file(`photos/${attachment.noteId}-${attachment.id}-${attachment.fileName}`);
      expect(entry, attachment.fileName).not.toBeNull();
      const stored = await files.get(attachment.storageKey);
      expect(Buffer.from(await entry!.async("uint8array")).equals(Buffer.from(stored!))).toBe(true);
    }
  });

  it("holds each form as a file that imports back into another round", async () => {
    const { zip, names } = await download(1);
    const forms = names.filter((name) => name.startsWith("forms/"));
    expect(forms).toContain("forms/AR.json");
    for (const name of forms) {
      const file = JSON.parse(await zip.file(name)!.async("string")) as { code: string };
      expect(name).toBe(`forms/${file.code}.json`);
      const imported = await api.send("POST", "/api/v1/form/import?electionRoundId=4", api.organizer, file);
      expect(imported.status, name).toBe(201);
      expect(((await imported.json()) as Form).code).toBe(file.code);
    }
    expect((await roundCounts(4)).forms).toBe(forms.length);
  });

  it("holds only its own round's data", async () => {
    const { zip, manifest, names } = await download(3);
    expect(manifest.round).toMatchObject({ id: 3, name: "Runda 3", electionDay: "2020-01-01", status: "active" });
    expect(manifest.counts).toEqual({ ...(await roundCounts(3)), auditEntries: manifest.counts.auditEntries });
    expect(manifest.counts).toMatchObject({ answers: 1, threads: 1, notes: 0, photos: 0, forms: 1 });
    expect(names.filter((name) => name.startsWith("forms/") || name.startsWith("photos/"))).toEqual(["forms/R2.json"]);
    expect(await sheetRows(zip)).toEqual({ answers: 1, notes: 0, "by station": 1 });
    // The by-station sheet has a column per question of this round's forms only.
    const header = (await workbookOf(zip)).getWorksheet("by station")!.getRow(1).values as unknown[];
    expect(header.slice(-1)).toEqual(["Q1"]);
    expect(header.length - 1).toBe(9);
    const log = csvLines(await zip.file("activity-log.csv")!.async("string"));
    expect(log.slice(1).every((line) => line.includes("R2") || line.includes("electionRound"))).toBe(true);
    expect(log.some((line) => line.includes("form.published") && line.includes("R2"))).toBe(true);
    const stations = csvLines(await zip.file("polling-stations.csv")!.async("string"));
    expect(stations.length).toBe(manifest.counts.pollingStations + 1);
  });

  it("is for organizers only, and a round that does not exist is a 404", async () => {
    await expectProblem(await api.get("/api/v1/election-rounds/1/export", api.ngo2Admin), 403, "forbidden");
    await expectProblem(await api.get("/api/v1/election-rounds/999/export", api.organizer), 404, "not_found");
    expect((await api.get("/api/v1/election-rounds/1/export")).status).toBe(401);
  });
});
