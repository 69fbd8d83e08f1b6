import { useSelector } from "@xstate/react";
import { selectLiveStatus } from "./live-connection.selectors";
import { useLiveChannel } from "./live-context";
import type { LiveStatus } from "./live-events";
import type { TriageSummary } from "./triage-summary.machine";

export function useLiveStatus(): LiveStatus {
  return useSelector(useLiveChannel().connection, selectLiveStatus);
}

/** The last triage summary (getTriageSummary), null until the first answer. */
export function useTriageSummary(): TriageSummary | null {
  return useSelector(useLiveChannel().summary, (snapshot) => snapshot.context.summary);
}

/** Urgent threads nobody handles yet, null until the first answer. */
export function useUnhandledUrgentCount(): number | null {
  return useSelector(useLiveChannel().summary, (snapshot) => snapshot.context.summary?.unhandledUrgent ?? null);
}
