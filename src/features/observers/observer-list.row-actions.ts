import type { Observer } from "./observer-list.actors";
import { paths } from "../../shared/paths";

/** What a row or card can do with its observer; the list page decides how. */
export interface ObserverRowActions {
  onDelete: (observers: Observer[]) => void;
  onNotify: (observers: Observer[]) => void;
  onResetPassword: (observer: Observer) => void;
  /** The observers whose delete is running: their menu shows a loader and its items wait. */
  deletingIds: readonly number[];
}

export const observerEditPath = (observer: Pick<Observer, "id">) => paths.observer.href("edit", observer.id);
