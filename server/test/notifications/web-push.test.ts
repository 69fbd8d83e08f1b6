import { sql } from "kysely";
import webpush from "web-push";
import { afterAll, beforeAll, describe, expect, it as plainIt } from "vitest";
import type { components } from "../../../openapi/schema.d.ts";
import { startPushService, type PushService, type TestSubscription } from "../../../tests/support/push-service.ts";
import { recipientOutcome } from "../../src/notifications/provider.ts";
import { storedVapidKeys } from "../../src/notifications/vapid.ts";
import { outcomeOf, webPushSender } from "../../src/notifications/web-push.ts";
import { expectProblem, serverTests, type SignedInServer, type ValidationProblem } from "../fixtures.ts";
import { createObserver, type Reporters } from "../fixtures/reports-fixture.ts";
import { notificationApi } from "../fixtures/notifications-fixture.ts";
import { engines } from "../harness.ts";
import { checkSubscriptionEndpoint } from "../../src/observer-app/push-subscription.ts";

type ActiveObserver = components["schemas"]["ActiveObserver"];
type Observer = Reporters["own"];

const keys = webpush.generateVAPIDKeys();
const tests = serverTests({ observers: 30, webPush: webPushSender({ keys, subject: "mailto:push@votemonitor.example.org" }) });
const withoutWebPush = serverTests({ observers: 30 });

