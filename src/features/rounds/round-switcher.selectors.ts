import type { SnapshotFrom } from "xstate";
import { selectData } from "../../shared/machines/resource.selectors";
import type { resourceMachine } from "../../shared/machines/resource.machine";
import type { ElectionRound } from "./rounds.actors";

type RoundsSnapshot = SnapshotFrom<typeof resourceMachine>;

export const selectRounds = (snapshot: RoundsSnapshot) => (selectData(snapshot) as ElectionRound[] | null) ?? [];

/** The round shown: the one the tab's calls name if the user still works in it, else the user's current round. */
export function shownRound(rounds: readonly ElectionRound[], requestedId: number | null): ElectionRound | null {
  return rounds.find((round) => round.id === requestedId) ?? rounds.find((round) => round.current) ?? null;
}
