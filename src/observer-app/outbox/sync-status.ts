import type { SnapshotFrom } from "xstate";
import { unsentCount } from "./outbox-item";
import type { outboxSyncMachine } from "./outbox-sync.machine";

/** What the status line says of the outbox: a phase and the number of items the server does not have yet. */
export type SyncPhase = "allSent" | "sending" | "offline" | "waiting" | "signInAgain";

export function syncStatusOf(snapshot: SnapshotFrom<typeof outboxSyncMachine>): { phase: SyncPhase; unsent: number; refused: number } {
  const unsent = unsentCount(snapshot.context.items);
  const refused = snapshot.context.items.filter((item) => item.state === "refused").length;
  const waiting = unsent - refused;
  const phase: SyncPhase = snapshot.matches({ sync: "signedOut" }) && waiting > 0
    ? "signInAgain"
    : waiting === 0
      ? "allSent"
      : snapshot.matches({ connection: "offline" })
        ? "offline"
        : snapshot.matches({ sync: "sending" })
          ? "sending"
          : "waiting";
  return { phase, unsent: waiting, refused };
}
