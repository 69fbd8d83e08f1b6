// The triage panel's public face, for the answers list (keyboard triage, live refresh) and the details pane.
export { ThreadTriagePanel } from "./ThreadTriagePanel";
export { sendToTriagePanel, selectOpenTriagePanel, triagePanelStore, type TriagePanelActor } from "./triage-panel.registry";
export type { TriagePanelCommand } from "./thread-triage.machine";
