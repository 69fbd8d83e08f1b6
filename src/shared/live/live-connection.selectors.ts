import type { SnapshotFrom } from "xstate";
import type { liveConnectionMachine } from "./live-connection.machine";
import type { LiveStatus } from "./live-events";

type LiveConnectionSnapshot = SnapshotFrom<typeof liveConnectionMachine>;

/** A 401 reads as offline: nothing arrives and nothing is tried until the session has signed in again. */
export function selectLiveStatus(snapshot: LiveConnectionSnapshot): LiveStatus {
  if (snapshot.matches({ streaming: "open" })) return "live";
  if (snapshot.matches({ streaming: "opening" })) return snapshot.context.interrupted ? "reconnecting" : "connecting";
  if (snapshot.matches("reconnecting")) return "reconnecting";
  return "offline";
}
