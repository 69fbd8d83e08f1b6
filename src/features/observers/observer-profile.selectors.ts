import type { SnapshotFrom } from "xstate";
import type { pageModeMachine } from "../../shared/machines/page-mode.machine";
import { observerDraftOf, observerProblemsOf } from "./observer-profile.draft";
import type { Observer } from "./observers.actors";

type ObserverPageSnapshot = SnapshotFrom<typeof pageModeMachine>;

/** The loaded or saved observer: the one place the page's record is read as an Observer. */
export const selectObserver = (snapshot: ObserverPageSnapshot) => snapshot.context.record as Observer | null;

/** The observer draft on screen. */
export const selectObserverDraft = (snapshot: ObserverPageSnapshot) => observerDraftOf(snapshot.context);

/** The browser's verdict on the draft, per field (shown on the fields the user has visited). */
export const selectObserverProblems = (snapshot: ObserverPageSnapshot) => observerProblemsOf(snapshot.context);
