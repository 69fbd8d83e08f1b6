import type { ActorRefFrom, SnapshotFrom } from "xstate";
import type { mutationMachine } from "./mutation.machine";

export type MutationActorRef = ActorRefFrom<typeof mutationMachine>;
type MutationSnapshot = SnapshotFrom<typeof mutationMachine>;

/** True while the call runs: its button shows a loader, related buttons wait. */
export const selectIsBusy = (snapshot: MutationSnapshot) => snapshot.hasTag("busy");

/** True while the confirmation is asked. */
export const selectIsConfirming = (snapshot: MutationSnapshot) => snapshot.hasTag("confirming");

/** The confirmation dialog stays open from the question until the call has answered. */
export const selectIsDialogOpen = (snapshot: MutationSnapshot) => snapshot.hasTag("confirming") || snapshot.hasTag("busy");

/** `done` of `total` calls answered, while a call made of several runs. */
export const selectProgress = (snapshot: MutationSnapshot) => (snapshot.hasTag("busy") ? snapshot.context.progress : null);

/** The last failure, only while it is the current outcome. */
export const selectError = (snapshot: MutationSnapshot) => (snapshot.matches("failed") ? snapshot.context.error : null);

/** A retry is offered only for a failure of the network or the server. */
export const selectCanRetry = (snapshot: MutationSnapshot) => snapshot.can({ type: "mutation.retry" });
