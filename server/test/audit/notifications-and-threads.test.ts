import { describe, expect } from "vitest";
import { expectProblem, serverTests, type SignedInServer } from "../fixtures.ts";
import { engines } from "../harness.ts";
import { createReporters, type Reporters } from "../fixtures/reports-fixture.ts";
import { answerAt, threadPath } from "../fixtures/triage-fixture.ts";
import { anyId, auditOf, demoActors } from "../fixtures/audit-fixture.ts";

const tests = serverTests({ observers: 30 });

describe.each(engines)("audit of notifications and thread states on %s", (engine) => {
  const it = tests[engine];
  let api = {} as SignedInServer;
  let actors = {} as Awaited<ReturnType<typeof demoActors>>;
  let r = {} as Reporters;
  let ngo1 = "";
  let ngo2 = "";
  const now = () => api.server.clock.now.toISOString();

  it.beforeAll(async ({ api: signedIn }) => {
    api = signedIn;
    actors = await demoActors(api);
    ngo1 = await actors.ngoName(1);
    ngo2 = await actors.ngoName(2);
    r = await createReporters(api, "AUD", "07995300");
  });

  describe("notifications", () => {
    const compose = { channel: "Firebase", from: "Situation room", message: "Check the ballot boxes." };
    const sent = async (response: Response) => {
      expect([200, 202]).toContain(response.status);
      return ((await response.json()) as { id: number; recipients: number }).id;
    };

    it("logs a send to chosen observers with its title, audience, message and recipients, once per idempotency key", async () => {
      let id = 0;
      const send = () =>
        api.server.request("/api/v1/notification/send", {
          method: "POST",
          token: api.ngo2Admin,
          headers: { "idempotency-key": `audit-${engine}` },
          json: { ...compose, title: "Ballot boxes", recipients: [r.other.id] },
        });
      const entries = await auditOf(api, async () => {
        id = await sent(await send());
        expect(await sent(await send())).toBe(id);
      });
      expect(entries).toEqual([
        {
          id: anyId,
          at: now(),
          action: "notification.sent",
          actor: actors.ngo2Admin,
          subject: { type: "notification", id, label: "Ballot boxes", exists: true },
          ngoId: 2,
          ngoName: ngo2, electionRoundId: 1,
          changes: [
            { field: "audience", from: null, to: "selected" },
            { field: "message", from: null, to: "Check the ballot boxes." },
          ],
          count: 1,
        },
      ]);
    });

    it("logs a send to all with the number of observers it addressed", async () => {
      let recipients = 0;
      const entries = await auditOf(api, async () => {
        const response = await api.send("POST", "/api/v1/notification/send/all", api.organizer, { ...compose, title: "Everyone" });
        expect(response.status).toBe(202);
        recipients = ((await response.json()) as { recipients: number }).recipients;
      });
      expect(recipients).toBeGreaterThan(1);
      expect(entries.map((entry) => [entry.action, entry.subject.label, entry.ngoName, entry.changes[0], entry.count])).toEqual([
        ["notification.sent", "Everyone", ngo1, { field: "audience", from: null, to: "all" }, recipients],
      ]);
    });

    it("writes nothing for a refused send (400, 403)", async () => {
      const entries = await auditOf(api, async () => {
        await expectProblem(await api.send("POST", "/api/v1/notification/send", api.ngo2Admin, { ...compose, title: "Not mine", recipients: [r.own.id] }), 403, "forbidden");
        await expectProblem(await api.send("POST", "/api/v1/notification/send/all", api.organizer, { ...compose, title: "" }), 400, "validation");
      });
      expect(entries).toEqual([]);
    });
  });

  describe("thread review states", () => {
    let nextStation = 200;
    const freshThread = async () => {
      const number = nextStation++;
      return { number, station: await answerAt(api, r, r.other, number, true) };
    };
    const setState = async (station: number, body: object, token = api.organizer) =>
      expect((await api.send("PUT", threadPath(r.other.id, station, "/state"), token, body)).status).toBe(200);

    it("logs each change of state from → to under the thread's observer and station, and nothing for a note alone", async () => {
      const { number, station } = await freshThread();
      const entries = await auditOf(api, async () => {
        await setState(station, { state: "in_progress" }, api.ngo2Admin);
        await setState(station, { state: "resolved", note: "Called the station" });
        await setState(station, { state: "resolved", note: "Called again" });
        await setState(station, { state: "new" });
      });
      const subject = { type: "thread", id: r.other.id, pollingStationId: station, label: `Observator ${r.other.phone} (${r.other.phone}), AB ${number}`, exists: true };
      const common = { id: anyId, at: now(), action: "thread.stateChanged", subject, ngoId: 2, ngoName: ngo2, electionRoundId: 1 };
      expect(entries).toEqual([
        { ...common, actor: actors.ngo2Admin, changes: [{ field: "state", from: "new", to: "in_progress" }] },
        { ...common, actor: actors.organizer, changes: [{ field: "state", from: "in_progress", to: "resolved" }] },
        { ...common, actor: actors.organizer, changes: [{ field: "state", from: "resolved", to: "new" }] },
      ]);
      expect(JSON.stringify(entries)).not.toContain("Called");
    });

    it("does not log claims and comments, and says a thread whose answers are gone no longer exists", async () => {
      const { station } = await freshThread();
      const entries = await auditOf(api, async () => {
        expect((await api.send("POST", threadPath(r.other.id, station, "/claim"), api.organizer, {})).status).toBe(200);
        expect((await api.send("POST", threadPath(r.other.id, station, "/comments"), api.organizer, { text: "Looking" })).status).toBe(201);
        expect((await api.send("DELETE", threadPath(r.other.id, station, "/claim"), api.organizer)).status).toBe(204);
        await setState(station, { state: "resolved" });
      });
      expect(entries.map((entry) => entry.action)).toEqual(["thread.stateChanged"]);
      await api.db().deleteFrom("answer").where("observerId", "=", r.other.id).where("pollingStationId", "=", station).execute();
      const { data } = (await (await api.get(`/api/v1/audit?subjectType=thread&subjectId=${r.other.id}`, api.organizer)).json()) as {
        data: { subject: { pollingStationId: number; exists: boolean } }[];
      };
      expect(data.filter((entry) => entry.subject.pollingStationId === station).map((entry) => entry.subject.exists)).toEqual([false]);
    });

    it("writes nothing for a refused change (400, 404)", async () => {
      const { station } = await freshThread();
      const entries = await auditOf(api, async () => {
        await expectProblem(await api.send("PUT", threadPath(r.own.id, station, "/state"), api.organizer, { state: "resolved" }), 404, "not_found");
        await expectProblem(await api.send("PUT", threadPath(r.other.id, station, "/state"), api.organizer, { state: "closed" }), 400, "validation");
        const own = await answerAt(api, r, r.own, nextStation++, true);
        await expectProblem(await api.send("PUT", threadPath(r.own.id, own, "/state"), api.ngo2Admin, { state: "resolved" }), 404, "not_found");
      });
      expect(entries).toEqual([]);
    });
  });
});
