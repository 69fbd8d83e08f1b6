import type { InvalidTokenReason } from "./token";

/** Why a sign-in failed, as a code the login view translates. */
export type LoginError =
  | { code: "credentials_invalid" }
  | { code: "rate_limited"; retryAfterSeconds: number | null }
  | { code: "token_invalid"; reason: InvalidTokenReason }
  | { code: "network" }
  | { code: "unexpected"; status: number };

function readNumber(record: Record<string, unknown>, key: string): number | null {
  const value = record[key];
  return typeof value === "number" ? value : null;
}

/**
 * Classifies what the authorize actor threw: an ApiError (status 0 when no answer arrived) or an
 * InvalidTokenError (the server answered with a token the SPA cannot read). Read structurally so the
 * machine needs no runtime import from the API layer.
 */
export function toLoginError(error: unknown): LoginError {
  if (typeof error !== "object" || error === null) return { code: "unexpected", status: 0 };
  const record = error as Record<string, unknown>;
  if (record.name === "InvalidTokenError") {
    return { code: "token_invalid", reason: record.reason === "not_jwt" ? "not_jwt" : "undecodable" };
  }
  const status = readNumber(record, "status");
  if (status === 401) return { code: "credentials_invalid" };
  if (status === 429) return { code: "rate_limited", retryAfterSeconds: readNumber(record, "retryAfterSeconds") };
  if (status === 0) return { code: "network" };
  return { code: "unexpected", status: status ?? 0 };
}
