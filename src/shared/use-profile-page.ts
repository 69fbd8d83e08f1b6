import { useEffect } from "react";
import { useSelector } from "@xstate/react";
import type { ActorRefFrom } from "xstate";
import type { PageMode, pageModeMachine } from "./machines/page-mode.machine";
import * as pageMode from "./machines/page-mode.selectors";

/**
 * What every profile page reads from its page machine, and the route kept in step with it: moving between view
 * and edit of the same record changes the route, not the actor (so the draft stays).
 */
export function useProfilePage(actor: ActorRefFrom<typeof pageModeMachine>, routeMode: PageMode) {
  useEffect(() => {
    if (routeMode === "editing") actor.send({ type: "mode.edit" });
    if (routeMode === "viewing") actor.send({ type: "mode.view" });
  }, [actor, routeMode]);
  return {
    phase: useSelector(actor, pageMode.selectPhase),
    mode: useSelector(actor, pageMode.selectMode),
    dirty: useSelector(actor, pageMode.selectIsDirty),
    deleting: useSelector(actor, pageMode.selectIsDeleting),
    confirmingDelete: useSelector(actor, pageMode.selectIsConfirmingDelete),
    error: useSelector(actor, pageMode.selectError),
  };
}