describe.each(engines)("notifications by Web Push (a local push service) on %s", (engine) => {
  const it = tests[engine];
  let api = {} as SignedInServer;
  let n = {} as ReturnType<typeof notificationApi>;
  let push = {} as PushService;
  let ana = {} as Observer;
  let bogdan = {} as Observer;
  let cristina = {} as Observer;

  beforeAll(async () => void (push = await startPushService()));
  afterAll(() => push.stop());
  it.beforeAll(async ({ api: signedIn }) => {
    api = signedIn;
    n = notificationApi(api);
    ana = await createObserver(api, api.organizer, "0799470001");
    bogdan = await createObserver(api, api.organizer, "0799470002");
    cristina = await createObserver(api, api.ngo2Admin, "0799470003");
  });

  const save = (observer: Observer, subscription: unknown) => api.send("PUT", "/api/v1/my/push-subscription", observer.token, subscription);
  const subscribe = async (observer: Observer): Promise<TestSubscription> => {
    const subscription = push.subscribe();
    // As PushSubscription.toJSON() gives it.
    expect((await save(observer, { ...subscription, expirationTime: null })).status).toBe(204);
    return subscription;
  };
  const subscriptionOf = (endpoint: string) =>
    api.db().selectFrom("webPushSubscription").select(["observerId", "p256dh", "auth", "retiredAt", "retiredReason"]).where("endpoint", "=", endpoint).executeTakeFirst();
  const recipient = async (notificationId: number, observerId: number) => {
    const { rows } = await sql<{ status: string; reason: string | null; attempts: number }>`
      SELECT status, reason, attempts FROM notification_recipient WHERE notification_id = ${notificationId} AND observer_id = ${observerId}`.execute(api.db());
    return rows[0];
  };
  const pushedTo = (endpoint: string) => push.received().filter((message) => message.endpoint === endpoint);

  it("tells staff that Web Push delivers, though no phone provider is configured", async () => {
    const response = await api.get("/api/v1/notification/provider", api.ngo2Admin);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ provider: "outbox", webPush: true });
  });

  it("answers the server's VAPID public key to observers", async () => {
    const response = await api.get("/api/v1/my/push-key", ana.token);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ publicKey: keys.publicKey });
  });

  it("pushes a notification to the recipient's subscription, encrypted for it and signed with the served key, and marks the recipient sent", async () => {
    const subscription = await subscribe(ana);
    const result = await n.accepted(await n.sendTo(api.organizer, [ana.id]));
    expect(result).toEqual({ id: result.id, recipients: 1, reachable: 1, notReachable: 0, provider: "outbox" });
    expect(await recipient(result.id, ana.id)).toEqual({ status: "queued", reason: null, attempts: 0 });

    expect(await api.server.fanOut.drain()).toBe(1);
    const [message, ...more] = pushedTo(subscription.endpoint);
    expect(more).toEqual([]);
    expect(message!.payload).toEqual({ title: "Închiderea secțiilor", body: "Trimiteți formularul C.", notificationId: result.id });
    expect(message!.headers).toMatchObject({ ttl: "86400", urgency: "high" });
    expect(message!.vapid).toMatchObject({ publicKey: keys.publicKey, audience: push.url, subject: "mailto:push@votemonitor.example.org", valid: true });
    expect(await recipient(result.id, ana.id)).toEqual({ status: "sent", reason: null, attempts: 1 });
  });

  it("counts a subscriber reachable where the composer lists observers, and in a send's result", async () => {
    const station = await api
      .db()
      .selectFrom("pollingStation as ps")
      .innerJoin("county as c", "c.id", "ps.countyId")
      .select(["ps.id", "c.code"])
      .where("ps.electionRoundId", "=", 1)
      .orderBy("ps.id")
      .executeTakeFirstOrThrow();
    await api.db().insertInto("stationAssignment").values({ observerId: bogdan.id, pollingStationId: station.id, electionRoundId: 1 }).execute();
    const reachable = async () => {
      const response = await api.get(`/api/v1/observer/active?countyCodes=${station.code}&assigned=true`, api.organizer);
      expect(response.status).toBe(200);
      return ((await response.json()) as ActiveObserver[]).find((observer) => observer.id === bogdan.id)?.reachable;
    };
    expect(await reachable()).toBe(false);
    await subscribe(bogdan);
    expect(await reachable()).toBe(true);
    const result = await n.accepted(await n.sendTo(api.organizer, [bogdan.id]));
    expect(result).toMatchObject({ recipients: 1, reachable: 1, notReachable: 0 });
    await api.server.fanOut.drain();
  });

  it("retires a subscription the push service answers 410 for, fails a recipient it was the only way to, and never pushes to it again", async () => {
    const subscription = await subscribe(cristina);
    push.expire(subscription.endpoint);
    const first = await n.accepted(await n.sendTo(api.ngo2Admin, [cristina.id]));
    expect(first).toMatchObject({ reachable: 1 });
    expect(await api.server.fanOut.drain()).toBe(1);
    expect(await recipient(first.id, cristina.id)).toEqual({ status: "failed", reason: "web-push/410", attempts: 1 });
    expect(await subscriptionOf(subscription.endpoint)).toMatchObject({ retiredAt: api.server.clock.now, retiredReason: "web-push/410" });
    // Not retried: nothing is due any more.
    api.server.clock.advance(600);
    expect(await api.server.fanOut.drain()).toBe(0);

    const second = await n.accepted(await n.sendTo(api.ngo2Admin, [cristina.id]));
    expect(second).toMatchObject({ reachable: 0, notReachable: 1 });
    expect(await recipient(second.id, cristina.id)).toMatchObject({ status: "no_device" });
    expect(pushedTo(subscription.endpoint)).toEqual([]);
  });

  it("marks a recipient sent when one of several subscriptions delivers, and retires only the gone one", async () => {
    const gone = await subscribe(bogdan);
    const live = await subscribe(bogdan);
    push.expire(gone.endpoint);
    const result = await n.accepted(await n.sendTo(api.organizer, [bogdan.id]));
    await api.server.fanOut.drain();
    expect(await recipient(result.id, bogdan.id)).toEqual({ status: "sent", reason: null, attempts: 1 });
    expect(pushedTo(live.endpoint).map((message) => message.payload)).toEqual([expect.objectContaining({ notificationId: result.id })]);
    expect(await subscriptionOf(gone.endpoint)).toMatchObject({ retiredReason: "web-push/410" });
    expect(await subscriptionOf(live.endpoint)).toMatchObject({ retiredAt: null });
  });

  it("takes the same endpoint again with new keys, live again; another observer's endpoint moves to the caller", async () => {
    const subscription = await subscribe(cristina);
    await api.db().updateTable("webPushSubscription").set({ retiredAt: api.server.clock.now, retiredReason: "web-push/410" }).where("endpoint", "=", subscription.endpoint).execute();
    const renewed = { endpoint: subscription.endpoint, keys: push.subscribe().keys };
    expect((await save(cristina, renewed)).status).toBe(204);
    expect(await subscriptionOf(subscription.endpoint)).toEqual({ observerId: cristina.id, ...renewed.keys, retiredAt: null, retiredReason: null });
    // The same browser, signed in as another observer: it is theirs now.
    expect((await save(ana, renewed)).status).toBe(204);
    expect(await subscriptionOf(subscription.endpoint)).toMatchObject({ observerId: ana.id });
  });

  it("deletes the caller's own subscription only: another observer's endpoint changes nothing and answers 204", async () => {
    const subscription = await subscribe(ana);
    const remove = (observer: Observer) => api.send("DELETE", "/api/v1/my/push-subscription", observer.token, { endpoint: subscription.endpoint });
    expect((await remove(cristina)).status).toBe(204);
    expect(await subscriptionOf(subscription.endpoint)).toMatchObject({ observerId: ana.id, retiredAt: null });
    expect((await remove(ana)).status).toBe(204);
    expect(await subscriptionOf(subscription.endpoint)).toBeUndefined();
    expect((await remove(ana)).status).toBe(204);
  });

  it("refuses an http endpoint off this machine and keys no browser makes, and saves nothing", async () => {
    const subscription = push.subscribe();
    const refused = async (body: unknown, field: string) => {
      const problem = (await expectProblem(await save(ana, body), 400, "validation")) as ValidationProblem;
      expect(Object.keys(problem.errors)).toEqual([field]);
    };
    await refused({ ...subscription, endpoint: "http://push.example.org/push/1" }, "endpoint");
    await refused({ ...subscription, endpoint: "http://localhost.example.org/push/1" }, "endpoint");
    // The server posts to the endpoint: an https address that is no browser's push service is refused too.
    await refused({ ...subscription, endpoint: "https://intranet.example.org/admin/reset" }, "endpoint");
    await refused({ ...subscription, endpoint: "https://fcm.googleapis.com.example.org/fcm/send/x" }, "endpoint");
    await refused({ ...subscription, keys: { ...subscription.keys, p256dh: subscription.keys.auth } }, "keys.p256dh");
    await refused({ ...subscription, keys: { ...subscription.keys, auth: subscription.keys.p256dh } }, "keys.auth");
    expect(await subscriptionOf(subscription.endpoint)).toBeUndefined();
  });

  it("lets no admin save a subscription", async () => {
    await expectProblem(await api.send("PUT", "/api/v1/my/push-subscription", api.organizer, push.subscribe()), 403, "forbidden");
  });
});

