import type { SnapshotFrom } from "xstate";
import type { listMachine } from "../../shared/machines/list.machine";
import type { StatisticRow } from "./statistics.actors";

type ListSnapshot = SnapshotFrom<typeof listMachine>;

/** The rows of the page shown, as the statistic's loader (createStatisticListActors) gave them. */
export const selectRows = (snapshot: ListSnapshot) => snapshot.context.items as StatisticRow[];

/** The time of the figures shown: each row carries it from the page it came with; null without rows. */
export const selectAsOf = (snapshot: ListSnapshot) => selectRows(snapshot)[0]?.asOf ?? null;
