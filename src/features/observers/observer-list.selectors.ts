import type { SnapshotFrom } from "xstate";
import type { listMachine } from "../../shared/machines/list.machine";
import type { Observer } from "./observer-list.actors";

type ListSnapshot = SnapshotFrom<typeof listMachine>;

/** The observers of the page shown: the list machine holds the rows its loader (createObserverListActors) gave it. */
export const selectObservers = (snapshot: ListSnapshot) => snapshot.context.items as Observer[];

/** The selected observers of the page, in the order of the page. */
export const selectSelectedObservers = (snapshot: ListSnapshot) =>
  selectObservers(snapshot).filter((observer) => snapshot.context.selection.includes(observer.id));