describe.each(engines)("Web Push turned off on %s", (engine) => {
  const it = withoutWebPush[engine];

  it("answers no key, and a saved subscription reaches no one", async ({ api }) => {
    const push = await startPushService();
    try {
      const observer = await createObserver(api, api.organizer, "0799470009");
      expect(await (await api.get("/api/v1/my/push-key", observer.token)).json()).toEqual({ publicKey: null });
      expect((await api.send("PUT", "/api/v1/my/push-subscription", observer.token, push.subscribe())).status).toBe(204);
      const result = await notificationApi(api).accepted(await notificationApi(api).sendTo(api.organizer, [observer.id]));
      expect(result).toMatchObject({ reachable: 0, notReachable: 1 });
      await api.server.fanOut.drain();
      expect(push.received()).toEqual([]);
    } finally {
      await push.stop();
    }
  });
});

describe.each(engines)("the generated VAPID key pair on %s", (engine) => {
  const it = withoutWebPush[engine];

  it("is made once, kept in the database, and the same for every instance, even when they start at once", async ({ api }) => {
    let made = 0;
    const generate = () => (made++, webpush.generateVAPIDKeys());
    const first = await Promise.all([storedVapidKeys(api.db(), generate), storedVapidKeys(api.db(), generate)]);
    expect(first[1]).toEqual(first[0]);
    expect(await storedVapidKeys(api.db(), generate)).toEqual(first[0]);
    expect(made).toBeLessThanOrEqual(2);
    expect(Buffer.from(first[0].publicKey, "base64url")).toHaveLength(65);
    expect(await api.db().selectFrom("webPushVapidKey").select(["publicKey", "privateKey"]).execute()).toEqual([first[0]]);
  });
});

describe("a recipient's outcome over its channels", () => {
  const sent = { kind: "sent" } as const;
  const gone = { kind: "gone", reason: "web-push/410" } as const;
  const retry = { kind: "failed", reason: "web-push/503", transient: true } as const;
  const final = { kind: "failed", reason: "web-push/403", transient: false } as const;
  const notPushed = { kind: "not_pushed" } as const;

  plainIt("is sent when any channel delivered, else a failure worth retrying, else the first failure, else not pushed", () => {
    expect(recipientOutcome([gone, retry, sent])).toEqual(sent);
    expect(recipientOutcome([gone, final, retry])).toEqual(retry);
    expect(recipientOutcome([notPushed, gone, final])).toEqual(gone);
    expect(recipientOutcome([notPushed])).toEqual(notPushed);
    expect(recipientOutcome([])).toBeUndefined();
  });

  plainIt("reads a push service's status: 2xx sent, 404 and 410 gone, 429 and 5xx worth retrying, others final", () => {
    expect([201, 404, 410, 429, 503, 400, 403].map(outcomeOf)).toEqual([
      sent,
      { kind: "gone", reason: "web-push/404" },
      gone,
      { kind: "failed", reason: "web-push/429", transient: true },
      retry,
      { kind: "failed", reason: "web-push/400", transient: false },
      final,
    ]);
  });
});

describe("checkSubscriptionEndpoint", () => {
  plainIt("takes the browsers' push services, and a local push service only on a server served over http", () => {
    const verdict = (endpoint: string, publicUrl: string) => {
      try {
        checkSubscriptionEndpoint(endpoint, publicUrl);
        return "taken";
      } catch {
        return "refused";
      }
    };
    expect([
      verdict("https://fcm.googleapis.com/fcm/send/abc", "https://votemonitor.example.org"),
      verdict("https://updates.push.services.mozilla.com/wpush/v2/abc", "https://votemonitor.example.org"),
      verdict("https://web.push.apple.com/QGx", "https://votemonitor.example.org"),
      verdict("https://db5p.notify.windows.com/w/?token=abc", "https://votemonitor.example.org"),
      verdict("http://127.0.0.1:9000/push/1", "http://127.0.0.1:8080"),
      verdict("http://127.0.0.1:9000/push/1", "https://votemonitor.example.org"),
      verdict("https://169.254.169.254/latest/meta-data", "https://votemonitor.example.org"),
    ]).toEqual(["taken", "taken", "taken", "taken", "taken", "refused", "refused"]);
  });
});
