import type { SnapshotFrom } from "xstate";
import type { threadClaimMachine } from "./thread-claim.machine";

type Snapshot = SnapshotFrom<typeof threadClaimMachine>;

/** How the claim reads to the user: the view picks its words and buttons from this. */
export type ClaimView = "none" | "claiming" | "held" | "releasing" | "heldByOther" | "confirmingTakeOver" | "lost";

export const selectClaim = (snapshot: Snapshot) => snapshot.context.claim;
export const selectClaimError = (snapshot: Snapshot) => snapshot.context.claimError;

export function selectClaimView(snapshot: Snapshot): ClaimView {
  if (snapshot.matches("claiming")) return "claiming";
  if (snapshot.matches("held")) return "held";
  if (snapshot.matches("releasing")) return "releasing";
  if (snapshot.matches({ heldByOther: "confirming" })) return "confirmingTakeOver";
  if (snapshot.matches("heldByOther")) return "heldByOther";
  if (snapshot.matches("lost")) return "lost";
  return "none";
}
