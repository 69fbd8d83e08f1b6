import type { SnapshotFrom } from "xstate";
import type { pageModeMachine } from "../../../shared/machines/page-mode.machine";
import { stationDraftOf, stationProblemsOf } from "./station-edit.draft";
import type { StationRecord } from "./station.actors";

type StationPageSnapshot = SnapshotFrom<typeof pageModeMachine>;

/** The loaded or saved station: the one place the page's record is read as a StationRecord. */
export const selectStationRecord = (snapshot: StationPageSnapshot) => snapshot.context.record as StationRecord | null;

/** The station draft on screen. */
export const selectStationDraft = (snapshot: StationPageSnapshot) => stationDraftOf(snapshot.context);

/** The browser's verdict on the draft, per field (shown on the fields the user has visited). */
export const selectStationProblems = (snapshot: StationPageSnapshot) => stationProblemsOf(snapshot.context);
