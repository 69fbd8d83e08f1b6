import { describe, expect } from "vitest";
import { stationId } from "../fixtures/reports-fixture.ts";
import { signToken } from "../../src/auth/token.ts";
import { MAX_STREAMS_PER_ACCOUNT } from "../../src/live/hub.ts";
import { recordLiveEvents } from "../../src/live/record.ts";
import { readSse, type SseReader } from "../../src/live/sse-reader.ts";
import { expectProblem, serverTests, type SignedInServer } from "../fixtures.ts";
import { bothEngines, tokenConfig, type TestInstance } from "../harness.ts";

/*
 * The security matrix's rows for the one long-lived answer, the live stream: it must never hold more access than a
 * new request would get. Each way to lose access ends the open stream before any event committed after the change
 * reaches it, also on another instance than the one that made the change (the change goes through the database).
 */
const tests = serverTests({ observers: 30 });

interface Staff {
  ngoId: number;
  adminId: number;
  account: string;
  token: string;
  /** An observer of the NGO, whose events an admin of the NGO sees. */
  observerId: number;
}

describe.each(bothEngines)("security matrix: a live stream after losing access, on %s", (engine) => {
  const it = tests[engine];
  let api = {} as SignedInServer;
  let other = {} as TestInstance;
  let station = 0;
  /** An observer of the demo organizer NGO 1: foreign to every NGO made here. */
  let ngo1Observer = 0;
  let made = 0;
  const readers: SseReader[] = [];

  it.beforeAll(async ({ api: signedIn }) => {
    api = signedIn;
    other = await api.server.startInstance();
    station = await stationId(api, "AB", 7);
    ngo1Observer = (await api.db().selectFrom("observer").select("id").where("ngoId", "=", 1).orderBy("id").executeTakeFirstOrThrow()).id;
  });
  it.afterAll(async () => {
    for (const reader of readers.splice(0)) await reader.cancel();
    await other.close();
  });

  /** A fresh NGO with an admin (signed in) and an observer. */
  async function staff(organizer: boolean): Promise<Staff> {
    const n = ++made;
    const ngo = await api.send("POST", "/api/v1/ngo", api.organizer, { name: `Live access ${n}`, shortName: `LA${n}`, organizer, isActive: true });
    const ngoId = ((await ngo.json()) as { id: number }).id;
    const account = `live-access-${engine}-${n}`;
    const admin = await api.send("POST", `/api/v1/ngo/${ngoId}/admins`, api.organizer, { account, password: "live-access-password" });
    const adminId = ((await admin.json()) as { id: number }).id;
    const token = await api.server.signIn(account, "live-access-password");
    const observer = await api.send("POST", "/api/v1/observer", token, { name: `Observer ${n}`, phone: `07985000${String(n).padStart(2, "0")}`, pin: "1234" });
    expect(observer.status).toBe(201);
    return { ngoId, adminId, account, token, observerId: ((await observer.json()) as { id: number }).id };
  }

  /** A stream opened on the other instance, with every event committed so far behind it. */
  async function openStream(token: string): Promise<SseReader> {
    await other.live.caughtUp();
    const response = await other.request("/api/v1/live", { token });
    expect(response.status).toBe(200);
    const reader = readSse(response);
    readers.push(reader);
    return reader;
  }

  /** Commits an event about `observerId`'s thread and waits until the other instance has handed it out. */
  async function eventAbout(observerId: number): Promise<void> {
    await recordLiveEvents(api.db(), "answers", [{ observerId, pollingStationId: station }], null, api.server.clock.now);
    await other.live.caughtUp();
  }

  it("its NGO loses the organizer role: the stream ends before another NGO's next event, and resumes narrowed", async () => {
    const lead = await staff(true);
    const stream = await openStream(lead.token);
    await eventAbout(ngo1Observer);
    expect(await stream.next()).toMatchObject({ event: "thread" });

    expect((await api.send("PATCH", `/api/v1/ngo/${lead.ngoId}/organizer`, api.organizer, { isOrganizer: false })).status).toBe(200);
    await eventAbout(ngo1Observer);
    expect(await stream.next()).toBeNull();

    const narrowed = await openStream(lead.token);
    await eventAbout(ngo1Observer);
    await eventAbout(lead.observerId);
    expect(JSON.parse((await narrowed.next())!.data)).toMatchObject({ idObserver: lead.observerId });
  });

  it("its NGO is deactivated: the stream ends before the NGO's next event, and a new one is refused", async () => {
    const member = await staff(false);
    const stream = await openStream(member.token);
    expect((await api.send("PATCH", `/api/v1/ngo/${member.ngoId}/status`, api.organizer, { isActive: false })).status).toBe(200);
    await eventAbout(member.observerId);
    expect(await stream.next()).toBeNull();
    await expectProblem(await other.request("/api/v1/live", { token: member.token }), 401, "unauthorized");
  });

  it("its admin account is removed: the stream ends before the NGO's next event, and a new one is refused", async () => {
    const member = await staff(false);
    const stream = await openStream(member.token);
    expect((await api.send("DELETE", `/api/v1/ngo/${member.ngoId}/admins/${member.adminId}`, api.organizer)).status).toBe(204);
    await eventAbout(member.observerId);
    expect(await stream.next()).toBeNull();
    await expectProblem(await other.request("/api/v1/live", { token: member.token }), 401, "unauthorized");
  });

  it("its account is renamed by any means (here in SQL): the token no longer names it, and the stream ends", async () => {
    const member = await staff(false);
    const stream = await openStream(member.token);
    await api.db().updateTable("ngoAdmin").set({ account: `${member.account}-renamed` }).where("id", "=", member.adminId).execute();
    await eventAbout(member.observerId);
    expect(await stream.next()).toBeNull();
    await expectProblem(await other.request("/api/v1/live", { token: member.token }), 401, "unauthorized");
  });

  it("its token expires: the stream ends then", async () => {
    const member = await staff(false);
    const claims = { role: "ngoAdmin" as const, sub: member.account, adminId: member.adminId, ngoId: member.ngoId, organizer: false };
    const shortLived = signToken({ ...tokenConfig, ttlSeconds: 1 }, claims, api.server.clock.now);
    const stream = await openStream(shortLived);
    expect(await stream.next()).toBeNull();
    // The server's clock is a test's: once it has passed the expiry too, a new stream is refused like any call.
    api.server.clock.advance(1);
    await expectProblem(await other.request("/api/v1/live", { token: shortLived }), 401, "unauthorized");
  });

  it(`holds at most ${MAX_STREAMS_PER_ACCOUNT} streams of one account on an instance; one more is a 429 until one closes`, async () => {
    const member = await staff(false);
    const streams = [];
    for (let i = 0; i < MAX_STREAMS_PER_ACCOUNT; i++) streams.push(await openStream(member.token));
    const refused = await other.request("/api/v1/live", { token: member.token });
    await expectProblem(refused, 429, "too_many_streams");
    expect(refused.headers.get("retry-after")).toBe("30");
    // Another account is not counted against it.
    readers.push(readSse(await other.request("/api/v1/live", { token: api.ngo2Admin })));

    const before = other.live.subscriberCount();
    await streams[0]!.cancel();
    await expect.poll(() => other.live.subscriberCount()).toBe(before - 1);
    await openStream(member.token);
  });
});
