import { sql } from "kysely";
import { describe, expect } from "vitest";
import { expectProblem, serverTests, type SignedInServer } from "../fixtures.ts";
import { bothEngines } from "../harness.ts";
import { listen } from "../../src/http/listen.ts";
import { createReporters, stationId, type Reporters } from "../fixtures/reports-fixture.ts";
import type { LiveThreadEvent } from "../../src/live/events.ts";
import { recordLiveEvents } from "../../src/live/record.ts";
import { createLiveRetention } from "../../src/live/retention.ts";
import { readSse, type SseEvent, type SseReader } from "../../src/live/sse-reader.ts";
import { openLiveStream } from "../../src/live/stream.ts";
import { createLiveHub } from "../../src/live/hub.ts";

const tests = serverTests({ observers: 30 });

describe.each(bothEngines)("the live event stream on %s", (engine) => {
  const it = tests[engine];
  let api = {} as SignedInServer;
  let r = {} as Reporters;
  let ab7 = 0;
  let organizerId = 0;
  let ngo2AdminId = 0;
  const readers: SseReader[] = [];

  it.beforeAll(async ({ api: signedIn }) => {
    api = signedIn;
    r = await createReporters(api, "LIV", "07994100");
    ab7 = await stationId(api, "AB", 7);
    const adminId = async (account: string) =>
      (await api.db().selectFrom("ngoAdmin").select("id").where("account", "=", account).executeTakeFirstOrThrow()).id;
    organizerId = await adminId("0700000001");
    ngo2AdminId = await adminId("0700000002");
  });

  it.afterEach(async () => {
    for (const reader of readers.splice(0)) await reader.cancel();
  });

  const open = (token: string | undefined, lastEventId?: string | number, signal?: AbortSignal) =>
    api.server.request("/api/v1/live", {
      token,
      headers: lastEventId === undefined ? {} : { "last-event-id": String(lastEventId) },
      signal,
    });
  /** A stream that has every event committed so far behind it, read by a test SSE client. */
  const stream = async (token: string, lastEventId?: string | number, signal?: AbortSignal) => {
    await api.server.live.caughtUp();
    const response = await open(token, lastEventId, signal);
    expect(response.status).toBe(200);
    const reader = readSse(response);
    readers.push(reader);
    return reader;
  };
  const record = (observerId: number, count = 1) =>
    recordLiveEvents(api.db(), "answers", Array.from({ length: count }, () => ({ observerId, pollingStationId: ab7 })), null, api.server.clock.now);
  const anHourLeft = () => ({ now: api.server.clock.now, expiresAt: new Date(api.server.clock.now.getTime() + 3_600_000) });
  const payload = (event: SseEvent | null) => JSON.parse(event!.data) as LiveThreadEvent;
  const ids = (events: SseEvent[]) => events.map((event) => Number(event.id));
  const lastId = async () => Number((await api.db().selectFrom("liveEvent").select((eb) => eb.fn.max("id").as("id")).executeTakeFirst())?.id ?? 0);
  const idsAfter = async (after: number, ngoId?: number) => {
    let query = api.db().selectFrom("liveEvent").select("id").where("id", ">", after).orderBy("id");
    if (ngoId !== undefined) query = query.where("ngoId", "=", ngoId);
    return (await query.execute()).map((row) => Number(row.id));
  };
  const flagged = new Map<string, boolean>();
  /** An observer's answer through the API, flagged every other time so that each one changes the thread. */
  const answer = async (observer: { token: string }, request = api.server.request) => {
    const flip = !flagged.get(observer.token);
    flagged.set(observer.token, flip);
    const response = await request("/api/v1/answers", {
      method: "POST",
      token: observer.token,
      json: { answers: [{ questionId: r.single.id, countyCode: "AB", pollingStationNumber: 7, options: [{ optionId: flip ? r.single.no : r.single.yes }] }] },
    });
    expect(response.status).toBe(204);
  };

  it("refuses a caller without a token, and a Last-Event-ID that is not an event's id", async () => {
    await expectProblem(await open(undefined), 401, "unauthorized");
    await expectProblem(await open(api.organizer, "12a"), 400, "validation");
    await expectProblem(await open(api.organizer, "-1"), 400, "validation");
  });

  it("streams uncompressed, uncached and unbuffered by proxies", async () => {
    await api.server.live.caughtUp();
    const response = await api.server.request("/api/v1/live", { token: api.organizer, headers: { "accept-encoding": "gzip" } });
    readers.push(readSse(response));
    expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("x-accel-buffering")).toBe("no");
    expect(response.headers.get("content-encoding")).toBeNull();
  });

  it("gives an NGO admin only its NGO's events and an organizer every NGO's, as they are committed", async () => {
    const organizer = await stream(api.organizer);
    const ngo2 = await stream(api.ngo2Admin);
    await answer(r.own);
    await answer(r.other);

    const [first, second] = await organizer.take(2);
    expect([payload(first!).idObserver, payload(second!).idObserver]).toEqual([r.own.id, r.other.id]);
    expect(first!.event).toBe("thread");
    expect(payload(first!)).toMatchObject({
      kind: "answers",
      ngoId: 1,
      idPollingStation: ab7,
      actor: null,
      thread: { idObserver: r.own.id, idPollingStation: ab7, pollingStationName: "AB 7", countyCode: "AB", state: "new", claim: null },
      forms: [{ code: "LIV", flaggedCount: 1 }],
    });
    // The NGO 1 event came first: had it reached NGO 2's admin, it would be this one.
    const onlyOwn = await ngo2.next();
    expect(onlyOwn!.id).toBe(second!.id);
    expect(payload(onlyOwn)).toMatchObject({ idObserver: r.other.id, ngoId: 2 });
  });

  it("replays only in-scope events to an NGO admin who resumes", async () => {
    const from = await lastId();
    await record(r.own.id, 3);
    await record(r.other.id, 2);
    await record(r.own.id, 3);
    const ngo2 = await stream(api.ngo2Admin, from);
    expect(ids(await ngo2.take(2))).toEqual(await idsAfter(from, 2));
  });

  it("resumes after Last-Event-ID with no gap and no duplicate over 1,000 events", async () => {
    const start = await lastId();
    const first = await stream(api.organizer);
    await record(r.own.id, 150);
    await record(r.other.id, 150);
    const before = await first.take(300);
    await first.cancel();

    // Written while the client is away.
    await record(r.own.id, 150);
    await record(r.other.id, 150);
    const second = await stream(api.organizer, before.at(-1)!.id!);
    // Written while the backlog is being sent.
    const writing = (async () => {
      for (let batch = 0; batch < 20; batch++) await record(batch % 2 ? r.own.id : r.other.id, 20);
    })();
    const after = await second.take(700);
    await writing;

    const received = ids([...before, ...after]);
    expect(received).toHaveLength(1000);
    expect(received).toEqual(await idsAfter(start));
    // And nothing more: the next event is the next one written.
    await record(r.own.id);
    expect(Number((await second.next())!.id)).toBe(await lastId());
  });

  it("says `mine` on the claim holder's own stream only", async () => {
    const organizer = await stream(api.organizer);
    const ngo2 = await stream(api.ngo2Admin);
    await answer(r.other);
    await organizer.next();
    await ngo2.next();
    const thread = { observerId: r.other.id, pollingStationId: ab7 };
    const claimBy = async (adminId: number, account: string) => {
      await api
        .db()
        .updateTable("answerThread")
        .set({ claimAdminId: adminId, claimedAt: api.server.clock.now, claimExpiresAt: new Date(api.server.clock.now.getTime() + 120_000) })
        .where("observerId", "=", thread.observerId)
        .where("pollingStationId", "=", thread.pollingStationId)
        .execute();
      await recordLiveEvents(api.db(), "claim", [thread], account, api.server.clock.now);
    };

    await claimBy(organizerId, "0700000001");
    expect(payload(await organizer.next()).thread!.claim).toMatchObject({ holderId: organizerId, holder: "0700000001", mine: true });
    expect(payload(await ngo2.next())).toMatchObject({ kind: "claim", actor: "0700000001", thread: { claim: { holderId: organizerId, mine: false } } });

    await claimBy(ngo2AdminId, "0700000002");
    expect(payload(await organizer.next()).thread!.claim).toMatchObject({ holderId: ngo2AdminId, mine: false });
    expect(payload(await ngo2.next()).thread!.claim).toMatchObject({ holderId: ngo2AdminId, mine: true });
  });

  it("frees a stream's subscription when its client goes away", async () => {
    expect(api.server.live.subscriberCount()).toBe(0);
    const leaving = new AbortController();
    await stream(api.organizer, undefined, leaving.signal);
    const cancelled = await stream(api.ngo2Admin);
    expect(api.server.live.subscriberCount()).toBe(2);
    leaving.abort();
    expect(api.server.live.subscriberCount()).toBe(1);
    await cancelled.cancel();
    await expect.poll(() => api.server.live.subscriberCount()).toBe(0);
  });

  it("streams over HTTP and frees the subscription when the connection closes", async () => {
    const { server, address } = await listen(api.server.app, { hostname: "127.0.0.1", port: 0 });
    try {
      await api.server.live.caughtUp();
      const leaving = new AbortController();
      const response = await fetch(`http://127.0.0.1:${address.port}/api/v1/live`, {
        headers: { authorization: `Bearer ${api.organizer}`, "accept-encoding": "gzip" },
        signal: leaving.signal,
      });
      expect(response.headers.get("content-encoding")).toBeNull();
      const reader = readSse(response);
      await record(r.own.id);
      expect(Number((await reader.next())!.id)).toBe(await lastId());
      expect(api.server.live.subscriberCount()).toBe(1);
      leaving.abort();
      await expect.poll(() => api.server.live.subscriberCount()).toBe(0);
    } finally {
      server.close();
    }
  });

  it("sends a keep-alive comment on an idle stream", async () => {
    const hub = createLiveHub({ db: api.db(), listen: api.server.handle.listen, keepAliveMilliseconds: 20 });
    await hub.start();
    try {
      const admin = { kind: "admin" as const, adminId: organizerId, account: "0700000001", ngoId: 1, organizer: true };
      const reader = readSse(openLiveStream({ hub, db: api.db(), admin, roundId: 1, lastEventId: null, ...anHourLeft(), signal: new AbortController().signal }));
      readers.push(reader);
      await reader.comment("keep-alive");
    } finally {
      await hub.stop();
    }
  });

  it("ends the stream of a client that does not read, which then resumes where it stopped", async () => {
    const admin = { kind: "admin" as const, adminId: organizerId, account: "0700000001", ngoId: 1, organizer: true };
    await api.server.live.caughtUp();
    const from = await lastId();
    const slow = readSse(
      openLiveStream({ hub: api.server.live, db: api.db(), admin, roundId: 1, lastEventId: null, ...anHourLeft(), signal: new AbortController().signal, queueBytes: 4096 }),
    );
    await record(r.own.id, 40);

    const delivered: SseEvent[] = [];
    for (let event = await slow.next(); event; event = await slow.next()) delivered.push(event);
    expect(delivered.length).toBeGreaterThan(0);
    expect(delivered.length).toBeLessThan(40);
    const resumed = await stream(api.organizer, delivered.at(-1)!.id!);
    expect(ids([...delivered, ...(await resumed.take(40 - delivered.length))])).toEqual(await idsAfter(from));
  });

  it("delivers an event written through one instance to streams on every instance of the database", async () => {
    const other = await api.server.startInstance();
    try {
      const onThis = await stream(api.organizer);
      const onOther = readSse(await other.request("/api/v1/live", { token: api.organizer }));
      readers.push(onOther);
      await answer(r.own);
      const here = await onThis.next();
      const there = await onOther.next();
      expect(there!.id).toBe(here!.id);
      expect(payload(there)).toMatchObject({ kind: "answers", idObserver: r.own.id });

      // And the other way round.
      await answer(r.other, other.request);
      expect((await onThis.next())!.id).toBe((await onOther.next())!.id);

      // An instance that stops ends its streams.
      expect(other.live.subscriberCount()).toBe(1);
      await other.close();
      expect(await onOther.next()).toBeNull();
      expect(other.live.subscriberCount()).toBe(0);
    } finally {
      await other.close();
    }
  });

  // PostgreSQL only (PGlite has one connection): registered for it alone rather than skipped on PGlite.
  if (engine === "postgres") {
    it("listens again after PostgreSQL drops the listening connection, missing nothing", async () => {
      const organizer = await stream(api.organizer);
      const { rows } = await sql<{ dropped: boolean }>`
        SELECT pg_terminate_backend(pid) AS dropped FROM pg_stat_activity
        WHERE datname = current_database() AND query = 'LISTEN live_event'`.execute(api.db());
      expect(rows).toEqual([{ dropped: true }]);
      // Committed while nobody listens: its notification is lost, the reconnection reads it.
      await record(r.other.id);
      expect(Number((await organizer.next())!.id)).toBe(await lastId());
    });

    it("numbers events in commit order, and a transaction that appended first holds back none that commits before it", async () => {
      const organizer = await stream(api.organizer);
      const from = await lastId();
      let appended = () => {};
      let mayCommit = () => {};
      const firstAppended = new Promise<void>((resolve) => (appended = resolve));
      const firstMayCommit = new Promise<void>((resolve) => (mayCommit = resolve));
      const first = api.db().transaction().execute(async (trx) => {
        await recordLiveEvents(trx, "answers", [{ observerId: r.own.id, pollingStationId: ab7 }], null, api.server.clock.now);
        appended();
        await firstMayCommit;
      });
      try {
        await firstAppended;
        const second = recordLiveEvents(api.db(), "answers", [{ observerId: r.other.id, pollingStationId: ab7 }], null, api.server.clock.now);
        const heldBack = new Promise((_, reject) => setTimeout(() => reject(new Error("held back by the open transaction")), 5_000));
        await Promise.race([second, heldBack]);
      } finally {
        mayCommit();
        await first;
      }
      const events = await organizer.take(2);
      expect(events.map((event) => payload(event).idObserver)).toEqual([r.other.id, r.own.id]);
      expect(ids(events)).toEqual(await idsAfter(from));
    });
  }

  // Last: it moves the clock a day on and trims what the other tests wrote.
  it("starts with a reset when the client's point was trimmed or never reached", async () => {
    const old = await lastId();
    await record(r.own.id, 2);
    api.server.clock.advance(25 * 3600);
    await record(r.own.id);
    const kept = await lastId();
    const retention = createLiveRetention({ db: api.db(), clock: () => api.server.clock.now });
    expect(await retention.trim()).toBeGreaterThanOrEqual(2);
    expect(await retention.trim()).toBe(0);
    // A day later the morning's token has expired.
    const organizer = await api.server.signIn("0700000001", "demo1234");

    const behind = await stream(organizer, old);
    expect(await behind.next()).toMatchObject({ event: "reset", data: "{}" });
    // Then the stream carries on from now.
    await record(r.other.id);
    expect(Number((await behind.next())!.id)).toBe(await lastId());

    // The last trimmed event: nothing was missed.
    const current = await stream(organizer, kept - 1);
    expect(Number((await current.next())!.id)).toBe(kept);

    const ahead = await stream(organizer, 10_000_000);
    expect((await ahead.next())!.event).toBe("reset");
  });
});
