import type { SnapshotFrom } from "xstate";
import type { mutationMachine } from "../../shared/machines/mutation.machine";
import type { Ngo } from "./ngos.actors";

type MutationSnapshot = SnapshotFrom<typeof mutationMachine>;

/** A row's flag change: the flag named turns to the opposite of what the row shows. */
export interface NgoFlagChange {
  ngo: Ngo;
  flag: "active" | "organizer";
}

/** The NGO whose flag change runs, if any (the request the list's flag mutation was started with). */
export const selectChangingNgoId = (snapshot: MutationSnapshot): number | null =>
  snapshot.hasTag("busy") ? (snapshot.context.request as NgoFlagChange).ngo.id : null;

/** The NGO the delete asks about, is deleting or last handled (so a closing dialog keeps its text). */
export const selectNgoToDelete = (snapshot: MutationSnapshot): Ngo | null => snapshot.context.request as Ngo | null;
