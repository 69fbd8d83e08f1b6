import { sql } from "kysely";
import { describe, expect } from "vitest";
import { expectProblem, serverTests, type SignedInServer } from "../../fixtures.ts";
import { bothEngines } from "../../harness.ts";
import type { Admin } from "../../../src/auth/principal.ts";
import { createReporters, type Reporters } from "../../fixtures/reports-fixture.ts";
import { ProblemError } from "../../../src/problem.ts";
import { createClaimSweeper } from "../../../src/reports/triage/claim-sweeper.ts";
import { claimThread } from "../../../src/reports/triage/claims.ts";
import { answerAt, createStaff, readJson, threadPath, type Staff, type ThreadClaim, type ThreadPage, type ThreadTriage } from "../../fixtures/triage-fixture.ts";

type ClaimProblem = { code: string; claim: ThreadClaim | null };

const tests = serverTests({ observers: 30 });

describe.each(bothEngines)("claims on %s", (engine) => {
  const it = tests[engine];
  let api = {} as SignedInServer;
  let r = {} as Reporters;
  let ana = {} as Staff;
  let ben = {} as Staff;
  let nextStation = 100;
  const freshThread = async () => answerAt(api, r, r.own, nextStation++, true);

  it.beforeAll(async ({ api: signedIn }) => {
    api = signedIn;
    r = await createReporters(api, "CLM", "07994200");
    ana = await createStaff(api, "ana");
    ben = await createStaff(api, "ben");
  });

  const claim = (station: number, who: Staff, takeOver?: boolean) =>
    api.send("POST", threadPath(r.own.id, station, "/claim"), who.token, takeOver === undefined ? {} : { takeOver });
  const renew = (station: number, who: Staff) => api.send("PUT", threadPath(r.own.id, station, "/claim"), who.token);
  const release = (station: number, who: Staff) => api.send("DELETE", threadPath(r.own.id, station, "/claim"), who.token);
  const triage = async (station: number, who: Staff) => readJson<ThreadTriage>(await api.get(threadPath(r.own.id, station), who.token));
  const events = async (station: number) =>
    (await triage(station, ana)).timeline.filter((entry) => entry.kind !== "answers").map((entry) => [entry.kind, entry.actor.name, entry.text]);
  const listed = async (station: number, who: Staff) =>
    (await readJson<ThreadPage>(await api.get(`/api/v1/answers?observerPhoneNumber=${r.own.phone}&pageSize=1000`, who.token))).data.find(
      (thread) => thread.idPollingStation === station,
    )!;
  const claimOf = (who: Staff, since: Date, expires: Date, mine: boolean): ThreadClaim => ({
    holderId: who.admin.adminId,
    holder: who.admin.account,
    since: since.toISOString(),
    expiresAt: expires.toISOString(),
    mine,
  });
  const plus = (seconds: number) => new Date(api.server.clock.now.getTime() + seconds * 1000);

  it("claims for 90 seconds, renews, refuses another admin with the holder, and lets the holder release", async () => {
    const station = await freshThread();
    const since = api.server.clock.now;
    expect(await readJson(await claim(station, ana))).toEqual(claimOf(ana, since, plus(90), true));
    api.server.clock.advance(30);
    expect(await readJson(await claim(station, ana))).toEqual(claimOf(ana, since, plus(90), true));
    api.server.clock.advance(30);
    expect(await readJson(await renew(station, ana))).toEqual(claimOf(ana, since, plus(90), true));

    const held = (await expectProblem(await claim(station, ben), 409, "claim_held")) as unknown as ClaimProblem;
    expect(held.claim).toEqual(claimOf(ana, since, plus(90), false));
    const lost = (await expectProblem(await renew(station, ben), 409, "claim_lost")) as unknown as ClaimProblem;
    expect(lost.claim).toEqual(claimOf(ana, since, plus(90), false));
    expect((await triage(station, ben)).claim).toEqual(claimOf(ana, since, plus(90), false));
    expect((await listed(station, ben)).claim).toEqual(claimOf(ana, since, plus(90), false));

    expect((await release(station, ben)).status).toBe(204);
    expect((await triage(station, ben)).claim).not.toBeNull();
    expect((await release(station, ana)).status).toBe(204);
    expect((await triage(station, ben)).claim).toBeNull();
    expect((await release(station, ana)).status).toBe(204);
    const lostNow = (await expectProblem(await renew(station, ana), 409, "claim_lost")) as unknown as ClaimProblem;
    expect(lostNow.claim).toBeNull();
    // Renewals record nothing; the refused calls neither.
    expect(await events(station)).toEqual([
      ["claim", ana.admin.account, undefined],
      ["release", ana.admin.account, undefined],
    ]);
    const live = await api.db().selectFrom("liveEvent").select("kind").where("observerId", "=", r.own.id).where("pollingStationId", "=", station).execute();
    expect(live.map((event) => event.kind)).toEqual(["answers", "claim", "claim"]);
  });

  it("passes the claim on a takeover, which the timeline records with the previous holder", async () => {
    const station = await freshThread();
    await claim(station, ana);
    api.server.clock.advance(10);
    expect(await readJson(await claim(station, ben, true))).toEqual(claimOf(ben, api.server.clock.now, plus(90), true));
    await expectProblem(await renew(station, ana), 409, "claim_lost");
    expect(await events(station)).toEqual([
      ["claim", ana.admin.account, undefined],
      ["takeover", ben.admin.account, ana.admin.account],
    ]);
  });

  it("lets a claim not renewed for 90 seconds lapse: nobody holds it, another admin may claim it, the lapse is recorded once", async () => {
    const station = await freshThread();
    await claim(station, ana);
    const expiredAt = plus(90).toISOString();
    api.server.clock.advance(89);
    expect((await listed(station, ben)).claim).not.toBeNull();
    api.server.clock.advance(1);
    expect((await listed(station, ben)).claim).toBeNull();
    expect((await triage(station, ben)).claim).toBeNull();
    await expectProblem(await renew(station, ana), 409, "claim_lost");
    expect(await readJson(await claim(station, ben))).toMatchObject({ holder: ben.admin.account, mine: true });
    const timeline = (await triage(station, ana)).timeline.filter((entry) => entry.kind !== "answers");
    expect(timeline.map((entry) => [entry.kind, entry.actor.name, entry.at])).toEqual([
      ["claim", ana.admin.account, new Date(Date.parse(expiredAt) - 90_000).toISOString()],
      ["lapse", ana.admin.account, expiredAt],
      ["claim", ben.admin.account, api.server.clock.now.toISOString()],
    ]);
  });

  it("sweeps lapsed claims once, even with two sweepers at once", async () => {
    const station = await freshThread();
    await claim(station, ana);
    const sweeper = () => createClaimSweeper({ db: api.db(), clock: () => api.server.clock.now, intervalMs: 60_000 });
    const [one, two] = [sweeper(), sweeper()];
    api.server.clock.advance(60);
    await Promise.all([one.sweep(), two.sweep()]);
    expect((await triage(station, ben)).claim).not.toBeNull();
    api.server.clock.advance(31);
    await Promise.all([one.sweep(), two.sweep()]);
    await Promise.all([one.sweep(), two.sweep()]);
    const row = await api
      .db()
      .selectFrom("answerThread")
      .select(["claimAdminId", "claimExpiresAt"])
      .where("observerId", "=", r.own.id)
      .where("pollingStationId", "=", station)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ claimAdminId: null, claimExpiresAt: null });
    expect(await events(station)).toEqual([
      ["claim", ana.admin.account, undefined],
      ["lapse", ana.admin.account, undefined],
    ]);
    // The lapse is recorded by the sweeper, so the next claim records none.
    await claim(station, ben);
    expect((await events(station)).map(([kind]) => kind)).toEqual(["claim", "lapse", "claim"]);
    one.start();
    await one.stop();
  });

  it("sweeps more lapsed claims at once than one statement takes parameters", async () => {
    // 11,000 lapses at 6 values each would pass the 65,535 parameters of a statement; made in SQL, which is faster.
    const cid = await createStaff(api, "cid");
    const expired = plus(-1);
    const { rows } = await sql<{ pollingStationId: number }>`
      INSERT INTO answer_thread (observer_id, polling_station_id, last_modified, flagged_count, claim_admin_id, claimed_at, claim_expires_at)
      SELECT ${r.other.id}, s.id, ${expired}, 0, ${cid.admin.adminId}, ${expired}, ${expired}
      FROM polling_station s
      WHERE s.election_round_id = 1 AND NOT EXISTS (SELECT 1 FROM answer_thread t WHERE t.observer_id = ${r.other.id} AND t.polling_station_id = s.id)
      ORDER BY s.id LIMIT 11000
      RETURNING polling_station_id`.execute(api.db());
    expect(rows).toHaveLength(11_000);
    try {
      const swept = await createClaimSweeper({ db: api.db(), clock: () => api.server.clock.now }).sweep();
      expect(swept).toBeGreaterThanOrEqual(11_000);
      const lapses = await sql<{ n: string }>`
        SELECT count(*) AS n FROM thread_event WHERE kind = 'lapse' AND admin_id = ${cid.admin.adminId}`.execute(api.db());
      expect(Number(lapses.rows[0]!.n)).toBe(11_000);
    } finally {
      await sql`DELETE FROM answer_thread WHERE observer_id = ${r.other.id} AND polling_station_id = ANY(${rows.map((row) => row.pollingStationId)}::int[])`.execute(api.db());
    }
  });

  // PostgreSQL only (PGlite has one connection): registered for it alone rather than skipped on PGlite.
  if (engine === "postgres") {
    it("gives exactly one holder in 1,000 claims racing 5 at a time", async () => {
      const db = api.db();
      const admins: Admin[] = [ana.admin, ben.admin];
      for (let i = 0; i < 3; i++) admins.push((await createStaff(api, `racer${i}`)).admin);
      const trials = 200;
      const first = nextStation;
      nextStation += trials;
      // The threads, made at once: an answer per station through the database (the triggers make the threads).
      const stations = await sql<{ id: number }>`
        SELECT s.id FROM polling_station s JOIN county c ON c.id = s.county_id
        WHERE s.election_round_id = 1 AND c.code = 'AB' AND s.number >= ${first} AND s.number < ${first + trials} ORDER BY s.number`.execute(db);
      expect(stations.rows).toHaveLength(trials);
      await db
        .insertInto("answer")
        .values(stations.rows.map(({ id }) => ({ observerId: r.own.id, optionId: r.single.no, pollingStationId: id, value: null, lastModified: api.server.clock.now })))
        .execute();

      let doubles = 0;
      const race = async ({ id }: { id: number }, trial: number) => {
          // Half the trials race over a lapsed claim, whose lapse must be recorded once too.
          const key = { electionRoundId: 1, observerId: r.own.id, pollingStationId: id };
          const now = api.server.clock.now;
          if (trial % 2 === 1) await claimThread(db, admins[0]!, key, false, new Date(now.getTime() - 100_000));
          const outcomes = await Promise.allSettled(admins.map((admin) => claimThread(db, admin, key, false, now)));
          const winners = outcomes.filter((outcome) => outcome.status === "fulfilled");
          for (const outcome of outcomes) {
            if (outcome.status === "rejected") {
              const error = outcome.reason as ProblemError;
              expect(error).toBeInstanceOf(ProblemError);
              expect(error.body.code).toBe("claim_held");
            }
          }
          if (winners.length !== 1) doubles++;
      };
      // Two trials at a time: their 10 claims fill the pool's 10 connections, so that each trial's 5 really race.
      for (let trial = 0; trial < trials; trial += 2) {
        await Promise.all([race(stations.rows[trial]!, trial), race(stations.rows[trial + 1]!, trial + 1)]);
      }
      expect(doubles).toBe(0);
      const counts = await sql<{ kind: string; threads: number; events: number }>`
        SELECT kind, count(DISTINCT polling_station_id)::int AS threads, count(*)::int AS events FROM thread_event
        WHERE observer_id = ${r.own.id} AND polling_station_id = ANY(${stations.rows.map((s) => s.id)}::int[])
        GROUP BY kind ORDER BY kind`.execute(db);
      expect(counts.rows).toEqual([
        { kind: "claim", threads: trials, events: trials + trials / 2 },
        { kind: "lapse", threads: trials / 2, events: trials / 2 },
      ]);
    });
  }
});
