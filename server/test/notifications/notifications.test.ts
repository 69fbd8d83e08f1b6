import { sql } from "kysely";
import { describe, expect } from "vitest";
import type { components } from "../../../openapi/schema.d.ts";
import { expectProblem, serverTests, type SignedInServer, type ValidationProblem } from "../fixtures.ts";
import { bothEngines } from "../harness.ts";
import { compose, notificationApi, type NotificationResult } from "../fixtures/notifications-fixture.ts";

type ActiveObserver = components["schemas"]["ActiveObserver"];

const tests = serverTests({ observers: 30 });

describe.each(bothEngines)("notifications through the outbox on %s", (engine) => {
  const it = tests[engine];
  let api = {} as SignedInServer;
  let n = {} as ReturnType<typeof notificationApi>;
  it.beforeAll(({ api: signedIn }) => {
    api = signedIn;
    n = notificationApi(api);
  });
  const recipientsOf = async (id: number) => {
    const { rows } = await sql<{ observerId: number; status: string }>`
      SELECT observer_id, status FROM notification_recipient WHERE notification_id = ${id} ORDER BY observer_id`.execute(api.db());
    return rows;
  };

  describe("listActiveObservers", () => {
    it("gives each arrived observer once with its matched stations in county order and whether a push can reach it", async () => {
      const { rows } = await sql<{ observerId: number; code: string; number: number }>`
        SELECT v.observer_id, c.code, ps.number FROM polling_station_info v
        JOIN observer o ON o.id = v.observer_id AND o.deleted_at IS NULL
        JOIN polling_station ps ON ps.id = v.polling_station_id JOIN county c ON c.id = ps.county_id
        WHERE v.election_round_id = 1 AND v.observer_arrival_time IS NOT NULL
        ORDER BY c.display_order, c.code, ps.number`.execute(api.db());
      const codes = [...new Set(rows.map((row) => row.code))];
      const response = await api.get(`/api/v1/observer/active?${codes.map((code) => `countyCodes=${code}`).join("&")}`, api.organizer);
      expect(response.status).toBe(200);
      const active = (await response.json()) as ActiveObserver[];
      expect(active.length).toBeGreaterThan(0);
      const devices = new Map([...(await n.observersOf(1)), ...(await n.observersOf(2)), ...(await n.observersOf(3))].map((o) => [o.id, o.device]));
      for (const observer of active) {
        const stations = rows.filter((row) => row.observerId === observer.id).map((row) => `${row.code} ${row.number}`);
        expect(observer.pollingStations).toEqual(stations);
        expect(observer.reachable).toBe(devices.get(observer.id));
      }
      expect(active.map((observer) => observer.id).toSorted((a, b) => a - b)).toEqual([...new Set(rows.map((row) => row.observerId))].sort((a, b) => a - b));
      expect(active.some((observer) => observer.reachable)).toBe(true);
      expect(active.some((observer) => observer.pollingStations.length > 1)).toBe(true);
    });
  });

  describe("sendNotification", () => {
    it("records every chosen recipient, answers at once with the reachable count, then the outbox marks them not pushed", async () => {
      const chosen = [...(await n.observersOf(1)).slice(0, 4), ...(await n.observersOf(2)).slice(0, 4)];
      const reachable = chosen.filter((observer) => observer.device).length;
      expect(reachable).toBeGreaterThan(0);
      expect(reachable).toBeLessThan(chosen.length);
      const result = await n.accepted(await n.sendTo(api.organizer, chosen.map((observer) => observer.id)));
      expect(result).toEqual({ id: result.id, recipients: 8, reachable, notReachable: 8 - reachable, provider: "outbox" });
      expect(result.id).toBeGreaterThan(0);
      expect(await recipientsOf(result.id)).toEqual(
        chosen.map((observer) => ({ observerId: observer.id, status: observer.device ? "queued" : "no_device" })).sort((a, b) => a.observerId - b.observerId),
      );

      expect(await api.server.fanOut.drain()).toBe(reachable);
      // The seeded history is dated after the test clock's "now": look the notification up rather than take the first.
      const latest = (await n.history(api.organizer, "pageSize=100")).data.find((item) => item.id === result.id);
      expect(latest).toMatchObject({
        id: result.id,
        audience: "selected",
        provider: "outbox",
        senderAccount: "0700000001",
        recipients: 8,
        statuses: { queued: 0, sent: 0, failed: 0, noDevice: 8 - reachable, notPushed: reachable },
      });
      const page = await n.recipients(result.id, api.organizer, "status=not_pushed");
      expect(page.totalItems).toBe(reachable);
      expect(page.data.every((recipient) => recipient.status === "not_pushed" && recipient.reason === null)).toBe(true);
    });

    it("lets an NGO admin reach its own observers only: another NGO's or an unknown id is a 403 and nothing is recorded", async () => {
      const before = await n.notificationCount();
      const own = (await n.observersOf(2)).slice(0, 2).map((observer) => observer.id);
      const other = (await n.observersOf(1))[0]!.id;
      await expectProblem(await n.sendTo(api.ngo2Admin, [...own, other]), 403, "forbidden");
      await expectProblem(await n.sendTo(api.ngo2Admin, [...own, 999_999]), 403, "forbidden");
      expect(await n.notificationCount()).toBe(before);
      const result = await n.accepted(await n.sendTo(api.ngo2Admin, own));
      expect(result.recipients).toBe(2);
    });

    it("refuses unknown ids (organizers) and deleted observers with errors.recipients not_found", async () => {
      const before = await n.notificationCount();
      const live = (await n.observersOf(1))[0]!.id;
      const unknown = (await expectProblem(await n.sendTo(api.organizer, [live, 999_999]), 400, "validation")) as ValidationProblem;
      expect(unknown.errors.recipients).toEqual([expect.objectContaining({ code: "not_found" })]);
      const deleted = await api.db().selectFrom("observer").select(["id", "ngoId"]).where("deletedAt", "is not", null).execute();
      expect(deleted.length).toBeGreaterThan(0);
      for (const observer of deleted) {
        const refused = (await expectProblem(await n.sendTo(api.organizer, [live, observer.id]), 400, "validation")) as ValidationProblem;
        expect(refused.errors.recipients).toEqual([expect.objectContaining({ code: "not_found" })]);
      }
      const ownDeleted = deleted.find((observer) => observer.ngoId === 2);
      if (ownDeleted) await expectProblem(await n.sendTo(api.ngo2Admin, [ownDeleted.id]), 400, "validation");
      expect(await n.notificationCount()).toBe(before);
    });
  });

  describe("sendNotificationToAll", () => {
    it("addresses every live observer of every active NGO for an organizer, of its own NGO for an NGO admin", async () => {
      const active = [...(await n.observersOf(1)), ...(await n.observersOf(2))];
      const all = await n.accepted(await n.sendToAll(api.organizer));
      expect(all).toMatchObject({ recipients: active.length, reachable: active.filter((o) => o.device).length });
      expect((await recipientsOf(all.id)).map((row) => row.observerId)).toEqual(active.map((o) => o.id).sort((a, b) => a - b));

      const own = await n.observersOf(2);
      const ngo = await n.accepted(await n.sendToAll(api.ngo2Admin));
      expect(ngo).toMatchObject({ recipients: own.length, reachable: own.filter((o) => o.device).length, notReachable: own.filter((o) => !o.device).length });
      expect((await recipientsOf(ngo.id)).map((row) => row.observerId)).toEqual(own.map((o) => o.id));
      const history = (await n.history(api.organizer, "pageSize=100")).data;
      expect(history.find((item) => item.id === ngo.id)).toMatchObject({ audience: "all", senderAccount: "0700000002" });
      await api.server.fanOut.drain();
    });
  });

  describe("idempotency", () => {
    it("answers the first result with 200 for the same request and key and records nothing more; another admin's key is its own", async () => {
      const ids = (await n.observersOf(2)).slice(0, 3).map((observer) => observer.id);
      const before = await n.notificationCount();
      const first = await n.accepted(await n.sendTo(api.ngo2Admin, ids, "compose-1"));
      const again = await n.sendTo(api.ngo2Admin, ids, "compose-1");
      expect(again.status).toBe(200);
      expect(await again.json()).toEqual(first);
      // After the fan-out too, with the recipients in another order: the answer is the first one's, still nothing new.
      await api.server.fanOut.drain();
      const later = await n.sendTo(api.ngo2Admin, [...ids].reverse(), "compose-1");
      expect(later.status).toBe(200);
      expect(await later.json()).toEqual(first);
      expect(await n.notificationCount()).toBe(before + 1);
      const organizers = await n.accepted(await n.sendTo(api.organizer, ids, "compose-1"));
      expect(organizers.id).not.toBe(first.id);
    });

    it("sends once under a concurrent double submit", async () => {
      const ids = (await n.observersOf(1)).slice(0, 5).map((observer) => observer.id);
      const before = await n.notificationCount();
      const responses = await Promise.all([n.sendTo(api.organizer, ids, "double-click"), n.sendTo(api.organizer, ids, "double-click")]);
      expect(responses.map((response) => response.status).sort()).toEqual([200, 202]);
      const [a, b] = (await Promise.all(responses.map((response) => response.json()))) as NotificationResult[];
      expect(a).toEqual(b);
      expect(await n.notificationCount()).toBe(before + 1);
    });

    it("refuses the key with another body or operation (422) and sends nothing", async () => {
      const ids = (await n.observersOf(1)).slice(0, 3).map((observer) => observer.id);
      const before = await n.notificationCount();
      const first = await n.accepted(await n.sendTo(api.organizer, ids, "compose-2"));
      const post = (path: string, json: object) => api.server.request(path, { method: "POST", token: api.organizer, json, headers: { "idempotency-key": "compose-2" } });
      const reuses = [
        n.sendToAll(api.organizer, "compose-2"),
        n.sendTo(api.organizer, ids.slice(1), "compose-2"),
        post("/api/v1/notification/send", { ...compose, message: "Altceva.", recipients: ids }),
        post("/api/v1/notification/send", { ...compose, title: "Altceva", recipients: ids }),
      ];
      for (const response of await Promise.all(reuses)) await expectProblem(response, 422, "idempotency_key_reused");
      expect(await n.notificationCount()).toBe(before + 1);
      expect(await (await n.sendTo(api.organizer, ids, "compose-2")).json()).toEqual(first);
    });

    it("refuses a key not of the contract's form (8 to 100 letters, digits, '_' or '-') and sends nothing", async () => {
      const ids = (await n.observersOf(1)).slice(0, 1).map((observer) => observer.id);
      const before = await n.notificationCount();
      for (const key of ["k".repeat(101), "short", "with space!", "clé-de-trop"]) {
        await expectProblem(await n.sendTo(api.organizer, ids, key), 400, "validation");
        await expectProblem(await n.sendToAll(api.organizer, key), 400, "validation");
      }
      expect(await n.notificationCount()).toBe(before);
    });
  });

  describe("history and recipients", () => {
    it("shows an NGO admin its NGO's notifications only, newest first, and hides another NGO's recipients (404)", async () => {
      const own = await n.history(api.ngo2Admin, "pageSize=100");
      const every = await n.history(api.organizer, "pageSize=100");
      const ngo2 = await api.db().selectFrom("notification").select("id").where("senderNgoId", "=", 2).execute();
      expect(own.totalItems).toBe(ngo2.length);
      expect(own.data.map((item) => item.id)).toEqual(every.data.filter((item) => ngo2.some((row) => row.id === item.id)).map((item) => item.id));
      const sentAts = every.data.map((item) => item.sentAt);
      expect(sentAts).toEqual(sentAts.toSorted().reverse());
      const organizers = every.data.find((item) => !ngo2.some((row) => row.id === item.id))!;
      await expectProblem(await api.get(`/api/v1/notification/${organizers.id}/recipients`, api.ngo2Admin), 404, "not_found");
      await expectProblem(await api.get(`/api/v1/notification/999999/recipients`, api.organizer), 404, "not_found");
    });

    it("pages one notification's recipients by name and filters them by status", async () => {
      const all = await n.accepted(await n.sendToAll(api.organizer));
      const first = await n.recipients(all.id, api.organizer, "pageSize=5");
      expect(first).toMatchObject({ page: 1, pageSize: 5, totalItems: all.recipients, totalPages: Math.ceil(all.recipients / 5) });
      const every = await n.recipients(all.id, api.organizer, "pageSize=1000");
      const second = await n.recipients(all.id, api.organizer, "pageSize=5&page=2");
      expect([...first.data, ...second.data]).toEqual(every.data.slice(0, 10));
      const names = every.data.map((recipient) => [recipient.name.toLowerCase(), recipient.observerId] as const);
      // Romanian alphabetical order, as ICU's Romanian collation has it (ș after s, ț after t), then id.
      const romanian = new Intl.Collator("ro", { sensitivity: "base" });
      expect(names).toEqual(names.toSorted((a, b) => romanian.compare(a[0], b[0]) || a[1] - b[1]));
      const noDevice = await n.recipients(all.id, api.organizer, "status=no_device&pageSize=1000");
      expect(noDevice.totalItems).toBe(all.notReachable);
      expect((await n.recipients(all.id, api.organizer, "status=queued")).totalItems).toBe(all.reachable);
      await api.server.fanOut.drain();
      expect((await n.recipients(all.id, api.organizer, "status=queued")).totalItems).toBe(0);
      expect((await n.recipients(all.id, api.organizer, "status=not_pushed")).totalItems).toBe(all.reachable);
    });

    it("keeps a deleted sender's account name in the history", async () => {
      const account = `notifier.${engine}`;
      const created = await api.send("POST", "/api/v1/ngo/2/admins", api.organizer, { account, password: "long enough secret" });
      expect(created.status).toBe(201);
      const { id: adminId } = (await created.json()) as { id: number };
      const token = await api.server.signIn(account, "long enough secret");
      const result = await n.accepted(await n.sendToAll(token));
      expect((await api.send("DELETE", `/api/v1/ngo/2/admins/${adminId}`, api.organizer)).status).toBe(204);
      const item = (await n.history(api.ngo2Admin, "pageSize=100")).data.find((entry) => entry.id === result.id);
      expect(item).toMatchObject({ senderAccount: account, senderNgoName: expect.stringMatching(/./) as string });
    });

    it("keeps the seeded history's sender and counts", async () => {
      const seeded = (await n.history(api.organizer, "pageSize=100")).data.filter((item) => item.provider === "firebase");
      expect(seeded.length).toBe(3);
      for (const item of seeded) expect(item.statuses.sent).toBe(item.recipients);
    });
  });

  it("names the provider: the outbox when none is configured, and Web Push off when it is", async () => {
    const response = await api.get("/api/v1/notification/provider", api.ngo2Admin);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ provider: "outbox", webPush: false });
  });
});
