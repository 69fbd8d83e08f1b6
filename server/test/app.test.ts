import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../src/app.ts";
import { createSignInThrottle } from "../src/auth/sign-in-throttle.ts";
import { createMemoryFileStore } from "../src/files/file-store.ts";
import { loadContract } from "../src/http/contract.ts";
import type { ValidationProblem } from "./fixtures.ts";
import { engines, startTestServer, tokenConfig, type TestServer } from "./harness.ts";
import { TEST_PASSWORD_COST } from "./password-cost.ts";

describe.each(engines)("the API surface on %s", (engine) => {
  let server: TestServer;
  let organizerToken: string;
  beforeAll(async () => {
    server = await startTestServer(engine, { observers: 30 });
    organizerToken = await server.signIn("0700000001", "demo1234");
  });
  afterAll(() => server.close());

  it("reports health without a token", async () => {
    const response = await server.request("/api/health");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok", database: engine, version: "test" });
  });

  it("lists the 43 counties with their polling-station limits", async () => {
    const response = await server.request("/api/v1/polling-station", { token: organizerToken });
    const counties = (await response.json()) as { code: string; name: string; limit: number; diaspora: boolean }[];
    expect(counties).toHaveLength(43);
    expect(counties[0]).toMatchObject({ code: "D", name: "Diaspora", limit: 441, diaspora: true });
    expect(counties.find((county) => county.code === "CJ")).toMatchObject({ name: "Cluj", limit: 664, diaspora: false });
    expect(counties.reduce((sum, county) => sum + county.limit, 0)).toBe(19_171);
  });

  it("filters the counties by diaspora", async () => {
    const response = await server.request("/api/v1/polling-station?diaspora=true", { token: organizerToken });
    expect(((await response.json()) as { code: string }[]).map((county) => county.code)).toEqual(["D"]);
  });

  it("answers an unknown /api path with a 404 problem, never the SPA", async () => {
    const response = await server.request("/api/v1/nope");
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toContain("application/problem+json");
  });

  it("rejects an unknown query parameter and a wrongly typed one", async () => {
    const response = await server.request("/api/v1/polling-station?diaspora=maybe&color=red", { token: organizerToken });
    expect(response.status).toBe(400);
    const body = (await response.json()) as ValidationProblem;
    expect(Object.keys(body.errors).sort()).toEqual(["color", "diaspora"]);
  });

  it("checks the token before anything else", async () => {
    const anonymous = await server.request("/api/v1/notification/get/all");
    expect(anonymous.status).toBe(401);
  });

  it("answers 501 with a problem body for an operation specified but not built yet", async () => {
    // Every operation of the contract is built: a contract with one more operation, which no handler serves, stands in.
    const contract = loadContract();
    const specified = contract.byId.get("getNotificationProvider")!;
    contract.operations.push({ ...specified, operationId: "notBuiltYet", path: "/api/v1/not-built-yet", routePath: "/api/v1/not-built-yet" });
    const app = createApp(
      {
        db: server.handle.db,
        engine,
        files: createMemoryFileStore(),
        clock: () => server.clock.now,
        signInThrottle: createSignInThrottle(server.handle.db),
        config: { token: tokenConfig, version: "test", passwordCost: TEST_PASSWORD_COST },
      },
      contract,
    );
    const response = await app.request("/api/v1/not-built-yet", { headers: { authorization: `Bearer ${organizerToken}` } });
    expect(response.status).toBe(501);
    expect(await response.json()).toMatchObject({ status: 501, code: "not_implemented" });
  });

  it("refuses an observer token on admin operations with 403", async () => {
    const observer = await server.handle.db.selectFrom("observer").select(["phone"]).where("deletedAt", "is", null).orderBy("id").executeTakeFirstOrThrow();
    const { DEMO_OBSERVERS } = await import("../src/demo/accounts.ts");
    const demo = DEMO_OBSERVERS.find((candidate) => candidate.phone === observer.phone) ?? DEMO_OBSERVERS[0]!;
    const login = await server.request("/api/v2/access/observer", { method: "POST", json: { phone: demo.phone, pin: demo.pin } });
    expect(login.status).toBe(200);
    const { access_token: token } = (await login.json()) as { access_token: string };
    const response = await server.request("/api/v1/observer/count", { token });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ code: "forbidden" });
  });
});
