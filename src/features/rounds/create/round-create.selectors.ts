import type { ActorRefFrom, SnapshotFrom } from "xstate";
import type { roundCreateMachine } from "./round-create.machine";
import { roundDraftProblems, type RoundDraftField, type RoundDraftProblem } from "./round-draft";

type RoundCreateSnapshot = SnapshotFrom<typeof roundCreateMachine>;

export type RoundCreatePhase = "loading" | "loadFailed" | "editing" | "running" | "failed" | "created";

export type WizardStep = "details" | "contents" | "review";

export const WIZARD_STEPS: readonly WizardStep[] = ["details", "contents", "review"];

export function selectPhase(snapshot: RoundCreateSnapshot): RoundCreatePhase {
  if (snapshot.matches("editing")) return "editing";
  if (snapshot.matches("creating") || snapshot.matches("starting")) return "running";
  return snapshot.value as Exclude<RoundCreatePhase, "editing" | "running">;
}

export const selectStep = (snapshot: RoundCreateSnapshot): WizardStep =>
  WIZARD_STEPS.find((step) => snapshot.matches({ editing: step })) ?? "review";

/** The problems shown: none until Next was refused once on the step, or the server found the name taken. */
export function selectShownProblems(snapshot: RoundCreateSnapshot): Partial<Record<RoundDraftField, RoundDraftProblem>> {
  const { draft, showProblems, takenName } = snapshot.context;
  return draft && showProblems ? roundDraftProblems(draft, takenName) : {};
}

export const selectDraft = (snapshot: RoundCreateSnapshot) => snapshot.context.draft;
export const selectSource = (snapshot: RoundCreateSnapshot) => snapshot.context.source;
export const selectCreated = (snapshot: RoundCreateSnapshot) => snapshot.context.created;
export const selectError = (snapshot: RoundCreateSnapshot) => snapshot.context.error;
export const selectLoadError = (snapshot: RoundCreateSnapshot) => snapshot.context.loadError;

/** Which request runs: the creation (1 of 1, or 1 of 2 when the round is started after), or the start. */
export function selectRunningStep(snapshot: RoundCreateSnapshot): { step: "create" | "start"; index: number; total: number } {
  const total = snapshot.context.draft?.startNow ? 2 : 1;
  return snapshot.matches("starting") ? { step: "start", index: total, total } : { step: "create", index: 1, total };
}

export type RoundCreateActor = ActorRefFrom<typeof roundCreateMachine>;
