import type { BatchResponse, Message } from "firebase-admin/messaging";
import { sql } from "kysely";
import { describe, expect } from "vitest";
import { serverTests, type SignedInServer } from "../fixtures.ts";
import { engines } from "../harness.ts";
import { createFanOut } from "../../src/notifications/fan-out.ts";
import { firebaseProvider, type MessagingClient } from "../../src/notifications/firebase.ts";
import { notificationApi } from "../fixtures/notifications-fixture.ts";

/**
 * Stands in for firebase-admin's Messaging: each token answers its scripted outcomes in turn (an error code, or
 * "ok"), then succeeds; `unreachable` makes the next whole call throw, as a network failure does.
 */
function fakeMessaging() {
  const script = new Map<string, string[]>();
  const sent: Message[] = [];
  let unreachable = false;
  const client: MessagingClient = {
    sendEach(messages) {
      if (unreachable) {
        unreachable = false;
        return Promise.reject(Object.assign(new Error("socket hang up"), { code: "app/network-error" }));
      }
      const responses = messages.map((message) => {
        const token = (message as { token: string }).token;
        const outcome = script.get(token)?.shift() ?? "ok";
        if (outcome === "ok") {
          sent.push(message);
          return { success: true, messageId: `projects/test/messages/${sent.length}` };
        }
        return { success: false, error: Object.assign(new Error(outcome), { code: outcome }) };
      });
      return Promise.resolve({ responses, successCount: 0, failureCount: 0 } as unknown as BatchResponse);
    },
  };
  return {
    client,
    sent,
    script: (token: string, ...outcomes: string[]) => void script.set(token, outcomes),
    failNextCall: () => void (unreachable = true),
    /** Forgets what earlier tests scripted and what was sent. */
    reset: () => {
      script.clear();
      sent.length = 0;
    },
  };
}

const fcm = fakeMessaging();
const tests = serverTests({ observers: 40, push: firebaseProvider(fcm.client) });

