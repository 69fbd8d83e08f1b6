import { describe, expect, it, vi } from "vitest";
import { createApiClient, type ApiClientOptions } from "./client";

const origin = window.location.origin;
const credentials = { user: "admin.cfr", password: "secret" };

function jsonResponse(status: number, body: unknown, contentType = "application/json") {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": contentType } });
}

function setUp(overrides: Partial<ApiClientOptions> = {}, respond = () => jsonResponse(200, [])) {
  const requests: Request[] = [];
  const onUnauthorized = vi.fn();
  const api = createApiClient({
    baseUrl: origin,
    fetch: (request) => {
      requests.push(request);
      return Promise.resolve(respond());
    },
    getToken: () => "the-token",
    onUnauthorized,
    ...overrides,
  });
  return { api, requests, onUnauthorized };
}

describe("createApiClient", () => {
  it("sends the session token as a bearer token", async () => {
    const { api, requests } = setUp();
    await api.GET("/api/v1/ngo");
    expect(requests[0]?.headers.get("Authorization")).toBe("Bearer the-token");
  });

  it("sends no Authorization header while logged out", async () => {
    const { api, requests } = setUp({ getToken: () => null });
    await api.POST("/api/v2/access/authorize", { body: credentials });
    expect(requests[0]?.headers.has("Authorization")).toBe(false);
  });

  it("copies the XSRF-TOKEN cookie into X-XSRF-TOKEN on same-origin writes", async () => {
    document.cookie = "XSRF-TOKEN=abc%3D123";
    const { api, requests } = setUp();
    await api.POST("/api/v2/access/authorize", { body: credentials });
    expect(requests[0]?.headers.get("X-XSRF-TOKEN")).toBe("abc=123");
  });

  it("does not send the XSRF header on GET requests", async () => {
    document.cookie = "XSRF-TOKEN=abc";
    const { api, requests } = setUp();
    await api.GET("/api/v1/ngo");
    expect(requests[0]?.headers.has("X-XSRF-TOKEN")).toBe(false);
  });

  it("does not hand the XSRF cookie to another origin", async () => {
    document.cookie = "XSRF-TOKEN=abc";
    const { api, requests } = setUp({ baseUrl: "https://api.elsewhere.example" });
    await api.POST("/api/v2/access/authorize", { body: credentials });
    expect(requests[0]?.url).toBe("https://api.elsewhere.example/api/v2/access/authorize");
    expect(requests[0]?.headers.has("X-XSRF-TOKEN")).toBe(false);
  });

  it("reports a 401 answer to a call that carried a token", async () => {
    const { api, onUnauthorized } = setUp({}, () => jsonResponse(401, { code: "unauthorized" }));
    const { response } = await api.GET("/api/v1/ngo");
    expect(response.status).toBe(401);
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it("does not report a 401 to a call without a token (a failed sign-in)", async () => {
    const { api, onUnauthorized } = setUp({ getToken: () => null }, () =>
      jsonResponse(401, { code: "credentials_invalid" }),
    );
    await api.POST("/api/v2/access/authorize", { body: credentials });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it("does not report other failures as unauthorized", async () => {
    const { api, onUnauthorized } = setUp({}, () => jsonResponse(403, { code: "forbidden" }));
    await api.GET("/api/v1/ngo");
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it("threads the caller's AbortSignal into the request", async () => {
    const controller = new AbortController();
    const { api, requests } = setUp();
    await api.GET("/api/v1/ngo", { signal: controller.signal });
    controller.abort();
    expect(requests[0]?.signal.aborted).toBe(true);
  });
});

describe("the chosen election round", () => {
  it("is named on the calls that work on one round, bodies kept, and on no other call", async () => {
    const { api, requests } = setUp({ getRoundId: () => 7 });
    await api.GET("/api/v1/answers", { params: { query: { page: 2 } } });
    await api.PUT("/api/v1/form/order", { body: { formIds: [3, 1] } });
    await api.GET("/api/v1/ngo");
    await api.GET("/api/v1/form", { params: { query: { electionRoundId: 2 } } });
    expect(requests.map((request) => new URL(request.url).search)).toEqual(["?page=2&electionRoundId=7", "?electionRoundId=7", "", "?electionRoundId=2"]);
    expect(await requests[1]!.json()).toEqual({ formIds: [3, 1] });
  });

  it("is left to the server while none is chosen", async () => {
    const { api, requests } = setUp({ getRoundId: () => null });
    await api.GET("/api/v1/answers");
    expect(new URL(requests[0]!.url).search).toBe("");
  });
});

describe("ROUND_SCOPED_OPERATIONS", () => {
  it("is the contract's x-round: scoped operations (npm run api:types writes it)", async () => {
    const { loadContract } = await import("../../server/src/http/contract.ts");
    const { ROUND_SCOPED_OPERATIONS } = await import("./round-scoped");
    const scoped = loadContract().operations.filter((operation) => operation.round === "scoped");
    expect([...ROUND_SCOPED_OPERATIONS].sort()).toEqual(scoped.map((operation) => `${operation.method.toUpperCase()} ${operation.path}`).sort());
  });
});
