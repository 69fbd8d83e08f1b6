import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { operatorScope } from "../../src/auth/scope.ts";
import { insertNgoAdmin } from "../../src/ngos/admin-store.ts";
import { insertNgo } from "../../src/ngos/store.ts";
import { engines, startTestServer, type TestServer } from "../harness.ts";
import { TEST_PASSWORD_COST } from "../password-cost.ts";

/** The official list as the electoral authority publishes it: `;`, a BOM, Romanian headers, upper-case county names. */
const officialList = readFileSync(new URL("../../src/demo/content/polling-stations.csv", import.meta.url));

/**
 * What an organisation meets on a production start (the README's "Production on PostgreSQL"): no demo data, the first
 * organizer from admin:create, and nothing else until it imports its polling stations.
 */
describe.each(engines)("a production start on %s", (engine) => {
  let server: TestServer;
  let organizer: string;

  beforeAll(async () => {
    server = await startTestServer(engine, { seed: false });
    const ngo = await insertNgo(server.handle.db, { name: "Code for Romania", shortName: "C4R", organizer: true, isActive: true }, "operator");
    await insertNgoAdmin(server.handle.db, operatorScope(ngo.id), "coordonator", "a long secret", "operator", TEST_PASSWORD_COST);
    organizer = await server.signIn("coordonator", "a long secret");
  }, 120_000);
  afterAll(() => server.close());

  const importList = (token: string, dryRun: boolean) => {
    const form = new FormData();
    form.set("file", new File([officialList], "sectii.csv", { type: "text/csv" }));
    return server.request(`/api/v1/polling-stations/import?dryRun=${dryRun}`, { method: "POST", token, body: form });
  };

  it("lists Romania's 43 counties with no stations yet, and refuses an arrival anywhere", async () => {
    const counties = (await (await server.request("/api/v1/polling-station", { token: organizer })).json()) as { code: string; limit: number }[];
    expect(counties).toHaveLength(43);
    expect(counties.map((county) => county.code)).toEqual(expect.arrayContaining(["B", "CJ", "D", "IS", "TM"]));
    expect(counties.every((county) => county.limit === 0)).toBe(true);
  });

  it("imports the official list (the diff first, then the commit), after which an observer records an arrival at an imported station", async () => {
    const preview = (await (await importList(organizer, true)).json()) as { added: number; changed: number; retired: number; dryRun: boolean };
    expect(preview).toMatchObject({ dryRun: true, added: 19_171, changed: 0, retired: 0 });
    const registry = (await (await server.request("/api/v1/polling-stations?pageSize=1", { token: organizer })).json()) as { totalItems: number };
    expect(registry.totalItems).toBe(0);

    const committed = await importList(organizer, false);
    expect(committed.status).toBe(200);
    expect(await committed.json()).toMatchObject({ dryRun: false, added: 19_171, changed: 0, retired: 0, unchanged: 0 });
    const counties = (await (await server.request("/api/v1/polling-station", { token: organizer })).json()) as { code: string; limit: number }[];
    expect(counties.find((county) => county.code === "CJ")?.limit).toBe(664);

    const created = await server.request("/api/v1/observer", { method: "POST", token: organizer, json: { name: "Ana Pop", phone: "0722000001", pin: "1234" } });
    expect(created.status).toBe(201);
    const signIn = await server.request("/api/v2/access/observer", { method: "POST", json: { phone: "0722000001", pin: "1234" } });
    const observer = ((await signIn.json()) as { access_token: string }).access_token;
    const arrival = (station: number) =>
      server.request("/api/v1/polling-station", {
        method: "POST",
        token: observer,
        json: { countyCode: "CJ", pollingStationNumber: station, observerArrivalTime: server.clock.now.toISOString() },
      });
    expect((await arrival(15)).status).toBe(200);
    // A number the list does not have is no station: nothing is stored for it.
    expect((await arrival(665)).status).toBe(404);
  }, 120_000);

  it("takes the same file again as nothing to do", async () => {
    const again = await importList(organizer, false);
    expect(await again.json()).toMatchObject({ added: 0, changed: 0, retired: 0, unchanged: 19_171 });
  }, 120_000);
});
