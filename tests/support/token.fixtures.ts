import type { TokenClaims } from "../../src/features/session/token";

function base64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/**
 * An unsigned JWT with the given claims (the SPA never verifies signatures), for the pure unit tests that need a
 * token string and no server: token.test.ts and session.machine.test.ts. A test that calls the API signs in on
 * the real test server instead (tests/support/test-server.ts: `server.tokenFor(account)`).
 */
export function makeTestToken(claims: Partial<TokenClaims> & Record<string, unknown> = {}): string {
  const header = base64Url(JSON.stringify({ alg: "HS256", typ: "JWT" }));
  const payload = base64Url(
    JSON.stringify({ sub: "admin.cfr", ngoId: 1, organizer: true, role: "ngoAdmin", iat: 1_700_000_000, exp: 1_700_086_400, ...claims }),
  );
  return `${header}.${payload}.c2lnbmF0dXJl`;
}

export const organizerToken = makeTestToken({ sub: "admin.cfr", ngoId: 1, organizer: true });
export const staffToken = makeTestToken({ sub: "ana.pop", ngoId: 2, organizer: false });
