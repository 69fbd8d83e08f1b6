import { createHmac, timingSafeEqual } from "node:crypto";

export interface TokenConfig {
  secret: Uint8Array;
  issuer: string;
  audience: string;
  ttlSeconds: number;
}

export type TokenClaims =
  | { role: "ngoAdmin"; sub: string; adminId: number; ngoId: number; organizer: boolean }
  | { role: "observer"; sub: string; observerId: number; ngoId: number };

/** A verified token's claims, with when it stops being valid (a live stream ends then). */
export type VerifiedClaims = TokenClaims & { expiresAt: Date };

// HS256 is computed with node:crypto's synchronous HMAC (microseconds) rather than WebCrypto, whose jobs queue on
// libuv's thread pool: a burst of sign-ins hashing passwords there must never make the token check of every other
// request wait.
const HEADER = Buffer.from(JSON.stringify({ alg: "HS256", typ: "JWT" })).toString("base64url");

const sign = (secret: Uint8Array, input: string) => createHmac("sha256", secret).update(input).digest();

export function signToken(config: TokenConfig, claims: TokenClaims, now: Date): string {
  const iat = Math.floor(now.getTime() / 1000);
  const { sub, ...rest } = claims;
  const payload = { ...rest, sub, iss: config.issuer, aud: config.audience, iat, exp: iat + config.ttlSeconds };
  const body = `${HEADER}.${Buffer.from(JSON.stringify(payload)).toString("base64url")}`;
  return `${body}.${sign(config.secret, body).toString("base64url")}`;
}

function decodeJson(part: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, "base64url").toString("utf8"));
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Verifies signature, algorithm (HS256 only), issuer, audience and expiry (the original never checked expiry). */
export function verifyToken(config: TokenConfig, token: string, now: Date): VerifiedClaims | null {
  const parts = token.split(".");
  if (parts.length !== 3 || parts.some((part) => !/^[\w-]*$/.test(part))) return null;
  const [header, payload, signature] = parts as [string, string, string];
  const expected = sign(config.secret, `${header}.${payload}`);
  const actual = Buffer.from(signature, "base64url");
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
  if (decodeJson(header)?.alg !== "HS256") return null;
  const claims = decodeJson(payload);
  if (!claims || claims.iss !== config.issuer || !audienceMatches(claims.aud, config.audience)) return null;
  const seconds = now.getTime() / 1000;
  if (typeof claims.exp !== "number" || claims.exp <= seconds) return null;
  if (typeof claims.nbf === "number" && claims.nbf > seconds) return null;
  if (typeof claims.sub !== "string" || typeof claims.ngoId !== "number") return null;
  const expiresAt = new Date(claims.exp * 1000);
  if (claims.role === "ngoAdmin" && typeof claims.adminId === "number") {
    return { role: "ngoAdmin", sub: claims.sub, adminId: claims.adminId, ngoId: claims.ngoId, organizer: claims.organizer === true, expiresAt };
  }
  if (claims.role === "observer" && typeof claims.observerId === "number") {
    return { role: "observer", sub: claims.sub, observerId: claims.observerId, ngoId: claims.ngoId, expiresAt };
  }
  return null;
}

const audienceMatches = (aud: unknown, audience: string) => aud === audience || (Array.isArray(aud) && aud.includes(audience));
