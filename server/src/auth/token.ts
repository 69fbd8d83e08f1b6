import { SignJWT, jwtVerify } from "jose";

export interface TokenConfig {
  secret: Uint8Array;
  issuer: string;
  audience: string;
  ttlSeconds: number;
}

export type TokenClaims =
  | { role: "ngoAdmin"; sub: string; adminId: number; ngoId: number; organizer: boolean }
  | { role: "observer"; sub: string; observerId: number; ngoId: number };

export async function signToken(config: TokenConfig, claims: TokenClaims, now: Date): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  const { sub, ...rest } = claims;
  return new SignJWT(rest)
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(sub)
    .setIssuer(config.issuer)
    .setAudience(config.audience)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + config.ttlSeconds)
    .sign(config.secret);
}

/** Verifies signature, algorithm, issuer, audience and expiry (the original never checked expiry). */
export async function verifyToken(config: TokenConfig, token: string, now: Date): Promise<TokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, config.secret, {
      algorithms: ["HS256"],
      issuer: config.issuer,
      audience: config.audience,
      currentDate: now,
      requiredClaims: ["exp", "sub", "role", "ngoId"],
    });
    if (payload.role === "ngoAdmin" && typeof payload.adminId === "number" && typeof payload.ngoId === "number") {
      return { role: "ngoAdmin", sub: payload.sub!, adminId: payload.adminId, ngoId: payload.ngoId, organizer: payload.organizer === true };
    }
    if (payload.role === "observer" && typeof payload.observerId === "number" && typeof payload.ngoId === "number") {
      return { role: "observer", sub: payload.sub!, observerId: payload.observerId, ngoId: payload.ngoId };
    }
    return null;
  } catch {
    return null;
  }
}
