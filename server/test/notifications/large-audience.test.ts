import { sql } from "kysely";
import { describe, expect } from "vitest";
import { serverTests, type SignedInServer } from "../fixtures.ts";
import { engines } from "../harness.ts";
import { notificationApi } from "../fixtures/notifications-fixture.ts";

const OBSERVERS = 20_000;
const tests = serverTests({ observers: 0 });

describe.each(engines)("a 20,000-observer audience on %s", (engine) => {
  const it = tests[engine];
  let api = {} as SignedInServer;
  it.beforeAll(async ({ api: signedIn }) => {
    api = signedIn;
    // NGO 2's observers, every other one with a device.
    await sql`
      INSERT INTO observer (ngo_id, phone, name, pin_hash)
      SELECT 2, '079' || lpad(i::text, 7, '0'), 'Observer ' || i, 'not-a-real-hash' FROM generate_series(1, ${OBSERVERS}) i`.execute(api.db());
    await sql`
      INSERT INTO notification_registration (observer_id, channel_name, token)
      SELECT id, 'Firebase', 'token-' || id FROM observer WHERE phone LIKE '079%' AND id % 2 = 0`.execute(api.db());
  });

  it("records every recipient with the request and fans them all out in batches", async () => {
    const n = notificationApi(api);
    const { rows } = await sql<{ total: number; devices: number }>`
      SELECT count(*)::int AS total, (count(*) FILTER (WHERE EXISTS (SELECT 1 FROM notification_registration g WHERE g.observer_id = o.id)))::int AS devices
      FROM observer o WHERE o.ngo_id = 2 AND o.deleted_at IS NULL`.execute(api.db());
    const { total, devices } = rows[0]!;
    expect(total).toBeGreaterThanOrEqual(OBSERVERS);
    const result = await n.accepted(await n.sendToAll(api.ngo2Admin, "everyone"));
    expect(result).toEqual({ id: result.id, recipients: total, reachable: devices, notReachable: total - devices, provider: "outbox" });
    expect(await api.server.fanOut.drain()).toBe(devices);
    const item = (await n.history(api.ngo2Admin)).data.find((entry) => entry.id === result.id);
    expect(item).toMatchObject({ recipients: total, statuses: { queued: 0, sent: 0, failed: 0, noDevice: total - devices, notPushed: devices } });
    const lastPage = await n.recipients(result.id, api.ngo2Admin, `status=not_pushed&pageSize=1000&page=${Math.ceil(devices / 1000)}`);
    expect(lastPage.totalItems).toBe(devices);
    expect(lastPage.data.length).toBe(devices - 1000 * (Math.ceil(devices / 1000) - 1));
  });
});
