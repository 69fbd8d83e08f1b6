import type { SnapshotFrom } from "xstate";
import type { listMachine } from "../../../shared/machines/list.machine";
import type { resourceMachine } from "../../../shared/machines/resource.machine";
import type { AnswerThreadRow, AnswerThreadTotals, County } from "./answer-list.actors";

/** The threads of the page shown: the list machine holds the rows its loader (createAnswerListActors) gave it. */
export const selectThreads = (snapshot: SnapshotFrom<typeof listMachine>) => snapshot.context.items as AnswerThreadRow[];

const NO_COUNTIES: County[] = [];

/** The counties once loaded (createCountyActors), none before. */
export const selectCounties = (snapshot: SnapshotFrom<typeof resourceMachine>) => (snapshot.context.data as County[] | null) ?? NO_COUNTIES;

/**
 * The totals of every thread the filter matches, with the thread count, as the last page loaded says them; null
 * before a page with threads arrived (an empty page has nothing to total).
 */
export const selectTotals = (snapshot: SnapshotFrom<typeof listMachine>): (AnswerThreadTotals & { threads: number }) | null => {
  const [first] = selectThreads(snapshot);
  return first?.listTotals ? { threads: snapshot.context.totalItems, ...first.listTotals } : null;
};

/** The server clock's offset from this browser's, as the page shown measured it (0 before a page arrived). */
export const selectClockOffset = (snapshot: SnapshotFrom<typeof listMachine>) => selectThreads(snapshot)[0]?.clockOffset ?? 0;
