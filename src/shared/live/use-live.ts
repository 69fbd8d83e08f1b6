import { useEffect, useRef } from "react";
import { useSelector } from "@xstate/react";
import { selectLiveStatus } from "./live-connection.selectors";
import { useLiveChannel } from "./live-context";
import type { LiveEvent, LiveStatus } from "./live-events";
import type { TriageSummary } from "./triage-summary.machine";

export function useLiveStatus(): LiveStatus {
  return useSelector(useLiveChannel().connection, selectLiveStatus);
}

/**
 * Calls `listener` with every thread event and every reset while the component is mounted. The latest listener
 * is called: passing a new function on each render does not resubscribe.
 */
export function useLiveEvents(listener: (event: LiveEvent) => void): void {
  const { subscribe } = useLiveChannel();
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => subscribe((event) => latest.current(event)), [subscribe]);
}

/** The last triage summary (getTriageSummary), null until the first answer. */
export function useTriageSummary(): TriageSummary | null {
  return useSelector(useLiveChannel().summary, (snapshot) => snapshot.context.summary);
}

/** Urgent threads nobody handles yet, null until the first answer. */
export function useUnhandledUrgentCount(): number | null {
  return useSelector(useLiveChannel().summary, (snapshot) => snapshot.context.summary?.unhandledUrgent ?? null);
}
