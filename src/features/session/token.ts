export const TOKEN_STORAGE_KEY = "token-id";

export type AccountRole = "ngoAdmin" | "observer";

/** The claims the back-office reads from an access token (see the authorize operation in the contract). */
export interface TokenClaims {
  sub: string;
  ngoId: number | null;
  organizer: boolean;
  role: AccountRole | null;
  exp: number | null;
  iat: number | null;
}

export type InvalidTokenReason = "not_jwt" | "undecodable";

const reasonMessages: Record<InvalidTokenReason, string> = {
  not_jwt: "The inspected token doesn't appear to be a JWT",
  undecodable: "Cannot decode the token.",
};

export class InvalidTokenError extends Error {
  readonly reason: InvalidTokenReason;

  constructor(reason: InvalidTokenReason) {
    super(reasonMessages[reason]);
    this.name = "InvalidTokenError";
    this.reason = reason;
  }
}

function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, "+").replace(/_/g, "/").padEnd(Math.ceil(segment.length / 4) * 4, "=");
  const bytes = Uint8Array.from(atob(base64), (character) => character.charCodeAt(0));
  return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
}

function numberOrNull(value: unknown): number | null {
  return typeof value === "number" && Number.isFinite(value) ? value : null;
}

function readPayload(payloadSegment: string): Record<string, unknown> {
  try {
    const payload: unknown = JSON.parse(decodeBase64Url(payloadSegment));
    if (typeof payload === "object" && payload !== null && !Array.isArray(payload)) {
      return payload as Record<string, unknown>;
    }
  } catch {
    // any decoding failure is reported as the catalogue's "Cannot decode the token."
  }
  throw new InvalidTokenError("undecodable");
}

/**
 * Decodes the payload of a JWT without verifying it (the server verifies; the SPA only reads claims for the UI).
 * Throws InvalidTokenError when the token does not have exactly three parts or its payload is not a JSON object
 * with a string `sub`.
 */
export function decodeToken(token: string): TokenClaims {
  const parts = token.split(".");
  if (parts.length !== 3) throw new InvalidTokenError("not_jwt");
  const payload = readPayload(parts[1] ?? "");
  if (typeof payload.sub !== "string") throw new InvalidTokenError("undecodable");
  return {
    sub: payload.sub,
    ngoId: numberOrNull(payload.ngoId),
    organizer: payload.organizer === true,
    role: payload.role === "ngoAdmin" || payload.role === "observer" ? payload.role : null,
    exp: numberOrNull(payload.exp),
    iat: numberOrNull(payload.iat),
  };
}

/** The claims of a token, or null when there is no token or it cannot be decoded. */
export function readClaims(token: string | null | undefined): TokenClaims | null {
  if (!token) return null;
  try {
    return decodeToken(token);
  } catch {
    return null;
  }
}
