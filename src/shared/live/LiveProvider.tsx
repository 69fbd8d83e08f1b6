import { useEffect, useMemo, type ReactNode } from "react";
import { useApi } from "../../api/api-context";
import { usePageActor } from "../use-page-actor";
import { createLiveConnectionActors, createTriageSummaryActors } from "./live-connection.actors";
import { liveConnectionMachine } from "./live-connection.machine";
import { LiveContext, type LiveChannel } from "./live-context";
import { triageSummaryMachine } from "./triage-summary.machine";

/** One live connection for the signed-in shell, shared by the header and the lists (their actors listen to `connection`). */
export function LiveProvider({ children }: { children: ReactNode }) {
  const api = useApi();
  const connection = usePageActor(liveConnectionMachine, {
    actors: createLiveConnectionActors(api),
    guards: { browserOffline: () => !navigator.onLine },
  });
  const summary = usePageActor(triageSummaryMachine, { actors: createTriageSummaryActors(api) });
  // Subscribed after the actor has started: stopping an actor (StrictMode's trial unmount) drops its listeners.
  useEffect(() => {
    const subscription = connection.on("*", () => summary.send({ type: "summary.refresh" }));
    return () => subscription.unsubscribe();
  }, [connection, summary]);

  const channel = useMemo<LiveChannel>(() => ({ connection, summary }), [connection, summary]);
  return <LiveContext value={channel}>{children}</LiveContext>;
}
