import { createStore } from "@xstate/store";
import type { ActorRefFrom } from "xstate";
import type { threadTriageMachine, TriagePanelCommand } from "./thread-triage.machine";
import type { Thread } from "./triage.types";

export type TriagePanelActor = ActorRefFrom<typeof threadTriageMachine>;

interface OpenPanel {
  thread: Thread;
  actor: TriagePanelActor;
}

/**
 * The triage panel on screen, if any: the details pane shows one thread at a time, so one slot is enough. The panel
 * registers itself while mounted; the list's keyboard triage and the live connection reach it from outside the pane.
 */
export const triagePanelStore = createStore({
  context: { open: null as OpenPanel | null },
  on: {
    opened: (_, event: OpenPanel) => ({ open: { thread: event.thread, actor: event.actor } }),
    closed: (context, event: { actor: TriagePanelActor }) => (context.open?.actor === event.actor ? { open: null } : context),
  },
});

const sameThread = (a: Thread, b: Thread) => a.observerId === b.observerId && a.pollingStationId === b.pollingStationId;

/** Sends a command to the open panel when it shows `thread`; false when no panel shows it (nothing was sent). */
export function sendToTriagePanel(thread: Thread, command: TriagePanelCommand): boolean {
  const open = triagePanelStore.getSnapshot().context.open;
  if (!open || !sameThread(open.thread, thread)) return false;
  open.actor.send(command);
  return true;
}

export const selectOpenTriagePanel = (snapshot: { context: { open: OpenPanel | null } }) => snapshot.context.open;
