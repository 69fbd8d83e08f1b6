import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { components } from "../../../openapi/schema.d.ts";
import { scopeOf } from "../../src/auth/scope.ts";
import { listActiveObservers, type ActiveObserverQuery } from "../../src/observers/targeting.ts";
import { expectProblem, signedIn, type SignedInServer } from "../fixtures.ts";
import { compose, notificationApi, type NotificationResult } from "../fixtures/notifications-fixture.ts";
import { createNgo, createObserver } from "../fixtures/statistics-fixture.ts";
import { engines } from "../harness.ts";
import { STATISTICS_METHODS } from "../../../load/support/read-catalogue.ts";
import { openRound, type TestRound } from "./next-round.ts";

type StatisticsPage = components["schemas"]["StatisticsPage"];
type Method = components["schemas"]["StatisticsMethod"];
type Form = components["schemas"]["Form"];

/** The demo organizer's scope: every NGO. */
const EVERY_NGO = scopeOf({ kind: "admin", adminId: 1, account: "0700000001", ngoId: 1, organizer: true });

interface Station {
  id: number;
  code: string;
  name: string;
  number: number;
}

/**
 * Notifications, targeting and statistics of the next round (issue 27): what happens in round 3 is seen in round 3
 * only, and round 1's history, audiences and numbers stay exactly as they were.
 */
