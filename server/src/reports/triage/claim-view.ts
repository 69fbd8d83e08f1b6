import type { components } from "../../../../openapi/schema.d.ts";

export type ThreadClaim = components["schemas"]["ThreadClaim"];

/** How long a claim lives without a renewal (the client renews every 30 seconds while the thread is open). */
export const CLAIM_TTL_MS = 90_000;

/** The claim columns of a thread row, with the holder's account joined. */
export interface ClaimColumns {
  claimAdminId: number | null;
  claimHolder: string | null;
  claimedAt: Date | null;
  claimExpiresAt: Date | null;
}

/** The thread's claim as the contract shows it: null unless someone holds it and it has not expired by `now`. */
export function liveClaim(row: ClaimColumns, now: Date, callerId: number): ThreadClaim | null {
  const { claimAdminId, claimHolder, claimedAt, claimExpiresAt } = row;
  if (claimAdminId === null || claimHolder === null || claimedAt === null || claimExpiresAt === null) return null;
  if (claimExpiresAt.getTime() <= now.getTime()) return null;
  return {
    holderId: claimAdminId,
    holder: claimHolder,
    since: claimedAt.toISOString(),
    expiresAt: claimExpiresAt.toISOString(),
    mine: claimAdminId === callerId,
  };
}
