import type { SnapshotFrom } from "xstate";
import { isRetryableFailure, type stationImportMachine } from "./station-import.machine";

type StationImportSnapshot = SnapshotFrom<typeof stationImportMachine>;

/** The step on screen. */
export type ImportStep = "choosing" | "checking" | "mapping" | "reviewing" | "invalid" | "checkFailed" | "committing" | "commitFailed" | "done" | "cancelled";

export function selectStep(snapshot: StationImportSnapshot): ImportStep {
  const value = snapshot.value;
  return typeof value === "string" ? value : (Object.values(value)[0] as ImportStep);
}

/** True while the file is being checked or imported. */
export const selectIsBusy = (snapshot: StationImportSnapshot) => snapshot.hasTag("busy");

export const selectFile = (snapshot: StationImportSnapshot) => snapshot.context.file;
export const selectRejection = (snapshot: StationImportSnapshot) => snapshot.context.rejection;
export const selectHeaders = (snapshot: StationImportSnapshot) => snapshot.context.headers;
export const selectColumns = (snapshot: StationImportSnapshot) => snapshot.context.columns;
export const selectRetireMissing = (snapshot: StationImportSnapshot) => snapshot.context.retireMissing;

/** The dry run's diff, while it is the step on screen or being imported. */
export const selectReview = (snapshot: StationImportSnapshot) =>
  snapshot.matches({ awaiting: "reviewing" }) || snapshot.matches("committing") ? snapshot.context.review : null;

/** What the import did, once it is done. */
export const selectResult = (snapshot: StationImportSnapshot) => (snapshot.matches("done") ? snapshot.context.result : null);

/** The bad rows of the file, while they are the step on screen. */
export const selectBadRows = (snapshot: StationImportSnapshot) =>
  snapshot.matches({ awaiting: "invalid" }) ? (snapshot.context.failure?.rows ?? []) : [];

/** Why the last upload failed without a row report (403, 413, network...), while it is on screen. */
export const selectFailure = (snapshot: StationImportSnapshot) =>
  snapshot.matches({ awaiting: "checkFailed" }) || snapshot.matches({ awaiting: "commitFailed" }) ? snapshot.context.failure : null;

/** "Try again" is offered for a failure of the network or the server only. */
export const selectCanRetry = (snapshot: StationImportSnapshot) => isRetryableFailure(selectFailure(snapshot));

/** The upload's progress as a percentage, while an upload runs and the browser tells it. */
export const selectUploadPercent = (snapshot: StationImportSnapshot) => {
  const progress = snapshot.hasTag("busy") ? snapshot.context.progress : null;
  return progress && progress.total > 0 ? Math.min(100, Math.round((progress.loaded / progress.total) * 100)) : null;
};

/** Whether the machine would take each step now: its own guards decide. */
export const selectCanSubmitMapping = (snapshot: StationImportSnapshot) => snapshot.can({ type: "mapping.submit" });
export const selectCanCommit = (snapshot: StationImportSnapshot) => snapshot.can({ type: "import.commit" });
export const selectCanEditMapping = (snapshot: StationImportSnapshot) => snapshot.can({ type: "mapping.edit" });