describe.each(engines)("notifications, targeting and statistics per round on %s", (engine) => {
  let api = {} as SignedInServer;
  let n = {} as ReturnType<typeof notificationApi>;
  let next = {} as TestRound;
  /** A round-1 station with an arrival, and one of another county: the next round has copies of both. */
  let visited = {} as Station;
  let elsewhere = {} as Station;
  /** Live observers of NGO 1 and NGO 2, which take part in round 3, and of an NGO that takes part in round 1 only. */
  let ngo1: number[] = [];
  let ngo2: number[] = [];
  let outsider = 0;

  const liveObserversOf = async (ngoId: number) =>
    (await api.db().selectFrom("observer").select("id").where("ngoId", "=", ngoId).where("deletedAt", "is", null).orderBy("id").execute()).map(
      ({ id }) => id,
    );

  beforeAll(async () => {
    api = await signedIn(engine, { observers: 20 });
    n = notificationApi(api);
    const stations = api
      .db()
      .selectFrom("pollingStation as s")
      .innerJoin("county as c", "c.id", "s.countyId")
      .select(["s.id", "c.code", "c.name", "s.number"])
      .where("s.electionRoundId", "=", 1)
      .orderBy("s.id");
    visited = await stations
      .where("s.id", "in", (eb) => eb.selectFrom("pollingStationInfo").select("pollingStationId").where("observerArrivalTime", "is not", null))
      .executeTakeFirstOrThrow();
    elsewhere = await stations.where("c.code", "!=", visited.code).executeTakeFirstOrThrow();
    [ngo1, ngo2] = [await liveObserversOf(1), await liveObserversOf(2)];
    const absent = await createNgo(api, "Absenta");
    outsider = (await createObserver(api, absent, "0799300001")).id;
    next = await openRound(api.db(), 3, "active");
    // Every NGO observes round 1; round 3 is observed by NGOs 1 and 2 only (migration 022).
    await sql`DELETE FROM election_round_ngo WHERE election_round_id = 3 AND ngo_id NOT IN (1, 2)`.execute(api.db());
  });
  afterAll(() => api.server?.close());

  describe("notifications", () => {
    const inRound = (round: number) => `electionRoundId=${round}`;
    const post = (path: string, token: string, json: unknown, key: string) =>
      api.server.request(path, { method: "POST", token, json, headers: { "idempotency-key": key } });

    it("lists a notification sent in round 3 in round 3's history only, and leaves round 1's as it was", async () => {
      const roundOne = await n.history(api.organizer, `${inRound(1)}&pageSize=100`);
      const roundOneOfNgo2 = await n.history(api.ngo2Admin, `${inRound(1)}&pageSize=100`);

      const chosen = [ngo1[0]!, ngo2[0]!];
      const selected = await n.accepted(await post(`/api/v1/notification/send?${inRound(3)}`, api.organizer, { ...compose, recipients: chosen }, "round-two-1"));
      const allOfNgo2 = await n.accepted(await post(`/api/v1/notification/send/all?${inRound(3)}`, api.ngo2Admin, compose, "round-two-2"));
      const all = await n.accepted(await post(`/api/v1/notification/send/all?${inRound(3)}`, api.organizer, compose, "round-two-3"));
      expect(selected.recipients).toBe(2);
      // "All" in a round: every live observer of the sender's scope whose NGO takes part in the round.
      expect(allOfNgo2.recipients).toBe(ngo2.length);
      expect(all.recipients).toBe(ngo1.length + ngo2.length);
      const ids = [selected.id, allOfNgo2.id, all.id];
      const stored = await api.db().selectFrom("notification").select(["id", "electionRoundId"]).where("id", "in", ids).orderBy("id").execute();
      expect(stored).toEqual(ids.map((id) => ({ id, electionRoundId: 3 })));

      // Sent at the same moment, hence newest id first.
      expect((await n.history(api.organizer, inRound(3))).data.map((item) => item.id)).toEqual([all.id, allOfNgo2.id, selected.id]);
      expect((await n.history(api.ngo2Admin, inRound(3))).data.map((item) => item.id)).toEqual([allOfNgo2.id]);
      expect(await n.history(api.organizer, `${inRound(1)}&pageSize=100`)).toEqual(roundOne);
      expect(await n.history(api.ngo2Admin, `${inRound(1)}&pageSize=100`)).toEqual(roundOneOfNgo2);
    });

    it("answers a round's notification's recipients in that round only, and replays a key in its own round only", async () => {
      const key = "round-two-4";
      const body = { ...compose, recipients: [ngo1[1]!] };
      const sent = await n.accepted(await post(`/api/v1/notification/send?${inRound(3)}`, api.organizer, body, key));
      expect((await n.recipients(sent.id, api.organizer, inRound(3))).data.map((recipient) => recipient.observerId)).toEqual([ngo1[1]]);
      await expectProblem(await api.get(`/api/v1/notification/${sent.id}/recipients?${inRound(1)}`, api.organizer), 404, "not_found");

      const replay = await post(`/api/v1/notification/send?${inRound(3)}`, api.organizer, body, key);
      expect(replay.status).toBe(200);
      expect((await replay.json()) as NotificationResult).toEqual(sent);
      // The same key and message in another round is another request, not a replay of round 3's notification.
      await expectProblem(await post(`/api/v1/notification/send?${inRound(1)}`, api.organizer, body, key), 422, "idempotency_key_reused");
    });

    it("refuses to address an observer whose NGO takes no part in the round, who is addressable in its own", async () => {
      const body = { ...compose, recipients: [outsider] };
      const refused = await expectProblem(await post(`/api/v1/notification/send?${inRound(3)}`, api.organizer, body, "outsider-1"), 400, "validation");
      expect(refused.errors).toEqual({ recipients: [expect.objectContaining({ code: "not_found" })] });
      expect((await n.accepted(await post(`/api/v1/notification/send?${inRound(1)}`, api.organizer, body, "outsider-2"))).recipients).toBe(1);
    });
  });

  describe("targeting", () => {
    // Straight through targeting.ts: the composer's operation is wired to the round in observers/routes.ts.
    const targets = (roundId: number, assigned: boolean) => {
      const query: ActiveObserverQuery = { scope: EVERY_NGO, roundId, countyCodes: [visited.code, elsewhere.code], currentlyCheckedIn: false, assigned, webPush: false };
      return listActiveObservers(api.db(), query);
    };
    const idsAndStations = (observers: Awaited<ReturnType<typeof targets>>) => observers.map(({ id, pollingStations }) => ({ id, pollingStations }));

    it("finds observers by the stations of the round they arrived at or are assigned to, and round 1's as before", async () => {
      // An assignment in round 1 too, so that round 1 has some of each to find.
      await api.db().insertInto("stationAssignment").values({ electionRoundId: 1, observerId: ngo2[2]!, pollingStationId: elsewhere.id }).execute();
      const [arrivedInRoundOne, assignedInRoundOne] = [await targets(1, false), await targets(1, true)];
      expect(arrivedInRoundOne.length).toBeGreaterThan(0);
      expect(assignedInRoundOne.length).toBeGreaterThan(0);
      expect(idsAndStations(await targets(3, false))).toEqual([]);
      expect(idsAndStations(await targets(3, true))).toEqual([]);

      const [arriving, assignee] = [ngo1[3]!, ngo2[3]!];
      await api
        .db()
        .insertInto("pollingStationInfo")
        .values({ electionRoundId: 3, observerId: arriving, pollingStationId: next.stationFor(visited.id), observerArrivalTime: new Date() })
        .execute();
      await api.db().insertInto("stationAssignment").values({ electionRoundId: 3, observerId: assignee, pollingStationId: next.stationFor(elsewhere.id) }).execute();

      expect(idsAndStations(await targets(3, false))).toEqual([{ id: arriving, pollingStations: [`${visited.code} ${visited.number}`] }]);
      expect(idsAndStations(await targets(3, true))).toEqual([{ id: assignee, pollingStations: [`${elsewhere.code} ${elsewhere.number}`] }]);
      expect(await targets(1, false)).toEqual(arrivedInRoundOne);
      expect(await targets(1, true)).toEqual(assignedInRoundOne);
    });
  });

  describe("statistics", () => {
    const statistics = async (method: Method, round: number, token = api.organizer) => {
      const response = await api.get(`/api/v1/statistics/${method}?electionRoundId=${round}&pageSize=100`, token);
      expect(response.status).toBe(200);
      // asOf is the moment of the query; the figures are what must not move.
      const { asOf, ...page } = (await response.json()) as StatisticsPage;
      expect(asOf).toEqual(expect.any(String));
      return page;
    };
    const everyStatistic = async (round: number, token = api.organizer) =>
      Object.fromEntries(await Promise.all(STATISTICS_METHODS.map(async (method) => [method, await statistics(method, round, token)] as const)));

    /** A published form of round 3 with one yes/no question per code in `questions`, "no" flagged. */
    const formOfRoundTwo = async (code: string, questions: string[]) => {
      const body = {
        code,
        description: `Formular ${code}`,
        diaspora: false,
        draft: false,
        formSections: [
          {
            code: "S1",
            description: "Secțiunea 1",
            questions: questions.map((question) => ({
              code: question,
              text: `Întrebarea ${question}?`,
              questionType: 1,
              optionsToQuestions: [{ text: "Da" }, { text: "Nu", flagged: true }],
            })),
          },
        ],
      };
      const created = await api.send("POST", "/api/v1/form?electionRoundId=3", api.organizer, body);
      expect(created.status).toBe(201);
      const form = (await created.json()) as Form;
      return form.formSections[0]!.questions.map((question) => ({ yes: question.optionsToQuestions[0]!.idOption, no: question.optionsToQuestions[1]!.idOption }));
    };

    it("counts only round 3's answers in round 3, and round 1's numbers stay exactly as they were", async () => {
      const roundOne = await everyStatistic(1);
      const roundOneOfNgo2 = await everyStatistic(1, api.ngo2Admin);
      expect(roundOne.countiesIrregularities!.totalItems).toBeGreaterThan(0);
      const [opening1, opening2] = await formOfRoundTwo("A", ["A1", "A2"]);
      const [counting1] = await formOfRoundTwo("C", ["C1"]);
      const [own, other] = [ngo1[4]!, ngo2[4]!];
      const [first, second] = [next.stationFor(visited.id), next.stationFor(elsewhere.id)];
      // Straight into the table, as round 3's answers; the triggers keep round 3's threads and tallies.
      const answers = [
        { observerId: own, pollingStationId: first, optionId: opening1!.no },
        { observerId: own, pollingStationId: first, optionId: counting1!.yes },
        { observerId: own, pollingStationId: second, optionId: counting1!.no },
        { observerId: other, pollingStationId: first, optionId: opening1!.no },
        { observerId: other, pollingStationId: first, optionId: opening2!.no },
      ];
      await api.db().insertInto("answer").values(answers.map((answer) => ({ ...answer, electionRoundId: 3, lastModified: new Date() }))).execute();
      const { rows: derived } = await sql<{ threads: number; tallies: number }>`
        SELECT (SELECT count(*) FROM answer_thread WHERE election_round_id = 3)::int AS threads,
          (SELECT count(*) FROM answer_tally WHERE election_round_id = 3)::int AS tallies`.execute(api.db());
      expect(derived[0]).toEqual({ threads: 3, tallies: 4 });

      const [county, otherCounty] = [visited.name, elsewhere.name];
      const [station, otherStation] = [`${visited.code} ${visited.number}`, `${elsewhere.code} ${elsewhere.number}`];
      const page = (rows: [string, number, string][]) => ({
        page: 1,
        pageSize: 100,
        totalItems: rows.length,
        totalPages: 1,
        data: rows.map(([label, value, code]) => ({ label, value, code })),
      });
      const [code, otherCode] = [visited.code, elsewhere.code];
      expect(await everyStatistic(3)).toEqual({
        observerNumber: page([[county, 2, code], [otherCounty, 1, otherCode]]),
        countiesIrregularities: page([[county, 3, code], [otherCounty, 1, otherCode]]),
        pollingStationIrregularities: page([[station, 3, code], [otherStation, 1, otherCode]]),
        countiesOpeningIrregularities: page([[county, 3, code]]),
        pollingStationOpeningIrregularities: page([[station, 3, code]]),
        countiesByCountingIrregularities: page([[otherCounty, 1, otherCode]]),
        pollingStationsByCountingIrregularities: page([[otherStation, 1, otherCode]]),
      });
      // NGO 2's admin counts NGO 2's observer only.
      expect(await statistics("observerNumber", 3, api.ngo2Admin)).toEqual(page([[county, 1, code]]));
      expect(await statistics("countiesIrregularities", 3, api.ngo2Admin)).toEqual(page([[county, 2, code]]));

      expect(await everyStatistic(1)).toEqual(roundOne);
      expect(await everyStatistic(1, api.ngo2Admin)).toEqual(roundOneOfNgo2);
    });
  });
});
