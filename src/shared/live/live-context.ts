import { createContext, use } from "react";
import type { ActorRefFrom } from "xstate";
import type { liveConnectionMachine } from "./live-connection.machine";
import type { triageSummaryMachine } from "./triage-summary.machine";

export interface LiveChannel {
  connection: ActorRefFrom<typeof liveConnectionMachine>;
  summary: ActorRefFrom<typeof triageSummaryMachine>;
}

export const LiveContext = createContext<LiveChannel | null>(null);

export function useLiveChannel(): LiveChannel {
  const channel = use(LiveContext);
  if (!channel) throw new Error("the live hooks need a LiveProvider (src/app/AppLayout.tsx mounts it)");
  return channel;
}
