import { useCallback, useEffect } from "react";
import { useBlocker, type BlockerFunction } from "react-router";
import type { ActorRefFrom } from "xstate";
import { connect } from "./form-editor.connect";
import type { formEditorMachine } from "./form-editor.machine";

type EditorActor = ActorRefFrom<typeof formEditorMachine>;

/**
 * The router's side of leaving the editor; the machine decides. A navigation to another page asks the machine as it
 * is when the navigation starts: if it takes `leave.request` (unsaved edits, while editing) the router holds the
 * navigation and the machine asks the user (`confirmingLeave`). A save's own navigation (to the list after a
 * publish, a new form to its address) is never asked about: it starts while the machine is still saving, which takes
 * no `leave.request`, and the saved form is clean. `goOn` and `stayHere` release the held navigation either way.
 */
export function useLeaveBlocker(actor: EditorActor, warnsOnUnload: boolean) {
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) => {
      if (currentLocation.pathname === nextLocation.pathname) return false;
      const editor = connect(actor.getSnapshot(), actor.send);
      if (!editor.asksBeforeLeaving) return false;
      editor.requestLeave();
      return true;
    },
    [actor],
  );
  const blocker = useBlocker(shouldBlock);

  // A reload or a closed tab is the browser's to ask about.
  useEffect(() => {
    if (!warnsOnUnload) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", ask);
    return () => window.removeEventListener("beforeunload", ask);
  }, [warnsOnUnload]);

  return { goOn: () => blocker.proceed?.(), stayHere: () => blocker.reset?.() };
}
