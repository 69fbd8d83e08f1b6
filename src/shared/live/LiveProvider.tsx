import { useEffect, useState, type ReactNode } from "react";
import { useApi } from "../../api/api-context";
import { usePageActor } from "../use-page-actor";
import { createLiveConnectionActors, createTriageSummaryActors } from "./live-connection.actors";
import { liveConnectionMachine } from "./live-connection.machine";
import { LiveContext, type LiveChannel } from "./live-context";
import type { LiveEvent } from "./live-events";
import { triageSummaryMachine } from "./triage-summary.machine";

/** One live connection for the signed-in shell, shared by the header and the lists. */
export function LiveProvider({ children }: { children: ReactNode }) {
  const api = useApi();
  const connection = usePageActor(liveConnectionMachine, {
    actors: createLiveConnectionActors(api),
    guards: { browserOffline: () => !navigator.onLine },
  });
  const summary = usePageActor(triageSummaryMachine, { actors: createTriageSummaryActors(api) });
  const [listeners] = useState(() => new Set<(event: LiveEvent) => void>());

  // Subscribed after the actor has started: stopping an actor (StrictMode's trial unmount) drops its listeners.
  useEffect(() => {
    const subscription = connection.on("*", (emitted) => {
      if (emitted.type !== "connected") for (const listener of listeners) listener(emitted);
      summary.send({ type: "summary.refresh" });
    });
    return () => subscription.unsubscribe();
  }, [connection, summary, listeners]);

  const [channel] = useState<LiveChannel>(() => ({
    connection,
    summary,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  }));
  return <LiveContext value={channel}>{children}</LiveContext>;
}
