import { describe, expect } from "vitest";
import { createObserverKeyRetention } from "../../src/observer-idempotency-retention.ts";
import { serverTests, type SignedInServer } from "../fixtures.ts";
import { createObserver } from "../fixtures/reports-fixture.ts";
import { bothEngines } from "../harness.ts";

const tests = serverTests({ observers: 30 });
const DAY = 86_400_000;

describe.each(bothEngines)("createObserverKeyRetention on %s", (engine) => {
  const it = tests[engine];
  let api = {} as SignedInServer;

  it.beforeAll(({ api: signedIn }) => {
    api = signedIn;
  });

  it("deletes the keys older than 30 days and keeps the newer ones, and a second purge finds nothing", async () => {
    const observer = await createObserver(api, api.organizer, "0799510001");
    const now = api.server.clock.now;
    const key = (name: string, daysAgo: number) => ({
      observerId: observer.id,
      key: name,
      fingerprint: `fingerprint-${name}`,
      status: 204,
      createdAt: new Date(now.getTime() - daysAgo * DAY),
    });
    await api.db().insertInto("observerIdempotencyKey").values([key("old", 31), key("just-old", 30.01), key("recent", 29.99), key("today", 0)]).execute();
    const retention = createObserverKeyRetention({ db: api.db(), clock: () => api.server.clock.now });

    expect(await retention.purge()).toBe(2);
    const kept = await api.db().selectFrom("observerIdempotencyKey").select("key").where("observerId", "=", observer.id).orderBy("key").execute();
    expect(kept).toEqual([{ key: "recent" }, { key: "today" }]);
    expect(await retention.purge()).toBe(0);
  });
});
