import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ValidationProblem } from "../fixtures.ts";
import { engines, startTestServer, tokenConfig, type TestServer } from "../harness.ts";

const organizer = { user: "0700000001", password: "demo1234" };
const ngoAdmin = { user: "0700000002", password: "demo1234" };
const inactiveNgoAdmin = { user: "0700000003", password: "demo1234" };

function decodePayload(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString("utf8")) as Record<string, unknown>;
}

describe.each(engines)("access and auth on %s", (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine, { observers: 30 });
  });
  afterAll(() => server.close());

  const authorize = (json: unknown) => server.request("/api/v2/access/authorize", { method: "POST", json });

  it("issues a token with sub, NGO id, organizer flag and an expiry", async () => {
    const response = await authorize(organizer);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { access_token: string; expires_in: number };
    expect(body.expires_in).toBe(tokenConfig.ttlSeconds);
    const claims = decodePayload(body.access_token);
    expect(claims).toMatchObject({ sub: "0700000001", ngoId: 1, organizer: true, role: "ngoAdmin" });
    expect(claims.exp).toBe((claims.iat as number) + tokenConfig.ttlSeconds);
    expect(body.access_token.split(".")).toHaveLength(3);
  });

  it("marks the admin of a non-organizer NGO as not organizer", async () => {
    const token = await server.signIn(ngoAdmin.user, ngoAdmin.password);
    expect(decodePayload(token)).toMatchObject({ sub: "0700000002", ngoId: 2, organizer: false });
  });

  it("refuses a wrong password, an unknown user and an inactive NGO's admin alike", async () => {
    for (const attempt of [{ ...organizer, password: "wrong" }, { user: "0799999999", password: "demo1234" }, inactiveNgoAdmin]) {
      const response = await authorize(attempt);
      expect(response.status).toBe(401);
      expect(response.headers.get("content-type")).toContain("application/problem+json");
      expect(await response.json()).toMatchObject({ status: 401, code: "credentials_invalid" });
    }
  });

  it("answers a bad body with 400 problem+json naming every field", async () => {
    const response = await authorize({ password: "", extra: 1 });
    expect(response.status).toBe(400);
    const body = (await response.json()) as ValidationProblem;
    expect(body.code).toBe("validation");
    expect(Object.keys(body.errors).sort()).toEqual(["extra", "password", "user"]);
    expect(body.errors.user?.[0]?.code).toBe("required");
  });

  it("answers malformed JSON and a non-JSON body with 400 problem+json", async () => {
    const malformed = await server.request("/api/v2/access/authorize", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"user": "0700000001", ',
    });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ code: "validation", errors: { body: [{ code: "type" }] } });
    const text = await server.request("/api/v2/access/authorize", { method: "POST", headers: { "content-type": "text/plain" }, body: "hi" });
    expect(text.status).toBe(400);
  });

  it("rate-limits repeated failures for one account with 429 and Retry-After", async () => {
    const target = { user: "0700000002", password: "nope" };
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt++) statuses.push((await authorize(target)).status);
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    const limited = await authorize({ ...target, password: "demo1234" });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    server.clock.advance(15 * 60 + 1);
    expect((await authorize(ngoAdmin)).status).toBe(200);
  });

  it("refuses tampered, expired, unsigned and missing tokens with 401", async () => {
    const token = await server.signIn(organizer.user, organizer.password);
    const call = (bearer?: string) => server.request("/api/v1/polling-station", { token: bearer });
    expect((await call(token)).status).toBe(200);

    const [header, payload, signature] = token.split(".");
    const forged = Buffer.from(JSON.stringify({ ...decodePayload(token), ngoId: 2 })).toString("base64url");
    expect((await call(`${header}.${forged}.${signature}`)).status).toBe(401);

    const unsigned = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString("base64url")}.${payload}.`;
    expect((await call(unsigned)).status).toBe(401);

    const otherKey = await new SignJWT(decodePayload(token)).setProtectedHeader({ alg: "HS256" }).sign(new TextEncoder().encode("another-secret-another-secret-xx"));
    expect((await call(otherKey)).status).toBe(401);

    const missing = await call(undefined);
    expect(missing.status).toBe(401);
    expect(missing.headers.get("content-type")).toContain("application/problem+json");

    server.clock.advance(tokenConfig.ttlSeconds + 1);
    const expired = await call(token);
    expect(expired.status).toBe(401);
    expect(await expired.json()).toMatchObject({ code: "unauthorized" });
  });

  it("tells who a token belongs to as the database sees it now", async () => {
    const token = await server.signIn(ngoAdmin.user, ngoAdmin.password);
    const me = () => server.request("/api/v2/access/me", { token });
    expect(await (await me()).json()).toEqual({ user: "0700000002", role: "ngoAdmin", ngoId: 2, ngoName: "Asociația Observatorilor Civici", organizer: false });
    await server.handle.db.updateTable("ngo").set({ organizer: true }).where("id", "=", 2).execute();
    expect(await (await me()).json()).toMatchObject({ organizer: true });
    await server.handle.db.updateTable("ngo").set({ organizer: false }).where("id", "=", 2).execute();
  });

  it("registers an observer's push token at sign-in, replacing an older one, and only for a right PIN", async () => {
    const db = server.handle.db;
    const observer = await db.selectFrom("observer").select(["id", "deviceRegisterDate"]).where("phone", "=", "0721000002").executeTakeFirstOrThrow();
    expect(observer.deviceRegisterDate).toBeNull();
    const signIn = (json: Record<string, string>) => server.request("/api/v2/access/observer", { method: "POST", json: { phone: "0721000002", ...json } });
    const registrations = () => db.selectFrom("notificationRegistration").select(["channelName", "token"]).where("observerId", "=", observer.id).execute();

    expect((await signIn({ pin: "0000", fcmToken: "stolen-token" })).status).toBe(401);
    expect(await registrations()).toEqual([]);
    expect((await signIn({ pin: "9153", fcmToken: "first-install" })).status).toBe(200);
    expect(await registrations()).toEqual([{ channelName: "Firebase", token: "first-install" }]);
    const registered = (await db.selectFrom("observer").select("deviceRegisterDate").where("id", "=", observer.id).executeTakeFirstOrThrow()).deviceRegisterDate;
    expect(registered).not.toBeNull();

    // The app reinstalled: a new token replaces the old one; the first device's date stays.
    expect((await signIn({ pin: "9153", fcmToken: "after-reinstall" })).status).toBe(200);
    expect((await signIn({ pin: "9153" })).status).toBe(200);
    expect(await registrations()).toEqual([{ channelName: "Firebase", token: "after-reinstall" }]);
    expect((await db.selectFrom("observer").select("deviceRegisterDate").where("id", "=", observer.id).executeTakeFirstOrThrow()).deviceRegisterDate).toEqual(registered);
  });

  it("cuts off tokens of an NGO deactivated after they were issued", async () => {
    const token = await server.signIn(ngoAdmin.user, ngoAdmin.password);
    expect((await server.request("/api/v1/polling-station", { token })).status).toBe(200);
    await server.handle.db.updateTable("ngo").set({ isActive: false }).where("id", "=", 2).execute();
    expect((await server.request("/api/v1/polling-station", { token })).status).toBe(401);
    await server.handle.db.updateTable("ngo").set({ isActive: true }).where("id", "=", 2).execute();
  });
});
