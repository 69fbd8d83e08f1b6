import { describe, expect } from "vitest";
import { expectProblem, serverTests, type SignedInServer, type ValidationProblem } from "../../fixtures.ts";
import { engines } from "../../harness.ts";
import { createReporters, type Reporters } from "../../fixtures/reports-fixture.ts";
import {
  answerAt,
  createStaff,
  readJson,
  threadPath,
  type Staff,
  type ThreadPage,
  type ThreadTriage,
  type TriageSummary,
} from "../../fixtures/triage-fixture.ts";

const tests = serverTests({ observers: 30 });

describe.each(engines)("triage on %s", (engine) => {
  const it = tests[engine];
  let api = {} as SignedInServer;
  let r = {} as Reporters;
  let ana = {} as Staff;
  // Each test answers at its own stations of Alba, so that its threads start fresh.
  let nextStation = 100;
  const freshThread = async (flagged = true, who: Reporters["own"] = r.own) => {
    const number = nextStation++;
    return { number, station: await answerAt(api, r, who, number, flagged) };
  };

  it.beforeAll(async ({ api: signedIn }) => {
    api = signedIn;
    r = await createReporters(api, "TRI", "07994100");
    ana = await createStaff(api, "ana");
  });

  const triage = async (station: number, token = api.organizer, observer = r.own.id) =>
    readJson<ThreadTriage>(await api.get(threadPath(observer, station), token));
  const setState = (station: number, body: object, token = api.organizer) => api.send("PUT", threadPath(r.own.id, station, "/state"), token, body);
  const summary = async (token = api.organizer) => readJson<TriageSummary>(await api.get("/api/v1/answers/summary", token));
  const list = async (query: string, token = api.organizer) => readJson<ThreadPage>(await api.get(`/api/v1/answers?${query}`, token));

  describe("scope", () => {
    it("answers 404 to an admin of another NGO on every operation, and never lists or counts the thread", async () => {
      const before = await summary(api.ngo2Admin);
      const { station } = await freshThread();
      const paths: [string, string, object | undefined][] = [
        ["GET", "", undefined],
        ["PUT", "/state", { state: "resolved" }],
        ["POST", "/claim", {}],
        ["PUT", "/claim", undefined],
        ["DELETE", "/claim", undefined],
        ["POST", "/comments", { text: "Not mine" }],
      ];
      for (const [method, rest, body] of paths) {
        await expectProblem(await api.send(method, threadPath(r.own.id, station, rest), api.ngo2Admin, body), 404, "not_found");
      }
      const listed = await list("pageSize=1000", api.ngo2Admin);
      expect(listed.data.some((thread) => thread.idObserver === r.own.id)).toBe(false);
      expect((await summary(api.ngo2Admin)).unhandledUrgent).toBe(before.unhandledUrgent);
      // Nothing was recorded by the refused calls.
      expect((await triage(station)).timeline.map((entry) => entry.kind)).toEqual(["answers"]);
    });

    it("answers 404 for an unknown observer or station, and for a change to a pair without answers", async () => {
      const { station } = await freshThread();
      await expectProblem(await api.get(threadPath(2147483647, station), api.organizer), 404, "not_found");
      await expectProblem(await api.get(threadPath(r.own.id, 2147483647), api.organizer), 404, "not_found");
      await expectProblem(await api.get(threadPath(2147483648, station), api.organizer), 400, "validation");
      // A station where r.own has answered nothing: only r.other has.
      const bare = await answerAt(api, r, r.other, nextStation++, false);
      const pristine = await triage(bare);
      expect(pristine).toMatchObject({ review: { state: "new", resolutionNote: null, changedAt: null, changedBy: null }, claim: null, timeline: [] });
      await expectProblem(await setState(bare, { state: "in_progress" }), 404, "not_found");
      await expectProblem(await api.send("POST", threadPath(r.own.id, bare, "/claim"), api.organizer, {}), 404, "not_found");
      await expectProblem(await api.send("POST", threadPath(r.own.id, bare, "/comments"), api.organizer, { text: "x" }), 404, "not_found");
    });
  });

  describe("setThreadState", () => {
    it("changes the state, keeps who and when in the timeline and the review, and records nothing for the same state", async () => {
      const { station } = await freshThread();
      api.server.clock.advance(60);
      const changedAt = api.server.clock.now.toISOString();
      const review = await readJson(await setState(station, { state: "in_progress", note: "ignored without resolved" }, ana.token));
      expect(review).toEqual({ state: "in_progress", resolutionNote: null, changedAt, changedBy: ana.admin.account });
      api.server.clock.advance(60);
      expect(await readJson(await setState(station, { state: "in_progress" }))).toEqual(review);
      const { review: read, timeline } = await triage(station);
      expect(read).toEqual(review);
      expect(timeline.slice(1)).toEqual([
        {
          id: expect.stringMatching(/^event-\d+$/) as string,
          kind: "state",
          at: changedAt,
          actor: { kind: "staff", name: ana.admin.account },
          state: "in_progress",
          previousState: "new",
        },
      ]);
      const live = await api
        .db()
        .selectFrom("liveEvent")
        .select(["kind", "payload"])
        .where("observerId", "=", r.own.id)
        .where("pollingStationId", "=", station)
        .orderBy("id")
        .execute();
      expect(live.map((event) => event.kind)).toEqual(["answers", "state"]);
      expect(live[1]!.payload).toMatchObject({ actor: ana.admin.account, thread: { state: "in_progress" } });
    });

    it("keeps the resolution note only with resolved, updates a changed note, and drops it when reopened", async () => {
      const { station } = await freshThread();
      expect(await readJson(await setState(station, { state: "resolved", note: "  Called the observer.  " }))).toMatchObject({
        state: "resolved",
        resolutionNote: "Called the observer.",
      });
      expect(await readJson(await setState(station, { state: "resolved", note: "Called the coordinator too." }))).toMatchObject({
        resolutionNote: "Called the coordinator too.",
      });
      expect(await readJson(await setState(station, { state: "resolved", note: "Called the coordinator too." }))).toMatchObject({
        resolutionNote: "Called the coordinator too.",
      });
      expect(await readJson(await setState(station, { state: "new", note: "dropped" }))).toMatchObject({ state: "new", resolutionNote: null });
      expect(await readJson(await setState(station, { state: "resolved", note: "   " }))).toMatchObject({ state: "resolved", resolutionNote: null });
      const states = (await triage(station)).timeline.filter((entry) => entry.kind === "state");
      expect(states.map((entry) => [entry.previousState, entry.state, entry.text])).toEqual([
        ["new", "resolved", "Called the observer."],
        ["resolved", "resolved", "Called the coordinator too."],
        ["resolved", "new", undefined],
        ["new", "resolved", undefined],
      ]);
    });

    it("sends a resolved thread back to new, by the system, when a new flagged answer arrives, and not for a resent one", async () => {
      const { number, station } = await freshThread();
      await setState(station, { state: "resolved", note: "Handled." });
      await answerAt(api, r, r.own, number, true);
      expect((await triage(station)).review.state).toBe("resolved");
      await answerAt(api, r, r.own, number, false);
      expect((await triage(station)).review.state).toBe("resolved");
      api.server.clock.advance(30);
      const reopenedAt = api.server.clock.now.toISOString();
      await answerAt(api, r, r.own, number, true);
      const { review, timeline } = await triage(station);
      expect(review).toEqual({ state: "new", resolutionNote: null, changedAt: reopenedAt, changedBy: null });
      expect(timeline.at(-1)).toEqual({
        id: expect.stringMatching(/^event-/) as string,
        kind: "state",
        at: reopenedAt,
        actor: { kind: "system", name: null },
        state: "new",
        previousState: "resolved",
      });
    });
  });

  describe("addThreadComment", () => {
    it("adds a staff comment once per idempotency key, even when sent twice at once", async () => {
      const { station } = await freshThread();
      const comment = (text: string, key?: string) =>
        api.server.request(threadPath(r.own.id, station, "/comments"), {
          method: "POST",
          token: ana.token,
          json: { text },
          headers: key ? { "idempotency-key": key } : {},
        });
      const first = await readJson<{ id: string }>(await comment("Called the coordinator.", "key-0000001"), 201);
      expect(first).toEqual({
        id: expect.stringMatching(/^event-\d+$/) as string,
        kind: "comment",
        at: api.server.clock.now.toISOString(),
        actor: { kind: "staff", name: ana.admin.account },
        text: "Called the coordinator.",
      });
      expect(await readJson(await comment("Called the coordinator.", "key-0000001"), 201)).toEqual(first);
      const racing = await Promise.all([comment("Once", "key-0000002"), comment("Once", "key-0000002")]);
      const [a, b] = await Promise.all(racing.map((response) => readJson<{ id: string }>(response, 201)));
      expect(a!.id).toBe(b!.id);
      await expectProblem(await comment("Bad key", "short"), 400, "validation");
      await comment("No key");
      await comment("No key");
      const comments = (await triage(station)).timeline.filter((entry) => entry.kind === "comment");
      expect(comments.map((entry) => entry.text)).toEqual(["Called the coordinator.", "Once", "No key", "No key"]);
    });

    it("refuses a key reused with another text, on another thread or for a notification (422), adding nothing", async () => {
      const [{ station }, { station: other }] = [await freshThread(), await freshThread()];
      const comment = (at: number, text: string) =>
        api.server.request(threadPath(r.own.id, at, "/comments"), { method: "POST", token: ana.token, json: { text }, headers: { "idempotency-key": "reused-key-1" } });
      const first = await readJson<{ id: string }>(await comment(station, "Sent once."), 201);
      await expectProblem(await comment(station, "Another text."), 422, "idempotency_key_reused");
      await expectProblem(await comment(other, "Sent once."), 422, "idempotency_key_reused");
      const notification = await api.server.request("/api/v1/notification/send/all", {
        method: "POST",
        token: ana.token,
        json: { channel: "Firebase", from: "Triage", title: "Reused", message: "Sent once." },
        headers: { "idempotency-key": "reused-key-1" },
      });
      await expectProblem(notification, 422, "idempotency_key_reused");
      expect(await readJson(await comment(station, "Sent once."), 201)).toEqual(first);
      const texts = async (at: number) => (await triage(at)).timeline.filter((entry) => entry.kind === "comment").map((entry) => entry.text);
      expect([await texts(station), await texts(other)]).toEqual([["Sent once."], []]);
      const sent = await api.db().selectFrom("notification").select("id").where("senderAdminId", "=", ana.admin.adminId).execute();
      expect(sent).toEqual([]);
    });

    it("refuses a blank comment with a field error", async () => {
      const { station } = await freshThread();
      const problem = (await expectProblem(
        await api.send("POST", threadPath(r.own.id, station, "/comments"), api.organizer, { text: "   " }),
        400,
        "validation",
      )) as ValidationProblem;
      expect(Object.keys(problem.errors)).toContain("text");
    });
  });

  describe("getThreadTriage", () => {
    it("shows answers by form and save, notes with their photos, and staff events, oldest first", async () => {
      const { number, station } = await freshThread();
      api.server.clock.advance(60);
      const noteForm = new FormData();
      noteForm.set("countyCode", "AB");
      noteForm.set("pollingStationNumber", String(number));
      noteForm.set("text", "Urna sigilată greșit");
      noteForm.set("questionId", String(r.single.id));
      const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
      noteForm.append("files", new File([png], "urna.png", { type: "image/png" }));
      const note = await api.server.request("/api/v2/note", { method: "POST", token: r.own.token, body: noteForm });
      const created = await readJson<{ id: number; attachments: unknown[] }>(note, 201);
      api.server.clock.advance(60);
      await api.send("POST", threadPath(r.own.id, station, "/comments"), ana.token, { text: "Seen." });

      const { timeline, serverTime } = await triage(station);
      expect(serverTime).toBe(api.server.clock.now.toISOString());
      expect(timeline.map((entry) => [entry.kind, entry.actor])).toEqual([
        ["answers", { kind: "observer", name: `Observator ${r.own.phone}` }],
        ["note", { kind: "observer", name: `Observator ${r.own.phone}` }],
        ["comment", { kind: "staff", name: ana.admin.account }],
      ]);
      expect(timeline[0]).toMatchObject({ id: expect.stringMatching(new RegExp(`^answers-${r.form.id}-\\d+$`)) as string, formCode: "TRI", questionCount: 1, flaggedCount: 1 });
      const listed = await readJson<{ attachments: unknown[] }[]>(
        await api.get(`/api/v2/note?idObserver=${r.own.id}&idPollingStation=${station}`, api.organizer),
      );
      expect(timeline[1]).toMatchObject({ id: `note-${created.id}`, text: "Urna sigilată greșit", questionCode: "Q1", attachments: listed[0]!.attachments });
      expect(new Set(timeline.map((entry) => entry.id)).size).toBe(timeline.length);
      const noteEvents = await api.db().selectFrom("liveEvent").select("kind").where("observerId", "=", r.own.id).where("pollingStationId", "=", station).execute();
      expect(noteEvents.map((event) => event.kind)).toContain("note");
    });

    it("names the observer and the station with its place, as the list row does, for a thread opened from a link", async () => {
      const { number, station } = await freshThread(false);
      await api.db().updateTable("pollingStation").set({ locality: "Alba Iulia", address: "Str. Mihai Viteazul 10" }).where("id", "=", station).execute();
      const { idObserver, idPollingStation, observerName, pollingStationName, locality, address } = await triage(station);
      expect({ idObserver, idPollingStation, observerName, pollingStationName, locality, address }).toEqual({
        idObserver: r.own.id,
        idPollingStation: station,
        observerName: `Observator ${r.own.phone}`,
        pollingStationName: `AB ${number}`,
        locality: "Alba Iulia",
        address: "Str. Mihai Viteazul 10",
      });
      const row = (await list(`observerPhoneNumber=${r.own.phone}&pageSize=1000`)).data.find((thread) => thread.idPollingStation === station)!;
      expect([row.observerName, row.pollingStationName, row.locality, row.address]).toEqual([observerName, pollingStationName, locality, address]);

      await api.db().updateTable("pollingStation").set({ locality: null, address: null }).where("id", "=", station).execute();
      expect(await triage(station)).toMatchObject({ locality: null, address: null });
    });
  });

  describe("listAnswerThreads and getTriageSummary", () => {
    it("filters by state, sorts unhandled urgent threads oldest first, and counts them", async () => {
      const before = await summary();
      const oldest = await freshThread();
      api.server.clock.advance(60);
      const resolved = await freshThread();
      api.server.clock.advance(60);
      const held = await freshThread();
      api.server.clock.advance(60);
      const newer = await freshThread();
      api.server.clock.advance(60);
      const quiet = await freshThread(false);
      await setState(resolved.station, { state: "resolved" });
      await readJson(await api.send("POST", threadPath(r.own.id, held.station, "/claim"), ana.token, {}));

      const after = await summary();
      expect(after.unhandledUrgent - before.unhandledUrgent).toBe(2);
      expect(after.serverTime).toBe(api.server.clock.now.toISOString());

      const mine = [oldest, resolved, held, newer, quiet].map((thread) => thread.station);
      const stations = async (query: string) =>
        (await list(`${query}&observerPhoneNumber=${r.own.phone}&pageSize=1000`)).data.map((t) => t.idPollingStation).filter((s) => mine.includes(s));
      expect(await stations("sort=oldestUnhandled")).toEqual([oldest.station, newer.station, quiet.station, held.station, resolved.station]);
      expect(await stations("sort=latest")).toEqual([quiet.station, newer.station, held.station, resolved.station, oldest.station]);
      expect(await stations("state=resolved")).toEqual([resolved.station]);
      const heldRow = (await list(`observerPhoneNumber=${r.own.phone}&pageSize=1000`, ana.token)).data.find((t) => t.idPollingStation === held.station);
      expect(heldRow).toMatchObject({ state: "new", claim: { holderId: ana.admin.adminId, holder: ana.admin.account, mine: true } });

      // Without a place filter the list takes its other plan; pages still follow one order without overlap.
      const whole = (await list("sort=oldestUnhandled&pageSize=1000")).data;
      const paged = [];
      for (let page = 1; page <= Math.ceil(whole.length / 7); page++) paged.push(...(await list(`sort=oldestUnhandled&pageSize=7&page=${page}`)).data);
      expect(paged.map((t) => [t.idObserver, t.idPollingStation])).toEqual(whole.map((t) => [t.idObserver, t.idPollingStation]));
      const unhandled = (t: (typeof whole)[number]) => t.flaggedCount > 0 && t.state === "new" && t.claim === null;
      const firstHandled = whole.findIndex((t) => !unhandled(t));
      expect(whole.slice(firstHandled).some(unhandled)).toBe(false);
      const ages = whole.slice(0, firstHandled).map((t) => t.urgentSince!);
      expect(ages).toEqual([...ages].sort());
      expect(whole.slice(0, firstHandled).length).toBe(after.unhandledUrgent);
      expect(after.oldestUnhandledSince).toBe(ages[0]);
    });
  });
});
