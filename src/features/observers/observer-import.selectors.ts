import type { SnapshotFrom } from "xstate";
import { uploadOf, type observerImportMachine } from "./observer-import.machine";

type ObserverImportSnapshot = SnapshotFrom<typeof observerImportMachine>;

/** True while the file is being checked or imported. */
export const selectIsBusy = (snapshot: ObserverImportSnapshot) => snapshot.hasTag("busy");

/** True while the dry run is pending. */
export const selectIsChecking = (snapshot: ObserverImportSnapshot) => snapshot.matches("checking");

/** True while the real import is pending. */
export const selectIsImporting = (snapshot: ObserverImportSnapshot) => snapshot.matches("importing");

/** Whether Check and Import may be pressed: an NGO id and a file, and nothing pending. */
export const selectCanUpload = (snapshot: ObserverImportSnapshot) =>
  !snapshot.hasTag("busy") && uploadOf(snapshot.context) !== null;

export const selectNgoId = (snapshot: ObserverImportSnapshot) => snapshot.context.ngoId;
export const selectFile = (snapshot: ObserverImportSnapshot) => snapshot.context.file;
export const selectPreview = (snapshot: ObserverImportSnapshot) => snapshot.context.preview;
export const selectRejection = (snapshot: ObserverImportSnapshot) => snapshot.context.rejection;

/** The dry run's count when it found nothing wrong, shown only with the dry run's report. */
export const selectCheckedCount = (snapshot: ObserverImportSnapshot) =>
  snapshot.matches({ choosing: "report" }) && snapshot.context.outcome?.dryRun ? snapshot.context.outcome.count : null;

/** The bad rows of the last dry run or import, as the server listed them. */
export const selectBadRows = (snapshot: ObserverImportSnapshot) => snapshot.context.failure?.rows ?? [];

/** Why the last upload failed without a row report (403, 413, network...). */
export const selectFailure = (snapshot: ObserverImportSnapshot) =>
  snapshot.matches({ choosing: "failed" }) ? snapshot.context.failure : null;
