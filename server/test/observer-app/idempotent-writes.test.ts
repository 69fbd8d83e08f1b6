import { describe, expect } from "vitest";
import type { components } from "../../../openapi/schema.d.ts";
import { demoPng } from "../../src/demo/images.ts";
import { expectProblem, serverTests, type SignedInServer } from "../fixtures.ts";
import { createFailingFileStore, type FailingFileStore } from "../fixtures/failing-file-store.ts";
import { createObserver, createReporters, stationId, type Reporters } from "../fixtures/reports-fixture.ts";
import { bothEngines } from "../harness.ts";

/*
 * The observers' writes with an Idempotency-Key (issue 28): a resend answers the first answer and does nothing again,
 * two sends at once do the work once, the key with another request is a 422, a refused request leaves its key free,
 * and without the header nothing changes. On both engines: a race of two sends is real concurrency on PostgreSQL and
 * one connection taken in turn on PGlite.
 */
type Note = components["schemas"]["Note"];

const stores = new Map<string, FailingFileStore>();
const tests = serverTests({ observers: 30, files: (engine) => stores.set(engine, createFailingFileStore()).get(engine)! });

describe.each(bothEngines)("idempotent observer writes on %s", (engine) => {
  const it = tests[engine];
  let api = {} as SignedInServer;
  let r = {} as Reporters;
  let ab11 = 0;
  let keys = 0;
  /** A key no other test uses. */
  const freshKey = () => `test-key-${engine}-${++keys}`;

  it.beforeAll(async ({ api: signedIn }) => {
    api = signedIn;
    r = await createReporters(api, "IDM", "07993400");
    ab11 = await stationId(api, "AB", 11);
  });

  const send = (method: string, path: string, token: string, json: unknown, key?: string) =>
    api.server.request(path, { method, token, json, headers: key ? { "idempotency-key": key } : {} });
  const arrive = (token: string, key: string | undefined, time = "2026-11-22T06:00:00Z") =>
    send("POST", "/api/v1/polling-station", token, { countyCode: "AB", pollingStationNumber: 11, observerArrivalTime: time }, key);
  const leave = (token: string, key: string | undefined, time = "2026-11-22T19:00:00Z") =>
    send("PUT", "/api/v1/polling-station", token, { countyCode: "AB", pollingStationNumber: 11, observerLeaveTime: time }, key);
  const answer = (token: string, key: string | undefined, optionId: number) =>
    send("POST", "/api/v1/answers", token, { answers: [{ questionId: r.single.id, countyCode: "AB", pollingStationNumber: 11, options: [{ optionId }] }] }, key);
  /** A new multipart body on every call: its boundary differs, as a phone's resend's would. */
  const note = (token: string, key: string | undefined, text: string, pollingStationNumber = "11") => {
    const form = new FormData();
    form.append("countyCode", "AB");
    form.append("pollingStationNumber", pollingStationNumber);
    form.append("text", text);
    form.append("files", new Blob([demoPng(5, 8, 8) as Uint8Array<ArrayBuffer>], { type: "image/png" }), "poza.png");
    return api.server.request("/api/v2/note", { method: "POST", token, body: form, headers: key ? { "idempotency-key": key } : {} });
  };

  const db = () => api.db();
  const visitRows = (observerId: number) =>
    db().selectFrom("pollingStationInfo").select(["observerArrivalTime", "observerLeaveTime", "lastModified"]).where("observerId", "=", observerId).execute();
  const answerRows = (observerId: number) =>
    db().selectFrom("answer").select(["optionId", "lastModified"]).where("observerId", "=", observerId).where("pollingStationId", "=", ab11).execute();
  const liveEvents = async (observerId: number) =>
    Number((await db().selectFrom("liveEvent").select((e) => e.fn.countAll().as("n")).where("observerId", "=", observerId).executeTakeFirstOrThrow()).n);
  const noteCount = async (observerId: number) =>
    Number((await db().selectFrom("note").select((e) => e.fn.countAll().as("n")).where("observerId", "=", observerId).executeTakeFirstOrThrow()).n);
  const replayed = (response: Response) => response.headers.get("idempotent-replayed");

  describe("recordArrival", () => {
    it("answers a resend with the first visit, marked replayed, and records nothing again", async () => {
      const observer = await newObserver();
      const key = freshKey();
      const first = await arrive(observer.token, key);
      expect(first.status).toBe(200);
      expect(replayed(first)).toBeNull();
      const firstBody: unknown = await first.json();
      const stored = await visitRows(observer.id);
      api.server.clock.advance(60);

      const again = await arrive(observer.token, key);
      expect(again.status).toBe(200);
      expect(replayed(again)).toBe("true");
      expect(await again.json()).toEqual(firstBody);
      expect(await visitRows(observer.id)).toEqual(stored);
    });

    it("records once when the same key is sent twice at once", async () => {
      const observer = await newObserver();
      const key = freshKey();
      const [a, b] = await Promise.all([arrive(observer.token, key), arrive(observer.token, key)]);
      expect([a.status, b.status]).toEqual([200, 200]);
      expect([replayed(a), replayed(b)].sort()).toEqual(["true", null].sort());
      expect(await a.json()).toEqual(await b.json());
      expect(await visitRows(observer.id)).toHaveLength(1);
    });

    it("refuses the key with another body, or for another operation, with 422 idempotency_key_reused, changing nothing", async () => {
      const observer = await newObserver();
      const key = freshKey();
      expect((await arrive(observer.token, key)).status).toBe(200);
      const stored = await visitRows(observer.id);
      await expectProblem(await arrive(observer.token, key, "2026-11-22T06:30:00Z"), 422, "idempotency_key_reused");
      await expectProblem(await leave(observer.token, key), 422, "idempotency_key_reused");
      expect(await visitRows(observer.id)).toEqual(stored);
    });

    it("keeps recording every send without the header", async () => {
      const observer = await newObserver();
      expect((await arrive(observer.token, undefined)).status).toBe(200);
      api.server.clock.advance(60);
      const again = await arrive(observer.token, undefined, "2026-11-22T06:30:00Z");
      expect(replayed(again)).toBeNull();
      expect(await visitRows(observer.id)).toEqual([
        { observerArrivalTime: new Date("2026-11-22T06:30:00Z"), observerLeaveTime: null, lastModified: api.server.clock.now },
      ]);
    });
  });

  describe("recordDeparture", () => {
    it("answers a resend with the first departure and changes nothing again", async () => {
      const observer = await newObserver();
      expect((await arrive(observer.token, undefined)).status).toBe(200);
      const key = freshKey();
      const first = await leave(observer.token, key);
      expect(first.status).toBe(200);
      const firstBody: unknown = await first.json();
      const stored = await visitRows(observer.id);
      api.server.clock.advance(60);
      const again = await leave(observer.token, key);
      expect([again.status, replayed(again)]).toEqual([200, "true"]);
      expect(await again.json()).toEqual(firstBody);
      expect(await visitRows(observer.id)).toEqual(stored);
    });

    it("does not keep the key of a refused departure: the resend after the arrival is recorded", async () => {
      const observer = await newObserver();
      const key = freshKey();
      await expectProblem(await leave(observer.token, key), 404, "not_found");
      expect((await arrive(observer.token, undefined)).status).toBe(200);
      const fixed = await leave(observer.token, key);
      expect([fixed.status, replayed(fixed)]).toEqual([200, null]);
      expect((await visitRows(observer.id))[0]!.observerLeaveTime).toEqual(new Date("2026-11-22T19:00:00Z"));
    });

    it("records once when the same key is sent twice at once", async () => {
      const observer = await newObserver();
      expect((await arrive(observer.token, undefined)).status).toBe(200);
      const key = freshKey();
      const [a, b] = await Promise.all([leave(observer.token, key), leave(observer.token, key)]);
      expect([a.status, b.status]).toEqual([200, 200]);
      expect([replayed(a), replayed(b)].filter((value) => value === "true")).toHaveLength(1);
      expect(await a.json()).toEqual(await b.json());
    });
  });

  describe("submitAnswers", () => {
    it("answers a resend with 204, marked replayed, without saving the batch again", async () => {
      const observer = await newObserver();
      const key = freshKey();
      const first = await answer(observer.token, key, r.single.no);
      expect([first.status, replayed(first)]).toEqual([204, null]);
      const stored = await answerRows(observer.id);
      const events = await liveEvents(observer.id);
      api.server.clock.advance(60);
      const again = await answer(observer.token, key, r.single.no);
      expect([again.status, replayed(again), await again.text()]).toEqual([204, "true", ""]);
      expect(await answerRows(observer.id)).toEqual(stored);
      expect(await liveEvents(observer.id)).toBe(events);
    });

    it("saves once when the same key is sent twice at once", async () => {
      const observer = await newObserver();
      const key = freshKey();
      const [a, b] = await Promise.all([answer(observer.token, key, r.single.yes), answer(observer.token, key, r.single.yes)]);
      expect([a.status, b.status]).toEqual([204, 204]);
      expect([replayed(a), replayed(b)].filter((value) => value === "true")).toHaveLength(1);
      expect((await answerRows(observer.id)).map((row) => row.optionId)).toEqual([r.single.yes]);
      expect(await liveEvents(observer.id)).toBe(1);
    });

    it("refuses the key with another batch with 422, leaving the first answer", async () => {
      const observer = await newObserver();
      const key = freshKey();
      expect((await answer(observer.token, key, r.single.yes)).status).toBe(204);
      await expectProblem(await answer(observer.token, key, r.single.no), 422, "idempotency_key_reused");
      expect((await answerRows(observer.id)).map((row) => row.optionId)).toEqual([r.single.yes]);
    });

    it("does not keep the key of a refused batch: the corrected batch is saved with it", async () => {
      const observer = await newObserver();
      const key = freshKey();
      await expectProblem(await answer(observer.token, key, r.multiple.plain), 422, "answer_invalid");
      const fixed = await answer(observer.token, key, r.single.no);
      expect([fixed.status, replayed(fixed)]).toEqual([204, null]);
      expect((await answerRows(observer.id)).map((row) => row.optionId)).toEqual([r.single.no]);
    });

    it("saves every send without the header", async () => {
      const observer = await newObserver();
      expect((await answer(observer.token, undefined, r.single.yes)).status).toBe(204);
      const again = await answer(observer.token, undefined, r.single.no);
      expect([again.status, replayed(again)]).toEqual([204, null]);
      expect((await answerRows(observer.id)).map((row) => row.optionId)).toEqual([r.single.no]);
    });
  });

  describe("createNote", () => {
    const files = () => stores.get(engine)!.keys().length;

    it("answers a resend (a new multipart boundary) with the first note and stores neither the note nor its photo again", async () => {
      const observer = await newObserver();
      const key = freshKey();
      const filesBefore = files();
      const first = await note(observer.token, key, "Urna nu era sigilată.");
      expect([first.status, replayed(first)]).toEqual([201, null]);
      const firstBody: unknown = await first.json();
      api.server.clock.advance(60);
      const again = await note(observer.token, key, "Urna nu era sigilată.");
      expect([again.status, replayed(again)]).toEqual([201, "true"]);
      expect(await again.json()).toEqual(firstBody);
      expect(await noteCount(observer.id)).toBe(1);
      expect(files()).toBe(filesBefore + 1);
    });

    it("answers a resend hours later with its photo's URL signed anew, the first one having expired", async () => {
      const observer = await newObserver();
      const key = freshKey();
      const first = await note(observer.token, key, "Trimisă din nou seara.");
      const firstBody = (await first.json()) as Note;
      const morning = api.server.clock.now;
      api.server.clock.advance(3 * 60 * 60);
      try {
        // The morning's token has expired too: the phone signs in again before it resends.
        const signIn = await api.server.request("/api/v2/access/observer", { method: "POST", json: { phone: observer.phone, pin: "2468" } });
        const { access_token: token } = (await signIn.json()) as { access_token: string };
        const again = await note(token, key, "Trimisă din nou seara.");
        expect([again.status, replayed(again)]).toEqual([201, "true"]);
        const againBody = (await again.json()) as Note;
        const url = againBody.attachments[0]!.url;
        expect(againBody).toEqual({ ...firstBody, attachmentPath: url, attachments: [{ ...firstBody.attachments[0]!, url }] });
        await expectProblem(await api.server.request(firstBody.attachments[0]!.url), 403, "forbidden");
        expect((await api.server.request(url)).status).toBe(200);
      } finally {
        // Back to the morning, so that the other tests' tokens still hold.
        api.server.clock.now = morning;
      }
    });

    it("saves one note, and keeps one photo, when the same key is sent twice at once", async () => {
      const observer = await newObserver();
      const key = freshKey();
      const filesBefore = files();
      const [a, b] = await Promise.all([note(observer.token, key, "Două trimiteri"), note(observer.token, key, "Două trimiteri")]);
      expect([a.status, b.status]).toEqual([201, 201]);
      expect([replayed(a), replayed(b)].filter((value) => value === "true")).toHaveLength(1);
      expect(await a.json()).toEqual(await b.json());
      expect(await noteCount(observer.id)).toBe(1);
      expect(files()).toBe(filesBefore + 1);
    });

    it("refuses the key with another text with 422, saving nothing and storing no photo", async () => {
      const observer = await newObserver();
      const key = freshKey();
      expect((await note(observer.token, key, "Prima notă")).status).toBe(201);
      const filesBefore = files();
      await expectProblem(await note(observer.token, key, "Altă notă"), 422, "idempotency_key_reused");
      expect(await noteCount(observer.id)).toBe(1);
      expect(files()).toBe(filesBefore);
    });

    it("does not keep the key of a refused note: the corrected note is saved with it", async () => {
      const observer = await newObserver();
      const key = freshKey();
      await expectProblem(await note(observer.token, key, "Secție greșită", "9999"), 404, "not_found");
      const fixed = await note(observer.token, key, "Secție greșită");
      expect([fixed.status, replayed(fixed)]).toEqual([201, null]);
      expect(await noteCount(observer.id)).toBe(1);
    });

    it("saves every send without the header", async () => {
      const observer = await newObserver();
      expect((await note(observer.token, undefined, "La fel")).status).toBe(201);
      const again = await note(observer.token, undefined, "La fel");
      expect([again.status, replayed(again)]).toEqual([201, null]);
      expect(await noteCount(observer.id)).toBe(2);
    });
  });

  it("refuses a key not of the contract's form with a 400, doing nothing", async () => {
    const observer = await newObserver();
    await expectProblem(await arrive(observer.token, "short"), 400, "validation");
    expect(await visitRows(observer.id)).toEqual([]);
  });

  it("holds a key to its observer: another observer's same key and body is a request of its own", async () => {
    const [one, two] = [await newObserver(), await newObserver()];
    const key = freshKey();
    expect((await arrive(one.token, key)).status).toBe(200);
    const other = await arrive(two.token, key);
    expect([other.status, replayed(other)]).toEqual([200, null]);
    expect(await visitRows(two.id)).toHaveLength(1);
  });

  let observers = 0;
  /** A fresh observer of NGO 1, so that each case counts its own rows. */
  const newObserver = () => createObserver(api, api.organizer, `0799410${String(++observers).padStart(3, "0")}`);
});
