import type { SnapshotFrom } from "xstate";
import type { mutationMachine } from "../../shared/machines/mutation.machine";
import type { Observer } from "./observer-list.actors";

type MutationSnapshot = SnapshotFrom<typeof mutationMachine>;

const NONE: readonly Observer[] = [];

/** The observers the delete asks about, is deleting or last handled (so a closing dialog keeps its text). */
export const selectObserversToDelete = (snapshot: MutationSnapshot): readonly Observer[] =>
  (snapshot.context.request as Observer[] | null) ?? NONE;

/** The observers whose delete is running: their rows show a loader. */
export const selectDeletingObservers = (snapshot: MutationSnapshot): readonly Observer[] =>
  snapshot.hasTag("busy") ? (snapshot.context.request as Observer[]) : NONE;

/** How far a running delete has got, `0 of n` until the first answer; null when none runs. */
export const selectDeleteProgress = (snapshot: MutationSnapshot) =>
  snapshot.hasTag("busy") ? (snapshot.context.progress ?? { done: 0, total: (snapshot.context.request as Observer[]).length }) : null;
