import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../src/db/schema.ts";
import { bothEngines, startTestServer, type TestServer } from "../harness.ts";

/** Holds every connection of the database (PGlite has one; the pool ten) until released. */
function holdDatabase(db: Kysely<Database>, connections: number) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held = 0;
  let allHeld!: () => void;
  const ready = new Promise<void>((resolve) => (allHeld = resolve));
  const holders = Array.from({ length: connections }, () =>
    db.connection().execute(async () => {
      if (++held === connections) allHeld();
      await released;
    }),
  );
  return { ready, release: async () => (release(), await Promise.all(holders)) };
}

describe.each(bothEngines)("requests whose client went away on %s", (engine) => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer(engine, { observers: 30 });
    token = await server.signIn("0700000001", "demo1234");
  });
  afterAll(() => server.close());

  it("cost the database nothing: requests queued for a connection are dropped when their clients are gone", async () => {
    const hold = holdDatabase(server.handle.db, engine === "pglite" ? 1 : 10);
    await hold.ready;
    const clients = Array.from({ length: 20 }, () => new AbortController());
    const pending = clients.map(async (client) =>
      server.app.request("/api/v1/observer?Page=1&PageSize=20", { headers: { authorization: `Bearer ${token}` }, signal: client.signal }),
    );
    for (const client of clients) client.abort();
    await hold.release();
    // 499 is what a request gets when its first query (the token's account) was refused for a gone client.
    const statuses = (await Promise.all(pending)).map((response) => response.status);
    expect(statuses).toEqual(clients.map(() => 499));
    // A request from a client still there is served as usual.
    expect((await server.request("/api/v1/observer?Page=1&PageSize=20", { token })).status).toBe(200);
  });
});
