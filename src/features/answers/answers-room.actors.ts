import { fromCallback } from "xstate";
import type { ApiClient } from "../../api/client";
import type { LiveChannel } from "../../shared/live/live-context";
import { listMachine } from "../../shared/machines/list.machine";
import { resourceMachine } from "../../shared/machines/resource.machine";
import { ROOM_SYSTEM, roomFeedMachine, roomTriageMachine, type AnswersRoomEvent } from "./answers-room.machine";
import { createDetailsActions, createDetailsActors } from "./details/details.actors";
import { detailsMachine } from "./details/details.machine";
import type { FormsStore } from "./details/forms.store";
import type { TriagePanelActor } from "./details/triage/thread-triage.machine";
import { createTriageActions, createTriageActors } from "./details/triage/triage.actors";
import { createAnswerListActors, createCountyActors } from "./list/answer-list.actors";

interface RoomServices {
  api: ApiClient;
  urgent: boolean;
  /** The page's forms store: it outlives the threads the pane shows. */
  forms: FormsStore;
  live: LiveChannel;
}

/** The room's children with their calls, and its live events from the shell's one connection. */
export function createAnswersRoomActors({ api, urgent, forms, live }: RoomServices) {
  const { abandonClaim } = createTriageActions(api);
  return {
    list: listMachine.provide(createAnswerListActors(api, urgent)),
    feed: roomFeedMachine,
    counties: resourceMachine.provide(createCountyActors(api)),
    details: detailsMachine.provide({ actors: createDetailsActors(api, forms), actions: createDetailsActions(forms) }),
    triage: roomTriageMachine.provide({ actors: createTriageActors(api) }),
    claimRelease: fromCallback(({ system }) => {
      // The panel's claim child lives as long as the panel: taken now, it is read once both are stopped.
      const claimActor = (system.get(ROOM_SYSTEM.triage) as TriagePanelActor | undefined)?.getSnapshot().children.claim;
      return () => {
        const { claim, thread } = claimActor?.getSnapshot().context ?? {};
        if (claim?.mine && thread) abandonClaim(thread);
      };
    }),
    liveEvents: fromCallback<AnswersRoomEvent>(({ sendBack }) => {
      const subscription = live.connection.on("*", (emitted) => {
        if (emitted.type !== "connected") sendBack({ type: "live.event", event: emitted });
      });
      return () => subscription.unsubscribe();
    }),
  };
}
