import type { RoundDraft } from "./round-draft";

/** One kept draft per wizard: `round-draft:new` or `round-draft:from:<id>`, in the tab (sessionStorage). */
const keyOf = (fromRoundId: number | null) => (fromRoundId === null ? "round-draft:new" : `round-draft:from:${fromRoundId}`);

/** The draft an earlier visit kept, or null; anything unreadable counts as none (the wizard checks each field). */
export function readRoundDraft(fromRoundId: number | null): Partial<RoundDraft> | null {
  try {
    const value: unknown = JSON.parse(globalThis.sessionStorage?.getItem(keyOf(fromRoundId)) ?? "null");
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value) : null;
  } catch {
    return null;
  }
}

export const keepRoundDraft = (fromRoundId: number | null, draft: RoundDraft) =>
  globalThis.sessionStorage?.setItem(keyOf(fromRoundId), JSON.stringify(draft));

export const forgetRoundDraft = (fromRoundId: number | null) => globalThis.sessionStorage?.removeItem(keyOf(fromRoundId));
