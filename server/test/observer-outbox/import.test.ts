import { describe, expect } from "vitest";
import type { components } from "../../../openapi/schema.d.ts";
import { expectProblem, serverTests, type SignedInServer } from "../fixtures.ts";
import { engines } from "../harness.ts";
import { anyId, auditOf, demoActors } from "../fixtures/audit-fixture.ts";
import { createReporters, type Reporters } from "../fixtures/reports-fixture.ts";

type Report = components["schemas"]["ObserverOutboxImportReport"];

const tests = serverTests({ observers: 30 });
const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]);
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

describe.each(engines)("importObserverOutbox on %s", (engine) => {
  const it = tests[engine];
  let api = {} as SignedInServer;
  let r = {} as Reporters;
  let roundId = 0;

  it.beforeAll(async ({ api: signedIn }) => {
    api = signedIn;
    r = await createReporters(api, "OBX", "07993300");
    const round = await api.db().selectFrom("electionRound").select("id").where("status", "=", "active").orderBy("id").executeTakeFirstOrThrow();
    roundId = round.id;
  });

  const item = (n: number, payload: object, createdAt = `2026-11-22T06:${String(n).padStart(2, "0")}:00Z`) => ({ id: uuid(n), roundId, createdAt, urgent: false, payload });
  const outbox = (items: object[], observerPhone = r.own.phone) => ({ format: "vote-monitor-outbox", version: 1, observerPhone, savedAt: "2026-11-22T09:00:00Z", items });
  const upload = (content: unknown, token = api.organizer) => {
    const form = new FormData();
    form.append("file", new Blob([typeof content === "string" ? content : JSON.stringify(content)], { type: "application/json" }), "outbox.json");
    return api.server.request("/api/v1/observer-outbox/import", { method: "POST", token, body: form });
  };
  const imported = async (response: Response) => {
    expect(response.status).toBe(200);
    return (await response.json()) as Report;
  };
  const counts = async (observerId: number) => {
    const db = api.db();
    const n = async (table: "answer" | "note" | "pollingStationInfo" | "noteAttachment") =>
      table === "noteAttachment"
        ? Number((await db.selectFrom("noteAttachment").innerJoin("note", "note.id", "noteAttachment.noteId").select((e) => e.fn.countAll().as("n")).where("note.observerId", "=", observerId).executeTakeFirstOrThrow()).n)
        : Number((await db.selectFrom(table).select((e) => e.fn.countAll().as("n")).where("observerId", "=", observerId).executeTakeFirstOrThrow()).n);
    return { answers: await n("answer"), notes: await n("note"), photos: await n("noteAttachment"), visits: await n("pollingStationInfo") };
  };

  const arrival = () => item(1, { kind: "arrival", body: { countyCode: "AB", pollingStationNumber: 4, observerArrivalTime: "2026-11-22T06:00:00Z", urbanArea: true } });
  const answers = () =>
    item(2, { kind: "answers", body: { answers: [{ questionId: r.single.id, countyCode: "AB", pollingStationNumber: 4, options: [{ optionId: r.single.no }] }] } });
  const note = () =>
    item(3, { kind: "note", body: { countyCode: "AB", pollingStationNumber: 4, questionId: r.single.id, text: "Urna nesigilată" }, photos: [{ name: "urna.jpg", type: "image/jpeg", base64: Buffer.from(jpeg).toString("base64") }] });
  const departure = () => item(4, { kind: "departure", body: { countyCode: "AB", pollingStationNumber: 4, observerLeaveTime: "2026-11-22T20:00:00Z" } });
  // Listed out of order: the import follows createdAt, so the departure finds its arrival.
  const file = () => outbox([departure(), note(), arrival(), answers()]);

  it("imports each kind of item, in the order the observer made them", async () => {
    expect(await imported(await upload(file()))).toEqual({
      items: [
        { id: uuid(1), kind: "arrival", outcome: "imported" },
        { id: uuid(2), kind: "answers", outcome: "imported" },
        { id: uuid(3), kind: "note", outcome: "imported" },
        { id: uuid(4), kind: "departure", outcome: "imported" },
      ],
      imported: 4,
      alreadyThere: 0,
      refused: 0,
    });
    expect(await counts(r.own.id)).toEqual({ answers: 1, notes: 1, photos: 1, visits: 1 });
    const visit = await api.db().selectFrom("pollingStationInfo").select(["observerLeaveTime"]).where("observerId", "=", r.own.id).executeTakeFirstOrThrow();
    expect(visit.observerLeaveTime?.toISOString()).toBe("2026-11-22T20:00:00.000Z");
  });

  it("changes nothing when the same file is imported again", async () => {
    const report = await imported(await upload(file()));
    expect(report).toMatchObject({ imported: 0, alreadyThere: 4, refused: 0 });
    expect(report.items.map((one) => one.outcome)).toEqual(["already_there", "already_there", "already_there", "already_there"]);
    expect(await counts(r.own.id)).toEqual({ answers: 1, notes: 1, photos: 1, visits: 1 });
  });

  it("reports an item the phone sent first, with its id as the Idempotency-Key, as already there", async () => {
    const body = { countyCode: "AB", pollingStationNumber: 5, observerArrivalTime: "2026-11-22T07:00:00Z" };
    const sent = await api.server.request("/api/v1/polling-station", { method: "POST", token: r.other.token, json: body, headers: { "idempotency-key": uuid(11) } });
    expect(sent.status).toBe(200);
    const report = await imported(await upload(outbox([item(11, { kind: "arrival", body })], r.other.phone)));
    expect(report).toEqual({ items: [{ id: uuid(11), kind: "arrival", outcome: "already_there" }], imported: 0, alreadyThere: 1, refused: 0 });
    expect((await counts(r.other.id)).visits).toBe(1);
  });

  it("reports a note with a photo the phone sent first as already there, without a second note", async () => {
    const form = new FormData();
    form.append("countyCode", "AB");
    form.append("pollingStationNumber", "6");
    form.append("text", "Ștampile lipsă");
    form.append("files", new Blob([jpeg], { type: "image/jpeg" }), "stampile.jpg");
    const sent = await api.server.request(`/api/v2/note?electionRoundId=${roundId}`, { method: "POST", token: r.other.token, body: form, headers: { "idempotency-key": uuid(12) } });
    expect(sent.status).toBe(201);
    const before = await counts(r.other.id);
    const photos = [{ name: "stampile.jpg", type: "image/jpeg", base64: Buffer.from(jpeg).toString("base64") }];
    const noteItem = item(12, { kind: "note", body: { countyCode: "AB", pollingStationNumber: 6, text: "Ștampile lipsă" }, photos });
    const report = await imported(await upload(outbox([noteItem], r.other.phone)));
    expect(report).toEqual({ items: [{ id: uuid(12), kind: "note", outcome: "already_there" }], imported: 0, alreadyThere: 1, refused: 0 });
    expect(await counts(r.other.id)).toEqual(before);
  });

  it("reports a refused item and imports the others", async () => {
    const unknownStation = item(21, { kind: "arrival", body: { countyCode: "AB", pollingStationNumber: 99999, observerArrivalTime: "2026-11-22T07:00:00Z" } });
    const good = item(22, { kind: "note", body: { countyCode: "AB", pollingStationNumber: 5, text: "Coadă lungă" }, photos: [] });
    const report = await imported(await upload(outbox([unknownStation, good], r.other.phone)));
    expect(report).toEqual({
      items: [
        { id: uuid(21), kind: "arrival", outcome: "refused", status: 404, code: "not_found", detail: "A polling station is unknown." },
        { id: uuid(22), kind: "note", outcome: "imported" },
      ],
      imported: 1,
      alreadyThere: 0,
      refused: 1,
    });
    expect(await counts(r.other.id)).toEqual({ answers: 0, notes: 2, photos: 1, visits: 1 });
  });

  it("logs one entry per import with its counts, and none for a file refused whole", async () => {
    const arrivedBefore = item(11, { kind: "arrival", body: { countyCode: "AB", pollingStationNumber: 5, observerArrivalTime: "2026-11-22T07:00:00Z" } });
    const unknownStation = item(51, { kind: "arrival", body: { countyCode: "AB", pollingStationNumber: 99999, observerArrivalTime: "2026-11-22T07:00:00Z" } });
    const notes = [52, 53].map((n) => item(n, { kind: "note", body: { countyCode: "AB", pollingStationNumber: 5, text: `Nota ${n}` }, photos: [] }));
    const entries = await auditOf(api, async () => void (await imported(await upload(outbox([arrivedBefore, unknownStation, ...notes], r.other.phone)))));
    const observer = await api.db().selectFrom("observer").innerJoin("ngo", "ngo.id", "observer.ngoId").select(["observer.name", "ngoId", "ngo.name as ngoName"]).where("observer.id", "=", r.other.id).executeTakeFirstOrThrow();
    expect(entries).toEqual([
      {
        id: anyId,
        at: api.server.clock.now.toISOString(),
        action: "observer.outboxImported",
        actor: (await demoActors(api)).organizer,
        subject: { type: "observer", id: r.other.id, label: `${observer.name} (${r.other.phone})`, exists: true },
        ngoId: observer.ngoId,
        ngoName: observer.ngoName,
        electionRoundId: null,
        changes: [
          { field: "imported", from: null, to: "2" },
          { field: "alreadyThere", from: null, to: "1" },
          { field: "refused", from: null, to: "1" },
        ],
        count: 2,
      },
    ]);
    expect(await auditOf(api, async () => void (await expectProblem(await upload("not json", api.organizer), 400, "validation")))).toEqual([]);
  });

  it("answers another NGO's admin about this NGO's observer like a missing one", async () => {
    const before = await counts(r.own.id);
    const problem = await expectProblem(await upload(outbox([item(31, { kind: "note", body: { countyCode: "AB", pollingStationNumber: 4, text: "x" }, photos: [] })]), api.ngo2Admin), 404, "not_found");
    expect(problem.errors).toEqual({ observerPhone: [{ code: "not_found", message: "is not the phone of an observer you manage" }] });
    expect(JSON.stringify(problem)).not.toContain(r.own.phone);
    expect(await counts(r.own.id)).toEqual(before);
  });

  it("refuses a malformed file with an error per item field and imports nothing", async () => {
    const before = await counts(r.other.id);
    const good = item(41, { kind: "note", body: { countyCode: "AB", pollingStationNumber: 5, text: "bun" }, photos: [] });
    const badCounty = item(42, { kind: "arrival", body: { countyCode: "ab1", pollingStationNumber: 5, observerArrivalTime: "2026-11-22T07:00:00Z" } });
    const badKind = item(43, { kind: "photo", body: {} });
    const badPhoto = item(44, { kind: "note", body: { countyCode: "AB", pollingStationNumber: 5 }, photos: [{ name: "a.txt", type: "text/plain", base64: "aGVsbG8=" }] });
    const problem = await expectProblem(await upload(outbox([good, badCounty, badKind, { ...badPhoto, id: "not-a-uuid" }], r.other.phone)), 400, "validation");
    expect(Object.keys(problem.errors ?? {}).sort()).toEqual(["items[1].payload.body.countyCode", "items[2].payload.kind", "items[3].id", "items[3].payload.photos[0]"]);
    expect(await counts(r.other.id)).toEqual(before);
  });

  it("refuses a file that is not JSON or not an outbox file", async () => {
    const notJson = await expectProblem(await upload("not json"), 400, "validation");
    expect(Object.keys(notJson.errors ?? {})).toEqual(["file"]);
    const other = await expectProblem(await upload({ ...outbox([]), format: "something-else", version: 2 }), 400, "validation");
    expect(Object.keys(other.errors ?? {}).sort()).toEqual(["format", "version"]);
  });
});
