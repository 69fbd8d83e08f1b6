import type { ThreadClaim } from "./triage.types";

/**
 * The current holder carried by a 409 `claim_held` / `claim_lost` (the contract's ClaimProblem): the claim actors
 * attach it to the error they throw. null when nobody holds the thread any more.
 */
export function conflictClaimOf(error: unknown): ThreadClaim | null {
  if (typeof error !== "object" || error === null || !("claim" in error)) return null;
  const { claim } = error;
  return typeof claim === "object" && claim !== null && "holder" in claim ? (claim as ThreadClaim) : null;
}

export function problemCodeOf(error: unknown): string | null {
  if (typeof error !== "object" || error === null || !("code" in error)) return null;
  const { code } = error;
  return typeof code === "string" ? code : null;
}
