import { createHmac } from "node:crypto";
import { SignJWT, jwtVerify } from "jose";
import { describe, expect, it } from "vitest";
import { signToken, verifyToken, type TokenClaims, type TokenConfig } from "../../src/auth/token.ts";

const config: TokenConfig = {
  secret: new TextEncoder().encode("unit-test-secret-unit-test-secret!"),
  issuer: "vote-monitor",
  audience: "vote-monitor-back-office",
  ttlSeconds: 600,
};
const now = new Date("2026-11-22T08:00:00Z");
const admin: TokenClaims = { role: "ngoAdmin", sub: "0700000001", adminId: 1, ngoId: 1, organizer: true };
/** What verifying a token signed at `now` gives back: its claims and its expiry. */
const verified = (claims: TokenClaims, ttlSeconds = config.ttlSeconds) => ({ ...claims, expiresAt: new Date(now.getTime() + ttlSeconds * 1000) });
const base64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
/** A token signed with the right key around whatever header and claims a test needs. */
const signedRaw = (header: unknown, claims: unknown) => {
  const body = `${base64(header)}.${base64(claims)}`;
  return `${body}.${createHmac("sha256", config.secret).update(body).digest("base64url")}`;
};

describe("token", () => {
  it("round-trips the claims of an admin and of an observer", () => {
    const observer: TokenClaims = { role: "observer", sub: "0721000001", observerId: 7, ngoId: 2 };
    expect(verifyToken(config, signToken(config, admin, now), now)).toEqual(verified(admin));
    expect(verifyToken(config, signToken(config, observer, now), now)).toEqual(verified(observer));
  });

  it("is a standard HS256 JWT: jose verifies ours and we verify jose's", async () => {
    const ours = signToken(config, admin, now);
    const { payload, protectedHeader } = await jwtVerify(ours, config.secret, { issuer: config.issuer, audience: config.audience, currentDate: now });
    expect(protectedHeader).toEqual({ alg: "HS256", typ: "JWT" });
    expect(payload).toMatchObject({ ...admin, iat: now.getTime() / 1000, exp: now.getTime() / 1000 + 600 });
    const { sub, ...rest } = admin;
    const theirs = await new SignJWT(rest)
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(sub)
      .setIssuer(config.issuer)
      .setAudience(config.audience)
      .setExpirationTime(now.getTime() / 1000 + 60)
      .sign(config.secret);
    expect(verifyToken(config, theirs, now)).toEqual(verified(admin, 60));
  });

  it("refuses an expired token from its expiry on, and one not valid yet", () => {
    const token = signToken(config, admin, now);
    expect(verifyToken(config, token, new Date(now.getTime() + 599_000))).toEqual(verified(admin));
    expect(verifyToken(config, token, new Date(now.getTime() + 600_000))).toBeNull();
    const notYet = signedRaw({ alg: "HS256", typ: "JWT" }, { ...admin, iss: config.issuer, aud: config.audience, exp: 2e9, nbf: now.getTime() / 1000 + 60 });
    expect(verifyToken(config, notYet, now)).toBeNull();
  });

  it("refuses another key, another issuer or audience, a changed payload, alg none and malformed tokens", async () => {
    const token = signToken(config, admin, now);
    expect(verifyToken({ ...config, secret: new TextEncoder().encode("another-secret-another-secret-xx") }, token, now)).toBeNull();
    expect(verifyToken({ ...config, issuer: "other" }, token, now)).toBeNull();
    expect(verifyToken({ ...config, audience: "other" }, token, now)).toBeNull();
    const [header, payload, signature] = token.split(".") as [string, string, string];
    const raised = base64({ ...JSON.parse(Buffer.from(payload, "base64url").toString()), ngoId: 2 });
    expect(verifyToken(config, `${header}.${raised}.${signature}`, now)).toBeNull();
    expect(verifyToken(config, `${base64({ alg: "none", typ: "JWT" })}.${payload}.`, now)).toBeNull();
    const hs512 = await new SignJWT({ ...admin }).setProtectedHeader({ alg: "HS512" }).setIssuer(config.issuer).setAudience(config.audience).setExpirationTime("1h").sign(config.secret);
    expect(verifyToken(config, hs512, now)).toBeNull();
    for (const malformed of ["", "a.b", "a.b.c.d", `${header}.${payload}.${signature}=`, "é.é.é"]) expect(verifyToken(config, malformed, now)).toBeNull();
  });

  it("refuses a correctly signed token whose claims are not an admin's or an observer's", () => {
    const root = signedRaw({ alg: "HS256", typ: "JWT" }, { role: "root", sub: "x", ngoId: 1, iss: config.issuer, aud: config.audience, exp: 2e9 });
    expect(verifyToken(config, root, now)).toBeNull();
    const noneHeader = signedRaw({ alg: "none" }, { ...admin, iss: config.issuer, aud: config.audience, exp: 2e9 });
    expect(verifyToken(config, noneHeader, now)).toBeNull();
  });
});
