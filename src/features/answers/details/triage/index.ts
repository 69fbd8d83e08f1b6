// The triage panel's public face, for the details pane.
export { ThreadTriagePanel } from "./ThreadTriagePanel";
export type { TriagePanelActor, TriagePanelCommand } from "./thread-triage.machine";
export { selectSubject } from "./triage.selectors";