describe.each(engines)("notifications through Firebase (a fake messaging client) on %s", (engine) => {
  const it = tests[engine];
  let api = {} as SignedInServer;
  let n = {} as ReturnType<typeof notificationApi>;
  it.beforeAll(({ api: signedIn }) => {
    api = signedIn;
    n = notificationApi(api);
  });
  /** Observers of NGO 2 with a device, and their tokens. */
  const reachable = async (count: number) => {
    const { rows } = await sql<{ id: number; token: string }>`
      SELECT o.id, g.token FROM observer o JOIN notification_registration g ON g.observer_id = o.id AND g.channel_name = 'Firebase'
      WHERE o.ngo_id = 2 AND o.deleted_at IS NULL ORDER BY o.id LIMIT ${count}`.execute(api.db());
    expect(rows).toHaveLength(count);
    return rows;
  };
  const statusOf = async (notificationId: number) => {
    const { rows } = await sql<{ observerId: number; status: string; reason: string | null; attempts: number }>`
      SELECT observer_id, status, reason, attempts FROM notification_recipient WHERE notification_id = ${notificationId}
      ORDER BY observer_id`.execute(api.db());
    return new Map(rows.map((row) => [row.observerId, row]));
  };

  it("names firebase as the provider", async () => {
    expect(await (await api.get("/api/v1/notification/provider", api.organizer)).json()).toEqual({ provider: "firebase", webPush: false });
  });

  it("pushes title and body to each device and marks the recipients sent", async () => {
    const devices = await reachable(3);
    fcm.reset();
    const result = await n.accepted(await n.sendTo(api.ngo2Admin, devices.map((device) => device.id)));
    expect(result).toMatchObject({ recipients: 3, reachable: 3, provider: "firebase" });
    expect(fcm.sent).toEqual([]);
    expect(await api.server.fanOut.drain()).toBe(3);
    expect(fcm.sent.toSorted((a, b) => ((a as { token: string }).token < (b as { token: string }).token ? -1 : 1))).toEqual(
      devices
        .map((device) => ({ token: device.token, notification: { title: "Închiderea secțiilor", body: "Trimiteți formularul C." } }))
        .sort((a, b) => (a.token < b.token ? -1 : 1)),
    );
    const item = (await n.history(api.ngo2Admin, "pageSize=100")).data.find((entry) => entry.id === result.id);
    expect(item).toMatchObject({ provider: "firebase", statuses: { queued: 0, sent: 3, failed: 0, noDevice: 0, notPushed: 0 } });
  });

  it("fails a recipient whose token is gone, with the provider's reason, and retires the token", async () => {
    const [dead, alive] = await reachable(2);
    fcm.script(dead!.token, "messaging/registration-token-not-registered");
    const result = await n.accepted(await n.sendTo(api.ngo2Admin, [dead!.id, alive!.id]));
    await api.server.fanOut.drain();
    const statuses = await statusOf(result.id);
    expect(statuses.get(dead!.id)).toMatchObject({ status: "failed", reason: "messaging/registration-token-not-registered" });
    expect(statuses.get(alive!.id)).toMatchObject({ status: "sent", reason: null });
    const registration = await api.db().selectFrom("notificationRegistration").select("token").where("observerId", "=", dead!.id).executeTakeFirst();
    expect(registration).toBeUndefined();
    // Now without a device: the next notification records it as such and pushes nothing to it.
    const next = await n.accepted(await n.sendTo(api.ngo2Admin, [dead!.id]));
    expect(next).toMatchObject({ reachable: 0, notReachable: 1 });
    const failed = await n.recipients(result.id, api.ngo2Admin, "status=failed");
    expect(failed.data).toEqual([expect.objectContaining({ observerId: dead!.id, reason: "messaging/registration-token-not-registered" })]);
  });

  it("retries a transient failure after a back-off, then records it sent", async () => {
    const [flaky] = await reachable(1);
    fcm.script(flaky!.token, "messaging/server-unavailable");
    const result = await n.accepted(await n.sendTo(api.ngo2Admin, [flaky!.id]));
    await api.server.fanOut.drain();
    expect((await statusOf(result.id)).get(flaky!.id)).toMatchObject({ status: "queued", attempts: 1 });
    // Not due yet: a drain now pushes nothing.
    expect(await api.server.fanOut.drain()).toBe(0);
    api.server.clock.advance(30);
    expect(await api.server.fanOut.drain()).toBe(1);
    expect((await statusOf(result.id)).get(flaky!.id)).toMatchObject({ status: "sent", attempts: 2, reason: null });
  });

  it("gives up after three attempts with the last reason, and treats a failed call as transient", async () => {
    const [down, other] = await reachable(2);
    fcm.script(down!.token, "messaging/internal-error", "messaging/internal-error", "messaging/internal-error");
    fcm.failNextCall();
    const result = await n.accepted(await n.sendTo(api.ngo2Admin, [down!.id, other!.id]));
    await api.server.fanOut.drain();
    // The whole call failed: both wait for a retry.
    expect([...(await statusOf(result.id)).values()].map((row) => row.status)).toEqual(["queued", "queued"]);
    api.server.clock.advance(30);
    await api.server.fanOut.drain();
    expect((await statusOf(result.id)).get(other!.id)).toMatchObject({ status: "sent", attempts: 2 });
    expect((await statusOf(result.id)).get(down!.id)).toMatchObject({ status: "queued", attempts: 2 });
    api.server.clock.advance(60);
    await api.server.fanOut.drain();
    expect((await statusOf(result.id)).get(down!.id)).toMatchObject({ status: "failed", attempts: 3, reason: "messaging/internal-error" });
    // The token is not retired for a server-side failure.
    expect(await api.db().selectFrom("notificationRegistration").select("token").where("observerId", "=", down!.id).executeTakeFirst()).toBeDefined();
  });

  it("pushes each recipient once when two workers (two server instances) drain at the same time", async () => {
    const devices = await reachable(7);
    fcm.reset();
    const result = await n.accepted(await n.sendTo(api.ngo2Admin, devices.map((device) => device.id)));
    const worker = () => createFanOut({ db: api.db(), provider: firebaseProvider(fcm.client), clock: () => api.server.clock.now, batchSize: 2 });
    const settled = await Promise.all([worker().drain(), worker().drain()]);
    expect(settled[0] + settled[1]).toBe(7);
    expect(fcm.sent.map((message) => (message as { token: string }).token).sort()).toEqual(devices.map((device) => device.token).sort());
    expect([...(await statusOf(result.id)).values()].every((row) => row.status === "sent" && row.attempts === 1)).toBe(true);
  });

  it("fails at once, without retrying, what the provider refuses for good", async () => {
    const [refused] = await reachable(1);
    fcm.script(refused!.token, "messaging/invalid-argument");
    const result = await n.accepted(await n.sendTo(api.ngo2Admin, [refused!.id]));
    await api.server.fanOut.drain();
    expect((await statusOf(result.id)).get(refused!.id)).toMatchObject({ status: "failed", attempts: 1, reason: "messaging/invalid-argument" });
  });
});
